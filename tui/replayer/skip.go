package replayer

import (
	"fmt"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// Playback skips quiet stretches: a gap between events that would play
// for more than quietWall of wall time at the current speed (a week of
// IX-0006 is almost three hours at 60×) is jumped over, to skipLead of
// wall time before the next event, and the header says what was skipped.
// Stepping and seeking still reach every minute of it.

const (
	// quietWall is the longest wall time playback spends on a stretch
	// with no events before it skips.
	quietWall = 20 * time.Second
	// skipLead is the wall time left to play before the next event after
	// a skip, so the reader sees the clock arrive at it.
	skipLead = 3 * time.Second
)

// skipQuiet returns c, a playing clock, moved to skipLead before its next
// event when the gap to it is longer than quietWall at its speed, and how
// much incident time it skipped (0: none).
func skipQuiet(c replay.Clock) (replay.Clock, time.Duration) {
	if !c.Playing() || c.Holding() {
		return c, 0
	}
	next, ok := c.Next()
	if !ok {
		return c, 0
	}
	speed := time.Duration(c.Speed())
	gap := next.Now().Sub(c.Now())
	if gap <= quietWall*speed {
		return c, 0
	}
	to := next.Now().Add(-skipLead * speed)
	return c.With(c.Seek(to)), to.Sub(c.Now())
}

// skipNotice says that playback skipped d, in its two largest units:
// "skipped 33d 16h with no events", "2d" rather than "2d 0h".
func skipNotice(d time.Duration, l data.Lang) string {
	ps := strings.Fields(i18n.Duration(d, l))
	ps = ps[:min(len(ps), 2)]
	if len(ps) == 2 && strings.HasPrefix(ps[1], "0") {
		ps = ps[:1]
	}
	return fmt.Sprintf(findWords.skipped.In(l), strings.Join(ps, " "))
}

// onSkip installs a clock moved by skipQuiet, with its notice, and drops
// the notice once playback reaches the next event.
func (m *Model) onSkip(before int, skipped time.Duration) {
	switch {
	case skipped > 0:
		m.notice = skipNotice(skipped, m.lang)
		m.skipText = m.notice
	case m.skipText != "" && m.clock.Event() != before:
		if m.notice == m.skipText {
			m.notice = ""
		}
		m.skipText = ""
	}
}
