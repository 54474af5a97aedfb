package replayer

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/layout"
)

// whatIfWords are the panel's texts in one language.
type whatIfWords struct {
	title, sub, noModel, original, hypothetical, peak, at, below50, lowest, notRun, pending, never string
	soFar, later, laterAction                                                                      string
	basisPM, basisJ                                                                                string
	keyUp, keyDown, keyLess, keyMore, keyApply, keyReset, keyClose                                 string
}

var whatIfDict = map[data.Lang]whatIfWords{
	data.EN: {
		title:        "What if…",
		sub:          "re-run the model with other choices; results are hypothetical",
		noModel:      "This timeline has no model to re-run.",
		original:     "incident",
		soFar:        "incident so far",
		later:        "later (hidden)",
		laterAction:  "a later action (hidden)",
		hypothetical: "hypothetical",
		peak:         "Peak mailbox",
		at:           "reached at",
		below50:      "Minutes with success < 50%",
		lowest:       "Lowest success",
		notRun:       "press enter to run",
		pending:      "changed; enter runs it",
		never:        "never",
		basisPM:      "Incident's value",
		basisJ:       "Incident's value (a judgement)",
		keyUp:        "up", keyDown: "down", keyLess: "less", keyMore: "more",
		keyApply: "apply", keyReset: "reset", keyClose: "close",
	},
	data.KO: {
		title:        "가정해 보기",
		sub:          "다른 선택으로 모델을 다시 돌립니다. 결과는 가정입니다",
		noModel:      "이 타임라인에는 다시 돌릴 모델이 없습니다.",
		original:     "실제 사고",
		soFar:        "지금까지 실제",
		later:        "나중(숨김)",
		laterAction:  "이후 조치(숨김)",
		hypothetical: "가정",
		peak:         "메일박스 최고치",
		at:           "도달 시각",
		below50:      "성공률 50% 미만 시간(분)",
		lowest:       "가장 낮은 성공률",
		notRun:       "enter를 누르면 실행",
		pending:      "바뀜, enter로 실행",
		never:        "없음",
		basisPM:      "사고 당시 값",
		basisJ:       "사고 당시 값(판단)",
		keyUp:        "이전", keyDown: "다음", keyLess: "줄이기", keyMore: "늘리기",
		keyApply: "적용", keyReset: "되돌리기", keyClose: "닫기",
	},
}

func whatIfWordsFor(l data.Lang) whatIfWords {
	if l == data.KO {
		return whatIfDict[data.KO]
	}
	return whatIfDict[data.EN]
}

// whatIfText returns t in l; Both joins the two sides with " / ".
func whatIfText(t data.Text, l data.Lang) string {
	if l == data.Both && t.Complete() {
		return t.EN + " / " + t.KO
	}
	s, _ := t.Get(l)
	return s
}

// display shows a parameter value in the panel's language.
func (w whatIf) display(v string) string {
	if v == "never" {
		return whatIfWordsFor(w.lang).never
	}
	return v
}

// summary lays out the incident's figures beside the hypothetical ones.
func (w whatIf) summary(width int) []string {
	ms := w.st.Model
	words := whatIfWordsFor(w.lang)
	na := "–"
	origPeak, origAt, origBelow, origLow := na, na, na, na
	if w.origOK {
		origLow = fmt.Sprintf("%.0f%%", w.orig.LowestSuccess)
		origPeak = replay.FormatCount(w.orig.PeakMailbox)
		origAt = w.orig.PeakAt.In(w.tl.Location()).Format("15:04")
		origBelow = fmt.Sprintf("%.0f", w.orig.MinutesBelow50)
	}
	hypPeak, hypAt, hypBelow, hypLow := na, na, na, na
	if w.pending() {
		hypPeak, hypAt, hypBelow, hypLow = words.notRun, "", "", ""
	} else if w.hypOK {
		hypLow = fmt.Sprintf("%.0f%%", w.hyp.LowestSuccess)
		hypPeak = replay.FormatCount(w.hyp.PeakMailbox)
		hypAt = na
		if w.hyp.PeakMailbox > 0 {
			hypAt = w.hyp.PeakAt.In(w.tl.Location()).Format("15:04")
		}
		hypBelow = fmt.Sprintf("%.0f", w.hyp.MinutesBelow50)
	}
	origHead := words.original
	if !w.known.IsZero() {
		origHead = words.soFar
	}
	rows := [][3]string{
		{"", origHead, words.hypothetical},
		{words.peak, origPeak, hypPeak},
		{"  " + words.at, origAt, hypAt},
		{words.below50, origBelow, hypBelow},
		{words.lowest, origLow, hypLow},
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
		out = append(out, ms.Hypothetical.Render(words.hypothetical+": "+strings.Join(set, ", ")))
	}
	return out
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
