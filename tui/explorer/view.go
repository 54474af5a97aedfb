package explorer

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
)

// maxCachedRows bounds the row cache while scrolling through a large list.
const maxCachedRows = 1024

// headerRows is how many lines sit above the list: the search line and,
// with a facet filter, the chips.
func (m Model) headerRows() int {
	n := 1
	if m.facets.active() {
		n++
	}
	if m.load.total > 0 {
		n++
	}
	return n
}

// listRows is how many lines the list (or the facet panel) has.
func (m Model) listRows() int { return max(m.h-m.headerRows(), 0) }

// rowHeight is the lines per incident: two in both languages.
func (m Model) rowHeight() int {
	if m.opts.Lang == data.Both {
		return 2
	}
	return 1
}

// refresh brings the derived state up to date after any change: enabled
// keys, the scroll offset and the rendered list lines. View only reads
// what this writes.
func (m *Model) refresh() {
	if m.rows == nil {
		// The columns follow the width, the language and what is in view.
		m.cols = layoutColumns(m.w, m.wants(m.opts.Lang))
	}
	if m.rows == nil || len(m.rows) > maxCachedRows {
		// One map serves every rebuild: a new one at each keystroke
		// showed in its allocations. Only the model in use reads it.
		if m.rowsMem == nil {
			m.rowsMem = map[rowKey][]string{}
		}
		clear(m.rowsMem)
		m.rows = m.rowsMem
	}
	rh := m.rowHeight()
	n := m.listRows() / rh
	m.sel = min(max(m.sel, 0), max(len(m.shown)-1, 0))
	m.updateKeys() // after the clamp: ↑ and ↓ follow the selection
	if m.sel < m.off {
		m.off = m.sel
	}
	if n > 0 && m.sel >= m.off+n {
		m.off = m.sel - n + 1
	}
	m.off = min(max(m.off, 0), max(len(m.shown)-n, 0))
	frame := make([]string, 0, n*rh)
	for i := m.off; i < min(m.off+n, len(m.shown)); i++ {
		k := rowKey{i: i, sel: i == m.sel}
		lines, ok := m.rows[k]
		if !ok {
			mark := " "
			if m.opts.HasTimeline != nil && m.hasTimeline(m.shown[i].Record) {
				mark = timelineMark
			}
			mt := m.shown[i]
			if mt.Hits == nil && m.hitsOf != nil {
				mt.Hits = m.hitsOf(mt.Record)
			}
			lines = renderRow(mt, m.cols, m.w, m.opts.Lang, m.rowSt[k.sel], k.sel, mark)
			m.rows[k] = lines
		}
		frame = append(frame, lines...)
	}
	m.frame = frame
	if m.mode == modeFacets {
		m.facets.scroll(m.listRows() - 1)
	}
	// The box leaves room for the widest count, so it never jumps.
	l := m.opts.Lang
	total := len(m.recs)
	widest := lipgloss.Width(words.searching.In(l)+" ") + max(lipgloss.Width(i18n.Of(total, total, l)), lipgloss.Width(i18n.Incidents(total, l)))
	m.input.Width = max(m.w-lipgloss.Width(m.input.Prompt)-widest-2, 1)
	// The hint is never cut: a shorter one stands in where it would be.
	m.input.Placeholder = hint(l, m.input.Width-lipgloss.Width(m.input.Prompt))
}

// count is the result count shown at the right of the search line.
func (m Model) count() string {
	l := m.opts.Lang
	s := i18n.Incidents(len(m.recs), l)
	if m.query != "" || m.facets.active() {
		s = i18n.Of(len(m.shown), len(m.recs), l)
	}
	if m.searching || m.facets.pending {
		s = words.searching.In(l) + " " + s
	}
	return s
}

// searchLine is the search box (or the kept query) and the count.
func (m Model) searchLine() string {
	count := m.st.Count.Render(m.count())
	cw := lipgloss.Width(count)
	var left string
	switch {
	case m.mode == modeInput:
		left = m.input.View()
	case m.query != "":
		left = m.st.Prompt.Render(m.input.Prompt) + m.st.Input.Render(m.query)
	default:
		hint := hint(m.opts.Lang, m.w-cw-1-lipgloss.Width(m.input.Prompt))
		left = m.st.Prompt.Render(m.input.Prompt) + m.st.Placeholder.Render(hint)
	}
	if cw+1 >= m.w {
		return layout.Fit(left, m.w)
	}
	return layout.Fit(left, m.w-cw-1) + " " + count
}

// View draws the explorer, exactly its size.
func (m Model) View() string {
	if m.h <= 0 {
		return ""
	}
	lines := make([]string, 0, m.h)
	lines = append(lines, m.searchLine())
	if m.facets.active() {
		lines = append(lines, m.chips())
	}
	if m.load.total > 0 {
		lines = append(lines, m.progressLine())
	}
	body := m.listRows()
	switch {
	case m.mode == modeFacets:
		lines = append(lines, m.facetLines(body)...)
	case len(m.shown) == 0 && body > 0:
		lines = append(lines, m.emptyLines()...)
	default:
		lines = append(lines, m.frame...)
	}
	blank := strings.Repeat(" ", m.w)
	for len(lines) < m.h {
		lines = append(lines, blank)
	}
	return strings.Join(lines[:m.h], "\n")
}
