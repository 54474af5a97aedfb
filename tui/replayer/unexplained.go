package replayer

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
)

// unexplained is the stretch at the end of an incident that its model does
// not explain: from the moment the modelled success series is back above
// 95% for good to the timeline's last event (the end of the impact), when
// that comes later. IL-0499's model is healthy by about 14:22 while Discord
// dates the end of the impact to 15:30.
type unexplained struct {
	from, to time.Time
	ok       bool
}

// unexplainedWords mark the stretch, in the replay's stage rule and in
// `incidents timeline`: a table of the catalogue of its own, beside the
// replayer's (i18n.go).
var unexplainedWords = i18n.Register("replayer.unexplained", &struct{ mark, line i18n.Word }{
	mark: i18n.W("not explained by the model (%s–%s)", "모델로 설명되지 않는 구간(%s–%s)"),
	line: i18n.W("%s–%s is not explained by the model: its success is back above 95%% from %s, but the impact lasted until %s.",
		"%s–%s 구간은 모델로 설명되지 않습니다. 모델의 성공률은 %s부터 95%%를 넘지만, 영향은 %s까지 이어졌습니다."),
})

// findUnexplained returns tl's unexplained stretch; ok is false when tl has
// no modelled percentage series or its model recovers only after the last
// event.
func findUnexplained(tl *data.Timeline) unexplained {
	if tl == nil || len(tl.Events) == 0 {
		return unexplained{}
	}
	var s *data.Series
	for _, h := range headline(tl) {
		if h.Provenance == data.Modelled && h.Unit == "%" && !h.Hypothetical {
			s = h
			break
		}
	}
	if s == nil || len(s.Points) < 2 {
		return unexplained{}
	}
	var from time.Time
	for i, p := range s.Points {
		if p.V < 95 {
			from = time.Time{}
			if i+1 < len(s.Points) {
				from = s.Points[i+1].T
			}
		}
	}
	to := tl.Events[len(tl.Events)-1].At
	if from.IsZero() || !to.After(from) {
		return unexplained{}
	}
	return unexplained{from: from, to: to, ok: true}
}

// in reports whether t falls in the stretch.
func (u unexplained) in(t time.Time) bool {
	return u.ok && !t.Before(u.from) && t.Before(u.to)
}

// mark is the short label the replay shows while the cursor is in the
// stretch.
func (u unexplained) mark(tl *data.Timeline, l data.Lang) string {
	loc := tl.Location()
	return fmt.Sprintf(unexplainedWords.mark.In(l), u.from.In(loc).Format("15:04"), u.to.In(loc).Format("15:04"))
}

// line is the sentence `incidents timeline` prints under the series.
func (u unexplained) line(tl *data.Timeline, l data.Lang) string {
	loc := tl.Location()
	a, b := u.from.In(loc).Format("15:04"), u.to.In(loc).Format("15:04")
	if l == data.Both {
		return fmt.Sprintf(unexplainedWords.line.EN, a, b, a, b) + "\n" + fmt.Sprintf(unexplainedWords.line.KO, a, b, a, b)
	}
	return fmt.Sprintf(unexplainedWords.line.In(l), a, b, a, b)
}

// stageRule is the rule above the event list: the stage's caption, led by
// the unexplained mark (in the notice style) while the cursor is in the
// stretch.
func (m Model) stageRule(f frame) string {
	caption := m.stageCaption(f)
	u := m.cache.unexplained
	if !u.in(f.now) {
		return m.rule(caption)
	}
	return m.ruleMarked(u.mark(m.tl, m.lang), caption)
}

// ruleMarked is rule with mark, in the notice style, before the caption;
// the caption is cut first when the line is too narrow for both.
func (m Model) ruleMarked(mark, caption string) string {
	p := m.cache.p
	if m.width < 6 {
		return m.rule(caption)
	}
	mark = layout.Truncate(mark, m.width-4)
	room := m.width - 4 - lipgloss.Width(mark)
	tail := ""
	if room > 3 {
		tail = layout.Truncate(" · "+caption, room)
	}
	rest := max(0, m.width-3-lipgloss.Width(mark)-lipgloss.Width(tail)-1)
	return p.rule.Paint("── ") + p.notice.Paint(mark) + p.faint.Paint(tail) + " " + p.rule.Paint(strings.Repeat("─", rest))
}

// withUnexplained ends line (presenter mode's play-state row, w cells at
// most) with the unexplained mark while the cursor is in the stretch.
func (m Model) withUnexplained(line string, f frame, w int) string {
	u := m.cache.unexplained
	room := w - lipgloss.Width(line) - 3
	if !u.in(f.now) || room < 4 {
		return line
	}
	return line + "   " + m.cache.p.notice.Paint(layout.Truncate(u.mark(m.tl, m.lang), room))
}
