package whatif

import (
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

// TestWhatIfNoteCut: a note cut for lack of rows ends in "…" after its
// last whole word, so that it never reads as a whole sentence.
func TestWhatIfNoteCut(t *testing.T) {
	tl := modelTimeline(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		w := New(tl, lang, theme.Plain())
		w, _ = feed(w, wiDown, wiDown, wiDown, wiDown) // receive_cost
		notes := w.notes(120)
		cuts := 0
		for h := 10; h < 30; h++ {
			shown, cut := 0, false
			for _, l := range strings.Split(sized(w, 120, h), "\n") {
				switch {
				case shown < len(notes) && l == notes[shown]:
					shown++
				case shown < len(notes) && l == notes[shown]+"…":
					shown, cut = shown+1, true
				}
			}
			if shown > 0 && shown < len(notes) {
				cuts++
				if !cut {
					t.Errorf("%s, %d rows: %d of %d note lines, the last without …", lang, h, shown, len(notes))
				}
			}
		}
		if cuts == 0 {
			t.Errorf("%s: no height cut the note", lang)
		}
	}
}

// TestWhatIfKeyNames: the panel and the basis page name the selective
// receive cost by the key --set takes, beside its label and with its unit;
// the model file's other name for it is not shown.
func TestWhatIfKeyNames(t *testing.T) {
	tl := modelTimeline(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		w := New(tl, lang, theme.Plain())
		i := -1
		for k, p := range w.params {
			if p.Name == "receive_cost" {
				i = k
			}
		}
		if i < 0 {
			t.Fatal("no receive_cost parameter")
		}
		label := whatIfText(w.params[i].Label, lang)
		found := false
		for _, l := range strings.Split(sized(w, 120, 38), "\n") {
			if strings.Contains(l, label) {
				found = true
				if !strings.Contains(l, "receive_cost") || !strings.Contains(l, unitAlone("ms per 100k queued", lang)) {
					t.Errorf("%s: the row %q lacks the key or the unit", lang, l)
				}
			}
		}
		if !found {
			t.Errorf("%s: no row for %q", lang, label)
		}
		basis := strings.Join(w.basisLines(120), "\n")
		if !strings.Contains(basis, "receive_cost ("+label+") "+withUnit("1", "ms per 100k queued", lang)) || strings.Contains(basis, "scan_ms_per_100k") {
			t.Errorf("%s: basis page:\n%s", lang, basis)
		}
	}
}
