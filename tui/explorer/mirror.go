package explorer

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/mirror"
)

// Share returns the list's state for a meeting's followers: its search
// (one line, sanitised) and the selected incident.
func (m Model) Share() mirror.State {
	s := mirror.State{Screen: mirror.List, Query: data.OneLine(m.Query())}
	if r := m.Selected(); r != nil {
		s.Incident = r.ID
	}
	return s
}

// Mirror shows the presenter's search with s.Incident selected (see
// Follow). For a record or a replay the presenter opened, open is the
// message that opens it, as enter or r would.
func (m *Model) Mirror(s mirror.State) (cmd tea.Cmd, open tea.Msg, ok bool) {
	cmd = m.Follow(s.Query, s.Incident)
	switch s.Screen {
	case mirror.Record:
		open = OpenMsg{ID: s.Incident}
	case mirror.Replay:
		open = ReplayMsg{ID: s.Incident}
	}
	return cmd, open, true
}

// Resume has nothing to restart.
func (m *Model) Resume() tea.Cmd { return nil }

// Passive is empty: moving in the list moves nobody else's.
func (m Model) Passive() []key.Binding { return nil }
