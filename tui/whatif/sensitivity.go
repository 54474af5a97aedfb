package whatif

import (
	"context"
	"fmt"
	"math"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
)

// The sensitivity page (issue 25, item 3): what the outcome hinges on. Each
// judgement of the model is run 20% lower and 20% higher, through
// replay.Sense (the scenario interface, so any model gets it), in the
// background; the page lists the change of minutes under 50% and of the
// recovery moment, largest first, and any threshold a sweep finds, with
// the model's reason for it.

// SensitivityFrac is the change the page tries on each judgement: ±20%.
const SensitivityFrac = 0.2

// SensitivityMsg carries the result of the sensitivity runs the panel
// started (Model.Update takes it; the screen around the panel passes it
// on, open or closed).
type SensitivityMsg struct {
	tl   *data.Timeline
	sens replay.Sensitivity
	err  error
}

// sensWords are the texts of the sensitivity page.
var sensWords = i18n.Register("whatif.sensitivity", &struct {
	title, sub, key, more, running, failed, study               i18n.Word
	base, param, low, high, refused, never, noDip, notExplained i18n.Word
	threshold, why, legend                                      i18n.Word
}{
	title:        i18n.W("What the outcome hinges on", "결과가 무엇에 달렸는지"),
	sub:          i18n.W("each judgement ±20% · modelled", "판단값마다 ±20% · 모델 계산"),
	key:          i18n.W("sensitivity", "민감도"),
	more:         i18n.W("↑↓ scroll · g back", "↑↓ 스크롤 · g 돌아가기"),
	running:      i18n.W("Running the model twice for each judgement, in the background; the keys still work.", "판단값마다 모델을 두 번씩 백그라운드에서 돌리고 있습니다. 키는 그대로 쓸 수 있습니다."),
	failed:       i18n.W("The sensitivity runs failed: {err}", "민감도 실행이 실패했습니다: {err}"),
	study:        i18n.W("The sensitivity page tells when the incident's run recovers; it is shown once study mode (s) is off.", "민감도 보기에는 장애 실행이 언제 복구되는지 나옵니다. 학습 모드(s)를 끄면 보입니다."),
	base:         i18n.W("Incident's run (modelled): {m} min with success under 50%; back above 95%: {t}.", "장애 실행(모델 계산): 성공률 50% 미만 {m}분, {t}에 95% 이상으로 복구."),
	param:        i18n.W("judgement", "판단값"),
	low:          i18n.W("−20%", "−20%"),
	high:         i18n.W("+20%", "+20%"),
	refused:      i18n.W("(not accepted)", "(받지 않는 값)"),
	never:        i18n.W("never", "복구 안 됨"),
	noDip:        i18n.W("no dip", "하락 없음"),
	notExplained: i18n.W("not explained by the model", "모델로 설명되지 않음"),
	threshold:    i18n.W("threshold between {a} and {b}: {x} → {y} min under 50%", "{a}–{b} 사이 문턱: 50% 미만 {x}분 → {y}분"),
	why:          i18n.W("Why:", "이유:"),
	legend:       i18n.W("Each side: the value tried, the change in minutes under 50%, and when success is back above 95%. Sorted by the larger change of either.", "양쪽 칸: 시험한 값, 50% 미만 시간의 변화(분), 95% 이상으로 돌아온 시각. 둘 중 더 크게 바뀐 쪽을 기준으로 정렬했습니다."),
})

// sensState is the panel's sensitivity page: whether it is shown, how far
// it is scrolled, and the runs behind it.
type sensState struct {
	shown   bool
	top     int
	running bool
	done    bool
	sens    replay.Sensitivity
	err     error
}

// senseCmd runs the sensitivity of sc in the background.
func senseCmd(tl *data.Timeline, sc replay.Scenario) tea.Cmd {
	return func() tea.Msg {
		s, err := replay.Sense(context.Background(), sc, SensitivityFrac)
		return SensitivityMsg{tl: tl, sens: s, err: err}
	}
}

// toggleSens shows or hides the page; the first time it is shown it starts
// the runs.
func (w Model) toggleSens() (Model, tea.Cmd) {
	w.sens.shown = !w.sens.shown
	var cmd tea.Cmd
	if w.sens.shown && !w.sens.running && !w.sens.done && w.sc != nil {
		w.sens.running = true
		cmd = senseCmd(w.tl, w.sc)
	}
	return w, cmd
}

// onSensitivity keeps the runs' result if they are of this panel's
// timeline.
func (w Model) onSensitivity(msg SensitivityMsg) Model {
	if msg.tl != w.tl {
		return w
	}
	w.sens.running, w.sens.done, w.sens.sens, w.sens.err = false, true, msg.sens, msg.err
	return w
}

// sensLines lays out the page's body.
func (w Model) sensLines(width int) []string {
	ms := w.st.Model
	st := w.sens
	switch {
	case !w.known.IsZero():
		// The runs' recovery times tell how the incident ended.
		return whatIfWrap(w.st.Base, ms.Note, sensWords.study.In(w.lang), width-2, "")
	case st.running || !st.done:
		return whatIfWrap(w.st.Base, ms.Changed, sensWords.running.In(w.lang), width-2, "")
	case st.err != nil:
		msg := strings.ReplaceAll(sensWords.failed.In(w.lang), "{err}", data.OneLine(st.err.Error()))
		return whatIfWrap(w.st.Base, ms.Error, msg, width-2, "")
	}
	s := st.sens
	loc := w.tl.Location()
	rec := "–"
	if !s.Base.RecoveredAbove95.IsZero() {
		rec = s.Base.RecoveredAbove95.In(loc).Format("15:04")
	}
	head := strings.NewReplacer("{m}", fmt.Sprintf("%.0f", s.Base.MinutesBelow50), "{t}", rec).Replace(sensWords.base.In(w.lang))
	out := whatIfWrap(w.st.Base, ms.Value, head, width-2, "")
	out = append(out, whatIfWrap(w.st.Base, ms.Faint, sensWords.legend.In(w.lang), width-2, "")...)
	out = append(out, "")

	// Columns: name, incident's value, then each side.
	nameW, valW := lipgloss.Width(sensWords.param.In(w.lang)), 0
	for _, e := range s.Effects {
		nameW = max(nameW, lipgloss.Width(data.OneLine(e.Name)))
		valW = max(valW, lipgloss.Width(data.OneLine(e.Value)))
	}
	nameW = min(nameW, max(8, width/4))
	lowCells := make([]string, len(s.Effects))
	highCells := make([]string, len(s.Effects))
	sideW := max(lipgloss.Width(sensWords.low.In(w.lang)), 0)
	for i, e := range s.Effects {
		lowCells[i] = w.sideCell(s.Base, e.Low)
		highCells[i] = w.sideCell(s.Base, e.High)
		sideW = max(sideW, lipgloss.Width(lowCells[i]))
	}
	pad := func(s string, n int) string { return s + strings.Repeat(" ", max(0, n-lipgloss.Width(s))) }
	out = append(out, ms.Faint.Render(pad(layout.Fit(sensWords.param.In(w.lang), nameW), nameW)+"  "+pad("", valW)+"  "+
		pad(sensWords.low.In(w.lang), sideW)+"  "+sensWords.high.In(w.lang)))
	var whys []data.Text
	for i, e := range s.Effects {
		name := ms.Selected.Render(pad(layout.Fit(data.OneLine(e.Name), nameW), nameW))
		out = append(out, name+"  "+ms.Value.Render(pad(data.OneLine(e.Value), valW))+"  "+
			ms.Hypothetical.Render(pad(lowCells[i], sideW))+"  "+ms.Hypothetical.Render(highCells[i]))
		for _, c := range e.Cliffs {
			line := strings.NewReplacer("{a}", data.OneLine(c.Below.Value), "{b}", data.OneLine(c.Above.Value),
				"{x}", fmt.Sprintf("%.0f", c.Below.Summary.MinutesBelow50), "{y}", fmt.Sprintf("%.0f", c.Above.Summary.MinutesBelow50)).
				Replace(sensWords.threshold.In(w.lang))
			mark := " (" + sensWords.notExplained.In(w.lang) + ")"
			if c.Why.Complete() {
				n := whyIndex(&whys, c.Why)
				mark = fmt.Sprintf(" [%d]", n)
			}
			out = append(out, whatIfWrap(w.st.Base, ms.Changed, "! "+line+mark, width-4, "  ")...)
		}
	}
	for i, why := range whys {
		out = append(out, "")
		text := fmt.Sprintf("[%d] %s %s", i+1, sensWords.why.In(w.lang), data.Sanitize(whatIfText(why, w.lang)))
		out = append(out, whatIfWrap(w.st.Base, ms.Note, text, width-2, "")...)
	}
	return out
}

// whyIndex returns the number (from 1) of why in whys, adding it if new.
func whyIndex(whys *[]data.Text, why data.Text) int {
	for i, x := range *whys {
		if x == why {
			return i + 1
		}
	}
	*whys = append(*whys, why)
	return len(*whys)
}

// sideCell is one side of a row: the value tried, the change of minutes
// under 50%, and when success is back above 95%.
func (w Model) sideCell(base replay.Summary, v replay.Variant) string {
	if v.Err != nil {
		return data.OneLine(v.Value) + " " + sensWords.refused.In(w.lang)
	}
	d := replay.ShiftOf(base, v.Summary)
	var rec string
	switch {
	case d.NoDip:
		rec = sensWords.noDip.In(w.lang)
	case d.Never:
		rec = sensWords.never.In(w.lang)
	default:
		rec = v.Summary.RecoveredAbove95.In(w.tl.Location()).Format("15:04")
	}
	return data.OneLine(v.Value) + " " + signed(d.Below50) + " " + rec
}

// signed writes a change in whole minutes with its sign: +12, −3, 0.
func signed(x float64) string {
	n := math.Round(x)
	switch {
	case n > 0:
		return fmt.Sprintf("+%.0f", n)
	case n < 0:
		return fmt.Sprintf("−%.0f", -n)
	}
	return "0"
}

// sensView draws the page in width × height, scrolled to its top.
func (w Model) sensView(width, height int) string {
	ms := w.st.Model
	title := ms.Title.Render(sensWords.title.In(w.lang)) + ms.Faint.Render(" · ") + ms.Hypothetical.Render(sensWords.sub.In(w.lang))
	lines := w.sensLines(width)
	rows := max(0, height-2)
	top := min(w.sens.top, max(0, len(lines)-rows))
	body := cutLines(lines[top:], rows)
	out := append([]string{title, ms.Faint.Render(sensWords.more.In(w.lang))}, body...)
	return whatIfFit(out, width, height)
}

// scrollSens moves the page by d lines.
func (w Model) scrollSens(d int) Model {
	w.sens.top = max(0, w.sens.top+d)
	return w
}
