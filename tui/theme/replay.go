package theme

import "github.com/charmbracelet/lipgloss"

// ReplayStyles are the styles of the replay screen and of the timeline text.
//
// Meaning never rests on colour alone: the replayer also marks the current
// event with a glyph, the cursor with a marker row and the current stage with
// brackets, so the screen reads the same in monochrome.
type ReplayStyles struct {
	Title lipgloss.Style
	// Header is the id and title line; Clock the current time; State the
	// play state and speed; Faint secondary text such as "T+52m of 3h17m".
	Header, Clock, State, Faint lipgloss.Style
	// Rule draws the thin separators between sections.
	Rule lipgloss.Style
	// Stage is a stage segment of the stage bar; StageCurrent the one the
	// cursor is in.
	Stage, StageCurrent lipgloss.Style
	// Label is a series label; Value its current value; Spark the blocks;
	// SparkCursor the block under the cursor; Marker the cursor marker and
	// axis row; Hypothetical the what-if line drawn under a series.
	Label, Value, Spark, SparkCursor, Marker, Hypothetical lipgloss.Style
	// Reported, Modelled and Illustrative colour the provenance labels.
	Reported, Modelled, Illustrative lipgloss.Style
	// EventPast, EventCurrent and EventFuture are event rows before, at and
	// after the cursor.
	EventPast, EventCurrent, EventFuture lipgloss.Style
	// Worked, Failed and Partly colour the outcome marks ✓ ✗ ◐.
	Worked, Failed, Partly lipgloss.Style
	// Kind is the event kind; Actor who acted.
	Kind, Actor lipgloss.Style
	// AnnotationTitle heads the annotation of the current event; Annotation
	// is its text.
	AnnotationTitle, Annotation lipgloss.Style
	// Notice is a message such as "no timeline for this incident" or an
	// invalid --at time.
	Notice lipgloss.Style
}

func newReplayStyles(r *lipgloss.Renderer, p Palette) *ReplayStyles {
	base := r.NewStyle()
	text := base.Foreground(p.Text)
	faint := base.Foreground(p.Faint)
	return &ReplayStyles{
		Title:           base.Bold(true).Foreground(p.Accent),
		Header:          base.Bold(true).Foreground(p.Accent),
		Clock:           base.Bold(true).Foreground(p.Text),
		State:           base.Foreground(p.Accent),
		Faint:           faint,
		Rule:            base.Foreground(p.Border),
		Stage:           faint,
		StageCurrent:    base.Bold(true).Foreground(p.SelectedText).Background(p.Selected),
		Label:           text.Bold(true),
		Value:           text,
		Spark:           base.Foreground(p.Accent),
		SparkCursor:     base.Reverse(true).Foreground(p.Match),
		Marker:          base.Bold(true).Foreground(p.Match),
		Hypothetical:    base.Foreground(p.Modelled),
		Reported:        base.Foreground(p.Reported),
		Modelled:        base.Foreground(p.Modelled),
		Illustrative:    base.Foreground(p.Illustrative),
		EventPast:       base.Foreground(p.Past),
		EventCurrent:    base.Bold(true).Foreground(p.SelectedText).Background(p.Selected),
		EventFuture:     base.Foreground(p.Future),
		Worked:          base.Foreground(p.Worked),
		Failed:          base.Foreground(p.Failed),
		Partly:          base.Foreground(p.Partly),
		Kind:            faint,
		Actor:           base.Foreground(p.Accent),
		AnnotationTitle: text.Bold(true),
		Annotation:      text,
		Notice:          base.Foreground(p.Warning),
	}
}

func plainReplayStyles(r *lipgloss.Renderer) *ReplayStyles {
	base := r.NewStyle()
	bold := base.Bold(true)
	return &ReplayStyles{
		Title:           bold,
		Header:          bold,
		Clock:           bold,
		State:           base,
		Faint:           base,
		Rule:            base,
		Stage:           base,
		StageCurrent:    bold.Reverse(true),
		Label:           bold,
		Value:           base,
		Spark:           base,
		SparkCursor:     base.Reverse(true),
		Marker:          bold,
		Hypothetical:    base,
		Reported:        base,
		Modelled:        base,
		Illustrative:    base,
		EventPast:       base.Faint(true),
		EventCurrent:    bold.Reverse(true),
		EventFuture:     base,
		Worked:          base,
		Failed:          base,
		Partly:          base,
		Kind:            base,
		Actor:           base,
		AnnotationTitle: bold,
		Annotation:      base,
		Notice:          bold,
	}
}
