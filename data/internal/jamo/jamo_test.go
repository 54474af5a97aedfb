package jamo

import "testing"

func TestInitials(t *testing.T) {
	tests := []struct{ in, want string }{
		{"메일박스", "ㅁㅇㅂㅅ"},
		{"음성 통화", "ㅇㅅ ㅌㅎ"},
		{"까치", "ㄲㅊ"},
		{"Discord의", "Discordㅇ"},
		{"힣가", "ㅎㄱ"},
		{"ㄱ", "ㄱ"},
	}
	for _, tc := range tests {
		if got := Initials(tc.in); got != tc.want {
			t.Errorf("Initials(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestPairs checks that each of the 19 × 19 pairs of initials is its own
// bit, and that EveryPair holds them all.
func TestPairs(t *testing.T) {
	for a := range 19 {
		for b := range 19 {
			var p Pairs
			p.Add(a, b)
			for c := range 19 {
				for d := range 19 {
					if p.Has(c, d) != (a == c && b == d) {
						t.Fatalf("Add(%d, %d) then Has(%d, %d) = %v", a, b, c, d, p.Has(c, d))
					}
				}
			}
			if !EveryPair.Has(a, b) {
				t.Fatalf("EveryPair lacks (%d, %d)", a, b)
			}
		}
	}
	if InitialIndex('메') != 6 || InitialIndex('ㅁ') != 6 || InitialIndex('ㄳ') != -1 || InitialIndex('m') != -1 {
		t.Error("InitialIndex is wrong")
	}
}

// TestEmbedWithinWord: a 초성 word matches syllables of one word, never
// across the space between two.
func TestEmbedWithinWord(t *testing.T) {
	for _, tc := range []struct {
		text, query string
		ok          bool
	}{
		{"메일박스", "ㅁㅇㅂㅅ", true},
		{"메일 박스", "ㅁㅇㅂㅅ", false},
		{"메일 박스", "ㅁㅇ", true},
		{"음성 통화", "ㅇㅅㅌㅎ", false},
		{"메일박스가", "ㅁㅇ박스", true},
		{"메일  박스", "ㅁㅇ박스", false},
	} {
		_, _, ok := Embed(tc.text, 0, []rune(tc.query), nil)
		if ok != tc.ok {
			t.Errorf("Embed(%q, %q) = %v, want %v", tc.text, tc.query, ok, tc.ok)
		}
	}
}
