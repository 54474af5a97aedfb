package replayer

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/incidents-dev/incidents/tui/layout"
)

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

// stageBar draws the stages along the time axis, aligned with the
// sparklines; the current stage is bracketed (and highlighted in colour).
// Stages whose first event is at or after event limit are left blank.
func (m Model) stageBar(c *frameCache, cur, limit int) string {
	p := c.p
	var b strings.Builder
	for i, seg := range c.stages {
		w := seg.To - seg.From
		sep := ""
		if i+1 < len(c.stages) {
			sep = "│"
			w--
		}
		title := pick(m.tl.Stages[seg.Stage].Title, m.lang, " / ")
		switch {
		case m.clock.StageStart(seg.Stage) >= limit:
			b.WriteString(strings.Repeat(" ", max(w, 0)))
		case seg.Stage == cur:
			label := layout.Fit(stageLabel(seg.Stage, title, w-2), w-2)
			if w < 3 {
				label = stageLabel(seg.Stage, title, w)
			} else {
				label = "[" + label + "]"
			}
			b.WriteString(p.stageCurrent.Paint(layout.Fit(label, w)))
		default:
			b.WriteString(p.stage.Paint(layout.Fit(stageLabel(seg.Stage, title, w), w)))
		}
		b.WriteString(p.rule.Paint(sep))
	}
	return b.String()
}

// stageLabel is a stage's label in w cells: "3 Restarts", cut with "…"
// while at least a few cells of the title show, else the number alone
// (stages after the ninth have no key and no number).
func stageLabel(stage int, title string, w int) string {
	if stage >= 9 {
		return layout.Truncate(title, w)
	}
	num := fmt.Sprint(stage + 1)
	full := num + " " + title
	if lipgloss.Width(full) <= w || w-lipgloss.Width(num)-1 >= 4 {
		return layout.Truncate(full, w)
	}
	return layout.Truncate(num, w)
}
