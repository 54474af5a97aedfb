package explorer

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
)

// resultsMsg carries the results of one search back to the UI loop.
type resultsMsg struct {
	seq     int
	gen     int // the records' generation searched (Model.gen)
	query   string
	matches []data.Match
	// hitsOf gives a match's hits when the search left them out.
	hitsOf func(*data.Record) []data.Hit
}

// Ranker is a Searcher that can leave the hits out of its results, to be
// asked for the rows on screen alone, and fill a buffer handed back to it
// rather than allocate one each time; *data.Index is one. Rank must give
// Search's matches in Search's order, and HitsOf Search's hits.
type Ranker interface {
	Searcher
	Rank(dst []data.Match, query string) []data.Match
	HitsOf(query string, r *data.Record) []data.Hit
}

// search starts a search for the query in the box, unless its results are
// already shown or being computed. Only one search runs at a time: typing
// faster than it completes just moves the wanted query on, and the result
// handler starts the next search for it, so keys never wait for a search
// and searches never pile up. The empty query lists everything at once.
func (m *Model) search() tea.Cmd {
	q := m.input.Value()
	if q == "" {
		if m.query == "" && !m.searching {
			return nil
		}
		m.seq++ // a search still running is now stale
		m.searching = false
		m.query = ""
		m.setMatches(m.every, nil)
		return m.applyFilter(m.Selected())
	}
	if m.searching || (q == m.query && !m.stale) {
		return nil
	}
	m.seq++
	m.searching = true
	seq, gen, ix := m.seq, m.gen, m.ix
	if rk, ok := ix.(Ranker); ok {
		// The spare buffer goes with the search: nothing else reads it.
		buf := m.takeSpare()
		return func() tea.Msg {
			hitsOf := func(r *data.Record) []data.Hit { return rk.HitsOf(q, r) }
			return resultsMsg{seq: seq, gen: gen, query: q, matches: rk.Rank(buf, q), hitsOf: hitsOf}
		}
	}
	return func() tea.Msg {
		return resultsMsg{seq: seq, gen: gen, query: q, matches: ix.Search(q)}
	}
}

// setMatches shows new results, keeping the old ones' buffer for the next
// search when nothing can still read it: a Ranker's results (not the list
// of every record) that no facet run was given (it may still be going).
func (m *Model) setMatches(ms []data.Match, hitsOf func(*data.Record) []data.Hit) {
	if !m.shared && m.hitsOf != nil { // a Ranker's, never m.every
		m.addSpare(m.matches)
	}
	m.matches, m.hitsOf, m.shared = ms, hitsOf, false
}

// keepSpare keeps the buffer of results that are not shown: only the
// message held them.
func (m *Model) keepSpare(msg resultsMsg) {
	if msg.hitsOf != nil {
		m.addSpare(msg.matches)
	}
}

// addSpare keeps buf for a later search in place of the smaller spare.
// Two are kept: clearing the box and typing again frees one buffer per two
// searches.
func (m *Model) addSpare(buf []data.Match) {
	if cap(m.spare[0]) > cap(m.spare[1]) {
		m.spare[0], m.spare[1] = m.spare[1], m.spare[0]
	}
	if cap(buf) > cap(m.spare[0]) {
		m.spare[0] = buf
	}
}

// takeSpare hands out the larger spare buffer, which then belongs to the
// search it is given to.
func (m *Model) takeSpare() []data.Match {
	i := 0
	if cap(m.spare[1]) > cap(m.spare[0]) {
		i = 1
	}
	buf := m.spare[i]
	m.spare[i] = nil
	return buf
}

// handleResults shows a search's results if they are for the query in the
// box; otherwise they are stale and dropped, and the search for the
// current query starts.
func (m Model) handleResults(msg resultsMsg) (Model, tea.Cmd) {
	if msg.seq != m.seq {
		m.keepSpare(msg)
		return m, nil
	}
	m.searching = false
	if msg.query != m.input.Value() {
		m.keepSpare(msg)
		return m, m.search()
	}
	var keep *data.Record
	if m.stale && msg.query == m.query && m.sel > 0 {
		// The same query over other records: a selection moved off the
		// first row stays; on the first row it stays on the first row.
		keep = sameID(msg.matches, m.Selected())
	}
	m.query = msg.query
	// Results over fewer records than are listed now (a load going on)
	// are shown, and searched again over them all.
	m.stale = msg.gen != m.gen
	m.setMatches(msg.matches, msg.hitsOf)
	m.near = nil
	var again tea.Cmd
	if m.stale {
		again = m.search()
	}
	if len(msg.matches) == 0 && !m.stale {
		return m, tea.Batch(m.applyFilter(keep), m.suggest(msg.query))
	}
	return m, tea.Batch(m.applyFilter(keep), again)
}

// sameID is the record in ms with r's id, or nil: r's stand-in after the
// records are replaced (SetRecords).
func sameID(ms []data.Match, r *data.Record) *data.Record {
	if r == nil {
		return nil
	}
	for _, x := range ms {
		if x.Record.ID == r.ID {
			return x.Record
		}
	}
	return nil
}
