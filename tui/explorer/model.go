package explorer

import (
	"slices"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

// OpenMsg asks the root to open an incident's detail.
type OpenMsg struct{ ID string }

// ReplayMsg asks the root to open the replayer on an incident.
type ReplayMsg struct{ ID string }

// Searcher finds records for a query, best first; an empty query lists
// them all. *data.Index is one. Search runs off the UI loop, so it must be
// safe to call from another goroutine.
type Searcher interface {
	Search(query string) []data.Match
}

// Options configure the explorer.
type Options struct {
	// Lang is the language of titles and labels.
	Lang data.Lang
	// Styles colour the view.
	Styles theme.Styles
	// Label returns a tag's vocabulary label (for facet values); nil
	// shows tags as written.
	Label func(term string) data.Text
	// Replay says whether the replayer can be opened, so `r` is offered.
	Replay bool
	// HasTimeline reports whether an incident has a timeline: the list
	// marks those, and `r` is offered only on them. nil offers `r` on
	// every incident and marks none.
	HasTimeline func(id string) bool
}

// settings are the Options the model keeps.
type settings struct {
	Lang        data.Lang
	Label       func(term string) data.Text
	Replay      bool
	HasTimeline func(id string) bool
}

type mode int

const (
	modeList mode = iota
	modeInput
	modeFacets
)

// Model is the explorer screen.
type Model struct {
	// opts holds the options but the styles (large, and models are
	// copied on every message); st points at the explorer's group of them.
	opts  settings
	keys  KeyMap
	st    *theme.ExplorerStyles
	recs  []*data.Record // every record, newest first
	every []data.Match   // recs as matches of the empty query
	ix    Searcher
	input textinput.Model
	mode  mode

	// query is the query whose results are shown; seq stamps each search
	// so a late result is recognised; searching says one is running.
	query     string
	seq       int
	searching bool
	// gen counts the changes of the records listed: results of an older
	// generation are searched again.
	gen int
	// stale says the results shown are of records since replaced, so the
	// query must be searched again.
	stale bool
	// load is the progress of records loading behind the list.
	load    loading
	matches []data.Match // results of query
	// hitsOf gives the hits of a match in matches that came without
	// them; nil when they all came with them.
	hitsOf func(*data.Record) []data.Hit
	// spare is a buffer of old results no one reads, for the next search
	// to fill; shared says a facet run was given matches, so they must
	// not become spare.
	spare  [2][]data.Match
	shared bool
	// ids holds the lower-cased ids listed while records load (see
	// AddRecords); nil before the first batch and once they have loaded.
	ids   map[string]struct{}
	shown []data.Match // matches that pass the facet filter
	near  []string     // queries near one that matched nothing
	// follow is the id a follower's list keeps selected as results
	// arrive (see Follow); "" once the user moves.
	follow string

	facets facetState

	sel, off int
	w, h     int
	focused  bool

	// idW and orgW are the widths of the id and organisation columns,
	// measured once over all records.
	idW, orgW int
	// durW holds, per language, the widest duration and the widest
	// largest unit of one, measured once (see wants).
	durW map[data.Lang][2]int
	cols columns
	// rows caches rendered rows for the current results, width and
	// language; frame holds the list lines for the current state. Both
	// are rebuilt by Update and the setters, never by View.
	rows  map[rowKey][]string
	frame []string
	// rowsMem is the map rows uses once rebuilt, cleared.
	rowsMem map[rowKey][]string
	// rowSt are the rows' styles, plain and selected, made with st.
	rowSt map[bool]rowStyles
}

type rowKey struct {
	i   int
	sel bool
}

// New returns an explorer over recs (newest first), searched with ix.
func New(recs []*data.Record, ix Searcher, opts Options) Model {
	in := textinput.New()
	in.Prompt = "/ "
	in.Cursor.SetMode(cursor.CursorStatic)
	m := Model{opts: settings{Lang: opts.Lang, Label: opts.Label, Replay: opts.Replay, HasTimeline: opts.HasTimeline}, keys: DefaultKeyMap(), recs: recs, ix: ix, input: in}
	m.every = make([]data.Match, len(recs))
	for i, r := range recs {
		m.every[i] = data.Match{Record: r}
		m.idW = max(m.idW, lipgloss.Width(r.ID))
		m.orgW = max(m.orgW, lipgloss.Width(r.Org))
	}
	m.idW = min(max(m.idW, 4), 12)
	m.orgW = min(max(m.orgW, 3), 12)
	m.matches = m.every
	m.facets = newFacetState()
	m.setStyles(opts.Styles)
	m.setLang(opts.Lang)
	m.setShown(m.matches, nil)
	return m
}

func (m *Model) setStyles(s theme.Styles) {
	m.st = s.Explorer
	m.rowSt = map[bool]rowStyles{false: newRowStyles(*m.st, false), true: newRowStyles(*m.st, true)}
	m.input.PromptStyle = m.st.Prompt
	m.input.TextStyle = m.st.Input
	m.input.PlaceholderStyle = m.st.Placeholder
	m.input.Cursor.Style = m.st.Input.Reverse(true)
	m.input.Cursor.TextStyle = m.st.Input
}

func (m *Model) setLang(l data.Lang) {
	m.opts.Lang = l
	m.keys.SetLang(l)
	m.input.Placeholder = words.placeholder.In(l)
}

// SetSize sets the size of the explorer pane, keeping the selection.
func (m *Model) SetSize(w, h int) {
	m.w, m.h = max(w, 0), max(h, 0)
	m.input.Width = max(m.w-lipgloss.Width(m.input.Prompt)-1, 0)
	m.rows = nil
	m.refresh()
}

// SetLang switches the language of titles and labels.
func (m *Model) SetLang(l data.Lang) {
	m.setLang(l)
	m.rows = nil
	m.refresh()
}

// SetReplay says whether the replayer can be opened.
func (m *Model) SetReplay(ok bool) {
	m.opts.Replay = ok
	m.updateKeys()
}

// Focus lets the explorer take keys.
func (m *Model) Focus() { m.focused = true }

// Blur stops the explorer taking keys.
func (m *Model) Blur() { m.focused = false }

// InputFocused reports whether the search box is open: the root then
// sends it every key but ctrl+c.
func (m Model) InputFocused() bool { return m.mode == modeInput }

// Overlay reports whether the facet panel or the search box is open: the
// back key (Back) closes it before it leaves the explorer.
func (m Model) Overlay() bool { return m.mode != modeList }

// Back closes the facet panel or the search box, if one is open, and
// reports whether it did (the root's `q` then stays on the explorer).
func (m *Model) Back() bool {
	switch m.mode {
	case modeFacets:
		m.mode = modeList
	case modeInput:
		m.closeInput(true)
	default:
		return false
	}
	m.refresh()
	return true
}

// Selected returns the selected record, or nil when nothing is listed.
func (m Model) Selected() *data.Record {
	if m.sel < 0 || m.sel >= len(m.shown) {
		return nil
	}
	return m.shown[m.sel].Record
}

// Query returns the query whose results are shown.
func (m Model) Query() string { return m.query }

// Shown returns how many incidents are listed.
func (m Model) Shown() int { return len(m.shown) }

// Select selects the incident with the given id, if it is listed.
func (m *Model) Select(id string) bool {
	i := slices.IndexFunc(m.shown, func(x data.Match) bool { return x.Record.ID == id })
	if i < 0 {
		return false
	}
	m.sel = i
	m.refresh()
	return true
}

// Follow shows the results of query, as if it had been typed and kept
// with enter, and keeps id selected whenever it is listed, also when the
// results arrive later: a follower mirrors the presenter's list this way.
// The user's next key lets go of id.
func (m *Model) Follow(query, id string) tea.Cmd {
	m.follow = id
	var cmd tea.Cmd
	if query != m.input.Value() {
		if m.mode == modeInput {
			m.closeInput(false)
		}
		m.input.SetValue(query)
		cmd = m.search()
	}
	m.Select(id)
	return cmd
}

// setShown lists shown. The selection stays on keep when it is listed (on
// the followed id first), else goes to the top.
func (m *Model) setShown(shown []data.Match, keep *data.Record) {
	m.shown = shown
	m.sel = 0
	if i := slices.IndexFunc(m.shown, func(x data.Match) bool { return m.follow != "" && x.Record.ID == m.follow }); i >= 0 {
		m.sel = i
	} else if keep != nil {
		if i := slices.IndexFunc(m.shown, func(x data.Match) bool { return x.Record == keep }); i >= 0 {
			m.sel = i
		}
	}
	m.off = 0
	m.rows = nil
	m.refresh()
}

// updateKeys enables the bindings of the current mode that would do
// something now.
func (m *Model) updateKeys() {
	k := &m.keys
	list, input, panel := m.mode == modeList, m.mode == modeInput, m.mode == modeFacets
	some := len(m.shown) > 0
	many := len(m.shown) > 1
	// Up and down are offered only where they would move: no ↑ on the
	// first row, no ↓ on the last.
	moves := (list && many) || (panel && m.facets.hasValues())
	for _, b := range []*key.Binding{&k.PageUp, &k.PageDown, &k.Home, &k.End} {
		b.SetEnabled(moves)
	}
	k.Up.SetEnabled(moves && (panel || m.sel > 0))
	k.Down.SetEnabled(moves && (panel || m.sel < len(m.shown)-1))
	k.Open.SetEnabled(list && some)
	k.Search.SetEnabled(list)
	k.Facets.SetEnabled(list)
	k.Replay.SetEnabled(list && some && m.opts.Replay && m.hasTimeline(m.shown[min(max(m.sel, 0), len(m.shown)-1)].Record))
	k.Clear.SetEnabled(list && (m.query != "" || m.facets.active()))
	k.Keep.SetEnabled(input)
	k.Cancel.SetEnabled(input)
	k.ResultUp.SetEnabled(input && many && m.sel > 0)
	k.ResultDown.SetEnabled(input && many && m.sel < len(m.shown)-1)
	k.Toggle.SetEnabled(panel && m.facets.hasValues())
	k.NextGroup.SetEnabled(panel)
	k.PrevGroup.SetEnabled(panel)
	k.ClearFacets.SetEnabled(panel && m.facets.active())
	k.Close.SetEnabled(panel)
}

// ShortHelp returns the keys for the hint bar.
func (m Model) ShortHelp() []key.Binding { return m.keys.ShortHelp() }

// FullHelp returns every key, in columns, and the query syntax.
func (m Model) FullHelp() [][]key.Binding {
	return append(m.keys.FullHelp(), syntaxHelp(m.opts.Lang))
}
