package explorer

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/tui/layout"
)

// TestTitleAround: a title whose matched letters lie past the column's end
// is cut from a word just before them, so they show; one whose matches fit
// is left alone. Offsets are bytes, Korean included.
func TestTitleAround(t *testing.T) {
	en := "A race between two DNS automation workers emptied DynamoDB's us-east-1 endpoint"
	end := strings.Index(en, "endpoint")
	ko := "DNS 자동화 작업자 둘의 경쟁 조건으로 DynamoDB us-east-1 엔드포인트의 레코드가 비었다"
	kend := strings.Index(ko, "엔드포인트")
	for _, tc := range []struct {
		name    string
		s       string
		idx     []int
		w       int
		want    string // the cut starts so
		wantIdx []int
	}{
		{"fits", en, []int{0, 2}, 30, en, []int{0, 2}},
		{"past the end", en, []int{end, end + 1, end + 2}, 30, "…endpoint", []int{3, 4, 5}},
		{"Korean past the end", ko, []int{kend, kend + 3}, 24, "…엔드포인트의", []int{3, 6}},
		{"from the first match's word", en, []int{strings.Index(en, "workers"), end}, 40, "…workers emptied", []int{3, 3 + end - strings.Index(en, "workers")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, idx := titleAround(tc.s, tc.idx, tc.w)
			if !strings.HasPrefix(s, tc.want) || !slices.Equal(idx, tc.wantIdx) {
				t.Fatalf("titleAround = %q %v, want %q… %v", s, idx, tc.want, tc.wantIdx)
			}
			// Every matched byte survives the cut to the column.
			visible := len(strings.TrimSuffix(layout.Truncate(s, tc.w), "…"))
			for _, i := range idx {
				if i >= visible {
					t.Errorf("match at byte %d is cut (visible %d bytes of %q, %d cells)", i, visible, s, lipgloss.Width(s))
				}
			}
		})
	}
}
