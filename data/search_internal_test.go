package data

import (
	"testing"

	"golang.org/x/text/unicode/norm"
)

// TestSearchWeights pins the arithmetic behind "a title hit as written
// outranks any summary hit, and any hit as written outranks a fuzzy one",
// which the constants must keep.
func TestSearchWeights(t *testing.T) {
	worstTitle := qInner * fieldWeight[FieldTitleEN]
	bestSummaries := qStartWord*fieldWeight[FieldSummaryEN] + qStartWord*fieldWeight[FieldSummaryKO]/8
	if worstTitle <= bestSummaries {
		t.Errorf("worst title match %d does not beat the best summary matches %d", worstTitle, bestSummaries)
	}
	if fieldWeight[FieldTitleKO] != fieldWeight[FieldTitleEN] || fieldWeight[FieldSummaryKO] != fieldWeight[FieldSummaryEN] {
		t.Error("the two languages are weighted differently")
	}
	if qFuzzy+fuzzyBonus >= qInner {
		t.Error("a fuzzy match can outrank a substring")
	}
	bestFuzzy := (qFuzzy + fuzzyBonus) * fieldWeight[FieldID] / fuzzyDiv
	worstSummary := qInner * fieldWeight[FieldSummaryEN]
	if bestFuzzy >= worstSummary {
		t.Errorf("best fuzzy match %d does not rank below the worst summary match %d", bestFuzzy, worstSummary)
	}
}

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
		got, m, msk := foldMask(tc.in)
		if msk != maskOf(got) {
			t.Errorf("foldMask(%q) gave a mask that is not its text's", tc.in)
		}
		if got != tc.want || (m != nil) != tc.mapped {
			t.Errorf("fold(%q) = %q, map %v; want %q, map %v", tc.in, got, m != nil, tc.want, tc.mapped)
		}
	}
	// Invalid bytes (which loading rejects) neither panic nor upset the mask.
	for _, in := range []string{"\xffab", "a\xed\xa0\x80b", "\xea\xb0", "\xea\xb0\x80"} {
		got, _, msk := foldMask(in)
		if msk != maskOf(got) {
			t.Errorf("foldMask(%q) gave a mask that is not its text's", in)
		}
	}
	// Every folded rune maps back to the source segment it came from.
	src := "a" + norm.NFD.String("음") + "\u212Ab"
	folded, m := fold(src)
	if folded != "a음kb" {
		t.Fatalf("fold(%q) = %q", src, folded)
	}
	got := m.source(nil, []int{1, 4})
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

func TestMaskAndGrams(t *testing.T) {
	text, _ := fold("The etcd cluster crashed; 음성 통화 failed")
	m := maskOf(text)
	sm := newSummary(text, &summaryScratch{})
	tests := []struct {
		word string
		may  bool // the filters must let every real match through
	}{
		{"etcd", true},
		{"crash", true},
		{"음성", true},
		{"통화", true},
		{"failed", true},
	}
	for _, tc := range tests {
		ws := prepare([]string{tc.word})
		w := &ws[0]
		if !m.covers(w.mask) || !w.mayHave(&sm.grams) {
			t.Errorf("filters rule out %q, which %q holds", tc.word, text)
		}
	}
	// A word absent from the text is usually ruled out (no false negatives
	// are allowed, false positives are; these few are checked not to be).
	for _, word := range []string{"zzqxj", "rash", "dns", "화통"} {
		ws := prepare([]string{word})
		w := &ws[0]
		if m.covers(w.mask) && w.mayHave(&sm.grams) {
			t.Errorf("filters let %q through for %q", word, text)
		}
	}
}
