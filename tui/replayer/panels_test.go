package replayer

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/heatmap"
)

// The heatmap and what-if panel need the model's series, so these tests use
// IL-0499's bundled timeline (modelTimeline, in heatmap_test.go).

func TestPanelKeysEnabled(t *testing.T) {
	rec, plain := fixture(t)
	model := modelTimeline(t)
	tests := []struct {
		name            string
		tl              *data.Timeline
		heatmap, whatIf bool
	}{
		{"without instances or model", plain, false, false},
		{"with both", model, true, true},
		{"no timeline", nil, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := New(rec, tc.tl, Options{Styles: styles()})
			if m.keys.Heatmap.Enabled() != tc.heatmap || m.keys.WhatIf.Enabled() != tc.whatIf {
				t.Errorf("m enabled %v, w enabled %v; want %v, %v",
					m.keys.Heatmap.Enabled(), m.keys.WhatIf.Enabled(), tc.heatmap, tc.whatIf)
			}
			m, _ = press(m, runes("m"), runes("w"))
			if m.heatmap != tc.heatmap || (m.whatIf != nil) != tc.whatIf {
				t.Errorf("after m and w: heatmap %v, panel open %v", m.heatmap, m.whatIf != nil)
			}
		})
	}
}

func TestHeatmapToggle(t *testing.T) {
	rec, _ := fixture(t)
	tl := modelTimeline(t)
	m := New(rec, tl, Options{Styles: styles(), At: "14:20"})
	m.SetSize(120, 40)
	sparks := m.View()
	m, _ = press(m, runes("m"))
	heat := heatmap.Render(tl, m.Now(), 120, m.plan().heat, data.EN, styles())
	view := m.View()
	if m.plan().heat < 15 || !strings.Contains(view, strings.Split(heat, "\n")[1]) {
		t.Fatalf("heatmap (%d rows) not in the view:\n%s", m.plan().heat, view)
	}
	checkView(t, view, 120, 40, "heatmap")
	// The heatmap follows the clock.
	m, _ = press(m, runes("g"))
	if m.View() == view {
		t.Error("the heatmap did not move with the clock")
	}
	m, _ = press(m, runes("G"), runes("m"))
	if m.heatmap {
		t.Fatal("m did not hide the heatmap")
	}
	m, _ = press(m, runes("g"))
	m.SetSize(120, 40)
	m2 := New(rec, tl, Options{Styles: styles()})
	m2.SetSize(120, 40)
	if m.View() != m2.View() || !strings.Contains(sparks, "▲") {
		t.Error("hiding the heatmap does not bring the sparklines back")
	}
}

func TestWhatIfPanel(t *testing.T) {
	rec, _ := fixture(t)
	tl := modelTimeline(t)
	m := New(rec, tl, Options{Styles: styles(), At: "13:06"})
	m.SetSize(120, 40)
	m, _ = press(m, runes("w"))
	if m.whatIf == nil {
		t.Fatal("w did not open the panel")
	}
	// The panel takes the keys: n does not step the clock, and the help is
	// the panel's.
	m, _ = press(m, runes("n"))
	if clockOf(m) != "13:06" {
		t.Errorf("n moved the clock to %s while the panel was open", clockOf(m))
	}
	// The hint bar has room at 120 columns for all but the last of the
	// panel's bindings (g, the sensitivity page); the full help lists all.
	want := len(m.whatIf.KeyBindings())
	if got := len(m.ShortHelp()); got < want-1 {
		t.Errorf("hint bar has %d bindings, want the panel's %d but at most one", got, want)
	}
	full := 0
	for _, c := range m.FullHelp() {
		full += len(c)
	}
	if full != want {
		t.Errorf("full help has %d bindings, want the panel's %d", full, want)
	}
	checkView(t, m.View(), 120, 40, "what-if panel")

	// partitions (the first parameter) up, then apply.
	m, _ = press(m, keyRight)
	m, cmd := press(m, tea.KeyMsg{Type: tea.KeyEnter})
	if cmd == nil {
		t.Fatal("enter returns no command")
	}
	m, _ = m.Update(cmd())
	if m.hyp == nil || !strings.Contains(m.View(), "hypothetical") {
		t.Fatalf("applied what-if not drawn:\n%s", m.View())
	}
	// esc closes the panel; the hypothetical lines stay for comparison.
	m, cmd = press(m, keyEsc)
	if cmd == nil {
		t.Fatal("esc in the panel returns no command")
	}
	if _, ok := cmd().(BackMsg); ok {
		t.Fatal("esc in the panel leaves the replayer")
	}
	m, _ = m.Update(cmd())
	if m.whatIf != nil {
		t.Fatal("the panel did not close")
	}
	view := m.View()
	checkView(t, view, 120, 40, "after the panel")
	if !strings.Contains(view, "hypothetical") || !strings.Contains(view, "▶ 13:05") {
		t.Errorf("after closing: want the event list and the hypothetical lines:\n%s", view)
	}
	// Keys reach the replayer again.
	m, _ = press(m, runes("n"))
	if clockOf(m) == "13:06" {
		t.Error("n does nothing after the panel closed")
	}
	// Applying the incident's own values removes the hypothetical lines.
	m, _ = press(m, runes("w"), runes("r"))
	m, cmd = press(m, tea.KeyMsg{Type: tea.KeyEnter})
	m, _ = m.Update(cmd())
	m, cmd = press(m, keyEsc)
	m, _ = m.Update(cmd())
	if m.hyp != nil || strings.Contains(m.View(), "hypothetical") {
		t.Errorf("resetting the what-if leaves hypothetical lines:\n%s", m.View())
	}
}

func TestPanelsSizes(t *testing.T) {
	rec, _ := fixture(t)
	tl := modelTimeline(t)
	for _, keys := range [][]tea.KeyMsg{{runes("m")}, {runes("w")}, {runes("m"), runes("w")}} {
		for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
			m := New(rec, tl, Options{Lang: lang, Styles: styles(), At: "14:20"})
			m, _ = press(m, keys...)
			for _, w := range []int{0, 1, 39, 40, 80, 99, 100, 120} {
				for _, h := range []int{0, 3, 10, 24, 40} {
					m.SetSize(w, h)
					checkView(t, m.View(), w, h, lang.String()+" with panels")
				}
			}
		}
	}
}

// BenchmarkReplayTickHeatmap is one playback step at 600× with the heatmap
// shown: the tick (which renders the heatmap) and the frame.
func BenchmarkReplayTickHeatmap(b *testing.B) {
	rec, _ := fixture(b)
	m := New(rec, modelTimeline(b), Options{Styles: styles(), Speed: 600})
	m.SetSize(120, 40)
	m, _ = press(m, runes("m"), keySpace)
	b.ReportAllocs()
	for b.Loop() {
		m2, _ := m.Update(tickMsg{gen: m.gen})
		_ = m2.View()
	}
}
