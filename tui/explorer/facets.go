package explorer

import (
	"cmp"
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
)

// facetItem is one line of the facet panel: a facet's heading or one of
// its values with its count.
type facetItem struct {
	facet   data.Facet
	value   string
	count   int
	heading bool
}

// facetState is the facet panel and the chosen filter.
type facetState struct {
	chosen data.Filter
	items  []facetItem
	// cursor indexes items (always a value, never a heading); off is the
	// first item shown.
	cursor, off int
	// stale says items must be recounted before the panel is shown.
	stale bool
	// seq stamps each filtering and counting run, so a late result is
	// recognised; pending says one is running.
	seq     int
	pending bool
}

// facetsMsg carries a filtering and counting run back to the UI loop.
type facetsMsg struct {
	seq   int
	shown []data.Match
	items []facetItem
	keep  *data.Record
}

func newFacetState() facetState { return facetState{chosen: data.Filter{}, stale: true} }

// active reports whether any value is chosen.
func (s facetState) active() bool {
	return s.chosen.Active() > 0
}

func (s facetState) hasValues() bool {
	return slices.ContainsFunc(s.items, func(it facetItem) bool { return !it.heading })
}

func (s *facetState) clear() {
	s.chosen = data.Filter{}
	s.stale = true
}

func (s *facetState) toggle(f data.Facet, v string) {
	s.chosen = s.chosen.Toggle(f, v) // a copy: earlier models keep theirs
	s.stale = true
}

// filterMatches returns the matches that pass the chosen values.
func filterMatches(ms []data.Match, chosen data.Filter) []data.Match {
	if chosen.Active() == 0 {
		return ms
	}
	out := make([]data.Match, 0, len(ms))
	for _, m := range ms {
		if chosen.Match(m.Record) {
			out = append(out, m)
		}
	}
	return out
}

// panelFacets are the facet panel's groups: data.Facets, then whether an
// incident has a timeline.
var panelFacets = append(slices.Clone(data.Facets), data.FacetTimeline)

// timelineCount counts the timeline facet's one value over the records
// that pass the filter (kept, at 0, when chosen).
func timelineCount(recs []*data.Record, chosen data.Filter) []data.FacetValue {
	n := 0
	for _, r := range recs {
		if r.HasTimeline() && chosen.Match(r) {
			n++
		}
	}
	if n == 0 && !chosen.Has(data.FacetTimeline, data.TimelineValue) {
		return nil
	}
	return []data.FacetValue{{Value: data.TimelineValue, Count: n}}
}

// facetItems lists each facet's values over the matches, with their
// counts: most frequent first (years newest first, severities in order),
// chosen values kept even when no match has them; facets no match uses
// are left out.
func facetItems(ms []data.Match, chosen data.Filter) []facetItem {
	recs := make([]*data.Record, len(ms))
	for i, m := range ms {
		recs[i] = m.Record
	}
	counts := data.FacetCounts(recs, chosen)
	var items []facetItem
	counts[data.FacetTimeline] = timelineCount(recs, chosen)
	for _, f := range panelFacets {
		vs := counts[f]
		switch f {
		case data.FacetYear:
			slices.SortFunc(vs, func(a, b data.FacetValue) int { return cmp.Compare(b.Value, a.Value) })
		case data.FacetSeverity:
			slices.SortFunc(vs, func(a, b data.FacetValue) int { return cmp.Compare(a.Value, b.Value) })
		}
		if len(vs) == 0 {
			continue
		}
		items = append(items, facetItem{facet: f, heading: true})
		for _, v := range vs {
			items = append(items, facetItem{facet: f, value: v.Value, count: v.Count})
		}
	}
	return items
}

// setItems shows new counts, keeping the cursor on the same value.
func (s *facetState) setItems(items []facetItem) {
	var cur *facetItem
	if s.cursor < len(s.items) {
		c := s.items[s.cursor]
		cur = &c
	}
	s.items = items
	s.cursor = 0
	if cur != nil {
		if i := slices.IndexFunc(s.items, func(it facetItem) bool { return it.facet == cur.facet && it.value == cur.value }); i >= 0 {
			s.cursor = i
		}
	}
	s.settle(1)
}

// settle moves the cursor off a heading, in direction d.
func (s *facetState) settle(d int) {
	for n := 0; n < len(s.items) && s.cursor >= 0 && s.cursor < len(s.items) && s.items[s.cursor].heading; n++ {
		s.cursor += d
	}
	if s.cursor < 0 || s.cursor >= len(s.items) || s.items[s.cursor].heading {
		// Nothing that way: take the nearest value the other way.
		s.cursor = min(max(s.cursor, 0), max(len(s.items)-1, 0))
		for s.cursor >= 0 && s.cursor < len(s.items) && s.items[s.cursor].heading {
			s.cursor -= d
		}
		s.cursor = min(max(s.cursor, 0), max(len(s.items)-1, 0))
	}
}

// moveCursor moves the cursor by d values.
func (s *facetState) moveCursor(d int) {
	step := 1
	if d < 0 {
		step = -1
	}
	for n := d * step; n > 0; n-- {
		next := s.cursor + step
		for next >= 0 && next < len(s.items) && s.items[next].heading {
			next += step
		}
		if next < 0 || next >= len(s.items) {
			break
		}
		s.cursor = next
	}
}

// jumpGroup moves the cursor to the first value of the next (d > 0) or
// previous facet that has values, wrapping around.
func (s *facetState) jumpGroup(d int) {
	if !s.hasValues() {
		return
	}
	n := len(panelFacets)
	fi := slices.Index(panelFacets, s.items[s.cursor].facet)
	for range n {
		fi = ((fi+d)%n + n) % n
		f := panelFacets[fi]
		if i := slices.IndexFunc(s.items, func(it facetItem) bool { return it.facet == f && !it.heading }); i >= 0 {
			s.cursor = i
			return
		}
	}
}

func (m *Model) openFacets() tea.Cmd {
	m.mode = modeFacets
	var cmd tea.Cmd
	if m.facets.stale {
		cmd = m.runFacets(m.Selected())
	}
	m.refresh()
	return cmd
}

func (m Model) handleFacetKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.keys
	fs := &m.facets
	var cmd tea.Cmd
	switch {
	case key.Matches(msg, k.Close):
		m.mode = modeList
	case key.Matches(msg, k.Up):
		fs.moveCursor(-1)
	case key.Matches(msg, k.Down):
		fs.moveCursor(1)
	case key.Matches(msg, k.PageUp):
		fs.moveCursor(-max(m.listRows()-1, 1))
	case key.Matches(msg, k.PageDown):
		fs.moveCursor(max(m.listRows()-1, 1))
	case key.Matches(msg, k.Home):
		fs.moveCursor(-len(fs.items))
	case key.Matches(msg, k.End):
		fs.moveCursor(len(fs.items))
	case key.Matches(msg, k.NextGroup):
		fs.jumpGroup(1)
	case key.Matches(msg, k.PrevGroup):
		fs.jumpGroup(-1)
	case key.Matches(msg, k.Toggle):
		if fs.cursor < len(fs.items) && !fs.items[fs.cursor].heading {
			it := fs.items[fs.cursor]
			fs.toggle(it.facet, it.value)
			cmd = m.applyFilter(m.Selected())
		}
	case key.Matches(msg, k.ClearFacets):
		fs.clear()
		cmd = m.applyFilter(m.Selected())
	}
	m.refresh()
	return m, cmd
}

// applyFilter shows the search results through the facet filter, keeping
// keep selected when it is still listed. With no value chosen that is
// immediate. Otherwise the filtering, like the panel's counts, runs in a
// command (over 100k records it takes a while) and the list changes when
// it is done; the panel's checkboxes and the chips change at once.
func (m *Model) applyFilter(keep *data.Record) tea.Cmd {
	m.facets.stale = true
	if m.facets.active() {
		return m.runFacets(keep)
	}
	m.facets.seq++ // a run still going is now stale
	m.facets.pending = false
	m.setShown(m.matches, keep)
	if m.mode == modeFacets {
		return m.runFacets(keep)
	}
	return nil
}

// runFacets filters and counts the search results off the UI loop.
func (m *Model) runFacets(keep *data.Record) tea.Cmd {
	m.facets.seq++
	m.facets.stale = false
	m.facets.pending = true
	seq, ms, chosen := m.facets.seq, m.matches, m.facets.chosen
	m.shared = true
	return func() tea.Msg {
		return facetsMsg{seq: seq, shown: filterMatches(ms, chosen), items: facetItems(ms, chosen), keep: keep}
	}
}

// handleFacets shows a filtering run's results, unless a newer run or
// search has started since.
func (m Model) handleFacets(msg facetsMsg) (Model, tea.Cmd) {
	if msg.seq != m.facets.seq {
		return m, nil
	}
	m.facets.pending = false
	m.facets.setItems(msg.items)
	m.setShown(msg.shown, msg.keep)
	return m, nil
}
