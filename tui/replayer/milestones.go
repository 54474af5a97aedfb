package replayer

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/widget"
)

// A timeline's milestones (impact start, detected, mitigated, resolved)
// show in two places: a letter each on the time axis under the
// sparklines, and a row under the header that is the letters' legend and
// gives the intervals from impact start. In study mode a milestone after
// the cursor is neither marked nor measured ("?"), as the events after it
// are not drawn.

// milestoneGlyphs are the axis marks, one ASCII letter per kind (a letter
// is one cell in every terminal).
var milestoneGlyphs = [...]string{
	data.MilestoneImpactStart: "I",
	data.MilestoneDetected:    "D",
	data.MilestoneMitigated:   "M",
	data.MilestoneResolved:    "R",
}

// milestoneWords label the milestone row: impact start's moment, then the
// intervals from it.
var milestoneWords = i18n.Register("replayer.milestones", &struct {
	impact, detect, mitigate, resolve i18n.Word
}{
	impact:   i18n.W("impact", "영향 시작"),
	detect:   i18n.W("to detect", "감지까지"),
	mitigate: i18n.W("to mitigate", "완화까지"),
	resolve:  i18n.W("to resolve", "복구까지"),
})

// milestoneMinRows is the fewest rows under the header that leave room for
// the milestone row.
const milestoneMinRows = 8

// milestoneRow reports whether the plan gives the milestone row one of the
// rest rows under the header.
func (m Model) milestoneRow(rest int) bool {
	return m.tl != nil && len(m.tl.Milestones) > 0 && rest >= milestoneMinRows
}

// unknownMark and hiddenMark stand for an interval the timeline does not
// give and one study mode does not show yet.
const unknownMark, hiddenMark = "–", "?"

// milestoneShown reports whether a milestone at t may be shown in the frame.
func milestoneShown(f frame, t time.Time) bool { return !f.study || !t.After(f.now) }

// milestoneLine is the row under the header: "I impact 12:05 PDT ·
// D to detect 15m · M to mitigate 55m · R to resolve 1h 30m". Each value is
// padded to the widest it can be, so revealing one moves nothing; at a
// width too narrow for the labels the letters stand alone.
func (m Model) milestoneLine(f frame) string {
	p := m.cache.p
	tl := m.tl
	type part struct{ glyph, label, value string }
	parts := make([]part, 0, 4)
	pad := func(s, full string) string {
		w := max(lipgloss.Width(full), lipgloss.Width(unknownMark), lipgloss.Width(hiddenMark))
		return s + strings.Repeat(" ", max(0, w-lipgloss.Width(s)))
	}
	value := func(full string, known, shown bool) string {
		switch {
		case !known:
			return pad(unknownMark, full)
		case !shown:
			return pad(hiddenMark, full)
		}
		return pad(full, full)
	}
	start, hasStart := tl.Milestone(data.MilestoneImpactStart)
	startText := ""
	if hasStart {
		startText = clockText(tl, start.At, false)
	}
	parts = append(parts, part{milestoneGlyphs[data.MilestoneImpactStart], milestoneWords.impact.In(m.lang),
		value(startText, hasStart, hasStart && milestoneShown(f, start.At))})
	labels := []i18n.Word{milestoneWords.detect, milestoneWords.mitigate, milestoneWords.resolve}
	for i, k := range data.IntervalKinds {
		d, ok := tl.Interval(k)
		full := ""
		shown := false
		if ok {
			full = i18n.Duration(d, m.lang)
			ms, _ := tl.Milestone(k)
			shown = milestoneShown(f, ms.At)
		}
		parts = append(parts, part{milestoneGlyphs[k], labels[i].In(m.lang), value(full, ok, shown)})
	}
	join := func(labels bool) (plain int, painted string) {
		var b strings.Builder
		for i, pt := range parts {
			if i > 0 {
				b.WriteString(p.faint.Paint(" · "))
				plain += 3
			}
			s := pt.glyph + " "
			b.WriteString(p.label.Paint(pt.glyph) + " ")
			if labels {
				s += pt.label + " "
				b.WriteString(p.faint.Paint(pt.label) + " ")
			}
			s += pt.value
			b.WriteString(p.value.Paint(pt.value))
			plain += lipgloss.Width(s)
		}
		return plain, b.String()
	}
	w, line := join(true)
	if w > m.width {
		w, line = join(false)
	}
	if w > m.width {
		return layout.Truncate(line, m.width)
	}
	return line + strings.Repeat(" ", m.width-w)
}

// axisRow is the sparklines' time axis with the milestones marked: the
// start and end times, a letter at each shown milestone's column and the
// cursor. A letter takes its cell from a time label, which then is not
// drawn; the cursor takes its cell from a letter.
func (m Model) axisRow(f frame) string {
	p := m.cache.p
	w := m.width
	if m.tl == nil || len(m.tl.Milestones) == 0 || w <= 0 {
		return widget.AxisRow(w, f.col, m.cache.axisL, m.cache.axisR, p.faint, p.marker)
	}
	cells := make([]string, w)
	glyph := make([]bool, w)
	for i := range cells {
		cells[i] = " "
	}
	start, end := m.clock.Start(), m.clock.End()
	for _, ms := range m.tl.Milestones {
		if !ms.Kind.Valid() || !milestoneShown(f, ms.At) {
			continue
		}
		if c := widget.Column(start, end, ms.At, w); c >= 0 && c < w {
			cells[c], glyph[c] = milestoneGlyphs[ms.Kind], true
		}
	}
	put := func(at int, s string) {
		n := lipgloss.Width(s)
		if at < 0 || at+n > w || (f.col >= 0 && f.col >= at-1 && f.col <= at+n) {
			return
		}
		for i := at; i < at+n; i++ {
			if glyph[i] {
				return
			}
		}
		for i, r := range s { // times are ASCII: one cell per byte
			cells[at+i] = string(r)
		}
	}
	put(0, m.cache.axisL)
	if ew := lipgloss.Width(m.cache.axisR); w-ew > lipgloss.Width(m.cache.axisL)+1 {
		put(w-ew, m.cache.axisR)
	}
	var b strings.Builder
	run := 0 // start of the run of plain cells not yet written
	flush := func(i int) {
		if i > run {
			b.WriteString(p.faint.Paint(strings.Join(cells[run:i], "")))
		}
		run = i + 1
	}
	for i := range cells {
		switch {
		case i == f.col:
			flush(i)
			b.WriteString(p.marker.Paint(widget.MarkerGlyph))
		case glyph[i]:
			flush(i)
			b.WriteString(p.label.Paint(cells[i]))
		}
	}
	flush(w)
	return b.String()
}

// placedMark is "≈" before the time of an event placed by inference,
// whose time the source does not give.
func placedMark(e data.Event) string {
	if e.Placed {
		return "≈"
	}
	return ""
}

// listTime is an event's time in the event list: "13:05", "≈13:20" when
// placed by inference; when any event of tl is placed, the others get a
// space in the mark's place so that the times line up.
func listTime(tl *data.Timeline, e data.Event) string {
	mark := placedMark(e)
	if mark == "" && slices.ContainsFunc(tl.Events, func(o data.Event) bool { return o.Placed }) {
		mark = " "
	}
	return mark + eventTime(tl, e.At)
}

// milestoneText are the words of the milestones section of RenderText.
var milestoneText = i18n.Register("replayer.milestones.text", &struct {
	heading, intervals i18n.Word
	kinds              [4]i18n.Word
}{
	heading:   i18n.W("Milestones", "주요 시점"),
	intervals: i18n.W("Time to detect %s · to mitigate %s · to resolve %s", "감지까지 %s · 완화까지 %s · 복구까지 %s"),
	kinds: [4]i18n.Word{
		data.MilestoneImpactStart: i18n.W("impact start", "영향 시작"),
		data.MilestoneDetected:    i18n.W("detected", "감지"),
		data.MilestoneMitigated:   i18n.W("mitigated", "완화"),
		data.MilestoneResolved:    i18n.W("resolved", "복구"),
	},
})

// milestones prints the timeline's milestones, each with its letter,
// moment and basis, then the intervals from impact start ("–" where
// unknown). A timeline without milestones prints nothing.
func (r *textRenderer) milestones(tl *data.Timeline) {
	if len(tl.Milestones) == 0 {
		return
	}
	r.para(milestoneText.heading.In(r.lang), 0, r.st.Label)
	nameW := 0
	for _, ms := range tl.Milestones {
		if ms.Kind.Valid() {
			nameW = max(nameW, lipgloss.Width(milestoneText.kinds[ms.Kind].In(r.lang)))
		}
	}
	for _, ms := range tl.Milestones {
		if !ms.Kind.Valid() {
			continue
		}
		head := milestoneGlyphs[ms.Kind] + " " + layout.Fit(milestoneText.kinds[ms.Kind].In(r.lang), nameW) + "  " + clockText(tl, ms.At, false)
		r.para(head, 2, r.st.Value)
		if b := pick(ms.Basis, r.lang, "\n"); b != "" {
			r.para(b, 4, r.st.Faint)
		}
	}
	var vals [3]any
	for i, k := range data.IntervalKinds {
		vals[i] = unknownMark
		if d, ok := tl.Interval(k); ok {
			vals[i] = i18n.Duration(d, r.lang)
		}
	}
	r.para(fmt.Sprintf(milestoneText.intervals.In(r.lang), vals[:]...), 2, r.st.Value)
	r.blank()
}
