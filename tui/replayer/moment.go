package replayer

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/heatmap"
)

// Moment returns the replayer's moment.
func (m Model) Moment() Moment {
	mo := Moment{
		At: m.clock.Now(), Event: m.clock.Event(), Playing: m.clock.Playing(),
		Speed: m.clock.Speed(), Heatmap: m.heatmap,
		Study: m.study.on, Asking: m.study.asking, Revealed: m.study.revealed,
		Present: m.present, OverlayOn: m.overlay.on, Keys: m.overlay.text(),
	}
	if m.tl != nil {
		mo.Clock = m.moment(false).clock
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
// the play state and speed, the heatmap, study mode with its question or
// answer, presenter mode and the keystroke overlay. It schedules no tick:
// a follower's clock moves only when the presenter's moment arrives, so
// the two never drift apart; Resume starts the replayer's own ticks again.
// A tick already in flight is dropped.
func (m *Model) ApplyMoment(mo Moment) {
	if m.tl == nil {
		return
	}
	m.gen++
	m.mirrored = true
	layoutChanged := m.applyModes(mo)
	cur := m.clock.Seek(mo.At)
	if mo.Event >= 0 && mo.Event < len(m.tl.Events) && m.tl.Events[mo.Event].At.Equal(cur.Now()) {
		cur, _ = cur.ToEvent(mo.Event)
	}
	c := m.clock.With(cur)
	for c.Speed() < mo.Speed {
		var ok bool
		if c, ok = c.Faster(); !ok {
			break
		}
	}
	for c.Speed() > mo.Speed {
		var ok bool
		if c, ok = c.Slower(); !ok {
			break
		}
	}
	switch {
	case mo.Playing && !c.Playing() && !c.AtEnd():
		c = c.Play()
	case !mo.Playing:
		c = c.Pause()
	}
	if m.study.on {
		m.study.asking, m.study.revealed = mo.Asking, mo.Revealed
	}
	m.clock = c
	m.notice = ""
	m.settle()
	if m.study.on {
		m.study.asking = mo.Asking // settle may start asking; the presenter decides
	}
	if layoutChanged {
		m.rebuild()
		return
	}
	m.refresh()
}

// applyModes takes mo's study, presenter, overlay and heatmap modes, and
// reports whether the layout changes with them.
func (m *Model) applyModes(mo Moment) bool {
	changed := false
	if mo.Study != m.study.on {
		m.study = study{asking: -1, revealed: -1}
		m.clock = m.clock.WithStops(nil)
		if mo.Study {
			m.study = newStudy(m.tl)
			m.clock = m.clock.WithStops(m.study.firsts())
		}
		changed = true
	}
	if mo.Present != m.present || mo.OverlayOn != m.overlay.on {
		m.present, m.overlay.on = mo.Present, mo.OverlayOn
		changed = true
	}
	m.overlay.entries = nil
	if k := strings.TrimPrefix(mo.Keys, "⌨ "); k != "" {
		m.overlay.entries = []shownKey{{label: k, n: 1}}
	}
	if mo.Heatmap != m.heatmap && (!mo.Heatmap || heatmap.HasInstances(m.tl)) {
		m.heatmap = mo.Heatmap
	}
	return changed
}

// Resume hands the replayer back to its own keys after following someone
// else's moments, and starts its own ticks again when it is playing.
func (m *Model) Resume() tea.Cmd {
	m.gen++
	m.mirrored = false
	return m.Init()
}

// momentWords is a moment as every place that writes one writes it: the
// header and the presenter's clock, the copied Markdown (`y`) and the
// Moment a meeting's followers see.
type momentWords struct {
	// digits is the time of day, "14:15", for the presenter's big clock;
	// clock adds the zone, seconds when asked and a later day
	// ("14:15 PDT", "14:15:07 PDT +1d"); elapsed is the time since the
	// start, "2:15".
	digits, clock, elapsed string
}

// momentOf writes moment t of tl. The clock and the elapsed time count
// whole minutes of the same instant (the elapsed time is the minutes
// between the start's clock and t's), so they agree on the screen, in
// the copy and for a follower, and change on the same tick even when the
// timeline starts between two minutes.
func momentOf(tl *data.Timeline, t time.Time, seconds bool) momentWords {
	return momentWords{
		digits:  t.In(tl.Location()).Format("15:04"),
		clock:   clockText(tl, t, seconds),
		elapsed: hm(t.Truncate(time.Minute).Sub(tl.Start.Truncate(time.Minute))),
	}
}

// moment is the replayer's current moment, written: the clock's, also at
// a study stop, where the figures are drawn from just before it.
func (m Model) moment(seconds bool) momentWords {
	return momentOf(m.tl, m.clock.Now(), seconds)
}
