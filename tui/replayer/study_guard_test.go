package replayer

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/whatif"
)

// TestStudyNoStopPassedUnasked plays a study session through, revealing
// each stop and then, at once, while the answer plays on, doing one thing
// more: every key that moves or changes the clock, presenter mode, a
// language switch, a what-if run applied, a resize. At no moment may the
// cursor stand on or past a stop whose question was not asked.
func TestStudyNoStopPassedUnasked(t *testing.T) {
	rec, tl := studyFixture(t)
	key := func(k tea.KeyMsg) func(Model) Model {
		return func(m Model) Model { m, _ = m.Update(k); return m }
	}
	actions := []struct {
		name string
		do   func(Model) Model
		// back moves the cursor back, so the session need not end.
		back bool
	}{
		{name: "n", do: key(runes("n"))},
		{name: "]", do: key(runes("]"))},
		{name: "pgdown", do: key(tea.KeyMsg{Type: tea.KeyPgDown})},
		{name: "n twice", do: func(m Model) Model { m, _ = press(m, runes("n"), runes("n")); return m }},
		{name: "l", do: key(runes("l"))},
		{name: "→", do: key(keyRight)},
		{name: "+", do: key(runes("+"))},
		{name: "+ then n", do: func(m Model) Model { m, _ = press(m, runes("+"), runes("+"), runes("n")); return m }},
		{name: "-", do: key(runes("-"))},
		{name: "space", do: key(keySpace)},
		{name: "G", do: key(runes("G"))},
		{name: "end", do: key(tea.KeyMsg{Type: tea.KeyEnd})},
		{name: "stage 5", do: key(runes("5"))},
		{name: "P then n", do: func(m Model) Model { m, _ = press(m, runes("P"), runes("n")); return m }},
		{name: "language", do: func(m Model) Model { m.SetLang(data.KO); return m }},
		{name: "what-if applied", do: func(m Model) Model {
			m, _ = m.Update(whatif.AppliedMsg{Timeline: hypothetical(tl, 0.5)})
			return m
		}},
		{name: "resize", do: func(m Model) Model { m.SetSize(80, 24); return m }},
		{name: "go to the end", do: func(m Model) Model { return goTo(m, "15:30") }},
		{name: "go to T+", do: func(m Model) Model { return goTo(m, "T+200") }},
		{name: "find then n", do: func(m Model) Model {
			m = find(m, "restart")
			m, _ = press(m, runes("n"), runes("n"))
			return m
		}},
		{name: "find then N", do: func(m Model) Model {
			m = find(m, "a")
			m, _ = press(m, runes("N"))
			return m
		}, back: true},
		{name: "h", do: key(runes("h")), back: true},
		{name: "←", do: key(keyLeft), back: true},
		{name: "p", do: key(runes("p")), back: true},
		{name: "g", do: key(runes("g")), back: true},
	}
	for _, a := range actions {
		t.Run(a.name, func(t *testing.T) {
			m := New(rec, tl, Options{Lang: data.EN, Styles: styles(), Study: true, Speed: 600})
			m.SetSize(120, 40)
			stops := m.study.stops
			asked := map[int]bool{}
			check := func(when string) {
				t.Helper()
				if k := m.study.asking; k >= 0 {
					asked[k] = true
				}
				for j, st := range stops {
					if st.First <= m.clock.Event() && !asked[j] {
						t.Fatalf("%s: at %s (event %d, playing %v) stop %d (event %d) was passed unasked",
							when, clockOf(m), m.clock.Event(), m.Playing(), j+1, st.First)
					}
				}
			}
			for round := 0; round < 2*len(stops) && !m.clock.AtEnd(); round++ {
				for n := 0; m.study.asking < 0 && !m.clock.AtEnd(); n++ {
					if n > 100000 {
						t.Fatalf("no stop asked (at %s)", clockOf(m))
					}
					if !m.Playing() {
						m, _ = press(m, keySpace)
					}
					m = tick(m)
					check("playing")
				}
				if m.clock.AtEnd() {
					break
				}
				m, _ = press(m, keyEnter)
				check("revealed")
				if !m.Playing() {
					t.Fatalf("the answer at %s does not play on", clockOf(m))
				}
				m = a.do(m)
				check(a.name + " while playing")
			}
			if !a.back && len(asked) != len(stops) {
				t.Errorf("asked %d of %d stops by %s", len(asked), len(stops), clockOf(m))
			}
		})
	}
}
