package whatif

import (
	"fmt"
	"math"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
)

// whatIfWords are the panel's texts in one language.
var whatIfWords = i18n.Register("whatif.whatif", &struct {
	title, sub, noModel, original, hypothetical, peak, at, below50, lowest, notRun, pending, never i18n.Word
	later, laterAction                                                                             i18n.Word
	// The figures' columns and rows about a run's outcome (issue 25):
	// both columns are modelled runs of one kind.
	origCol, soFarCol, hypCol, recovered, notBy, waitingEnd, waitingHours, kind          i18n.Word
	basisPM, basisJ                                                                      i18n.Word
	keyUp, keyDown, keyLess, keyMore, keyApply, keyReset, keyClose, keySelect, keyChange i18n.Word
	keyHeatmap                                                                           i18n.Word
}{
	title:        i18n.W("What if…", "가정해 보기"),
	sub:          i18n.W("re-run the model with other choices; results are hypothetical", "다른 선택으로 모델을 다시 돌립니다. 결과는 가정입니다"),
	noModel:      i18n.W("This timeline has no model to re-run.", "이 타임라인에는 다시 돌릴 모델이 없습니다."),
	original:     i18n.W("incident", "장애 당시"),
	later:        i18n.W("later (hidden)", "나중(숨김)"),
	laterAction:  i18n.W("a later action (hidden)", "이후 조치(숨김)"),
	hypothetical: i18n.W("hypothetical", "가정"),
	peak:         i18n.W("Peak {peak}", "{peak} 최고치"),
	at:           i18n.W("reached at", "도달 시각"),
	below50:      i18n.W("Minutes with success < 50%", "성공률 50% 미만 시간(분)"),
	lowest:       i18n.W("Lowest success", "가장 낮은 성공률"),
	notRun:       i18n.W("press enter to run", "enter를 누르면 실행"),
	pending:      i18n.W("changed; enter runs it", "바뀜, enter로 실행"),
	never:        i18n.W("never", "없음"),
	basisPM:      i18n.W("Incident's value", "장애 당시 값"),
	basisJ:       i18n.W("Incident's value (a judgement)", "장애 당시 값(판단)"),
	keyUp:        i18n.W("up", "이전"),
	keyDown:      i18n.W("down", "다음"),
	keyLess:      i18n.W("less", "줄이기"),
	keyMore:      i18n.W("more", "늘리기"),
	keyApply:     i18n.W("apply", "적용"),
	keyReset:     i18n.W("reset", "되돌리기"),
	keyClose:     i18n.W("close", "닫기"),
	keySelect:    i18n.W("select", "선택"),
	keyChange:    i18n.W("change", "바꾸기"),
	keyHeatmap:   i18n.W("heatmap", "히트맵"),
	origCol:      i18n.W("incident (modelled)", "장애(모델 계산)"),
	soFarCol:     i18n.W("incident so far (modelled)", "지금까지 장애(모델 계산)"),
	hypCol:       i18n.W("hypothetical (modelled)", "가정(모델 계산)"),
	recovered:    i18n.W("Success back above 95%", "성공률 95% 이상으로 돌아온 시각"),
	notBy:        i18n.W("not by {t}", "{t}까지 못 돌아옴"),
	waitingEnd:   i18n.W("{waiters} still waiting at the end", "끝에도 기다리는 {waiters}"),
	waitingHours: i18n.W("{hours} waiting for {for}", "{for} 대기({hours})"),
	kind:         i18n.W("Both columns: modelled runs with {kind}.", "두 열 모두 {kind}를 따른 모델 계산입니다."),
})

// whatIfText returns a model's text in l by the one rule (pick); Both
// joins the two sides with " / ".
func whatIfText(t data.Text, l data.Lang) string { return pick(t, l, " / ") }

// display shows a parameter value in the panel's language.
func (w Model) display(v string) string {
	if v == "never" {
		return whatIfWords.never.In(w.lang)
	}
	return switchValue(v, w.lang)
}

// summary lays out the incident's figures beside the hypothetical ones.
func (w Model) summary(width int) []string {
	ms := w.st.Model
	na := "–"
	origPeak, origAt, origBelow, origLow := na, na, na, na
	origRec, origWait, origHours := na, na, na
	if w.origOK {
		origLow = fmt.Sprintf("%.0f%%", w.orig.LowestSuccess)
		origPeak = i18n.Count(w.orig.Peak)
		origAt = w.orig.PeakAt.In(w.tl.Location()).Format("15:04")
		origBelow = fmt.Sprintf("%.0f", w.orig.MinutesBelow50)
		origRec, origWait, origHours = w.outcomeCells(w.orig)
	}
	hypPeak, hypAt, hypBelow, hypLow := na, na, na, na
	hypRec, hypWait, hypHours := na, na, na
	if w.pending() {
		hypPeak, hypAt, hypBelow, hypLow = whatIfWords.notRun.In(w.lang), "", "", ""
		hypRec, hypWait, hypHours = "", "", ""
	} else if w.hypOK {
		hypLow = fmt.Sprintf("%.0f%%", w.hyp.LowestSuccess)
		hypPeak = i18n.Count(w.hyp.Peak)
		hypAt = na
		if w.hyp.Peak > 0 {
			hypAt = w.hyp.PeakAt.In(w.tl.Location()).Format("15:04")
		}
		hypBelow = fmt.Sprintf("%.0f", w.hyp.MinutesBelow50)
		hypRec, hypWait, hypHours = w.outcomeCells(w.hyp)
	}
	origHead := whatIfWords.origCol.In(w.lang)
	if !w.known.IsZero() {
		origHead = whatIfWords.soFarCol.In(w.lang)
	}
	rows := [][3]string{
		{"", origHead, whatIfWords.hypCol.In(w.lang)},
		{w.nounRow(whatIfWords.peak), origPeak, hypPeak},
		{"  " + whatIfWords.at.In(w.lang), origAt, hypAt},
		{whatIfWords.below50.In(w.lang), origBelow, hypBelow},
		{whatIfWords.lowest.In(w.lang), origLow, hypLow},
		{whatIfWords.recovered.In(w.lang), origRec, hypRec},
		{w.nounRow(whatIfWords.waitingEnd), origWait, hypWait},
		{w.nounRow(whatIfWords.waitingHours), origHours, hypHours},
	}
	c0, c1 := 0, 0
	for _, r := range rows {
		c0 = max(c0, lipgloss.Width(r[0]))
		c1 = max(c1, lipgloss.Width(r[1]))
	}
	c0 = min(c0, max(10, width/2))
	out := make([]string, len(rows))
	for i, r := range rows {
		a := ms.Label.Render(layout.Fit(r[0], c0))
		b := ms.Value.Render(layout.Fit(r[1], c1))
		c := ms.Hypothetical.Render(r[2])
		if i == 0 {
			b, c = ms.Faint.Render(layout.Fit(r[1], c1)), ms.Hypothetical.Render(r[2])
		}
		out[i] = a + "  " + b + "  " + c
	}
	if w.hypOK && !w.pending() {
		var set []string
		for i, p := range w.params {
			if w.applied[i] != w.base[i] {
				set = append(set, p.Name+"="+w.applied[i])
			}
		}
		out = append(out, ms.Hypothetical.Render(whatIfWords.hypothetical.In(w.lang)+": "+strings.Join(set, ", ")))
		if w.known.IsZero() { // in study mode the incident's column is only its start
			out = append(out, whatIfWrap(w.st.Base, ms.Note, whatIfText(replay.Compare(w.orig, w.hyp), w.lang), width, "")...)
		}
	}
	if w.origOK && w.orig.Kind.Complete() {
		out = append(out, whatIfWrap(w.st.Base, ms.Faint, w.kindLine(), width, "")...)
	}
	return out
}

// nounRow fills a row label's {peak}, {waiters}, {hours} and {for} with
// the model's own nouns (replay.Nouns): IL-0499's mailbox and calls,
// IX-0020's request rate and users. A label that starts with a noun gets
// a capital in English.
func (w Model) nounRow(word i18n.Word) string {
	n := w.orig.Nouns
	if !w.origOK {
		n = w.hyp.Nouns
	}
	n = n.OrDefault()
	fill := func(l data.Lang) string {
		pick := func(t data.Text) string {
			if l == data.KO {
				return t.KO
			}
			return t.EN
		}
		s := word.In(l)
		s = strings.ReplaceAll(s, "{peak}", pick(n.Peak))
		s = strings.ReplaceAll(s, "{waiters}", pick(n.Waiters))
		s = strings.ReplaceAll(s, "{hours}", pick(n.Hours))
		s = strings.ReplaceAll(s, "{for}", pick(n.WaitFor))
		if l != data.KO && s != "" && s[0] >= 'a' && s[0] <= 'z' {
			s = string(s[0]-'a'+'A') + s[1:]
		}
		return s
	}
	return fill(w.lang) // both languages: English, as the other rows
}

// outcomeCells are a run's recovery time, the calls it leaves waiting and
// its call-hours of waiting, as the figures' cells show them; each is read
// from the run's own summary.
func (w Model) outcomeCells(s replay.Summary) (rec, waiting, hours string) {
	loc := w.tl.Location()
	switch {
	case !s.RecoveredAbove95.IsZero():
		rec = s.RecoveredAbove95.In(loc).Format("15:04")
	case s.LowestSuccess >= 95:
		rec = "–"
	default:
		rec = strings.ReplaceAll(whatIfWords.notBy.In(w.lang), "{t}", s.End.In(loc).Format("15:04"))
	}
	waiting, hours = "–", "–"
	if s.Waiting {
		waiting, hours = i18n.Count(math.Round(s.WaitingEnd)), i18n.Count(math.Round(s.WaitingHours))
	}
	return rec, waiting, hours
}

// whatIfWrap wraps s to width cells (at least 1) as every view does
// (layout.Wrap: Korean at spaces), each line styled and indented. base is
// unused: the wrapping no longer needs the renderer's style.
func whatIfWrap(_, st lipgloss.Style, s string, width int, indent string) []string {
	var out []string
	for _, l := range layout.Wrap(s, max(1, width)) {
		out = append(out, indent+st.Render(l))
	}
	return out
}

// whatIfFit cuts lines to height and each line to width.
func whatIfFit(lines []string, width, height int) string {
	if len(lines) > height {
		lines = lines[:height]
	}
	for i, l := range lines {
		lines[i] = layout.Truncate(l, width)
	}
	return strings.Join(lines, "\n")
}

// kindLine says what kind of run both columns are, in the panel's language.
func (w Model) kindLine() string {
	fill := func(l data.Lang) string {
		return strings.ReplaceAll(whatIfWords.kind.In(l), "{kind}", whatIfText(w.orig.Kind, l))
	}
	if w.lang == data.Both {
		return fill(data.EN) + " / " + fill(data.KO)
	}
	return fill(w.lang)
}
