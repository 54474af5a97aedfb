package replayer

import (
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/tui/heatmap"
	"github.com/incidents-dev/incidents/tui/whatif"
)

// This file joins the model's two views to the replay screen: the
// per-instance heatmap (tui/heatmap, toggled with m) and the what-if panel
// (tui/whatif, opened with w). Both are components: the screen sizes them,
// moves the heatmap with a heatmap.MomentMsg and hears from the panel
// through its messages.

// toggleHeatmap shows or hides the heatmap in place of the sparklines.
func (m Model) toggleHeatmap() (Model, tea.Cmd) {
	m.heatmap = !m.heatmap
	m.refresh()
	return m, nil
}

// openWhatIf opens the what-if panel, which takes the keys until it closes.
func (m Model) openWhatIf() (Model, tea.Cmd) {
	// Reopened, the panel keeps the values and results of its last run.
	w := whatif.New(m.tl, m.lang, m.styles)
	if k := m.whatIfKept; k != nil && k.Timeline() == m.tl {
		w = *k
		w.SetLang(m.lang)
	}
	w = w.KnownAt(m.knownNow())
	w.Focus()
	m.whatIf = &w
	m.refresh()
	return m, nil
}

// updateWhatIf gives a key to the open what-if panel.
func (m Model) updateWhatIf(msg tea.KeyMsg) (Model, tea.Cmd) {
	w, cmd := m.whatIf.Update(msg)
	m.whatIf = &w
	return m, cmd
}

// onWhatIf handles the panel's messages: applied series are drawn under
// the originals (and stay after the panel closes, for comparison); m from
// the panel closes it (kept as it was, values and results) and shows the
// heatmap, of the applied scenario's instances (syncHeatmap), which is what
// a reader asking for it from the panel wants to see.
func (m Model) onWhatIf(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case whatif.AppliedMsg:
		m.setHypothetical(msg.Timeline)
	case whatif.ClosedMsg:
		m.closeWhatIf()
		m.refresh()
	case whatif.HeatmapMsg:
		m.closeWhatIf()
		m.heatmap = true
		m.refresh()
	}
	return m, nil
}

// closeWhatIf closes the panel, keeping it for the next time it opens.
func (m *Model) closeWhatIf() {
	if m.whatIf != nil {
		m.whatIf.Blur()
	}
	m.whatIfKept, m.whatIf = m.whatIf, nil
}

// whatIfKeys returns the open panel's bindings for the hint bar.
func (m Model) whatIfKeys() []key.Binding { return m.whatIf.ShortHelp() }

// syncHeatmap brings the heatmap to the current moment in the rows the
// plan gives it. It runs in refresh, when the moment, size or language
// changes, never in View; the heatmap rebuilds its grid only when the
// timeline, the size or the language differ, so each moment costs the
// overlay alone. After a what-if it shows the applied scenario's instances.
func (m *Model) syncHeatmap() {
	if !m.heatmap || m.tl == nil || m.width <= 0 {
		return
	}
	h := m.plan().heat
	if h <= 0 {
		return
	}
	tl := m.tl
	if m.hyp != nil && heatmap.HasInstances(m.hyp) {
		tl = m.hyp
	}
	if m.heat.Timeline() != tl {
		m.heat.SetTimeline(tl)
	}
	m.heat.SetLang(m.lang)
	m.heat.SetSize(m.width, h)
	m.heat, _ = m.heat.Update(heatmap.MomentMsg{At: m.shownNow(), Study: m.study.on})
}

// knownNow is the moment the components may show the incident up to:
// zero (all of it) outside study mode; in it, the figures' moment.
func (m Model) knownNow() (t time.Time) {
	if m.study.on {
		return m.shownNow() // at a stop that asks, just before it
	}
	return t
}

// block cuts s to exactly h lines of at most w cells.
func block(s string, w, h int) []string {
	if h <= 0 {
		return nil
	}
	lines := strings.Split(s, "\n")
	if len(lines) > h {
		lines = lines[:h]
	}
	for i, l := range lines {
		if ansi.StringWidth(l) > w {
			lines[i] = ansi.Truncate(l, w, "")
		}
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	return lines
}

// heatLines returns the heatmap's h rows.
func (m Model) heatLines(_ frame, h int) []string {
	if h <= 0 {
		return nil
	}
	return m.markCell(block(m.heat.View(), m.width, h))
}
