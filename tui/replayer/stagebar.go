package replayer

import (
	"math"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/tui/widget"
)

// stageBarAt returns the stage bar for the frame: cached outside study
// mode; in it drawn for the moment, with the stages not finished yet left
// unnamed (a stage's title can say how it ended: "Restarts that did not
// hold").
func (m Model) stageBarAt(f frame) string {
	c := m.cache
	s := -1
	if f.event >= 0 {
		s = m.tl.StageIndex(m.tl.Events[f.event].Stage)
	}
	if !f.study {
		return c.stageBars[s+1]
	}
	// Right of the cursor nothing is drawn: the stages' widths say how
	// long each lasts and how many follow.
	bar := m.stageBar(c, s, f.limit)
	col := max(0, f.col)
	return ansi.Truncate(bar, col+1, "") + strings.Repeat(" ", max(0, m.width-col-1))
}

// stageBar draws the stage bar with stage cur current; stages whose first
// event is at or after event limit are left blank, and those with any
// event from limit on are numbered but not named.
func (m Model) stageBar(c *frameCache, cur, limit int) string {
	titles := make([]string, len(m.tl.Stages))
	for i, st := range m.tl.Stages {
		if m.stageDone(i, limit) {
			titles[i] = pick(st.Title, m.lang, " / ")
		}
	}
	shown := func(s int) bool { return m.clock.StageStart(s) < limit }
	segs := c.stages
	if cur >= 0 && cur < len(titles) {
		segs = growCurrent(segs, cur, lipgloss.Width(widget.StageLabel(cur, titles[cur], math.MaxInt))+2)
	}
	return widget.StageBar(segs, titles, cur, shown,
		widget.StagePainters{Stage: c.p.stage, Current: c.p.stageCurrent, Rule: c.p.rule})
}

// stageDone reports whether every event of stage s lies before event
// limit, so that study mode may name it.
func (m Model) stageDone(s, limit int) bool {
	id := m.tl.Stages[s].ID
	for i := len(m.tl.Events) - 1; i >= 0; i-- {
		if m.tl.Events[i].Stage == id {
			return i < limit
		}
	}
	return true
}

// stageMinW is the fewest cells growCurrent leaves another stage: its
// number and the separator.
const stageMinW = 3

// growCurrent returns segs with the current stage's segment widened to
// want cells (its bracketed label) where the others can spare them: the
// stage the audience is in is named first, and cells come one by one from
// the widest other stage, none left under stageMinW. The segments keep
// their order and together their width; segs itself is not changed.
func growCurrent(segs []widget.Segment, cur, want int) []widget.Segment {
	at := -1
	for i, s := range segs {
		if s.Stage == cur {
			at = i
		}
	}
	if at < 0 {
		return segs
	}
	w := make([]int, len(segs))
	for i, s := range segs {
		w[i] = s.To - s.From
	}
	if at+1 < len(segs) {
		want++ // the separator after it
	}
	for w[at] < want {
		donor := -1
		for i := range w {
			if i != at && w[i] > stageMinW && (donor < 0 || w[i] > w[donor]) {
				donor = i
			}
		}
		if donor < 0 {
			break
		}
		w[donor]--
		w[at]++
	}
	out := make([]widget.Segment, len(segs))
	from := segs[0].From
	for i, s := range segs {
		out[i] = widget.Segment{Stage: s.Stage, From: from, To: from + w[i]}
		from += w[i]
	}
	return out
}
