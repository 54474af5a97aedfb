package replayer

import (
	"fmt"
	"strings"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// worksheetWords are the worksheet's headings in one language.
var worksheetWords = i18n.Register("replayer.worksheet", &struct {
	title, none, answer, answers, stage i18n.Word
}{
	title:   i18n.W("Study worksheet: %d decisions", "학습 문제지: 결정 %d개"),
	none:    i18n.W("This timeline has no decisions to study (no actions with an outcome).", "이 타임라인에는 학습할 결정(결과가 있는 조치)이 없습니다."),
	answer:  i18n.W("Your answer:", "내 답:"),
	answers: i18n.W("Answers", "정답"),
	stage:   i18n.W("Stage", "단계"),
})

// RenderStudy returns the study stops of rec's timeline tl as a numbered
// worksheet for `incidents timeline ID --study`: for each stop, the moment,
// what was known then and the question, with room to answer; after a
// divider, each stop's answer (what was done, its outcome and why it
// mattered). Nothing before the divider tells what happened at or after
// a stop. No line is wider than opts.Width.
func RenderStudy(rec *data.Record, tl *data.Timeline, opts TextOptions) string {
	r, ok := startText(rec, tl, opts)
	if !ok {
		return r.String()
	}
	stops := replay.Stops(tl)
	if len(stops) == 0 {
		r.para(worksheetWords.none.In(opts.Lang), 0, r.st.Notice)
		return r.String()
	}
	r.para(fmt.Sprintf(worksheetWords.title.In(opts.Lang), len(stops)), 0, r.st.Label)
	r.blank()
	for k, st := range stops {
		r.stopQuestion(tl, k, st)
	}
	r.add(strings.Repeat("─", r.w))
	r.para(worksheetWords.answers.In(opts.Lang), 0, r.st.Label)
	r.blank()
	for k, st := range stops {
		for i := st.First; i <= st.Last; i++ {
			if i == st.First {
				r.para(fmt.Sprintf("%d. %s", k+1, eventCaption(tl, tl.Events[i], r.lang)), 0, r.st.Faint)
			} else {
				r.para(eventCaption(tl, tl.Events[i], r.lang), 3, r.st.Faint)
			}
			r.para(pick(tl.Events[i].Title, r.lang, "\n"), 3, r.st.AnnotationTitle)
			if a := annotation(tl.Events[i].Annotation, r.lang); a != "" {
				r.para(a, 5, r.st.Annotation)
			}
		}
		r.blank()
	}
	return r.String()
}

// stopQuestion prints stop k: when, where in the incident, what was known,
// the question and a line to answer on.
func (r *textRenderer) stopQuestion(tl *data.Timeline, k int, st replay.Stop) {
	e := tl.Events[st.First]
	head := fmt.Sprintf("%d. %s", k+1, clockText(tl, e.At, false))
	// The stage of the last event before the stop: the stop's own stage
	// title may tell how it went.
	if s := stageBefore(tl, st.First); s >= 0 {
		head += fmt.Sprintf(" · %s %d · %s", worksheetWords.stage.In(r.lang), s+1, pick(tl.Stages[s].Title, r.lang, " / "))
	}
	r.para(head, 0, r.st.Label)
	q, known, now := promptText(tl, st, r.lang)
	if len(known) > 0 || now != "" {
		r.para(words.known.In(r.lang)+":", 3, r.st.Faint)
	}
	for _, s := range known {
		r.para(s, 5, r.st.Annotation)
	}
	if now != "" {
		r.para(words.now.In(r.lang)+": "+now, 5, r.st.Value)
	}
	r.para("? "+q, 3, r.st.AnnotationTitle)
	r.para(worksheetWords.answer.In(r.lang)+" "+strings.Repeat("_", max(0, min(50, r.w-8-len(worksheetWords.answer.In(r.lang))))), 3, r.st.Faint)
	r.blank()
}

// stageBefore returns the stage index of the event before event i, or -1.
func stageBefore(tl *data.Timeline, i int) int {
	if i <= 0 {
		return -1
	}
	return tl.StageIndex(tl.Events[i-1].Stage)
}
