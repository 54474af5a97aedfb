package editdist

import "testing"

func TestDistance(t *testing.T) {
	for _, tc := range []struct {
		a, b  string
		limit int
		want  int
	}{
		{"", "", -1, 0},
		{"", "abc", -1, 3},
		{"abc", "", -1, 3},
		{"list", "list", -1, 0},
		{"lsit", "list", -1, 1}, // a swap is one edit
		{"lst", "list", -1, 1},
		{"lisst", "list", -1, 1},
		{"lost", "list", -1, 1},
		{"ca", "abc", -1, 3}, // OSA: no edit of a swapped pair
		{"kitten", "sitting", -1, 3},
		{"kitten", "sitting", 1, 2}, // past the limit: limit+1
		{"IL-0498", "IL-0499", 2, 1},
		{"메일박스", "메일밧스", -1, 1},
		{"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", -1, 1}, // past the stack rows
	} {
		if got := Distance([]rune(tc.a), []rune(tc.b), tc.limit); got != tc.want {
			t.Errorf("Distance(%q, %q, %d) = %d, want %d", tc.a, tc.b, tc.limit, got, tc.want)
		}
		if tc.limit < 0 {
			if got := Strings(tc.b, tc.a); got != tc.want {
				t.Errorf("Strings(%q, %q) = %d, want %d", tc.b, tc.a, got, tc.want)
			}
		}
	}
}

// FuzzDistance checks Distance's symmetry, bounds and limit on any input.
func FuzzDistance(f *testing.F) {
	f.Add("lsit", "list", 1)
	f.Add("메일박스", "ㅁㅇㅂㅅ", 2)
	f.Fuzz(func(t *testing.T, a, b string, limit int) {
		ra, rb := []rune(a), []rune(b)
		if len(ra) > 64 || len(rb) > 64 {
			return
		}
		d := Distance(ra, rb, -1)
		if d != Distance(rb, ra, -1) {
			t.Fatalf("not symmetric: %q %q", a, b)
		}
		if d < abs(len(ra)-len(rb)) || d > max(len(ra), len(rb)) {
			t.Fatalf("Distance(%q, %q) = %d out of bounds", a, b, d)
		}
		if (d == 0) != (a == b) && string(ra) == a && string(rb) == b {
			t.Fatalf("Distance(%q, %q) = %d", a, b, d)
		}
		limit = limit % 8
		if limit < 0 {
			limit = -limit
		}
		if got, want := Distance(ra, rb, limit), min(d, limit+1); got != want {
			t.Fatalf("Distance(%q, %q, %d) = %d, want %d", a, b, limit, got, want)
		}
	})
}

func abs(n int) int { return max(n, -n) }
