package grams

import (
	"testing"

	"github.com/incidents-dev/incidents/data/internal/fold"
)

// TestNeedIsHeld checks the filter's one promise: a summary holding a
// word, at a word start for a bounded word and anywhere for another, holds
// every gram Need asks of it.
func TestNeedIsHeld(t *testing.T) {
	for _, tc := range []struct {
		summary, word string
		bounded       bool
	}{
		{"the etcd cluster crashed", "etcd", true},
		{"the etcd cluster crashed", "cluster", true},
		{"the etcd cluster crashed", "et", true},
		{"데이터베이스 장애가 났다", "장애", false},
		{"데이터베이스 장애가 났다", "이터베", false},
		{"dns 장애 at 12:00", "dns", true},
	} {
		var g Filter
		s, _ := fold.String(tc.summary)
		prevWord := false
		for i := 0; i < len(s); {
			r, n := fold.DecodeAt(s, i)
			if r < 0x80 && fold.ASCIIWord[r] && !prevWord {
				AddStarts(&g, s, i)
			}
			if r >= 0x80 {
				if b, m := fold.DecodeAt(s, i+n); m > 0 && b != ' ' {
					g.Add(Bits(Pair, r, b, 0, 0))
				}
			}
			prevWord = fold.IsWordRune(r)
			i += n
		}
		for _, b := range Need([]rune(tc.word), tc.bounded) {
			if !g.Has(b) {
				t.Errorf("%q lacks a gram of %q", tc.summary, tc.word)
			}
		}
	}
	var empty Filter
	if need := Need([]rune("zq"), true); len(need) != 1 || empty.Has(need[0]) {
		t.Errorf("an empty filter holds %v", need)
	}
}
