package replayer

import (
	"strings"

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
	return widget.StageBar(c.stages, titles, cur, shown,
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
