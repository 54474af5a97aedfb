package replayer

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/theme"
	"github.com/incidents-dev/incidents/tui/whatif"
	"github.com/incidents-dev/incidents/tui/widget"
)

var keyEnter = tea.KeyMsg{Type: tea.KeyEnter}

// studyFixture loads the study test timeline: IL-0499's events, stages and
// prompts as bundled when these tests were written, with the illustrative
// series of the replay fixture.
func studyFixture(t testing.TB) (*data.Record, *data.Timeline) {
	t.Helper()
	b, err := os.ReadFile("testdata/IL-0499-study.json")
	if err != nil {
		t.Fatal(err)
	}
	var tl data.Timeline
	if err := json.Unmarshal(b, &tl); err != nil {
		t.Fatalf("testdata/IL-0499-study.json: %v", err)
	}
	rec, _ := fixture(t)
	return rec, &tl
}

// tick delivers the tick the replayer is waiting for.
func tick(m Model) Model {
	m, _ = m.Update(tickMsg{gen: m.gen})
	return m
}

// playUntilAsking plays m until a study stop asks (or the end).
func playUntilAsking(t *testing.T, m Model) Model {
	t.Helper()
	if !m.Playing() {
		m, _ = press(m, keySpace)
	}
	for n := 0; m.study.asking < 0; n++ {
		if n > 1000000 || !m.Playing() && m.clock.AtEnd() { // IX-0006 plays through a 102-day gap
			t.Fatalf("no stop asked (at %s)", clockOf(m))
		}
		m = tick(m)
	}
	return m
}

var spaces = regexp.MustCompile(`\s+`)

// flatText is the view's text without styles, line breaks or runs of spaces,
// so that wrapped text can be searched for.
func flatText(v string) string {
	return spaces.ReplaceAllString(ansi.Strip(v), " ")
}

// leaks returns what the view shows of events from index `from` on.
func leaks(v string, tl *data.Timeline, from int, lang data.Lang) []string {
	f := flatText(v)
	var out []string
	for i := from; i < len(tl.Events); i++ {
		e := tl.Events[i]
		for _, l := range []data.Lang{data.EN, data.KO} {
			title, _ := e.Title.Get(l)
			if p := prefix(title, 24); p != "" && strings.Contains(f, p) {
				out = append(out, fmt.Sprintf("event %d title %q", i, p))
			}
			a, _ := e.Annotation.Get(l)
			if p := prefix(a, 30); p != "" && strings.Contains(f, p) {
				out = append(out, fmt.Sprintf("event %d annotation %q", i, p))
			}
		}
		if c := flatText(eventCaption(tl, e, lang)); e.Outcome != data.OutcomeNone && strings.Contains(f, c) {
			out = append(out, fmt.Sprintf("event %d outcome %q", i, c))
		}
	}
	return out
}

// prefix is the first n runes of s, whitespace squeezed.
func prefix(s string, n int) string {
	r := []rune(spaces.ReplaceAllString(s, " "))
	return string(r[:min(n, len(r))])
}

// sparkRows returns the view's sparkline rows: lines of block glyphs only.
func sparkRows(v string) []string {
	var out []string
	for _, l := range strings.Split(ansi.Strip(v), "\n") {
		if strings.TrimLeft(l, " ▁▂▃▄▅▆▇█") == "" && strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// TestStudyNoSpoilers walks every stop of IL-0499 in study mode: while a
// stop asks, nothing of its events or later ones is on screen and every
// sparkline cell right of the cursor is blank; enter shows the outcome; p
// asks again.
func TestStudyNoSpoilers(t *testing.T) {
	rec, tl := studyFixture(t)
	stops := replay.Stops(tl)
	if len(stops) != 7 {
		t.Fatalf("%d stops, want 7", len(stops))
	}
	for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
		m := New(rec, tl, Options{Lang: lang, Styles: theme.Plain(), Study: true, Speed: 600})
		m.SetSize(120, 40)
		for k, st := range stops {
			m = playUntilAsking(t, m)
			if m.study.asking != k {
				t.Fatalf("%s: asking stop %d, want %d", lang, m.study.asking, k)
			}
			v := m.View()
			if l := leaks(v, tl, st.First, lang); len(l) > 0 {
				t.Errorf("%s stop %d (%s) shows %v", lang, k+1, clockOf(m), l)
			}
			col := widget.Column(m.clock.Start(), m.clock.End(), m.frame().now, 120)
			rows := sparkRows(v)
			if len(rows) == 0 {
				t.Fatalf("%s stop %d: no sparkline rows found", lang, k+1)
			}
			for _, r := range rows {
				if right := []rune(r); len(right) > col+1 && strings.TrimSpace(string(right[col+1:])) != "" {
					t.Errorf("%s stop %d: sparkline drawn right of the cursor (column %d): %q", lang, k+1, col, r)
				}
			}
			for si, stage := range tl.Stages {
				over := true // every event of the stage is before the stop
				for i := st.First; i < len(tl.Events); i++ {
					over = over && tl.Events[i].Stage != stage.ID
				}
				if over {
					continue
				}
				for _, title := range []string{stage.Title.EN, stage.Title.KO} {
					if title != "" && strings.Contains(flatText(v), flatText(title)) {
						t.Errorf("%s stop %d: names stage %d, not over yet: %q", lang, k+1, si+1, title)
					}
				}
			}
			// The figures are the last points before the stop, never a value
			// interpolated toward the stop's own point (its effect).
			at := tl.Events[st.First].At
			for i, sp := range m.frame().sparks {
				pt, ok := replay.LastAt(m.cache.sparks[i].series.Points, at.Add(-time.Nanosecond))
				if sp.ok != ok || (ok && sp.v != pt.V) {
					t.Errorf("%s stop %d: %s shows %v, want %v, its last point before %s",
						lang, k+1, m.cache.sparks[i].series.Name, sp.v, pt.V, at.Format("15:04:05"))
				}
			}
			if l := leaks(m.Markdown(), tl, st.First, lang); len(l) > 0 {
				t.Errorf("%s stop %d: y would copy %v", lang, k+1, l)
			}
			m, _ = press(m, keyEnter)
			caption := flatText(eventCaption(tl, tl.Events[st.First], lang))
			if !strings.Contains(flatText(m.View()), caption) {
				t.Errorf("%s stop %d: after enter the outcome %q is not shown", lang, k+1, caption)
			}
			m, _ = press(m, runes("p"))
			if m.study.asking != k || len(leaks(m.View(), tl, st.First, lang)) > 0 {
				t.Errorf("%s stop %d: p does not ask again (asking %d)", lang, k+1, m.study.asking)
			}
			m, _ = press(m, keyEnter)
		}
	}
}

// TestStudyView is stop 3 (13:05) asking, and its reveal.
func TestStudyView(t *testing.T) {
	for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			rec, tl := studyFixture(t)
			m := New(rec, tl, Options{Lang: lang, Styles: styles(), Study: true, At: "12:50"})
			m.SetSize(sz[0], sz[1])
			m = playUntilAsking(t, m)
			t.Run(fmt.Sprintf("%s_%dx%d", lang, sz[0], sz[1]), func(t *testing.T) {
				golden.RequireEqual(t, []byte(m.View()))
			})
			m, _ = press(m, keyEnter)
			t.Run(fmt.Sprintf("%s_%dx%d_revealed", lang, sz[0], sz[1]), func(t *testing.T) {
				golden.RequireEqual(t, []byte(m.View()))
			})
		}
	}
}

func TestStudyKeys(t *testing.T) {
	rec, tl := studyFixture(t)
	m := New(rec, tl, Options{Styles: styles(), Study: true, At: "12:50"})
	m.SetSize(120, 40)
	m = playUntilAsking(t, m)
	for _, k := range []tea.KeyMsg{runes("n"), runes("G"), runes("5"), keyRight, keySpace} {
		if m2, _ := press(m, k); m2.study.asking != m.study.asking || !m2.Now().Equal(m.Now()) {
			t.Errorf("%q moved a stop that asks", k.String())
		}
	}
	if m2, _ := press(m, runes("w")); m2.whatIf == nil && len(tl.Model) > 0 {
		t.Error("w does not open the what-if panel at a stop")
	}
	// Stepping onto a stop asks too.
	m = New(rec, tl, Options{Styles: styles(), Study: true, At: "12:13"})
	for range 9 {
		m, _ = press(m, runes("n"))
	}
	if m.study.asking != 0 {
		t.Errorf("n onto the first stop: asking %d, want 0", m.study.asking)
	}
	// → stops at a stop on the way.
	m = New(rec, tl, Options{Styles: styles(), Study: true, At: "12:42"})
	m, _ = press(m, keyRight, keyRight)
	if m.study.asking != 0 || clockOf(m) != "12:43" {
		t.Errorf("→ past a stop: asking %d at %s, want 0 at 12:43", m.study.asking, clockOf(m))
	}
}

func ctrlD() tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyCtrlD} }
func ctrlU() tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyCtrlU} }

// TestStudyHypotheticalHidesLater applies a what-if at each stop: the
// hypothetical run's curves are drawn only up to the cursor and without
// their range, as the incident's are; its later curve would show the
// operators' later actions. Outside study mode it is drawn whole, so the
// test can fail.
func TestStudyHypotheticalHidesLater(t *testing.T) {
	rec, tl := studyFixture(t)
	for _, study := range []bool{true, false} {
		m := New(rec, tl, Options{Lang: data.EN, Styles: theme.Plain(), Study: study, Speed: 600, At: "12:40"})
		m.SetSize(120, 40)
		if study {
			m = playUntilAsking(t, m)
		}
		m, _ = m.Update(whatif.AppliedMsg{Timeline: hypothetical(tl, 0.5)})
		v := m.View()
		if !strings.Contains(v, "hypothetical") {
			t.Fatalf("no hypothetical series on screen:\n%s", v)
		}
		col := widget.Column(m.clock.Start(), m.clock.End(), m.frame().now, 120)
		drawn := false
		for _, r := range sparkRows(v) {
			if right := []rune(r); len(right) > col+1 && strings.TrimSpace(string(right[col+1:])) != "" {
				drawn = true
			}
		}
		ranged := strings.Contains(v, "· max ")
		switch {
		case study && (drawn || ranged):
			t.Errorf("study mode draws a hypothetical run right of the cursor (%v) or its range (%v):\n%s", drawn, ranged, v)
		case !study && !drawn:
			t.Errorf("outside study mode the hypothetical run is not drawn whole:\n%s", v)
		}
	}
}
