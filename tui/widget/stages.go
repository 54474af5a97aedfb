package widget

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/layout"
)

// Segment is a stage's stretch of the time axis, in columns [From, To).
type Segment struct {
	Stage, From, To int
}

// Segments divides a width-column time axis among the stages that have
// events: each runs from its first event (the first stage from the start)
// to the next one's. A stage too short to show its number is widened to a
// few columns at the expense of its neighbours, so every stage stays
// visible while columns last.
func Segments(cur replay.Cursor, w int) []Segment {
	tl := cur.Timeline()
	if tl == nil || w <= 0 {
		return nil
	}
	var segs []Segment
	for s := range tl.Stages {
		if i := cur.StageStart(s); i >= 0 {
			segs = append(segs, Segment{Stage: s, From: Column(cur.Start(), cur.End(), tl.Events[i].At, w)})
		}
	}
	if len(segs) == 0 {
		return nil
	}
	segs = segs[:min(len(segs), w)]
	n := len(segs)
	minW := max(1, min(4, w/n))
	segs[0].From = 0
	for i := 1; i < n; i++ {
		segs[i].From = max(segs[i].From, segs[i-1].From+minW)
	}
	for i := n - 1; i >= 1; i-- {
		segs[i].From = min(segs[i].From, w-(n-i)*minW)
	}
	for i := range segs {
		segs[i].To = w
		if i+1 < n {
			segs[i].To = segs[i+1].From
		}
	}
	return segs
}

// Window returns the first of n rows to show of a list of total rows so
// that row cur sits a third of the way down, never past the end.
func Window(cur, n, total int) int {
	return min(max(0, cur-n/3), max(0, total-n))
}

// StagePainters style a stage bar: the stages, the current one and the
// separators.
type StagePainters struct {
	Stage, Current, Rule Painter
}

// StageBar draws the segments along the time axis, each labelled with its
// number and title (titles[s] for stage s), the current stage bracketed.
// A stage for which shown is false is left blank (study mode: a stage not
// reached yet).
func StageBar(segs []Segment, titles []string, cur int, shown func(stage int) bool, p StagePainters) string {
	var b strings.Builder
	for i, seg := range segs {
		w := seg.To - seg.From
		sep := ""
		if i+1 < len(segs) {
			sep = "│"
			w--
		}
		title := titles[seg.Stage]
		switch {
		case shown != nil && !shown(seg.Stage):
			b.WriteString(strings.Repeat(" ", max(w, 0)))
		case seg.Stage == cur:
			label := layout.Fit(StageLabel(seg.Stage, title, w-2), w-2)
			if w < 3 {
				label = StageLabel(seg.Stage, title, w)
			} else {
				label = "[" + label + "]"
			}
			b.WriteString(p.Current.Paint(layout.Fit(label, w)))
		default:
			b.WriteString(p.Stage.Paint(layout.Fit(StageLabel(seg.Stage, title, w), w)))
		}
		b.WriteString(p.Rule.Paint(sep))
	}
	return b.String()
}

// StageLabel is a stage's label in w cells: "3 Restarts", cut with "…"
// while at least a few cells of the title show, else the number alone
// (stages after the ninth have no key and no number).
func StageLabel(stage int, title string, w int) string {
	if stage >= 9 {
		return layout.Truncate(title, w)
	}
	num := fmt.Sprint(stage + 1)
	full := num + " " + title
	if lipgloss.Width(full) <= w || w-lipgloss.Width(num)-1 >= 4 {
		return layout.Truncate(full, w)
	}
	return layout.Truncate(num, w)
}

// Row states of an event list.
const (
	Past = iota
	Current
	Future
)

// EventList draws n rows of a list whose rows are drawn in advance in
// their three states (rows[i][Past], …), scrolled so row cur sits a third
// of the way down. Only the first limit rows may be drawn; if rows remain,
// hidden (a line saying how many) takes the place of the rest.
func EventList(rows [][3]string, cur, limit, n int, hidden string) []string {
	if n <= 0 || len(rows) == 0 {
		return nil
	}
	limit = min(limit, len(rows))
	shown := limit
	if shown < len(rows) {
		shown++ // the hidden line
	}
	off := Window(cur, n, shown)
	var lines []string
	for i := off; i < min(shown, off+n); i++ {
		switch {
		case i >= limit:
			lines = append(lines, hidden)
		case i < cur:
			lines = append(lines, rows[i][Past])
		case i == cur:
			lines = append(lines, rows[i][Current])
		default:
			lines = append(lines, rows[i][Future])
		}
	}
	return lines
}
