package explorer

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/layout"
)

// facetLabel is how a facet value reads in language l: a vocabulary label
// for tags, "SEV1" for severities, the value itself otherwise.
func (m Model) facetLabel(f data.Facet, v string, l data.Lang) string {
	switch f {
	case data.FacetTimeline:
		return words.replayable.In(l)
	case data.FacetSeverity:
		s, _ := severityBadge(v, rowStyles{})
		if s == "–" {
			s = v
		}
		return s
	case data.FacetDomain, data.FacetComponent, data.FacetRootCause, data.FacetContributing:
		if m.opts.Label == nil {
			return v
		}
		t := m.opts.Label(v)
		if l == data.Both && t.Complete() && t.EN != t.KO {
			return t.EN + " · " + t.KO
		}
		if s, _ := t.Get(l); s != "" {
			return s
		}
	}
	return v
}

// chips is the line of active filters shown above the list.
func (m Model) chips() string {
	l := m.opts.Lang
	var parts []string
	for _, f := range panelFacets {
		vs := slices.Sorted(maps.Keys(m.facets.chosen[f]))
		if len(vs) == 0 {
			continue
		}
		labels := make([]string, len(vs))
		for i, v := range vs {
			labels[i] = m.facetLabel(f, v, m.opts.Lang)
		}
		parts = append(parts, m.st.Chip.Render("["+words.facets[f].In(l)+": "+strings.Join(labels, ", ")+"]"))
	}
	return layout.Fit(strings.Join(parts, " "), m.w)
}

// facetLines draws the panel in h lines of m.w cells.
func (m Model) facetLines(h int) []string {
	fs := m.facets
	l := m.opts.Lang
	if h <= 0 {
		return nil
	}
	out := []string{m.st.FacetHeading.Render(layout.Fit(words.facetsTitle.In(l), m.w))}
	if !fs.hasValues() {
		msg := words.noValues.In(l)
		if fs.pending {
			msg = words.searching.In(l)
		}
		return append(out, m.st.Empty.Render(layout.Fit("  "+msg, m.w)))
	}
	for i := fs.off; i < len(fs.items) && len(out) < h; i++ {
		out = append(out, m.facetLine(fs.items[i], i == fs.cursor))
	}
	return out
}

// facetLine draws one panel line, exactly m.w cells.
func (m Model) facetLine(it facetItem, cursor bool) string {
	l := m.opts.Lang
	if it.heading {
		return m.st.FacetHeading.Render(layout.Fit(words.facets[it.facet].In(l), m.w))
	}
	box := "[ ] "
	chosen := m.facets.chosen[it.facet][it.value]
	if chosen {
		box = "[x] "
	}
	count := fmt.Sprint(it.count)
	cw := lipgloss.Width(count)
	label := m.facetLabel(it.facet, it.value, m.opts.Lang)
	lead := "  "
	if cursor {
		lead = "▸ " // seen even where reverse video is not
	}
	lw := max(m.w-2-lipgloss.Width(box)-cw-1, 0)
	if lw < 4 {
		return m.lineStyle(cursor, chosen).Render(layout.Fit(lead+box+label, m.w))
	}
	text := lead + box + layout.Fit(label, lw) + " "
	if cursor {
		return m.st.FacetCursor.Render(text + count)
	}
	return m.lineStyle(false, chosen).Render(text) + m.st.FacetCount.Render(count)
}

func (m Model) lineStyle(cursor, chosen bool) lipgloss.Style {
	switch {
	case cursor:
		return m.st.FacetCursor
	case chosen:
		return m.st.FacetChosen
	}
	return m.st.FacetValue
}

// scrollFacets keeps the panel's cursor in view in a body of h lines.
func (s *facetState) scroll(h int) {
	if h <= 0 {
		return
	}
	if s.cursor < s.off {
		s.off = s.cursor
		// Show the heading above the first value of a facet.
		if s.off > 0 && s.items[s.off-1].heading {
			s.off--
		}
	}
	if s.cursor >= s.off+h {
		s.off = s.cursor - h + 1
	}
	s.off = min(max(s.off, 0), max(len(s.items)-h, 0))
}
