package fold

import "testing"

// FuzzShort holds the short fields' fast fold to WithMask: the same
// text, map and mask, whatever the text.
func FuzzShort(f *testing.F) {
	for _, s := range []string{"", "dns", "DNS Outage", "AWS · 아마존 웹 서비스", "a·b", "\xc2", "\xc2\xb7", "ÉCOLE", "e\u0301", "장애 ㄷ", "A\xedB", "한", "\xea\xb0", "Ǆ", "x · Y · 가", "\x00\x7f~ "} {
		f.Add(s)
	}
	var buf []byte
	f.Fuzz(func(t *testing.T, s string) {
		got, gm, gk := Short(s, &buf)
		want, wm, wk := WithMask(s)
		if got != want || (gm == nil) != (wm == nil) || gk != wk {
			t.Fatalf("Short(%q) = %q, %v, %v; WithMask gives %q, %v, %v", s, got, gm != nil, gk, want, wm != nil, wk)
		}
	})
}

// TestASCIIBits checks that every ASCII rune's bit is in a mask's first
// word, as Short takes it to be.
func TestASCIIBits(t *testing.T) {
	for c := range rune(0x80) {
		var m Mask
		m.Add(c)
		if m[1] != 0 {
			t.Errorf("%q sets a bit of the second word", c)
		}
	}
}
