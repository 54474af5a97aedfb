package replayer

import (
	"io/fs"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
)

// bundledIL0499 is IL-0499's timeline as bundled, with its model's series:
// the texts checked here are the bundle's own.
func bundledIL0499(t *testing.T) *data.Timeline {
	t.Helper()
	raw, err := fs.ReadFile(data.Bundled(), "timelines/IL-0499.json")
	if err != nil {
		t.Fatal(err)
	}
	return preparedTimeline(t, raw)
}

// laterFix are the words that would tell the long-term fix adopted after
// the incident, in both languages.
var laterFix = []string{"PartitionSupervisor", "after the incident", "사고 뒤"}

// TestStudyWhatIfTellsNothingLater opens the what-if panel at every study
// stop of the bundled IL-0499, in English and Korean, and reads each
// parameter's label, value, description and basis: none may name a time
// at or after the stop that asks, nor the fix adopted after the incident.
// Out of study mode the same texts are shown whole.
func TestStudyWhatIfTellsNothingLater(t *testing.T) {
	rec, _ := fixture(t)
	tl := bundledIL0499(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		m := New(rec, tl, Options{Lang: lang, Styles: styles(), Study: true, Speed: 600})
		m.SetSize(120, 40)
		for k, st := range m.study.stops {
			m = playUntilAsking(t, m)
			stopAt := tl.Events[st.First].At
			open, _ := press(m, runes("w"))
			w := *open.whatIf
			for i := range w.params {
				w.sel = i
				v := flatText(w.View(100, 80))
				for _, hm := range clockWords.FindAllString(v, -1) {
					if at, ok := clockOn(tl, hm); ok && !at.Before(stopAt) {
						t.Errorf("%s, stop %d (%s), %s: the panel names %s:\n%s", lang, k+1, clockOf(m), w.params[i].Name, hm, v)
					}
				}
				for _, s := range laterFix {
					if strings.Contains(v, s) {
						t.Errorf("%s, stop %d, %s: the panel tells %q", lang, k+1, w.params[i].Name, s)
					}
				}
			}
			m, _ = press(m, keyEnter)
		}
	}
	// Out of study mode nothing is held back: the doubling's description
	// names its time.
	m := New(rec, tl, Options{Lang: data.EN, Styles: styles(), At: "12:30"})
	m.SetSize(120, 40)
	m, _ = press(m, runes("w"))
	w := *m.whatIf
	for i, p := range w.params {
		w.sel = i
		if d := p.Desc.EN; !strings.Contains(flatText(w.View(100, 80)), prefix(d, 30)) {
			t.Errorf("out of study mode %s's description is not shown whole: %q", p.Name, prefix(d, 30))
		}
	}
}
