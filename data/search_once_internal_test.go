package data

import "testing"

// TestFoldShortIsFoldMask checks the short fields' fast fold against
// foldMask: the same text, map and mask, whatever the text.
func TestFoldShortIsFoldMask(t *testing.T) {
	var buf []byte
	for _, s := range []string{"", "dns", "DNS Outage", "AWS · 아마존 웹 서비스", "a·b", "\xc2", "\xc2\xb7", "ÉCOLE", "e\u0301", "장애 ㄷ", "A\xedB", "한", "\xea\xb0", "Ǆ", "x · Y · 가"} {
		got, gm, gk := foldShort(s, &buf)
		want, wm, wk := foldMask(s)
		if got != want || (gm == nil) != (wm == nil) || gk != wk {
			t.Errorf("foldShort(%q) = %q, %v, %v; foldMask gives %q, %v, %v", s, got, gm != nil, gk, want, wm != nil, wk)
		}
	}
}
