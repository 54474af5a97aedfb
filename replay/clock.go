package replay

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// Speeds are the playback speeds, slowest first: incident time per unit of
// wall time. At 600× a three-hour incident plays in 18 seconds.
var Speeds = []int{1, 10, 60, 300, 600}

// DefaultSpeed is the speed used when none is chosen.
const DefaultSpeed = 60

// ValidSpeed reports whether n is one of Speeds.
func ValidSpeed(n int) bool { return slices.Contains(Speeds, n) }

// Clock plays a Cursor: it adds a play state and a speed. Like Cursor it is a
// value, and it never reads the wall clock: the caller measures wall time
// and passes it to Advance.
type Clock struct {
	Cursor
	playing bool
	speed   int // index into Speeds
	// dwell is the wall time spent on each event while playing; hold what
	// is left of it on the current one.
	dwell, hold time.Duration
	stops       *stopSet
}

// NewClock returns a paused clock at the start of tl. speed is one of Speeds;
// 0 means DefaultSpeed, and any other value the nearest of Speeds.
func NewClock(tl *data.Timeline, speed int) Clock {
	return Clock{Cursor: NewCursor(tl), speed: speedIndex(speed)}
}

func speedIndex(speed int) int {
	if speed == 0 {
		speed = DefaultSpeed
	}
	best := 0
	for i, s := range Speeds {
		if abs(s-speed) < abs(Speeds[best]-speed) {
			best = i
		}
	}
	return best
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Playing reports whether the clock is playing.
func (c Clock) Playing() bool { return c.playing }

// Speed returns the current speed, one of Speeds.
func (c Clock) Speed() int { return Speeds[c.speed] }

// Play starts playback. At the end of the timeline it starts again from the
// start, since there is nothing left to play.
func (c Clock) Play() Clock {
	if c.AtEnd() {
		if c.Total() == 0 {
			return c
		}
		c.Cursor = c.ToStart()
	}
	c.playing = true
	return c
}

// Pause stops playback.
func (c Clock) Pause() Clock {
	c.playing = false
	c.hold = 0
	return c
}

// Toggle plays a paused clock and pauses a playing one.
func (c Clock) Toggle() Clock {
	if c.playing {
		return c.Pause()
	}
	return c.Play()
}

// Faster steps to the next faster speed; false when already at the fastest.
func (c Clock) Faster() (Clock, bool) {
	if c.speed+1 >= len(Speeds) {
		return c, false
	}
	c.speed++
	return c, true
}

// Slower steps to the next slower speed; false when already at the slowest.
func (c Clock) Slower() (Clock, bool) {
	if c.speed == 0 {
		return c, false
	}
	c.speed--
	return c, true
}

// With returns the clock with its cursor replaced by cur (after a step, a
// seek or a jump), keeping the play state and speed.
func (c Clock) With(cur Cursor) Clock {
	c.Cursor = cur
	c.hold = 0
	if c.AtEnd() {
		c.playing = false
	}
	return c
}

// ParseAt parses a wall-clock time "HH:MM" (or "HH:MM:SS") in the timeline's
// zone and returns the first moment of the timeline showing that time. A
// time outside the timeline's span is an error naming the span.
func ParseAt(tl *data.Timeline, s string) (time.Time, error) {
	if tl == nil {
		return time.Time{}, fmt.Errorf("invalid time %q: no timeline", s)
	}
	var clock time.Time
	var err error
	s = strings.TrimSpace(s)
	for _, layout := range []string{"15:04", "15:04:05"} {
		if clock, err = time.Parse(layout, s); err == nil {
			break
		}
	}
	if err != nil {
		return time.Time{}, fmt.Errorf("invalid time %q (want HH:MM)", s)
	}
	loc := tl.Location()
	start := tl.Start.In(loc)
	end := tl.End.In(loc)
	for day := start; !day.After(end.AddDate(0, 0, 1)); day = day.AddDate(0, 0, 1) {
		t := time.Date(day.Year(), day.Month(), day.Day(), clock.Hour(), clock.Minute(), clock.Second(), 0, loc)
		if t.Before(start) {
			continue
		}
		if t.After(end) {
			break
		}
		return t, nil
	}
	return time.Time{}, fmt.Errorf("time %s is outside the timeline (%s–%s)",
		s, start.Format("15:04"), end.Format("15:04 MST"))
}
