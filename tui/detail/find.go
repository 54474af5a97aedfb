package detail

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"golang.org/x/text/unicode/norm"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
)

// Search inside a record, as less does: `/` types a query, matched as
// written (case and Unicode form aside) in the record as shown, so in the
// language(s) on screen; `n` and `N` move between matches, scrolling each
// into view; the position line counts them; esc clears.

// FindKeyMap is the keys of the search inside a record.
type FindKeyMap struct {
	// Find opens the search box; Next and Prev move between matches.
	Find, Next, Prev key.Binding
	// Done keeps the query and closes the box; Clear drops the query.
	Done, Clear key.Binding
}

// DefaultFindKeyMap returns the default keys of the search in a record.
func DefaultFindKeyMap() FindKeyMap {
	return FindKeyMap{
		Find:  key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search")),
		Next:  key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next match")),
		Prev:  key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "previous match")),
		Done:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep")),
		Clear: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear search")),
	}
}

func (k *FindKeyMap) setLang(l data.Lang) {
	i18n.SetHelp(&k.Find, "/", words.keyFind, l)
	i18n.SetHelp(&k.Next, "n", words.keyNextMatch, l)
	i18n.SetHelp(&k.Prev, "N", words.keyPrevMatch, l)
	i18n.SetHelp(&k.Done, "enter", words.keyKeep, l)
	i18n.SetHelp(&k.Clear, "esc", words.keyClear, l)
}

// findHit is one match: a line of the page and the byte range in that
// line's plain text.
type findHit struct {
	line, from, to int
}

// findState is the search inside the record.
type findState struct {
	keys   FindKeyMap
	input  textinput.Model
	typing bool
	query  string
	hits   []findHit
	cur    int
}

func newFind() findState {
	in := textinput.New()
	in.Prompt = "/"
	in.Cursor.SetMode(cursor.CursorStatic)
	return findState{keys: DefaultFindKeyMap(), input: in}
}

// InputFocused reports whether the search box is open: it takes every key.
func (m Model) InputFocused() bool { return m.find.typing }

// Searching reports whether a query is set, so esc clears it rather than
// going back.
func (m Model) Searching() bool { return m.find.typing || m.find.query != "" }

// MatchCount returns how many matches the query has, and which one is
// current (0-based; -1 with none).
func (m Model) MatchCount() (n, cur int) {
	if len(m.find.hits) == 0 {
		return 0, -1
	}
	return len(m.find.hits), m.find.cur
}

// handleFindKey handles a key for the search, reporting false when the
// key is not the search's.
func (m Model) handleFindKey(msg tea.KeyMsg) (Model, tea.Cmd, bool) {
	f := &m.find
	if f.typing {
		switch {
		case key.Matches(msg, f.keys.Clear):
			m.clearFind()
		case key.Matches(msg, f.keys.Done):
			f.typing = false
			f.input.Blur()
		default:
			var cmd tea.Cmd
			f.input, cmd = f.input.Update(msg)
			m.setQuery(f.input.Value())
			return m, cmd, true
		}
		m.updateKeys()
		return m, nil, true
	}
	switch {
	case key.Matches(msg, f.keys.Find):
		f.typing = true
		f.input.SetValue("")
		m.setQuery("")
		m.updateKeys()
		return m, f.input.Focus(), true
	case f.query != "" && key.Matches(msg, f.keys.Clear):
		m.clearFind()
		m.updateKeys()
		return m, nil, true
	case len(f.hits) > 0 && key.Matches(msg, f.keys.Next):
		if f.cur == len(f.hits)-1 {
			m.notice = notice{w: noticeWords.wrappedTop}
		}
		m.gotoHit((f.cur + 1) % len(f.hits))
		return m, nil, true
	case len(f.hits) > 0 && key.Matches(msg, f.keys.Prev):
		if f.cur == 0 {
			m.notice = notice{w: noticeWords.wrappedBottom}
		}
		m.gotoHit((f.cur - 1 + len(f.hits)) % len(f.hits))
		return m, nil, true
	}
	return m, nil, false
}

// ClearSearch clears the search inside the record, if there is one, and
// reports whether there was: the back key clears it before it leaves.
func (m *Model) ClearSearch() bool {
	if !m.Searching() {
		return false
	}
	m.clearFind()
	return true
}

func (m *Model) clearFind() {
	m.find.typing = false
	m.find.input.Blur()
	m.find.input.SetValue("")
	m.setQuery("")
}

// foldFind folds text for the search: NFC and lower case, which keep byte
// offsets close enough to map back by rune.
func foldFind(s string) string { return strings.ToLower(norm.NFC.String(s)) }

// setQuery finds every match of q and moves to the first at or below the
// top of the view.
func (m *Model) setQuery(q string) {
	m.find.query = q
	m.findHits()
	if len(m.find.hits) == 0 {
		return
	}
	for i, h := range m.find.hits {
		if h.line >= m.vp.YOffset {
			m.gotoHit(i)
			return
		}
	}
	m.gotoHit(0)
}

// findHits recomputes the matches over the page as rendered now.
func (m *Model) findHits() {
	m.find.hits, m.find.cur = nil, 0
	q := foldFind(m.find.query)
	if q == "" {
		return
	}
	for i, line := range m.page.lines {
		plain := foldFind(ansi.Strip(line))
		for off := 0; ; {
			j := strings.Index(plain[off:], q)
			if j < 0 {
				break
			}
			m.find.hits = append(m.find.hits, findHit{line: i, from: off + j, to: off + j + len(q)})
			off += j + len(q)
		}
	}
}

// gotoHit makes hit i current and scrolls it into view, a third down.
func (m *Model) gotoHit(i int) {
	m.find.cur = i
	line, top, h := m.find.hits[i].line, m.vp.YOffset, m.bodyHeight()
	if line < top || line >= top+h {
		m.vp.SetYOffset(max(line-h/3, 0))
	}
}

// markLine returns line i of the page with its matches marked, padded to
// the width, or ok false when it holds none.
func (m Model) markLine(i int) (string, bool) {
	var hs []findHit
	cur := -1
	for k, h := range m.find.hits {
		if h.line == i {
			if k == m.find.cur {
				cur = len(hs)
			}
			hs = append(hs, h)
		}
	}
	if len(hs) == 0 {
		return "", false
	}
	plain := ansi.Strip(m.page.lines[i])
	if f := foldFind(plain); len(f) != len(plain) {
		plain = f // the offsets are the folded text's
	}
	var b strings.Builder
	last := 0
	for k, h := range hs {
		if h.from < last || h.to > len(plain) {
			continue
		}
		b.WriteString(plain[last:h.from])
		st := m.styles.Explorer.Match
		if k == cur {
			st = m.styles.Explorer.SelectedMatch
		}
		b.WriteString(st.Render(plain[h.from:h.to]))
		last = h.to
	}
	b.WriteString(plain[last:])
	return layout.Fit(b.String(), m.w), true
}

// findStatus is the search's part of the position line: the box while
// typing, else the query and the match count.
func (m Model) findStatus() string {
	f := m.find
	if f.typing {
		return f.input.View() + "  " + m.countText()
	}
	if f.query == "" {
		return ""
	}
	return "/" + f.query + "  " + m.countText()
}

func (m Model) countText() string {
	n, cur := m.MatchCount()
	switch {
	case m.find.query == "":
		return ""
	case n == 0:
		return words.noMatch.In(m.opts.Lang)
	}
	return fmt.Sprintf("%d/%d", cur+1, n)
}
