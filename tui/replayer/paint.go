package replayer

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

// painter applies one style by wrapping text in the style's escape codes,
// found once by rendering a probe. This gives what Style.Render gives for the
// one-line, unpadded text the replayer paints, without measuring the text
// each frame, which is most of the cost of a frame.
type painter struct {
	pre, post string
}

// newPainter captures st; with plain set the painter leaves text as is, so
// plain output carries no escape codes whatever the colour profile.
func newPainter(st lipgloss.Style, plain bool) painter {
	if plain {
		return painter{}
	}
	const probe = "\x00"
	pre, post, ok := strings.Cut(st.Render(probe), probe)
	if !ok {
		return painter{}
	}
	return painter{pre: pre, post: post}
}

// paint returns s in the painter's style.
func (p painter) paint(s string) string {
	if s == "" || p.pre == "" && p.post == "" {
		return s
	}
	return p.pre + s + p.post
}

// painters are the replay styles captured for painting.
type painters struct {
	header, clock, state, faint, rule, stage, stageCurrent painter
	label, value, spark, sparkCursor, marker, hypothetical painter
	notice, annotationTitle, annotation                    painter
	reported, modelled, illustrative                       painter
	eventPast, eventCurrent, eventFuture                   painter
	worked, failed, partly, kind, actor                    painter
	// box and boxTitle are presenter mode's current event, in reverse video.
	box, boxTitle painter
}

func newPainters(s theme.Styles) painters {
	st, plain := s.Replay, s.Plain
	p := func(x lipgloss.Style) painter { return newPainter(x, plain) }
	return painters{
		header: p(st.Header), clock: p(st.Clock), state: p(st.State), faint: p(st.Faint),
		rule: p(st.Rule), stage: p(st.Stage), stageCurrent: p(st.StageCurrent),
		label: p(st.Label), value: p(st.Value), spark: p(st.Spark), sparkCursor: p(st.SparkCursor),
		marker: p(st.Marker), hypothetical: p(st.Hypothetical), notice: p(st.Notice),
		annotationTitle: p(st.AnnotationTitle), annotation: p(st.Annotation),
		reported: p(st.Reported), modelled: p(st.Modelled), illustrative: p(st.Illustrative),
		eventPast: p(st.EventPast), eventCurrent: p(st.EventCurrent), eventFuture: p(st.EventFuture),
		worked: p(st.Worked), failed: p(st.Failed), partly: p(st.Partly), kind: p(st.Kind), actor: p(st.Actor),
		box: p(st.Annotation.Reverse(true)), boxTitle: p(st.AnnotationTitle.Reverse(true)),
	}
}

// prov returns the painter of a provenance label.
func (p painters) prov(v data.Provenance) painter {
	switch v {
	case data.Reported:
		return p.reported
	case data.Modelled:
		return p.modelled
	case data.Illustrative:
		return p.illustrative
	}
	return p.faint
}

// outcome returns the painter of an outcome mark.
func (p painters) outcome(o data.Outcome) painter {
	switch o {
	case data.OutcomeWorked:
		return p.worked
	case data.OutcomeFailed:
		return p.failed
	case data.OutcomePartly:
		return p.partly
	case data.OutcomeNone:
	}
	return p.faint
}
