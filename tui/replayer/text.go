package replayer

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/theme"
	"github.com/incidents-dev/incidents/tui/widget"
)

// TextOptions configure RenderText.
type TextOptions struct {
	// Lang is the reader's language; Both prints each text in both.
	Lang data.Lang
	// Width is the line width in cells; 0 means 80.
	Width int
	// Styles are the styles; with theme.Plain() the text has no escape codes.
	Styles theme.Styles
	// Timelines finds the timelines rhymes name, to write their times in
	// their zones (see Options.Timelines); nil writes their offsets.
	Timelines func(id string) (*data.Timeline, bool)
	// Zone is the zone times are written in; the zero value is the
	// source's.
	Zone replay.Zone
}

// startText begins a text rendering at opts.Width (80 if unset) with the
// header; ok is false when there is no timeline, which it then says.
func startText(rec *data.Record, tl *data.Timeline, opts TextOptions) (r *textRenderer, ok bool) {
	w := opts.Width
	if w <= 0 {
		w = 80
	}
	r = &textRenderer{w: w, lang: opts.Lang, st: opts.Styles.Replay, plain: opts.Styles.Plain, styles: opts.Styles, find: zonedFinder(opts.Timelines, opts.Zone)}
	r.header(rec, tl)
	if tl == nil {
		r.para(words.noTimeline.In(opts.Lang), 0, r.st.Notice)
		return r, false
	}
	return r, true
}

// RenderText returns rec's timeline tl as text for `incidents timeline`:
// a header, each stage with its events and annotations, then the headline
// series as full-width sparklines with their provenance, minimum and maximum,
// and the sources. No line is wider than opts.Width. rec may be nil; a nil tl
// gives the header and a line saying there is no timeline.
func RenderText(rec *data.Record, tl *data.Timeline, opts TextOptions) string {
	tl = opts.Zone.Apply(tl)
	r, ok := startText(rec, tl, opts)
	if !ok {
		return r.String()
	}
	r.milestones(tl)
	r.stages(tl)
	r.series(tl)
	r.sources(tl)
	return r.String()
}

// textRenderer collects the lines of RenderText.
type textRenderer struct {
	w      int
	lang   data.Lang
	st     *theme.ReplayStyles
	styles theme.Styles
	plain  bool
	lines  []string
	find   func(id string) (*data.Timeline, bool)
}

func (r *textRenderer) String() string {
	for len(r.lines) > 0 && r.lines[len(r.lines)-1] == "" {
		r.lines = r.lines[:len(r.lines)-1]
	}
	return strings.Join(r.lines, "\n") + "\n"
}

// add appends a line, cut to the width.
func (r *textRenderer) add(s string) {
	if lipgloss.Width(s) > r.w {
		s = ansi.Truncate(s, r.w, "…")
	}
	r.lines = append(r.lines, s)
}

func (r *textRenderer) blank() {
	if n := len(r.lines); n > 0 && r.lines[n-1] != "" {
		r.lines = append(r.lines, "")
	}
}

// para wraps s to the width less indent and adds it indented, in st. A
// blank line between paragraphs gets no indent, so no line ends in spaces;
// a URL wider than the line is kept whole on a line of its own.
func (r *textRenderer) para(s string, indent int, st lipgloss.Style) {
	pad := strings.Repeat(" ", indent)
	for _, l := range layout.WrapText(s, max(1, r.w-indent)) {
		switch f := strings.Fields(l); {
		case l == "":
			r.lines = append(r.lines, "")
		case len(f) == 1 && layout.IsURL(f[0]):
			r.lines = append(r.lines, pad+widget.NewPainter(st, r.plain).Paint(l))
		default:
			r.add(pad + widget.NewPainter(st, r.plain).Paint(l))
		}
	}
}

func (r *textRenderer) header(rec *data.Record, tl *data.Timeline) {
	var id, org, date string
	if rec != nil {
		id, org, date = rec.ID, rec.Org, rec.Date
	} else if tl != nil {
		id = tl.Incident
	}
	head := id
	for _, s := range []string{org, date} {
		if s != "" {
			head += " · " + s
		}
	}
	r.para(head, 0, r.st.Header)
	if rec != nil {
		r.para(pick(rec.Title, r.lang, "\n"), 0, r.st.Title)
	}
	if tl != nil {
		loc := tl.Location()
		span := fmt.Sprintf("%s–%s (%s)", tl.Start.In(loc).Format("2006-01-02 15:04"),
			clockText(tl, tl.End, false), i18n.Span(tl.Start, tl.End, r.lang))
		r.para(span, 0, r.st.Faint)
	}
	r.blank()
}

// stages prints each stage's events in order, then any event whose stage
// is unknown.
func (r *textRenderer) stages(tl *data.Timeline) {
	done := make([]bool, len(tl.Events))
	for s, stage := range tl.Stages {
		var idx []int
		for i, e := range tl.Events {
			if e.Stage == stage.ID {
				idx = append(idx, i)
			}
		}
		r.para(fmt.Sprintf("%d. %s", s+1, pick(stage.Title, r.lang, " / ")), 0, r.st.Label)
		r.blank()
		for _, i := range idx {
			r.event(tl, tl.Events[i])
			done[i] = true
		}
	}
	var rest []int
	for i, d := range done {
		if !d {
			rest = append(rest, i)
		}
	}
	if len(rest) > 0 {
		r.para(words.noStage.In(r.lang), 0, r.st.Label)
		r.blank()
		for _, i := range rest {
			r.event(tl, tl.Events[i])
		}
	}
}

// event prints "13:05 PDT · action · A/V on-call · ✗ failed", the title and
// the annotation, indented under the stage.
func (r *textRenderer) event(tl *data.Timeline, e data.Event) {
	r.para(eventCaption(tl, e, r.lang), 3, r.st.Faint)
	r.para(pick(e.Title, r.lang, "\n"), 3, r.st.AnnotationTitle)
	if a := annotation(e.Annotation, r.lang); a != "" {
		r.para(a, 5, r.st.Annotation)
	}
	r.rhymes(e)
	r.blank()
}

// series prints each headline series as a sparkline across the width, with
// its note; series in a row that share a note (a model's outputs) share one
// printing of it, after the last. Grouped series (such as one per instance)
// are counted.
func (r *textRenderer) series(tl *data.Timeline) {
	heads := headline(tl)
	if len(tl.Series) == 0 {
		return
	}
	r.para(words.series.In(r.lang), 0, r.st.Label)
	r.blank()
	loc := tl.Location()
	for i, s := range heads {
		for _, l := range renderSparkline(s, tl.Start.In(loc), tl.End.In(loc), time.Time{}, r.w, r.lang, r.styles) {
			if r.plain {
				l = strings.TrimRight(l, " ") // a sparse series leaves blank cells
			}
			r.add(l)
		}
		n := pick(s.Note, r.lang, "\n")
		if i+1 < len(heads) && pick(heads[i+1].Note, r.lang, "\n") == n {
			continue // the next series says the same
		}
		if n != "" {
			r.para(n, 2, r.st.Faint)
		}
		r.blank()
	}
	if u := findUnexplained(tl); u.ok {
		r.para(u.line(tl, r.lang), 0, r.st.Notice)
		r.blank()
	}
	groups := map[string]int{}
	var order []string
	for _, s := range tl.Series {
		if s.Group != "" {
			if groups[s.Group] == 0 {
				order = append(order, s.Group)
			}
			groups[s.Group]++
		}
	}
	for _, g := range order {
		r.para(groupNote(g, groups[g], r.lang), 0, r.st.Faint)
	}
	r.blank()
}

// groupNote says how many grouped series the text leaves out; the instance
// group is what the replayer's heatmap draws.
func groupNote(group string, n int, lang data.Lang) string {
	if group == "instance" {
		return fmt.Sprintf(words.instanceNote.In(lang), n)
	}
	return fmt.Sprintf(words.groupNote.In(lang), n, group)
}

func (r *textRenderer) sources(tl *data.Timeline) {
	if len(tl.Sources) == 0 {
		return
	}
	r.para(words.sources.In(r.lang), 0, r.st.Label)
	for _, s := range tl.Sources {
		line := "- " + s.URL
		if s.Kind != "" {
			line += " (" + s.Kind + ")"
		}
		if lipgloss.Width(line) <= r.w || s.Kind == "" {
			r.para(line, 0, r.st.Value)
			continue
		}
		// Too long for one line: the kind, then the URL whole under it.
		r.para("- "+s.Kind, 0, r.st.Value)
		r.para(s.URL, 2, r.st.Value)
	}
}
