package replayer

import (
	"fmt"
	"strings"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
)

// The worksheet (`incidents timeline ID --study`), the recap at the end of
// a study session and its minutes (`y` there, `replay --minutes FILE`) are
// one format: library.StudySheet, filled here in the reader's language.

// sheetWords are the sheet's labels.
var sheetWords = i18n.Register("replayer.sheet", &struct {
	minutes, noAnswer, marks, recap, recapHint i18n.Word
}{
	minutes:   i18n.W("Minutes of a study session: %d of %d decisions discussed", "학습 회의록: 결정 %[2]d개 중 %[1]d개를 다룸"),
	noAnswer:  i18n.W("(none given)", "(없음)"),
	marks:     i18n.W("Stars and notes", "별표와 메모"),
	recap:     i18n.W("Recap", "돌아보기"),
	recapHint: i18n.W("y copies these minutes as Markdown · ctrl+d/ctrl+u scroll · p asks the last stop again", "y: 회의록을 Markdown으로 복사 · ctrl+d/ctrl+u: 스크롤 · p: 마지막 질문 다시 묻기"),
})

// stopHeading heads stop k: its number and time, never its stage's name
// (a stage that begins with a decision names its answer).
func stopHeading(tl *data.Timeline, st replay.Stop, k int) string {
	return fmt.Sprintf("%d · %s", k+1, clockText(tl, tl.Events[st.First].At, false))
}

// studySheet fills the sheet of tl in lang. With minutes, it records the
// session s up to stop upto (the stops after it were not reached) and the
// group's answers; without, it is the worksheet of every stop.
func studySheet(rec *data.Record, tl *data.Timeline, lang data.Lang, minutes bool, s session, upto int) library.StudySheet {
	stops := replay.Stops(tl)
	id, title := tl.Incident, ""
	if rec != nil {
		id, title = rec.ID, pick(rec.Title, lang, " / ")
	}
	sh := library.StudySheet{
		Title:   strings.TrimSpace(id + " · " + title),
		Intro:   worksheetTitle(len(stops), lang),
		Minutes: minutes,
		Words: library.StudyWords{
			Known: words.known.In(lang), Answer: worksheetWords.answer.In(lang),
			NoAnswer: sheetWords.noAnswer.In(lang), Answers: worksheetWords.answers.In(lang),
			Marks: sheetWords.marks.In(lang), Predictions: roomWords.predictions.In(lang),
		},
	}
	if title == "" {
		sh.Title = id
	}
	if minutes {
		upto = min(upto, len(stops)-1)
		sh.Intro = fmt.Sprintf(sheetWords.minutes.In(lang), upto+1, len(stops))
		sh.Words.Answer = sessionWords.answerLabel.In(lang) + ":"
		stops = stops[:max(0, upto+1)]
	}
	all := replay.Stops(tl)
	for k, st := range stops {
		q, known, now := promptText(tl, all, k, lang, minutes)
		if now != "" {
			known = append(known, words.now.In(lang)+": "+now)
		}
		ss := library.StudyStop{Heading: stopHeading(tl, st, k), Known: known, Question: q}
		if k < len(s.answers) {
			ss.Answer = s.answers[k]
		}
		if k < len(s.predictions) {
			for _, p := range s.predictions[k] {
				ss.Predictions = append(ss.Predictions, p.Name+": "+p.Text)
			}
		}
		for i := st.First; i <= st.Last; i++ {
			e := tl.Events[i]
			ss.Done = append(ss.Done, library.StudyEvent{
				Caption: eventCaption(tl, e, lang), Title: pick(e.Title, lang, " / "), Note: annotation(e.Annotation, lang),
			})
		}
		sh.Stops = append(sh.Stops, ss)
	}
	if minutes {
		for _, mk := range s.marks {
			sm := library.StudyMark{At: clockText(tl, mk.at, false), Note: mk.note}
			if mk.event >= 0 && mk.event < len(tl.Events) {
				sm.Event = pick(tl.Events[mk.event].Title, lang, " / ")
			}
			sh.Marks = append(sh.Marks, sm)
		}
	}
	return sh
}

// RenderStudy returns the study stops of rec's timeline tl as a numbered
// worksheet for `incidents timeline ID --study`, in the Markdown the
// minutes use: for each stop, its number and time, what was known then
// and the question, with a line to answer on; after a divider, each stop's
// answer (what was done, its outcome and why it mattered). Nothing before
// the divider tells what happened at or after a stop, not even a stage's
// name. Lines are wrapped to opts.Width.
func RenderStudy(rec *data.Record, tl *data.Timeline, opts TextOptions) string {
	tl = opts.Zone.Apply(tl)
	r, ok := startText(rec, tl, opts)
	if !ok {
		return r.String()
	}
	if len(replay.Stops(tl)) == 0 {
		r.para(worksheetWords.none.In(opts.Lang), 0, r.st.Notice)
		return r.String()
	}
	return wrapMarkdown(studySheet(rec, tl, opts.Lang, false, session{}, -1).Markdown(), r.w)
}

// wrapMarkdown wraps each line of md to width cells, continuing a list
// item or a quote under its text.
func wrapMarkdown(md string, width int) string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(md, "\n"), "\n") {
		indent := ""
		for _, p := range []string{"- ", "> ", "  "} {
			if strings.HasPrefix(l, p) {
				indent = "  "
			}
		}
		if l == "" {
			out = append(out, "")
			continue
		}
		lines := layout.Wrap(l, width)
		if indent != "" && len(lines) > 1 {
			rest := layout.Wrap(strings.TrimSpace(strings.Join(layout.Wrap(l, width)[1:], " ")), max(1, width-len(indent)))
			lines = lines[:1]
			for _, x := range rest {
				lines = append(lines, indent+x)
			}
		}
		for _, x := range lines {
			out = append(out, layout.Truncate(x, width))
		}
	}
	return strings.Join(out, "\n") + "\n"
}

// Minutes returns the minutes of the session so far as Markdown, in the
// language shown: each stop reached with the group's answer, what was done
// and its outcome, then the stars and notes. A replayer without a timeline
// has none ("").
func (m Model) Minutes() string {
	if m.tl == nil {
		return ""
	}
	return studySheet(m.rec, m.tl, m.lang, true, m.sess, m.reached()).Markdown()
}

// reached is the last stop the session reached: the one asking, or the
// last one revealed or passed.
func (m Model) reached() int {
	last := -1
	for k, st := range replay.Stops(m.tl) {
		if st.First <= m.clock.Event() {
			last = k
		}
	}
	if m.study.on {
		last = max(last, m.study.asking, m.study.revealed)
	}
	return last
}

// recapping reports whether the recap is shown: in study mode, every stop
// revealed and the replay at its end.
func (m Model) recapping() bool {
	st := m.study
	return st.on && len(st.stops) > 0 && st.asking < 0 && st.revealed == len(st.stops)-1 && m.clock.AtEnd()
}

// recapLines are the recap's lines at width: the minutes from what was done
// on (each stop with the group's answer beside it, then the stars and
// notes), wrapped, and the keys.
func (m Model) recapLines(width int) []string {
	p := m.cache.p
	text, hint := m.recapText(width)
	out := make([]string, 0, len(text)+len(hint))
	for _, l := range text {
		if strings.HasPrefix(l, "#") {
			out = append(out, p.annotationTitle.Paint(l))
		} else {
			out = append(out, p.annotation.Paint(l))
		}
	}
	for _, l := range hint {
		out = append(out, p.faint.Paint(l))
	}
	return out
}

// recapText is the recap as plain lines of width cells, and its keys.
func (m Model) recapText(width int) (text, hint []string) {
	md := m.Minutes()
	head, _, _ := strings.Cut(md, "\n\n## ")
	if _, after, ok := strings.Cut(md, "\n---\n"); ok {
		md = head + "\n" + after
	}
	text = strings.Split(strings.TrimRight(wrapMarkdown(md, max(1, width)), "\n"), "\n")
	return text, layout.Wrap(sheetWords.recapHint.In(m.lang), max(1, width))
}
