package replayer

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/widget"
)

// The header line: the incident and the moment, every field padded so
// nothing moves while the clock runs.

func (m Model) title() string {
	if m.rec == nil {
		if m.tl != nil {
			return m.tl.Incident
		}
		return ""
	}
	return m.rec.ID + "  " + pick(m.rec.Title, m.lang, " / ")
}

// minTitleW is the least room the header keeps for the title or a notice
// before it drops the total: a notice cut after a dozen cells says
// nothing.
const minTitleW = 30

// headerRight is the header's right part: clock, elapsed time, play state
// and speed, every field padded to its widest, so nothing moves as the
// clock runs or the speed changes. short drops the total.
func (m Model) headerRight(short bool) (clock, el, state string) {
	c := m.clock
	mo := m.moment(c.Speed() <= 10)
	clock = layout.Fit(mo.clock, m.cache.clockW)
	total := m.totalText()
	tw := lipgloss.Width(total)
	el = "T+" + widget.PadLeft(m.elapsedText(mo), tw)
	if !short && !m.study.on { // in study mode the length tells how far is left
		el += " " + words.of.In(m.lang) + " " + total
	}
	word := words.paused.In(m.lang)
	if c.Playing() {
		word = words.playing.In(m.lang)
	}
	mark := stateMark(c.Playing())
	state = fmt.Sprintf("%s %s %3d×", mark, layout.Fit(word, m.cache.stateW), c.Speed())
	return clock, el, state
}

// header is the top line: id and title at the left (or a notice such as a
// bad --at), and the clock, elapsed time, play state and speed at the right.
// The fields have fixed widths, so the title's room depends on the width
// alone; under that the total goes first, then the title.
func (m Model) header(f frame) string {
	p := m.cache.p
	clock, el, state := m.headerRight(false)
	rw := lipgloss.Width(clock) + 2 + lipgloss.Width(el) + 2 + lipgloss.Width(state)
	if rw+minTitleW > m.width {
		clock, el, state = m.headerRight(true)
		rw = lipgloss.Width(clock) + 2 + lipgloss.Width(el) + 2 + lipgloss.Width(state)
	}
	if rw > m.width {
		return layout.Truncate(clock+"  "+el+"  "+state, m.width)
	}
	right := p.clock.Paint(clock) + "  " + p.faint.Paint(el) + "  " + p.state.Paint(state)
	left, lp := m.title(), p.header
	if m.notice != "" {
		left, lp = m.notice, p.notice
	}
	left = m.hypMark() + left
	room := m.width - rw - 2
	if room < 10 {
		return strings.Repeat(" ", m.width-rw) + right
	}
	return lp.Paint(layout.Fit(left, room)) + "  " + right
}

// totalText is the timeline's length as h:mm, or, for a span too long for
// a time.Duration (about 292 years: only hostile files have one), the
// span counted from its times by the formatter every screen uses.
func (m Model) totalText() string {
	if m.tl != nil && m.tl.End.Sub(m.tl.Start) == time.Duration(math.MaxInt64) {
		return i18n.Span(m.tl.Start, m.tl.End, m.lang)
	}
	return spanText(m.tl, m.clock.Total(), m.lang)
}

// elapsedText is the time since the start of mo, in days and h:mm on a
// timeline that spans days.
func (m Model) elapsedText(mo momentWords) string {
	if !multiDay(m.tl) {
		return mo.elapsed
	}
	t := m.clock.Now()
	return spanText(m.tl, t.Truncate(time.Minute).Sub(m.tl.Start.Truncate(time.Minute)), m.lang)
}

// hm writes d as hours and minutes, "0:52", "3:17".
func hm(d time.Duration) string {
	d = max(d, 0)
	return fmt.Sprintf("%d:%02d", int(d/time.Hour), int(d%time.Hour/time.Minute))
}
