package explorer

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
)

// resultsMsg carries the results of one search back to the UI loop.
type resultsMsg struct {
	seq     int
	query   string
	matches []data.Match
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
		m.matches = m.every
		return m.applyFilter(m.Selected())
	}
	if m.searching || (q == m.query && !m.stale) {
		return nil
	}
	m.seq++
	m.searching = true
	seq, ix := m.seq, m.ix
	return func() tea.Msg {
		return resultsMsg{seq: seq, query: q, matches: ix.Search(q)}
	}
}

// handleResults shows a search's results if they are for the query in the
// box; otherwise they are stale and dropped, and the search for the
// current query starts.
func (m Model) handleResults(msg resultsMsg) (Model, tea.Cmd) {
	if msg.seq != m.seq {
		return m, nil
	}
	m.searching = false
	if msg.query != m.input.Value() {
		return m, m.search()
	}
	var keep *data.Record
	if m.stale {
		keep = sameID(msg.matches, m.Selected())
	}
	m.query = msg.query
	m.stale = false
	m.matches = msg.matches
	m.near = nil
	if len(msg.matches) == 0 {
		return m, tea.Batch(m.applyFilter(keep), m.suggest(msg.query))
	}
	return m, m.applyFilter(keep)
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
