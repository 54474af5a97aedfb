package replayer

import "github.com/incidents-dev/incidents/tui/widget"

// stageBarAt returns the stage bar for the frame: cached outside study
// mode; in it drawn for the moment, with the stages not reached yet left
// unnamed (a later stage's title can give the ending away).
func (m Model) stageBarAt(f frame) string {
	c := m.cache
	s := -1
	if f.event >= 0 {
		s = m.tl.StageIndex(m.tl.Events[f.event].Stage)
	}
	if !f.study {
		return c.stageBars[s+1]
	}
	return m.stageBar(c, s, f.limit)
}

// stageBar draws the stage bar with stage cur current; stages whose first
// event is at or after event limit are left blank.
func (m Model) stageBar(c *frameCache, cur, limit int) string {
	titles := make([]string, len(m.tl.Stages))
	for i, st := range m.tl.Stages {
		titles[i] = pick(st.Title, m.lang, " / ")
	}
	shown := func(s int) bool { return m.clock.StageStart(s) < limit }
	return widget.StageBar(c.stages, titles, cur, shown,
		widget.StagePainters{Stage: c.p.stage, Current: c.p.stageCurrent, Rule: c.p.rule})
}
