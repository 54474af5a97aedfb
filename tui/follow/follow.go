// Package follow is a meeting follower's key filter: a small model around
// the follower's tui.App that lets through, while it follows the
// presenter, only the keys that change nobody's moment (help, language,
// time zone, quit, scrolling a record), and turns `f` into following or browsing
// alone. Browsing alone, every key is the follower's own.
package follow

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/tui"
	"github.com/incidents-dev/incidents/tui/mirror"
)

// Model is a follower's App behind the key filter. It is a tea.Model.
type Model struct {
	app    tui.App
	keys   tui.KeyMap
	follow key.Binding
}

// New wraps app, a tui.Follower App.
func New(app tui.App) Model {
	return Model{app: app, keys: tui.DefaultKeyMap(), follow: mirror.FollowKey()}
}

// App returns the wrapped App.
func (m Model) App() tui.App { return m.app }

// Following reports whether the follower mirrors the presenter now.
func (m Model) Following() bool { return m.app.Following() }

// Init runs the App's first command.
func (m Model) Init() tea.Cmd { return m.app.Init() }

// View draws the App.
func (m Model) View() string { return m.app.View() }

// Update filters a key and passes every other message to the App.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	k, ok := msg.(tea.KeyMsg)
	if !ok {
		return m.pass(msg)
	}
	if k.Type == tea.KeyRunes && len(k.Runes) > 1 && !k.Paste {
		return m.split(k)
	}
	return m.key(k)
}

// pass hands msg to the App.
func (m Model) pass(msg tea.Msg) (Model, tea.Cmd) {
	a, cmd := m.app.Update(msg)
	m.app = a.(tui.App)
	return m, cmd
}

// split takes typed characters that arrived together one by one, as the
// App does, so that each passes the filter's rules.
func (m Model) split(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	var cmds []tea.Cmd
	for _, r := range msg.Runes {
		var cmd tea.Cmd
		m, cmd = m.key(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt})
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// key handles one key: `f` (or `F`) toggles following; while following,
// only keys that change nobody's moment pass, and back (q) quits, since
// going back would leave the presenter's screen. Browsing alone, a screen
// whose own key is `f` (the list's filters) keeps it, and `F` rejoins.
func (m Model) key(msg tea.KeyMsg) (Model, tea.Cmd) {
	focus := m.app.Focused()
	following := m.app.Following()
	switch {
	case key.Matches(msg, m.keys.Quit):
	case focus.Typing: // a prediction typed, or a pointer moved, while following
	case !following && key.Matches(msg, focus.Own...):
	case key.Matches(msg, m.follow):
		return m.pass(tui.FollowMsg{})
	case !following:
	case key.Matches(msg, m.keys.Help), key.Matches(msg, m.keys.Lang), key.Matches(msg, m.keys.Zone):
	case key.Matches(msg, m.keys.Back):
		return m, tea.Quit
	case key.Matches(msg, focus.Passive...):
	default:
		return m.pass(tui.RefusedMsg{})
	}
	return m.pass(msg)
}
