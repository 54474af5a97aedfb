package replayer

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/tui/mirror"
)

// Moment is the part of a replayer that a meeting's followers mirror
// (mirror.Moment): its fields are written by Moment and taken by
// ApplyMoment.
type Moment = mirror.Moment

// Share returns the replayer's state for a meeting's followers: the
// incident and its moment.
func (m Model) Share() mirror.State {
	mo := m.Moment()
	return mirror.State{Screen: mirror.Replay, Incident: mo.Incident, Moment: mo}
}

// Mirror moves the replayer to the presenter's moment when s is a replay
// of the same incident; ok is false otherwise. It schedules no tick (see
// ApplyMoment).
func (m *Model) Mirror(s mirror.State) (cmd tea.Cmd, open tea.Msg, ok bool) {
	if s.Screen != mirror.Replay || m.Moment().Incident != s.Incident {
		return nil, nil, false
	}
	m.ApplyMoment(s.Moment)
	return nil, nil, true
}

// Passive are the meeting's keys a following participant may use, when
// they are enabled: predict at a stop that asks, raise a hand, and point
// when the presenter lets participants. Every other key of the replayer
// moves the moment.
func (m Model) Passive() []key.Binding {
	if !m.room.in {
		return nil
	}
	var out []key.Binding
	for _, b := range []key.Binding{m.keys.Answer, m.keys.Hand, m.keys.Point} {
		if b.Enabled() {
			out = append(out, b)
		}
	}
	return out
}
