package mirror

import "time"

// Target is the kind of thing someone in a meeting points at.
type Target int

const (
	// Nothing is no pointer.
	Nothing Target = iota
	// Event is one event of the timeline (Pointer.Event).
	Event
	// Column is one minute of one sparkline (Pointer.Series at
	// Pointer.At).
	Column
	// Cell is one cell of the per-instance heatmap (row Pointer.Row at
	// Pointer.At).
	Cell
)

// String names the target.
func (t Target) String() string {
	switch t {
	case Event:
		return "event"
	case Column:
		return "column"
	case Cell:
		return "cell"
	case Nothing:
	}
	return "nothing"
}

// Pointer is what someone points at: the thing itself (an event's index, a
// series and a minute, an instance and a minute), never a place on a
// screen, so that each screen shows it in its own layout and language. It
// is comparable.
type Pointer struct {
	On     Target
	Event  int
	Series string
	Row    int
	At     time.Time
}

// Prediction is one participant's prediction at a study stop, by name.
type Prediction struct {
	Name, Text string
}

// Board is what the room shares beside the presenter's screen: how many
// have predicted at the stop that asks (not what), the predictions of the
// stop last revealed with names, the pointer, and the raised hands. The
// serving front end keeps it and sends it to every screen.
type Board struct {
	// Incident is the incident the stops are of.
	Incident string
	// Asking is the stop that asks (-1: none) and Answered how many
	// participants have predicted there; People how many are in the room.
	Asking, Answered, People int
	// Revealed is the stop whose Predictions these are (-1: none): they
	// are sent only once the presenter has revealed it.
	Revealed    int
	Predictions []Prediction
	// Pointer is what is pointed at, and PointedBy by whom ("" for the
	// presenter).
	Pointer   Pointer
	PointedBy string
	// Hands are the names of those whose hand is raised, in order.
	Hands []string
	// LetPoint says the presenter lets participants point.
	LetPoint bool
	// Presenting says this copy of the board is the presenter's.
	Presenting bool
}

// Contribution is what one screen gives the room: its prediction at a
// stop, a raised hand, a pointer, and, from the presenter, an
// acknowledgement of the hands and whether participants may point. The
// counters (Hand, Point, Ack) grow by one for each key pressed, so that
// the front end sees each press once however often it reads them.
type Contribution struct {
	// Incident and Stop say which stop Prediction answers (Stop -1: none).
	Incident   string
	Stop       int
	Prediction string
	// Hand counts the raised-hand key presses.
	Hand int
	// Point counts the pointer's moves; Pointer is where it is now.
	Point   int
	Pointer Pointer
	// Ack counts the presenter's acknowledgements of the hands.
	Ack int
	// LetPoint is the presenter's permission for participants to point.
	LetPoint bool
}

// Roomer is a screen that takes part in the room beyond mirroring: it
// shows the Board and gives its Contribution. The root asks every screen
// on its stack through it, never which kind it is.
type Roomer interface {
	// SetBoard gives the screen the room's latest board.
	SetBoard(b Board)
	// Contribution returns what the screen gives the room now.
	Contribution() Contribution
}
