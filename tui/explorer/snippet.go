package explorer

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/layout"
)

// Why a record matched, when the match is not on screen: a snippet of the
// field it is in, in the title column; and, when nothing matches, the
// nearest queries that would.

// minSnippetTitle is the narrowest title column that has room for a
// snippet beside a part of the title; from minSnippet up, a narrower one
// shows the snippet alone (the preview pane shows the title).
const (
	minSnippetTitle = 36
	minSnippet      = 16
)

// snippetTitleCell draws the title cut to part of the column and, after
// it, the snippet of the match's best field, highlighted. ok is false when
// the title column is too narrow or the match shows on screen already.
func snippetTitleCell(m data.Match, l data.Lang, w int, rs rowStyles) (string, bool) {
	if w < minSnippet {
		return "", false
	}
	sw := w * 3 / 5
	if w < minSnippetTitle {
		sw = w
	}
	sl := l
	if rs.both {
		sl = data.Both
	}
	sn, ok := m.Snippet(sl, sw)
	if !ok {
		return "", false
	}
	if sw == w {
		return cell(sn.Text, sn.Index, w, rs.faint, rs.match, false), true
	}
	s, _, _ := title(m.Record, l)
	tw := max(w-sw-lipgloss.Width(snippetSep), 0)
	var b strings.Builder
	b.WriteString(cell(s, nil, tw, rs.text, rs.match, false))
	b.WriteString(rs.faint.Render(snippetSep))
	b.WriteString(cell(sn.Text, sn.Index, w-tw-lipgloss.Width(snippetSep), rs.faint, rs.match, false))
	return b.String(), true
}

const snippetSep = " │ "

// Suggester offers queries near one that matches nothing. *data.Index is
// one; a Searcher that is not gets no suggestions.
type Suggester interface {
	Suggest(query string, n int) []string
}

// suggestMsg carries the suggestions for a query that matched nothing.
type suggestMsg struct {
	query string
	near  []string
}

// suggest looks for queries near q off the UI loop, when the searcher
// can.
func (m Model) suggest(q string) tea.Cmd {
	s, ok := m.ix.(Suggester)
	if !ok || q == "" {
		return nil
	}
	return func() tea.Msg { return suggestMsg{query: q, near: s.Suggest(q, 3)} }
}

func (m Model) handleSuggest(msg suggestMsg) (Model, tea.Cmd) {
	if msg.query == m.query {
		m.near = msg.near
	}
	return m, nil
}

// emptyLines are the lines under an empty list: that nothing matched and,
// when there are any, the queries that would.
func (m Model) emptyLines() []string {
	lines := []string{m.st.Empty.Render(layout.Fit("  "+words.empty.In(m.opts.Lang), m.w))}
	if len(m.near) > 0 && m.query != "" {
		s := "  " + fmt.Sprintf(words.didYouMean.In(m.opts.Lang), strings.Join(m.near, ", "))
		lines = append(lines, m.st.Empty.Render(layout.Fit(s, m.w)))
	}
	return lines
}

// syntaxHelp lists the query syntax for `?`: bindings that name no key
// anyone presses (key.Matches never sees them), shown in their own column.
func syntaxHelp(l data.Lang) []key.Binding {
	out := make([]key.Binding, 0, len(words.syntax)+1)
	// Typing on the list starts a search (see startsSearch).
	out = append(out, key.NewBinding(key.WithKeys("\x00syntax:type"), key.WithHelp("a–z…", words.typeToSearch.In(l))))
	for _, r := range words.syntax {
		out = append(out, key.NewBinding(key.WithKeys("\x00syntax"+r.query), key.WithHelp(r.query, r.desc.In(l))))
	}
	return out
}

// titleAround returns the title s cut so that its matched bytes idx show
// in w cells: unchanged when every one of them fits; otherwise from a
// word's start a little before the first one, after "…", with idx moved to
// the cut. A fuzzy match whose letters lie past the column's end would
// otherwise show a title with nothing highlighted, and no reason why it
// matched.
func titleAround(s string, idx []int, w int) (string, []int) {
	if len(idx) == 0 || w <= 0 {
		return s, idx
	}
	visible := len(strings.TrimSuffix(layout.Truncate(s, w), "…"))
	if idx[len(idx)-1] < visible {
		return s, idx
	}
	first := idx[0]
	start := first
	for n := 0; start > 0 && n < w/4; n++ {
		_, size := utf8.DecodeLastRuneInString(s[:start])
		start -= size
	}
	if sp := strings.LastIndexByte(s[:first], ' '); sp >= start {
		start = sp + 1 // the matched word whole
	} else if sp := strings.IndexByte(s[start:first], ' '); sp >= 0 {
		start += sp + 1
	}
	if start == 0 {
		return s, idx
	}
	const ell = "…"
	var at []int
	for _, i := range idx {
		if i >= start {
			at = append(at, i-start+len(ell))
		}
	}
	return ell + s[start:], at
}
