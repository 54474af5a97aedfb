package tui

import (
	"github.com/incidents-dev/incidents/tui/mirror"
)

// BoardMsg brings the room's board (predictions, pointer, hands) to a
// presenter or a participant: every screen on the stack that takes part
// in the room (mirror.Roomer) gets it.
type BoardMsg struct{ Board mirror.Board }

// Board is the room's board, as last received.
type Board = mirror.Board

// Contribution is what an App gives the room (see mirror.Contribution).
type Contribution = mirror.Contribution

// Contribution returns what the screen on top gives the room: a
// prediction, a raised hand, a pointer, an acknowledgement. An App alone,
// or whose top screen takes no part, gives nothing.
func (a App) Contribution() Contribution {
	if a.room.role == Alone {
		return Contribution{Stop: -1}
	}
	if r, ok := a.top().(mirror.Roomer); ok {
		return r.Contribution()
	}
	return Contribution{Stop: -1}
}

// takeBoard gives b to every screen on the stack that takes part in the
// room, and keeps it for the screens opened later.
func (a *App) takeBoard(b Board) {
	a.room.board = &b
	a.boardScreens()
	a.layout()
}

// boardScreens gives the kept board to the screens on the stack.
func (a *App) boardScreens() {
	if a.room.board == nil {
		return
	}
	for _, s := range a.stack {
		if r, ok := s.(mirror.Roomer); ok {
			r.SetBoard(*a.room.board)
		}
	}
}
