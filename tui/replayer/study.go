package replayer

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// study is study mode's state. Playback pauses on each stop (the clock's
// stops are the stops' first events) and asks before showing the decision;
// at every moment nothing after the cursor is drawn.
type study struct {
	on    bool
	stops []replay.Stop
	// asking is the stop whose question is shown, or -1; revealed the stop
	// whose answer was shown last (reaching it again does not ask).
	asking, revealed int
}

func newStudy(tl *data.Timeline) study {
	return study{on: true, stops: replay.Stops(tl), asking: -1, revealed: -1}
}

// firsts returns the first event of each stop: where the clock pauses.
func (s study) firsts() []int {
	out := make([]int, len(s.stops))
	for i, st := range s.stops {
		out[i] = st.First
	}
	return out
}

// stopAt returns the stop whose first event is i, or -1.
func (s study) stopAt(i int) int {
	for k, st := range s.stops {
		if st.First == i {
			return k
		}
	}
	return -1
}

// arrive starts asking when a paused clock sits on a stop not yet revealed.
func (s *study) arrive(c replay.Clock) {
	if !s.on || c.Playing() {
		return
	}
	cur := c.Event()
	k := s.stopAt(cur)
	if k < 0 || k == s.revealed || !c.Now().Equal(c.Timeline().Events[cur].At) {
		return
	}
	s.asking = k
}

// resumeAt opens a study session where a group left off: at the first stop
// at or after t, asking, with the stops before it counted as revealed
// (after the last stop, at the last one). A stop is never skipped: the
// cursor never rests past one that has not been revealed.
func (m *Model) resumeAt(t time.Time) {
	stops := m.study.stops
	if len(stops) == 0 {
		return
	}
	k := len(stops) - 1
	for i, st := range stops {
		if !m.tl.Events[st.First].At.Before(t) {
			k = i
			break
		}
	}
	cur, _ := m.clock.ToEvent(stops[k].First)
	m.clock = m.clock.With(cur).Pause()
	m.study.asking, m.study.revealed = -1, k-1
}

// limit returns how many events, from the first, may be drawn when the
// current event is cur of n: all outside study mode; up to the cursor in
// it, and none of the stop's own events while it asks.
func (s study) limit(cur, n int) int {
	switch {
	case !s.on:
		return n
	case s.asking >= 0:
		return s.stops[s.asking].First
	}
	return min(n, cur+1)
}

// toggleStudy turns study mode on (from the current moment: a stop under
// the cursor asks) or off.
func (m Model) toggleStudy() (Model, tea.Cmd) {
	if m.study.on {
		m.study = study{asking: -1, revealed: -1}
		m.clock = m.clock.WithStops(nil)
	} else {
		m.study = newStudy(m.tl)
		m.clock = m.clock.WithStops(m.study.firsts())
		m.clock = m.clock.Pause()
		m.gen++
		m.study.arrive(m.clock)
	}
	m.rebuild()
	return m, nil
}

// studyKey handles the moving keys in study mode: nothing jumps ahead (no
// end, no stage keys), and while a stop asks only its answer, or the stop
// before, moves on.
func (m Model) studyKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.keys
	asking := m.study.asking >= 0
	switch {
	case asking && key.Matches(msg, k.Reveal):
		return m.reveal()
	case key.Matches(msg, k.Prev):
		return m.askAgain()
	case asking, key.Matches(msg, k.End), key.Matches(msg, k.Stage):
		return m, nil
	}
	// Play, next, forward, back, speed and start as ever: the clock's
	// Guard (setClock) ends any move forward on the first stop it reaches.
	return m.moveKey(msg)
}

// revealHold is how long a revealed answer rests before playback moves on,
// at any speed: long enough to read its title and outcome.
const revealHold = 2 * DefaultDwell

// reveal shows the asked stop's decision and plays on to the next stop,
// resting on the answer first.
func (m Model) reveal() (Model, tea.Cmd) {
	k := m.study.asking
	m.study.asking, m.study.revealed = -1, k
	cur, _ := m.clock.ToEvent(m.study.stops[k].First)
	c := m.clock.With(cur).Play().HoldFor(revealHold)
	return m.setClock(c)
}

// askAgain goes back to the previous stop (from a stop that asks) or to
// the last one passed, and asks its question again.
func (m Model) askAgain() (Model, tea.Cmd) {
	k := m.study.asking - 1
	if m.study.asking < 0 {
		k = -1
		for i, st := range m.study.stops {
			if st.First <= m.clock.Event() {
				k = i
			}
		}
	}
	if k < 0 {
		return m, nil
	}
	m.study.asking, m.study.revealed = k, k-1
	cur, _ := m.clock.ToEvent(m.study.stops[k].First)
	return m.setClock(m.clock.With(cur).Pause())
}
