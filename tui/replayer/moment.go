package replayer

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/incidents-dev/incidents/replay"
)

// Moment is the part of a replayer that a meeting's followers mirror: which
// incident, where the clock stands, whether it plays and how fast, and the
// panel shown in place of the sparklines. Language, size and scroll are
// not part of it: each reader keeps their own. It is a small value, cheap
// to copy to every follower after each of the presenter's updates.
type Moment struct {
	// Incident is the id of the incident replayed.
	Incident string
	// At is the clock's moment, in the timeline's zone.
	At time.Time
	// Event is the event the cursor stopped on (several can share one
	// minute), or -1 for the last event at or before At.
	Event int
	// Playing and Speed are the play state and speed (one of replay.Speeds).
	Playing bool
	Speed   int
	// Heatmap says the per-instance heatmap is shown.
	Heatmap bool
	// Clock is At as the replayer's header writes it ("12:47 PDT"), for
	// telling a reader where the presenter is.
	Clock string
}

// Moment returns the replayer's moment.
func (m Model) Moment() Moment {
	mo := Moment{
		At: m.clock.Now(), Event: m.clock.Event(), Playing: m.clock.Playing(),
		Speed: m.clock.Speed(), Heatmap: m.heatmap,
	}
	if m.tl != nil {
		mo.Clock = clockText(m.tl, mo.At, false)
	}
	switch {
	case m.rec != nil:
		mo.Incident = m.rec.ID
	case m.tl != nil:
		mo.Incident = m.tl.Incident
	}
	return mo
}

// ApplyMoment moves the replayer to mo (of the same incident): the clock,
// the play state, the speed and the heatmap. It schedules no tick: a
// follower's clock moves only when the presenter's moment arrives, so the
// two never drift apart; Resume starts the replayer's own ticks again. A
// tick already in flight is dropped.
func (m *Model) ApplyMoment(mo Moment) {
	if m.tl == nil {
		return
	}
	cur := m.clock.Seek(mo.At)
	if mo.Event >= 0 && mo.Event < len(m.tl.Events) && m.tl.Events[mo.Event].At.Equal(cur.Now()) {
		cur, _ = cur.ToEvent(mo.Event)
	}
	c := replay.NewClock(m.tl, mo.Speed).With(cur)
	if mo.Playing && !c.AtEnd() {
		c = c.Play()
	}
	m.gen++
	if c != m.clock {
		m.clock = c
		m.notice = ""
		m.refresh()
	}
	if mo.Heatmap != m.heatmap && (!mo.Heatmap || hasInstances(m.tl)) {
		m.heatmap = mo.Heatmap
		m.refresh()
	}
}

// Resume starts the replayer's own ticks when it is playing (after
// following someone else's moments); it does nothing when paused.
func (m *Model) Resume() tea.Cmd {
	m.gen++
	return m.Init()
}
