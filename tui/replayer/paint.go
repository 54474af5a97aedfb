package replayer

import (
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
	"github.com/incidents-dev/incidents/tui/widget"
)

// painters are the replay styles captured for painting.
type painters struct {
	header, clock, state, faint, rule, stage, stageCurrent widget.Painter
	label, value, spark, sparkCursor, marker, hypothetical widget.Painter
	notice, annotationTitle, annotation                    widget.Painter
	reported, modelled, illustrative                       widget.Painter
	eventPast, eventCurrent, eventFuture                   widget.Painter
	worked, failed, partly, kind, actor                    widget.Painter
	// box and boxTitle are presenter mode's current event, in reverse video.
	box, boxTitle widget.Painter
}

func newPainters(s theme.Styles) painters {
	st, plain := s.Replay, s.Plain
	p := func(x lipgloss.Style) widget.Painter { return widget.NewPainter(x, plain) }
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

// prov returns the widget.Painter of a provenance label.
func (p painters) prov(v data.Provenance) widget.Painter {
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

// outcome returns the widget.Painter of an outcome mark.
func (p painters) outcome(o data.Outcome) widget.Painter {
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
