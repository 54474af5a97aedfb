package data

import (
	"strings"
	"testing"
)

// TestHasBreak checks hasBreak against strings.ContainsAny.
func TestHasBreak(t *testing.T) {
	for _, s := range []string{"", "DNS", "a\nb", "a\tb", "a\rb", "a\u2028b", "a\u2029b", "장애\x1b[31m", "a\x00", "e\u0301", "\xff", "  x  ", "가 나", "\xe2", "\xe2\x80", "\xe2\x80\xa8", "x\xe2\x80\xa9", "\xe2\xe2\x80\xa9", "\u2027\u202a"} {
		if got, want := hasBreak(s), strings.ContainsAny(s, "\n\t\r\u2028\u2029"); got != want {
			t.Errorf("hasBreak(%q) = %v, want %v", s, got, want)
		}
	}
}
