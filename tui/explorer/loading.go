package explorer

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
)

// loading is the progress of records loading behind the list: done of
// total; total 0 when nothing is loading.
type loading struct{ done, total int }

// SetProgress shows that done of total records have loaded; the list stays
// usable meanwhile. A total of 0 hides the progress line.
func (m *Model) SetProgress(done, total int) {
	was := m.load.total > 0
	m.load = loading{done: min(max(done, 0), total), total: max(total, 0)}
	if was != (m.load.total > 0) {
		m.rows = nil // the list has a line more or less
	}
	m.refresh()
}

// Loading reports whether a progress line is shown.
func (m Model) Loading() bool { return m.load.total > 0 }

// SetRecords replaces the records (newest first), their searcher and the
// lookups of Options, as when a background load is over, and hides the
// progress line. The query,
// the facet filter and the selected incident (by id) are kept; the query's
// results are searched again, off the UI loop.
func (m *Model) SetRecords(recs []*data.Record, ix Searcher, label func(string) data.Text, hasTimeline func(string) bool) tea.Cmd {
	keep := m.Selected()
	m.opts.Label, m.opts.HasTimeline = label, hasTimeline
	m.load = loading{}
	m.recs, m.ix = recs, ix
	m.every = make([]data.Match, len(recs))
	m.idW, m.orgW = 0, 0
	for i, r := range recs {
		m.every[i] = data.Match{Record: r}
		m.idW = max(m.idW, lipgloss.Width(r.ID))
		m.orgW = max(m.orgW, lipgloss.Width(r.Org))
	}
	m.idW = min(max(m.idW, 4), 12)
	m.orgW = min(max(m.orgW, 3), 12)
	m.durW = nil
	m.rows = nil
	m.seq++ // a search over the old records is stale
	m.gen++
	m.searching = false
	m.spare, m.shared = [2][]data.Match{}, false // of the old records
	m.ids = nil
	if m.query == "" && m.input.Value() == "" {
		// (A query typed whose results have not come is searched below.)
		m.matches, m.hitsOf = m.every, nil
		return m.applyFilter(sameID(m.every, keep))
	}
	// The old results stay listed until the new ones arrive.
	m.stale = true
	return m.search()
}

// progressLine is "loading 43,000 of 100,000 records…" and a bar, in w
// cells.
func (m Model) progressLine() string {
	text := fmt.Sprintf(words.loading.In(m.opts.Lang), i18n.Grouped(m.load.done), i18n.Grouped(m.load.total)) + " "
	barW := max(m.w-lipgloss.Width(text)-2, 0)
	barW = min(barW, 30)
	filled := 0
	if m.load.total > 0 {
		filled = barW * m.load.done / m.load.total
	}
	bar := strings.Repeat("█", filled) + strings.Repeat("░", barW-filled)
	return layout.Fit(m.st.Count.Render("  "+text)+m.st.Count.Render(bar), m.w)
}

// AddRecords lists more records while a load goes on (see
// library.Progress): each one whose id is not listed yet joins the list
// in its place, newest first, and the query is searched again over them
// all, off the UI loop, by scanning them (the index comes with
// SetRecords). A selection moved off the first row stays on its incident.
func (m *Model) AddRecords(recs []*data.Record) tea.Cmd {
	if m.ids == nil {
		m.ids = make(map[string]struct{}, len(m.recs)+len(recs))
		for _, r := range m.recs {
			m.ids[strings.ToLower(r.ID)] = struct{}{}
		}
	}
	add := make([]*data.Record, 0, len(recs))
	for _, r := range recs {
		id := strings.ToLower(r.ID)
		if _, ok := m.ids[id]; !ok {
			m.ids[id] = struct{}{}
			add = append(add, r)
		}
	}
	if len(add) == 0 {
		return nil
	}
	slices.SortFunc(add, newestFirst)
	var keep *data.Record
	if m.sel > 0 { // on the first row, the selection stays there
		keep = m.Selected()
	}
	merged := make([]*data.Record, 0, len(m.recs)+len(add))
	i, j := 0, 0
	for i < len(m.recs) && j < len(add) {
		if newestFirst(add[j], m.recs[i]) < 0 {
			merged = append(merged, add[j])
			j++
		} else {
			merged = append(merged, m.recs[i])
			i++
		}
	}
	merged = append(append(merged, m.recs[i:]...), add[j:]...)
	m.recs, m.ix = merged, newScanSearcher(merged)
	m.setEvery(add)
	m.gen++ // a search running now misses the new records
	if m.input.Value() == "" && m.query == "" {
		m.matches, m.hitsOf = m.every, nil
		return m.applyFilter(keep)
	}
	// A search still running goes on: its results are shown when they
	// come, and the next search, over every record, starts then.
	m.stale = true
	return m.search()
}

// setEvery lists m.recs as the empty query's matches and widens the id
// and organisation columns for added, the records new to the list.
func (m *Model) setEvery(added []*data.Record) {
	m.every = make([]data.Match, len(m.recs))
	for i, r := range m.recs {
		m.every[i] = data.Match{Record: r}
	}
	for _, r := range added {
		m.idW = max(m.idW, min(lipgloss.Width(r.ID), 12))
		m.orgW = max(m.orgW, min(lipgloss.Width(r.Org), 12))
	}
	m.rows = nil
}

// newestFirst orders records as data.Library.Records does: by date, newest
// first, then by id.
func newestFirst(a, b *data.Record) int {
	if c := b.Day.Compare(a.Day); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}

// scanSearcher searches the records of a load still going on: without an
// index (data.Search) or, when they are compact records, which bring their
// index entries (data.Options.Compact), with one built on first use.
type scanSearcher struct {
	recs []*data.Record
	ix   func() *data.Index
}

func newScanSearcher(recs []*data.Record) scanSearcher {
	s := scanSearcher{recs: recs}
	if slices.ContainsFunc(recs, (*data.Record).IsCompact) {
		s.ix = sync.OnceValue(func() *data.Index { return data.NewIndex(recs) })
	}
	return s
}

// Search returns data.Search's matches over the records.
func (s scanSearcher) Search(q string) []data.Match {
	if s.ix != nil {
		return s.ix().Search(q)
	}
	return data.Search(s.recs, q)
}
