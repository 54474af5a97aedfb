package data

import (
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// TestHasBreak checks hasBreak against strings.ContainsAny.
func TestHasBreak(t *testing.T) {
	for _, s := range []string{"", "DNS", "a\nb", "a\tb", "a\rb", "a\u2028b", "a\u2029b", "장애\x1b[31m", "a\x00", "e\u0301", "\xff", "  x  ", "가 나", "\xe2", "\xe2\x80", "\xe2\x80\xa8", "x\xe2\x80\xa9", "\xe2\xe2\x80\xa9", "\u2027\u202a"} {
		if got, want := hasBreak(s), strings.ContainsAny(s, "\n\t\r\u2028\u2029"); got != want {
			t.Errorf("hasBreak(%q) = %v, want %v", s, got, want)
		}
	}
}

// cleanRune is clean rune by rune throughout, as it was before its byte
// by byte start: the reference FuzzClean holds clean to.
func cleanRune(s string) bool {
	simple := true
	for i, r := range s {
		if r == 0x1b || r == 0x2028 || r == 0x2029 || dropRune(r) {
			return false
		}
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return false
			}
		}
		simple = simple && standsAlone(r)
	}
	return simple || norm.NFC.IsNormalString(s)
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{"", "DNS 장애", "a\x1b[0m", "가\u0301", "한\xed\xa0", "\ufffd", "e\u0301", "x\u202ey", "장\x7f", "가나다\u2028", "\xea\xb0\x80\xcc\x81"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := clean(s), cleanRune(s); got != want {
			t.Fatalf("clean(%q) = %v, want %v", s, got, want)
		}
	})
}
