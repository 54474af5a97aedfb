package library

import "strings"

// StudySheet is a study session written down: the worksheet that
// `incidents timeline ID --study` prints (no answers yet, a line to write
// on) and the minutes a study lead keeps (`replay --minutes`, the recap's
// `y`). Both are one format, drawn by Markdown; the caller fills in every
// text in the reader's language, so this layer knows no words of its own.
type StudySheet struct {
	// Title heads the sheet ("IL-0499 · Voice outage: …"); Intro is the
	// line under it ("Study worksheet: 7 decisions").
	Title, Intro string
	// Words are the sheet's own labels, in the reader's language.
	Words StudyWords
	// Stops are the decisions, in time order.
	Stops []StudyStop
	// Minutes says the sheet records a session: each stop carries the
	// group's answer beside what was done, and the stars and notes follow.
	// A worksheet leaves a line to answer on and lists no marks.
	Minutes bool
	// Marks are the moments the group starred, with their notes.
	Marks []StudyMark
}

// StudyWords are a sheet's labels.
type StudyWords struct {
	// Known heads what was known at a stop; Answer the group's answer (or
	// the line to answer on); NoAnswer stands for an answer not given.
	Known, Answer, NoAnswer string
	// Answers heads the part after the divider; Marks the stars and notes.
	Answers, Marks string
	// Predictions heads the meeting's predictions at a stop.
	Predictions string
}

// StudyStop is one decision: its heading (a number and a time, never a
// stage's name, which can tell the answer), what was known then, the
// question, the group's answer, and what was done.
type StudyStop struct {
	Heading  string
	Known    []string
	Question string
	Answer   string
	// Predictions are the meeting's participants' predictions at the
	// stop, "name: text" (minutes of a served meeting only).
	Predictions []string
	Done        []StudyEvent
}

// StudyEvent is one event of what was done: its caption (time, actor,
// kind, outcome), title and annotation.
type StudyEvent struct {
	Caption, Title, Note string
}

// StudyMark is a starred moment: when, which event was current, and the
// group's note (may be empty).
type StudyMark struct {
	At, Event, Note string
}

// Markdown writes the sheet: the title; each stop's heading, what was
// known and the question (and, on a worksheet, a line to answer on); a
// divider; then each stop again with what was done, its outcome and why
// it mattered (and, in minutes, the group's answer beside it); then, in
// minutes, the stars and notes. Nothing before the divider tells what was
// done at or after a stop. Lines are not wrapped: a reader wraps them.
func (s StudySheet) Markdown() string {
	var b strings.Builder
	line := func(parts ...string) {
		for _, p := range parts {
			b.WriteString(p)
		}
		b.WriteString("\n")
	}
	quote := func(prefix, text string) {
		for i, l := range strings.Split(text, "\n") {
			if i == 0 {
				line(prefix, l)
			} else {
				line(strings.Repeat(" ", len(prefix)), l)
			}
		}
	}
	line("# ", s.Title)
	line()
	if s.Intro != "" {
		line(s.Intro)
		line()
	}
	for _, st := range s.Stops {
		line("## ", st.Heading)
		line()
		if len(st.Known) > 0 {
			line(s.Words.Known, ":")
			for _, k := range st.Known {
				quote("- ", k)
			}
			line()
		}
		quote("> ", st.Question)
		line()
		if !s.Minutes {
			line(s.Words.Answer, " ", strings.Repeat("_", 40))
			line()
		}
	}
	line("---")
	line()
	line("## ", s.Words.Answers)
	line()
	for _, st := range s.Stops {
		line("### ", st.Heading)
		line()
		if s.Minutes {
			a := st.Answer
			if a == "" {
				a = s.Words.NoAnswer
			}
			line("**", s.Words.Answer, "** ", a)
			line()
			if len(st.Predictions) > 0 {
				line("**", s.Words.Predictions, ":**")
				for _, p := range st.Predictions {
					line("- ", p)
				}
				line()
			}
		}
		for _, e := range st.Done {
			line("- ", e.Caption, " · **", strings.ReplaceAll(e.Title, "\n", " / "), "**")
			if e.Note != "" {
				for _, p := range strings.Split(e.Note, "\n") {
					if p != "" {
						line("  ", p)
					}
				}
			}
		}
		line()
	}
	if s.Minutes && len(s.Marks) > 0 {
		line("## ", s.Words.Marks)
		line()
		for _, mk := range s.Marks {
			t := "- ★ " + mk.At
			if mk.Event != "" {
				t += " · " + mk.Event
			}
			if mk.Note != "" {
				t += " — " + mk.Note
			}
			line(t)
		}
		line()
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}
