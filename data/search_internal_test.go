package data

import (
	"testing"

	"github.com/incidents-dev/incidents/data/internal/fold"
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

func TestMaskAndGrams(t *testing.T) {
	text, _ := fold.String("The etcd cluster crashed; 음성 통화 failed")
	m := fold.MaskOf(text)
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
		if !m.Covers(w.mask) || !w.mayHave(&sm.grams) {
			t.Errorf("filters rule out %q, which %q holds", tc.word, text)
		}
	}
	// A word absent from the text is usually ruled out (no false negatives
	// are allowed, false positives are; these few are checked not to be).
	for _, word := range []string{"zzqxj", "rash", "dns", "화통"} {
		ws := prepare([]string{word})
		w := &ws[0]
		if m.Covers(w.mask) && w.mayHave(&sm.grams) {
			t.Errorf("filters let %q through for %q", word, text)
		}
	}
}
