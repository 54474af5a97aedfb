package layout

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/lipgloss"
)

func TestWrap(t *testing.T) {
	tests := []struct {
		name string
		s    string
		w    int
		want []string
	}{
		{"empty", "", 10, []string{""}},
		{"zero width", "hello", 0, nil},
		{"negative width", "hello", -3, nil},
		{"fits", "hello world", 11, []string{"hello world"}},
		{"english between words", "the quick brown fox", 10, []string{"the quick", "brown fox"}},
		{"spaces at a break dropped", "aaa    bbb", 5, []string{"aaa", "bbb"}},
		{"long word cut", "abcdefghij", 4, []string{"abcd", "efgh", "ij"}},
		{"long word after a short one", "ab cdefghij", 4, []string{"ab", "cdef", "ghij"}},
		{"paragraph breaks kept", "one\n\ntwo", 10, []string{"one", "", "two"}},
		{"tab is a space", "a\tb", 10, []string{"a b"}},
		{"carriage returns dropped", "a\r\nb", 10, []string{"a", "b"}},
		{"leading indent kept", "  a b", 10, []string{"  a b"}},
		{"korean breaks at spaces", "세션 서버가 멈췄다", 7, []string{"세션", "서버가", "멈췄다"}},
		{"korean fills a line", "세션 서버가 멈췄다", 11, []string{"세션 서버가", "멈췄다"}},
		{"korean word longer than the line", "세션서버가", 4, []string{"세션", "서버", "가"}},
		{"korean odd width", "세션서버가요", 5, []string{"세션", "서버", "가요"}},
		{"no lone syllable after a cut", "인증서였다", 8, []string{"인증서", "였다"}},
		{"no lone letter after a cut", "abcdefghi", 4, []string{"abcd", "efg", "hi"}},
		{"no break before closing punctuation", "멈췄다. 다음", 6, []string{"멈췄", "다.", "다음"}},
		{"no break after opening punctuation", "가나(다라", 5, []string{"가나", "(다라"}},
		{"mixed scripts", "Discord의 voice 서버가", 9, []string{"Discord의", "voice", "서버가"}},
		{"wide rune at width one", "가a", 1, []string{"…", "a"}},
		{"a word and its particle stay together", "전체 etcd에서", 8, []string{"전체", "etcd에서"}},
		{"digits stay with a counter", "세션의 5분의 1", 8, []string{"세션의", "5분의 1"}},
		{"a word longer than the line is cut at the particle", "etcd에서", 5, []string{"etcd", "에서"}},
		{"cut after a middle dot", "음성·영상", 5, []string{"음성·", "영상"}},
		{"cut after a hyphen", "us-east1-b", 7, []string{"us-", "east1-b"}},
		{"a dash does not start a line", "가나 다라 – 마", 6, []string{"가나", "다라 –", "마"}},
		{"no lone letter on the last line", "zone reconnects via c and d", 25, []string{"zone reconnects via c", "and d"}},
		{"no lone syllable on the last line", "용량 두 배", 7, []string{"용량", "두 배"}},
		{"a lone word stays when nothing can join it", "가나다라 배", 8, []string{"가나다라", "배"}},
		{"emoji is two cells", "ab🔥cd", 3, []string{"ab", "🔥c", "d"}},
		{"url on its own line, cut", "see https://example.com/a/b", 10, []string{"see", "https://e…"}},
		{"url that fits is not moved", "see https://x.io", 20, []string{"see https://x.io"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Wrap(tc.s, tc.w)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Wrap(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
			}
		})
	}
}

// TestWrapKeepsWidthsAndText wraps random mixed text at every width and
// checks that no line is too wide and that no non-space character is lost.
func TestWrapKeepsWidthsAndText(t *testing.T) {
	words := []string{"the", "supervisor", "mailbox", "세션", "서버가", "멈췄다.", "음성·영상", "us-east1-b", "(etcd)", "“Awaiting", "Endpoint”", "🔥", "a", "한"}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 500; i++ {
		var b strings.Builder
		for j := rng.IntN(30); j > 0; j-- {
			b.WriteString(words[rng.IntN(len(words))])
			switch rng.IntN(8) {
			case 0:
				b.WriteString("\n")
			case 1:
			default:
				b.WriteString(" ")
			}
		}
		s := b.String()
		for w := 2; w <= 41; w++ {
			lines := Wrap(s, w)
			for _, l := range lines {
				if lipgloss.Width(l) > w {
					t.Fatalf("Wrap(%q, %d): line %q is %d cells", s, w, l, lipgloss.Width(l))
				}
				if !utf8.ValidString(l) {
					t.Fatalf("Wrap(%q, %d): invalid UTF-8 in %q", s, w, l)
				}
			}
			if got, want := squeeze(strings.Join(lines, "")), squeeze(s); got != want {
				t.Fatalf("Wrap(%q, %d) lost text:\n got %q\nwant %q", s, w, got, want)
			}
			if got, want := len(lines), strings.Count(s, "\n")+1; got < want {
				t.Fatalf("Wrap(%q, %d): %d lines for %d paragraphs", s, w, got, want)
			}
		}
	}
}

func squeeze(s string) string {
	return strings.Join(strings.Fields(s), "")
}

func TestFit(t *testing.T) {
	tests := []struct {
		name string
		s    string
		w    int
		want string
	}{
		{"pads", "ab", 4, "ab  "},
		{"exact", "abcd", 4, "abcd"},
		{"cuts", "abcdef", 4, "abc…"},
		{"korean even", "한글한글", 6, "한글… "},
		{"korean odd", "한글한글", 5, "한글…"},
		{"korean odd pads", "한글한글", 7, "한글한…"},
		{"zero", "abc", 0, ""},
		{"negative", "abc", -1, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Fit(tc.s, tc.w)
			if got != tc.want {
				t.Errorf("Fit(%q, %d) = %q, want %q", tc.s, tc.w, got, tc.want)
			}
			if w := lipgloss.Width(got); w != max(tc.w, 0) {
				t.Errorf("Fit(%q, %d) is %d cells", tc.s, tc.w, w)
			}
		})
	}
}

func TestPadLines(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		w, h  int
		want  []string
	}{
		{"pads lines and rows", []string{"a", "한"}, 3, 3, []string{"a  ", "한 ", "   "}},
		{"drops extra rows", []string{"a", "b", "c"}, 1, 2, []string{"a", "b"}},
		{"keeps count when h is negative", []string{"abc", "d"}, 2, -1, []string{"a…", "d "}},
		{"zero size", []string{"abc"}, 0, 0, []string{}},
		{"odd width with korean", []string{"한글"}, 3, 1, []string{"한…"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := PadLines(tc.lines, tc.w, tc.h)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("PadLines(%q, %d, %d) = %q, want %q", tc.lines, tc.w, tc.h, got, tc.want)
			}
		})
	}
}

func TestColumns(t *testing.T) {
	tests := []struct {
		name        string
		left, right []string
		lw, rw      int
		gap         string
		want        []string
	}{
		{"equal", []string{"a", "b"}, []string{"c", "d"}, 2, 2, "|", []string{"a |c ", "b |d "}},
		{"left longer", []string{"a", "b"}, []string{"c"}, 1, 1, " ", []string{"a c", "b  "}},
		{"right longer", nil, []string{"c", "d"}, 1, 1, "", []string{" c", " d"}},
		{"korean cut at odd width", []string{"한글"}, []string{"가나다"}, 3, 5, "│", []string{"한…│가나…"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Columns(tc.left, tc.lw, tc.gap, tc.right, tc.rw)
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Columns = %q, want %q", got, tc.want)
			}
		})
	}
}
