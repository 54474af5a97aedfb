package data

import "testing"

// TestCleanTitleIsSanitizeTitle checks the cache's title check against
// sanitizeTitle itself.
func TestCleanTitleIsSanitizeTitle(t *testing.T) {
	for _, s := range []string{"", "DNS", "a\nb", "a\tb", "a\rb", "a\u2028b", "a\u2029b", "장애\x1b[31m", "a\x00", "e\u0301", "\xff", "  x  ", "가 나"} {
		if got, want := cleanTitle(s), sanitizeTitle(s) == s; got != want {
			t.Errorf("cleanTitle(%q) = %v, want %v", s, got, want)
		}
	}
}
