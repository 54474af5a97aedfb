package replay

import (
	"time"

	"github.com/incidents-dev/incidents/data"
)

// Cursor is a position on a timeline: the current moment and the current
// event. It is a value; every move returns a new Cursor and leaves the
// timeline untouched.
//
// The current event is the last event at or before the current moment. When
// several events share a timestamp, stepping with Next and Prev visits each of
// them in turn; the cursor remembers which one it stopped on.
type Cursor struct {
	tl         *data.Timeline
	start, end time.Time
	now        time.Time
	// pin is the index of the event Next or Prev stopped on, or -1. It only
	// counts while the event's time equals now.
	pin int
}

// NewCursor returns a cursor at the start of tl. A nil timeline gives an
// empty cursor at the zero time; an end before the start is taken as the
// start, so the span is never negative.
func NewCursor(tl *data.Timeline) Cursor {
	c := Cursor{tl: tl, pin: -1}
	if tl == nil {
		return c
	}
	c.start, c.end = tl.Start, tl.End
	if c.end.Before(c.start) {
		c.end = c.start
	}
	c.now = c.start
	return c
}

// Timeline returns the timeline the cursor moves over (possibly nil).
func (c Cursor) Timeline() *data.Timeline { return c.tl }

// Now returns the current moment.
func (c Cursor) Now() time.Time { return c.now }

// Start returns the start of the timeline.
func (c Cursor) Start() time.Time { return c.start }

// End returns the end of the timeline (never before Start).
func (c Cursor) End() time.Time { return c.end }

// Elapsed returns the time from the start to the current moment.
func (c Cursor) Elapsed() time.Duration { return c.now.Sub(c.start) }

// Total returns the span of the timeline.
func (c Cursor) Total() time.Duration { return c.end.Sub(c.start) }

// AtStart reports whether the cursor is at the start of the timeline.
func (c Cursor) AtStart() bool { return !c.now.After(c.start) }

// AtEnd reports whether the cursor is at the end of the timeline.
func (c Cursor) AtEnd() bool { return !c.now.Before(c.end) }

// Seek moves to t, clamped to [Start, End].
func (c Cursor) Seek(t time.Time) Cursor {
	switch {
	case t.Before(c.start):
		t = c.start
	case t.After(c.end):
		t = c.end
	}
	c.now = t
	c.pin = -1
	return c
}

// Step moves by d (negative moves back), clamped to [Start, End].
func (c Cursor) Step(d time.Duration) Cursor { return c.Seek(c.now.Add(d)) }

// ToStart moves to the start of the timeline.
func (c Cursor) ToStart() Cursor { return c.Seek(c.start) }

// ToEnd moves to the end of the timeline.
func (c Cursor) ToEnd() Cursor { return c.Seek(c.end) }

func (c Cursor) events() []data.Event {
	if c.tl == nil {
		return nil
	}
	return c.tl.Events
}

// Event returns the index in Timeline().Events of the current event: the one
// Next or Prev stopped on, otherwise the last event at or before now. It is
// -1 before the first event and on an empty timeline.
func (c Cursor) Event() int {
	ev := c.events()
	if c.pin >= 0 && c.pin < len(ev) && ev[c.pin].At.Equal(c.now) {
		return c.pin
	}
	cur := -1
	for i, e := range ev {
		if e.At.After(c.now) {
			break
		}
		cur = i
	}
	return cur
}

// HasNext reports whether there is an event after the current one.
func (c Cursor) HasNext() bool { return c.nextIndex() >= 0 }

// HasPrev reports whether there is an event before the current one.
func (c Cursor) HasPrev() bool { return c.Event() > 0 }

// nextIndex returns the event Next moves to, or -1. Events before the
// current moment are skipped (they can only follow the current event when
// the timeline is out of order, which validation rejects).
func (c Cursor) nextIndex() int {
	ev := c.events()
	for i := c.Event() + 1; i < len(ev); i++ {
		if !ev[i].At.Before(c.now) {
			return i
		}
	}
	return -1
}

// Next moves to the event after the current one. At the last event it
// returns c unchanged and false.
func (c Cursor) Next() (Cursor, bool) {
	i := c.nextIndex()
	if i < 0 {
		return c, false
	}
	return c.toEvent(i), true
}

// Prev moves to the event before the current one (not to the start of the
// current event: each press changes the current event, as Next does). At or
// before the first event it returns c unchanged and false.
func (c Cursor) Prev() (Cursor, bool) {
	i := c.Event()
	if i <= 0 {
		return c, false
	}
	return c.toEvent(i - 1), true
}

// ToEvent moves to event i of Timeline().Events; false when i is out of range.
func (c Cursor) ToEvent(i int) (Cursor, bool) {
	if i < 0 || i >= len(c.events()) {
		return c, false
	}
	return c.toEvent(i), true
}

func (c Cursor) toEvent(i int) Cursor {
	c = c.Seek(c.events()[i].At)
	c.pin = i
	return c
}

// Stage returns the index in Timeline().Stages of the current event's stage,
// or -1 before the first event or when the event names no known stage.
func (c Cursor) Stage() int {
	i := c.Event()
	if i < 0 {
		return -1
	}
	return c.tl.StageIndex(c.tl.Events[i].Stage)
}

// StageStart returns the index of the first event of stage s (an index into
// Timeline().Stages), or -1 when the stage has no events.
func (c Cursor) StageStart(s int) int {
	if c.tl == nil || s < 0 || s >= len(c.tl.Stages) {
		return -1
	}
	id := c.tl.Stages[s].ID
	for i, e := range c.tl.Events {
		if e.Stage == id {
			return i
		}
	}
	return -1
}

// JumpStage moves to the first event of stage s (0-based: the key 1 is
// stage 0). It returns c unchanged and false when there is no such stage or
// the stage has no events.
func (c Cursor) JumpStage(s int) (Cursor, bool) {
	i := c.StageStart(s)
	if i < 0 {
		return c, false
	}
	return c.toEvent(i), true
}
