package replayer

import (
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/widget"
)

// This file joins the model's two views to the replay screen: the
// per-instance heatmap (heatmap.go, toggled with m) and the what-if panel
// (whatif.go, opened with w).

// hasInstances reports whether tl has per-instance series, which the
// heatmap draws.
func hasInstances(tl *data.Timeline) bool {
	if tl == nil {
		return false
	}
	for _, s := range tl.Series {
		if s.Group == replay.GroupInstance {
			return true
		}
	}
	return false
}

// toggleHeatmap shows or hides the heatmap in place of the sparklines.
func (m Model) toggleHeatmap() (Model, tea.Cmd) {
	m.heatmap = !m.heatmap
	m.refresh()
	return m, nil
}

// openWhatIf opens the what-if panel, which takes the keys until it closes.
func (m Model) openWhatIf() (Model, tea.Cmd) {
	// Reopened, the panel keeps the values and results of its last run.
	w := newWhatIf(m.tl, m.lang, m.styles)
	if k := m.whatIfKept; k != nil && k.tl == m.tl {
		w = *k
		w.lang, w.keys = m.lang, newWhatIfKeyMap(m.lang)
	}
	known := time.Time{}
	if m.study.on {
		known = m.shownNow() // at a stop that asks, just before it
	}
	w = w.knownAt(known)
	m.whatIf = &w
	m.refresh()
	return m, nil
}

// updateWhatIf gives a key to the open what-if panel. m, which the panel
// does not use, does what it does everywhere else on this screen: the
// heatmap, which needs the rows the panel takes. The panel closes (kept as
// it was, values and results) and the heatmap shows the applied scenario's
// instances (heatmapView), which is what a reader asking for it from the
// panel wants to see.
func (m Model) updateWhatIf(msg tea.KeyMsg) (Model, tea.Cmd) {
	if hm := m.whatIf.keys.Heatmap; key.Matches(msg, hm) && hasInstances(m.tl) {
		m.whatIfKept, m.whatIf = m.whatIf, nil
		m.heatmap = true
		m.refresh()
		return m, nil
	}
	w, cmd := m.whatIf.Update(msg)
	m.whatIf = &w
	return m, cmd
}

// onWhatIf handles the panel's results: applied series are drawn under the
// originals (and stay after the panel closes, for comparison).
func (m Model) onWhatIf(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case whatIfAppliedMsg:
		m.setHypothetical(msg.Timeline)
	case whatIfClosedMsg:
		m.whatIfKept, m.whatIf = m.whatIf, nil
		m.refresh()
	}
	return m, nil
}

// heatmapView renders the heatmap at the current moment in the rows the
// plan gives it. It runs in refresh, when the moment, size or language
// changes, never in View. The grid (rows resampled and styled) is built only
// when the timeline, the size or the language differ from the last one's;
// each moment then costs the overlay alone.
func (m *Model) heatmapView() string {
	if !m.heatmap || m.tl == nil || m.width <= 0 {
		return ""
	}
	h := m.plan().heat
	if h <= 0 {
		return ""
	}
	// After a what-if the heatmap shows the applied scenario's instances.
	tl := m.tl
	if m.hyp != nil && hasInstances(m.hyp) {
		tl = m.hyp
	}
	if !m.heatGrid.fits(tl, m.width, h, m.lang) {
		m.heatGrid = newHeatGrid(tl, m.width, h, m.lang, m.styles)
	}
	return m.heatGrid.render(m.shownNow())
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

// heatLines returns the heatmap's h rows for the frame; in study mode the
// columns right of the cursor are blank.
func (m Model) heatLines(f frame, h int) []string {
	lines := block(m.heat, m.width, h)
	g := m.heatGrid
	if !f.study || g == nil || len(lines) == 0 {
		return lines
	}
	cur := widget.Column(m.clock.Start(), m.clock.End(), f.now, g.cols)
	for i, l := range lines {
		if i < g.head || i >= g.head+len(g.rows) || lipgloss.Width(l) <= g.left+cur+1 {
			continue // not an instance's row, or one that ends at the cursor
		}
		from, to := g.left+cur+1, g.left+g.cols
		rest := ansi.TruncateLeft(l, to, "")
		lines[i] = ansi.Truncate(l, from, "") + strings.Repeat(" ", max(0, to-from)) + rest
	}
	return lines
}
