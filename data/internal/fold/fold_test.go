package fold

import (
	"testing"

	"golang.org/x/text/unicode/norm"
)

func TestFold(t *testing.T) {
	tests := []struct {
		in, want string
		mapped   bool
	}{
		{"etcd", "etcd", false},
		{"ETCD Crash", "etcd crash", false},
		{"음성 통화", "음성 통화", false},
		{norm.NFD.String("음성"), "음성", true},
		{"\u212Aelvin", "kelvin", true}, // KELVIN SIGN, 3 bytes, folds to k
		{"ſtop", "stop", true},          // LONG S
		{"ΣΊΣΥΦΟΣ", "σίσυφοσ", false},
		{"Café", "café", false},
		{"À la CARTE", "à la carte", false},
	}
	for _, tc := range tests {
		got, m, msk := WithMask(tc.in)
		if msk != MaskOf(got) {
			t.Errorf("WithMask(%q) gave a mask that is not its text's", tc.in)
		}
		if got != tc.want || (m != nil) != tc.mapped {
			t.Errorf("String(%q) = %q, map %v; want %q, map %v", tc.in, got, m != nil, tc.want, tc.mapped)
		}
	}
	// Invalid bytes (which loading rejects) neither panic nor upset the mask.
	for _, in := range []string{"\xffab", "a\xed\xa0\x80b", "\xea\xb0", "\xea\xb0\x80"} {
		got, _, msk := WithMask(in)
		if msk != MaskOf(got) {
			t.Errorf("WithMask(%q) gave a mask that is not its text's", in)
		}
	}
	// Every folded rune maps back to the source segment it came from.
	src := "a" + norm.NFD.String("음") + "\u212Ab"
	folded, m := String(src)
	if folded != "a음kb" {
		t.Fatalf("String(%q) = %q", src, folded)
	}
	got := m.Source(nil, []int{1, 4})
	want := []int{1, 4, 7, 10} // the three jamo of 음, then the Kelvin sign
	if len(got) != len(want) {
		t.Fatalf("source = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("source = %v, want %v", got, want)
		}
	}
}
