package replay

import (
	"slices"
	"time"
)

// This file holds what playback adds to a plain clock: a dwell on each
// event, so that events of the same minute are each shown for a readable
// moment, and stops, events before which playback pauses (study mode).

// DwellUpTo is the fastest speed at which a dwell applies: faster speeds
// are for skimming, and skip through same-minute events.
const DwellUpTo = 60

// stopSet is the sorted event indices a clock pauses at. It is shared by
// pointer and never changed, so a Clock stays comparable.
type stopSet struct{ idx []int }

// WithDwell returns the clock with a dwell of d wall time on each event it
// reaches while playing at DwellUpTo or slower; 0 turns the dwell off.
func (c Clock) WithDwell(d time.Duration) Clock {
	c.dwell = max(d, 0)
	c.hold = min(c.hold, c.dwell)
	return c
}

// Dwell returns the dwell set by WithDwell.
func (c Clock) Dwell() time.Duration { return c.dwell }

// Holding reports whether the clock is dwelling on an event.
func (c Clock) Holding() bool { return c.hold > 0 }

// WithStops returns the clock with playback pausing when it reaches any of
// the events with the given indices (into Timeline().Events); nil removes
// the stops. A clock pinned on a stop plays on from it.
func (c Clock) WithStops(idx []int) Clock {
	if len(idx) == 0 {
		c.stops = nil
		return c
	}
	s := slices.Clone(idx)
	slices.Sort(s)
	c.stops = &stopSet{idx: slices.Compact(s)}
	return c
}

// IsStop reports whether event i is one of the clock's stops.
func (c Clock) IsStop(i int) bool {
	if c.stops == nil {
		return false
	}
	_, ok := slices.BinarySearch(c.stops.idx, i)
	return ok
}

func (c Clock) dwells() bool { return c.dwell > 0 && Speeds[c.speed] <= DwellUpTo }

// Advance moves a playing clock by wall × Speed of incident time. On the
// way it stops on every event for the dwell (at DwellUpTo or slower), and
// pauses on a stop. It pauses at the end. A paused clock, or a negative
// wall time, is left as is.
func (c Clock) Advance(wall time.Duration) Clock {
	if !c.playing || wall <= 0 {
		return c
	}
	speed := time.Duration(Speeds[c.speed])
	for wall > 0 && c.playing {
		if c.hold > 0 {
			use := min(wall, c.hold)
			c.hold -= use
			wall -= use
			continue
		}
		next := c.nextIndex()
		if next < 0 || !c.dwells() && c.stops == nil {
			c.Cursor = c.Step(wall * speed)
			break
		}
		need := (c.events()[next].At.Sub(c.now) + speed - 1) / speed
		if need > wall {
			c.Cursor = c.Step(wall * speed)
			break
		}
		wall -= need
		c.Cursor = c.toEvent(next)
		if c.IsStop(next) {
			c.playing = false
			break
		}
		if c.dwells() {
			c.hold = c.dwell
		}
	}
	if c.AtEnd() && c.hold == 0 {
		c.playing = false
	}
	return c
}

// SeekFirst moves to t, and onto the first event in [t, t+within) when
// there is one: `--at 14:18` shows the first event of that minute, not the
// last one at 14:18:00.
func (c Cursor) SeekFirst(t time.Time, within time.Duration) Cursor {
	c = c.Seek(t)
	for i, e := range c.events() {
		if !e.At.Before(c.now) && e.At.Before(c.now.Add(within)) {
			return c.toEvent(i)
		}
		if !e.At.Before(c.now.Add(within)) {
			break
		}
	}
	return c
}

// HoldFor rests on the current moment for d of wall time before playback
// moves on, whatever the speed (study mode's reveal shows the answer
// before playing on).
func (c Clock) HoldFor(d time.Duration) Clock {
	c.hold = max(d, 0)
	return c
}

// Guard returns next, a move of c, held at the first of c's stops that the
// move reaches or passes going forward: whatever moved it (a key, a jump, a
// tick), a cursor that would come to or go beyond a stop ends on that stop,
// paused. A move back, one that stays before the next stop, and every move
// of a clock without stops are returned as they are.
func (c Clock) Guard(next Clock) Clock {
	if c.stops == nil {
		return next
	}
	from, to := c.Event(), next.Event()
	for _, s := range c.stops.idx {
		if s <= from {
			continue
		}
		if s > to || s >= len(next.events()) {
			break
		}
		next.Cursor = next.toEvent(s)
		next.playing, next.hold = false, 0
		return next
	}
	return next
}
