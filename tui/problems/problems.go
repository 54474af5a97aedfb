// Package problems is the screen that lists the problems found while
// loading the user's data, one `path:line:col: message` a line, so that a
// TUI started on folders holding bad files says so at once, and after them
// the load's notices (a record of the user's that replaces a bundled one),
// which are not problems but change what the reader sees.
package problems

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/theme"
)

// BackMsg asks the root to close the screen.
type BackMsg struct{}

// KeyMap is the screen's keys.
type KeyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom, Back key.Binding
}

// DefaultKeyMap returns the screen's default keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:   key.NewBinding(key.WithKeys("pgup", "b"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown", " "), key.WithHelp("pgdn", "page down")),
		Top:      key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/g", "top")),
		Bottom:   key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end/G", "bottom")),
		Back:     key.NewBinding(key.WithKeys("esc", "!"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp returns the keys for the hint bar.
func (k KeyMap) ShortHelp() []key.Binding { return []key.Binding{k.Up, k.Down, k.PageDown, k.Back} }

// FullHelp returns every key, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}, {k.Back}}
}

func (k *KeyMap) setLang(l data.Lang) {
	for _, h := range []struct {
		b *key.Binding
		w i18n.Word
	}{
		{&k.Up, words.keyUp}, {&k.Down, words.keyDown}, {&k.PageUp, words.keyPageUp},
		{&k.PageDown, words.keyPageDown}, {&k.Top, words.keyTop}, {&k.Bottom, words.keyBottom},
		{&k.Back, words.keyBack},
	} {
		i18n.SetHelp(h.b, h.b.Help().Key, h.w, l)
	}
}

// Model is the problems screen.
type Model struct {
	problems []string
	notices  []string
	lines    []string // problems and notices wrapped to the width
	// firstNotice is the index in lines where the notices start.
	firstNotice int
	off         int
	w, h        int
	lang        data.Lang
	st          *theme.Styles
	keys        KeyMap
	focused     bool
}

// New returns the screen listing problems and then notices (each one line
// of text, in English as the data layer writes them: the screen shows them
// in the reader's language).
func New(problems, notices []string, l data.Lang, st *theme.Styles) Model {
	m := Model{problems: problems, notices: notices, lang: l, st: st, keys: DefaultKeyMap()}
	m.keys.setLang(l)
	return m
}

// words are the screen's words: its key help, the status line's notice
// (English has a singular) and the title.
var words = i18n.Register("problems", &struct {
	keyUp, keyDown, keyPageUp, keyPageDown, keyTop, keyBottom, keyBack i18n.Word
	noticeOne, notice, title                                           i18n.Word
	// The notices: the header's count and the list's heading.
	notices, oneNotice, bothNotice, noticesTitle, onlyNotices i18n.Word
	nProblems, aProblem, nNotices, aNotice                    i18n.Word
}{
	keyUp: i18n.W("up", "위"), keyDown: i18n.W("down", "아래"), keyPageUp: i18n.W("page up", "이전 쪽"),
	keyPageDown: i18n.W("page down", "다음 쪽"), keyTop: i18n.W("top", "맨 위"), keyBottom: i18n.W("bottom", "맨 아래"),
	keyBack:    i18n.W("back", "뒤로"),
	noticeOne:  i18n.W("%d problem in your data · ! to see it", "데이터 문제 %d개 · ! 키로 보기"),
	notice:     i18n.W("%d problems in your data · ! to see them", "데이터 문제 %d개 · ! 키로 보기"),
	oneNotice:  i18n.W("%d notice about your data · ! to see it", "데이터 알림 %d개 · ! 키로 보기"),
	notices:    i18n.W("%d notices about your data · ! to see them", "데이터 알림 %d개 · ! 키로 보기"),
	bothNotice: i18n.W("%s, %s in your data · ! to see them", "데이터 %s, %s · ! 키로 보기"),
	nProblems:  i18n.W("%s problems", "문제 %s개"), aProblem: i18n.W("1 problem", "문제 1개"),
	nNotices: i18n.W("%s notices", "알림 %s개"), aNotice: i18n.W("1 notice", "알림 1개"),
	noticesTitle: i18n.W("Notices (not problems: these loaded as written)", "알림 (문제는 아니며, 적힌 그대로 불러왔습니다)"),
	onlyNotices:  i18n.W("No problems in your data; %d notices", "데이터에 문제는 없고 알림이 %d개 있습니다"),
	title: i18n.W("%d problems in your data; those files or records were skipped, the rest loaded",
		"데이터 문제 %d개: 해당 파일이나 사례는 건너뛰고 나머지는 불러왔습니다"),
})

// Notice is the status line that says there are problems or notices and
// how to see them, or "" for none.
func Notice(problems, notices int, l data.Lang) string {
	switch {
	case problems > 0 && notices > 0:
		return fmt.Sprintf(words.bothNotice.In(l), count(problems, words.aProblem, words.nProblems, l),
			count(notices, words.aNotice, words.nNotices, l))
	case problems == 1:
		return fmt.Sprintf(words.noticeOne.In(l), problems)
	case problems > 1:
		return fmt.Sprintf(words.notice.In(l), problems)
	case notices == 1:
		return fmt.Sprintf(words.oneNotice.In(l), notices)
	case notices > 1:
		return fmt.Sprintf(words.notices.In(l), notices)
	}
	return ""
}

// count writes n things: one (with no verb) for 1, many (with %s) else.
func count(n int, one, many i18n.Word, l data.Lang) string {
	if n == 1 {
		return one.In(l)
	}
	return fmt.Sprintf(many.In(l), i18n.Grouped(n))
}

// SetSize sets the screen's size.
func (m *Model) SetSize(w, h int) {
	m.w, m.h = max(w, 0), max(h, 0)
	m.lines = nil
	for _, p := range m.problems {
		// A path is never broken: a line too long is wrapped at spaces.
		m.lines = append(m.lines, layout.Wrap(i18n.Problem(p, m.lang), max(m.w-2, 1))...)
	}
	m.firstNotice = len(m.lines)
	if len(m.notices) > 0 && len(m.problems) > 0 {
		m.lines = append(m.lines, "", words.noticesTitle.In(m.lang))
	}
	for _, n := range m.notices {
		m.lines = append(m.lines, layout.Wrap(i18n.Problem(n, m.lang), max(m.w-2, 1))...)
	}
	m.scroll(0)
}

// SetLang switches the language.
func (m *Model) SetLang(l data.Lang) {
	m.lang = l
	m.keys.setLang(l)
	m.SetSize(m.w, m.h)
}

// Focus and Blur give and take the keys.
func (m *Model) Focus() { m.focused = true }

// Blur stops the screen taking keys.
func (m *Model) Blur() { m.focused = false }

func (m Model) bodyHeight() int { return max(m.h-1, 0) }

func (m *Model) scroll(d int) {
	m.off = min(max(m.off+d, 0), max(len(m.lines)-m.bodyHeight(), 0))
	can := len(m.lines) > m.bodyHeight()
	m.keys.Up.SetEnabled(can && m.off > 0)
	m.keys.PageUp.SetEnabled(can && m.off > 0)
	m.keys.Top.SetEnabled(can && m.off > 0)
	end := m.off >= len(m.lines)-m.bodyHeight()
	m.keys.Down.SetEnabled(can && !end)
	m.keys.PageDown.SetEnabled(can && !end)
	m.keys.Bottom.SetEnabled(can && !end)
}

// Update handles keys while focused.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	km, ok := msg.(tea.KeyMsg)
	if !ok || !m.focused {
		return m, nil
	}
	k, page := m.keys, max(m.bodyHeight(), 1)
	switch {
	case key.Matches(km, k.Back):
		return m, func() tea.Msg { return BackMsg{} }
	case key.Matches(km, k.Up):
		m.scroll(-1)
	case key.Matches(km, k.Down):
		m.scroll(1)
	case key.Matches(km, k.PageUp):
		m.scroll(-page)
	case key.Matches(km, k.PageDown):
		m.scroll(page)
	case key.Matches(km, k.Top):
		m.scroll(-len(m.lines))
	case key.Matches(km, k.Bottom):
		m.scroll(len(m.lines))
	}
	return m, nil
}

// View draws a title line and the problems, exactly the screen's size.
func (m Model) View() string {
	if m.h <= 0 {
		return ""
	}
	title := fmt.Sprintf(words.title.In(m.lang), len(m.problems))
	if len(m.problems) == 0 {
		title = fmt.Sprintf(words.onlyNotices.In(m.lang), len(m.notices))
	}
	out := []string{m.st.App.Header.Render(layout.Fit(title, m.w))}
	end := min(m.off+m.bodyHeight(), len(m.lines))
	for i, l := range m.lines[m.off:end] {
		st := m.st.App.Error
		if m.off+i >= m.firstNotice {
			st = m.st.App.Header // a notice is no error
		}
		out = append(out, st.Render(layout.Fit("  "+l, m.w)))
	}
	blank := strings.Repeat(" ", m.w)
	for len(out) < m.h {
		out = append(out, blank)
	}
	return strings.Join(out, "\n")
}

// ShortHelp returns the keys for the hint bar.
func (m Model) ShortHelp() []key.Binding { return m.keys.ShortHelp() }

// FullHelp returns every key, in columns.
func (m Model) FullHelp() [][]key.Binding { return m.keys.FullHelp() }
