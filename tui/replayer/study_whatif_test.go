package replayer

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/whatif"
)

// clockWords finds the times of day a text names.
var clockWords = regexp.MustCompile(`\b([01]?\d|2[0-3]):[0-5]\d\b`)

// clockOn reads "HH:MM" as a moment of tl, in its zone, on or after its
// start.
func clockOn(tl *data.Timeline, v string) (time.Time, bool) {
	hm, err := time.Parse("15:04", v)
	if err != nil {
		return time.Time{}, false
	}
	loc := tl.Location()
	start := tl.Start.In(loc)
	at := time.Date(start.Year(), start.Month(), start.Day(), hm.Hour(), hm.Minute(), 0, 0, loc)
	if at.Before(start) {
		at = at.Add(24 * time.Hour)
	}
	return at, true
}

// sizedPanel is w's view at width × height.
func sizedPanel(w whatif.Model, width, height int) string {
	w.SetSize(width, height)
	return w.View()
}

// modelParams returns the what-if parameters of tl's model.
func modelParams(t *testing.T, tl *data.Timeline) []replay.Param {
	t.Helper()
	sc, err := replay.Open(tl)
	if err != nil {
		t.Fatal(err)
	}
	return sc.Params()
}

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
	params := modelParams(t, tl)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		m := New(rec, tl, Options{Lang: lang, Styles: styles(), Study: true, Speed: 600})
		m.SetSize(120, 40)
		for k, st := range m.study.stops {
			m = playUntilAsking(t, m)
			stopAt := tl.Events[st.First].At
			open, _ := press(m, runes("w"))
			w := *open.whatIf
			for i := range params {
				v := flatText(sizedPanel(w, 100, 80))
				for _, hm := range clockWords.FindAllString(v, -1) {
					if at, ok := clockOn(tl, hm); ok && !at.Before(stopAt) {
						t.Errorf("%s, stop %d (%s), parameter %d: the panel names %s:\n%s", lang, k+1, clockOf(m), i, hm, v)
					}
				}
				for _, s := range laterFix {
					if strings.Contains(v, s) {
						t.Errorf("%s, stop %d, parameter %d: the panel tells %q", lang, k+1, i, s)
					}
				}
				w, _ = w.Update(tea.KeyMsg{Type: tea.KeyDown})
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
	for _, p := range params {
		if d := p.Desc.EN; !strings.Contains(flatText(sizedPanel(w, 100, 80)), prefix(d, 30)) {
			t.Errorf("out of study mode %s's description is not shown whole: %q", p.Name, prefix(d, 30))
		}
		w, _ = w.Update(tea.KeyMsg{Type: tea.KeyDown})
	}
}
