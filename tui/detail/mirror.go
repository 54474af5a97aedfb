package detail

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/mirror"
)

// mirrorWords are the words of the keys a following follower keeps.
var mirrorWords = i18n.Register("mirror-detail", &struct{ keyScroll i18n.Word }{
	keyScroll: i18n.W("scroll", "스크롤"),
})

// Share returns the record shown, for a meeting's followers.
func (m Model) Share() mirror.State {
	s := mirror.State{Screen: mirror.Record}
	if m.rec != nil {
		s.Incident = m.rec.ID
	}
	return s
}

// Mirror keeps the record, and its scroll, when s is the same record's
// detail; ok is false otherwise.
func (m *Model) Mirror(s mirror.State) (cmd tea.Cmd, open tea.Msg, ok bool) {
	return nil, nil, s.Screen == mirror.Record && m.rec != nil && m.rec.ID == s.Incident
}

// Resume has nothing to restart: a record does not play.
func (m *Model) Resume() tea.Cmd { return nil }

// Passive is scrolling: each reader scrolls the presenter's record at
// their own size.
func (m Model) Passive() []key.Binding {
	return []key.Binding{key.NewBinding(key.WithKeys("up", "down", "j", "k", "pgup", "pgdown"),
		key.WithHelp("↑↓", mirrorWords.keyScroll.In(m.opts.Lang)))}
}
