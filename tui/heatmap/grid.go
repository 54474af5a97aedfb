package heatmap

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/theme"
)

// heatGrid is the heatmap without its moment: the rows resampled to the
// columns and styled, cell by cell, with and without the cursor; the axis,
// the legend and the title up to the clock. It depends on the timeline, the
// size, the language and the styles only, so the replayer builds it when
// one of those changes and render, run every frame, only lays the moment
// over it (the cursor column, the gutter marks, the values at the cursor).
// Nothing changes it after newHeatGrid, so copies of a Model share it.
type heatGrid struct {
	tl            *data.Timeline
	width, height int
	lang          data.Lang

	// fixed is the whole heatmap when it does not depend on the moment (no
	// timeline, no instances, no size); then moving is false.
	fixed  string
	moving bool

	ms         *theme.ModelStyles
	loc        *time.Location
	start, end time.Time
	// titleHead is the title up to the clock, which render adds.
	titleHead string
	// head is how many of the title, axis and marker lines fit.
	head              int
	axis              string // fitted
	left, cols, right int
	cursorMark        string        // rendered, for the marker line
	outMark           string        // rendered, with its space
	rows              []heatGridRow // the rows that fit
	tail              []string      // the lines after them that fit, fitted
}

// heatGridRow is one instance's row without its moment.
type heatGridRow struct {
	r heatRow
	// label is the styled name and its space.
	label string
	// cells is the row's cells joined; off[i] is where cell i starts in it
	// (off[cols] is its length); cursor[i] is cell i with the cursor.
	cells  string
	off    []int
	cursor []string
	// width is the row's cells, less its value at the cursor.
	width int
	// mailboxSorted and ringSorted say the points are in time order, so the
	// value and ring state at a moment can be searched for.
	mailboxSorted, ringSorted bool
}

// fits reports whether g was built for these inputs (the styles are the
// Model's, fixed at New).
func (g *heatGrid) fits(tl *data.Timeline, width, height int, lang data.Lang) bool {
	return g != nil && g.tl == tl && g.width == width && g.height == height && g.lang == lang
}

// fitLines keeps the first height lines, each cut to width.
func fitLines(lines []string, width, height int) string {
	if len(lines) > height {
		lines = lines[:height]
	}
	for i, l := range lines {
		lines[i] = layout.Truncate(l, width)
	}
	return strings.Join(lines, "\n")
}

// newHeatGrid builds the heatmap of tl at width × height, less its moment.
func newHeatGrid(tl *data.Timeline, width, height int, lang data.Lang, st theme.Styles) *heatGrid {
	g := &heatGrid{tl: tl, width: width, height: height, lang: lang}
	if width <= 0 || height <= 0 {
		return g
	}
	ms := st.Model
	if tl == nil {
		g.fixed = fitLines([]string{heatWords.none.In(lang)}, width, height)
		return g
	}
	rows, hyp := heatRows(tl)
	if len(rows) == 0 || !tl.End.After(tl.Start) {
		g.fixed = fitLines([]string{ms.Faint.Render(heatWords.none.In(lang))}, width, height)
		return g
	}
	g.moving = true
	g.ms = ms
	g.loc = tl.Location()
	g.start, g.end = tl.Start, tl.End

	labelW := 0
	for _, r := range rows {
		labelW = max(labelW, lipgloss.Width(r.name))
	}
	g.left = 2 + labelW + 1 // gutter mark, space, name, space
	// Wide enough, each row ends with its mailbox at the cursor.
	if width-g.left >= 40 {
		g.right = heatValueW
	}
	g.cols = max(0, width-g.left-g.right)

	// Title: what it is, that it is modelled (or hypothetical), the moment.
	title := ms.Title.Render(heatWords.title.In(lang))
	if lang == data.Both {
		title = ms.Title.Render(heatWords.title.EN + " / " + heatWords.title.KO)
	}
	tag := heatWords.modelled.In(lang)
	if hyp {
		// The heatmap follows the applied what-if, and says which one.
		title += " " + ms.Hypothetical.Render("· "+heatWords.hypothetical.In(lang)+scenarioSuffix(tl))
	} else {
		title += " " + ms.Faint.Render("· "+tag)
	}
	g.titleHead = title + " "
	g.head = min(3, height)
	g.axis = layout.Truncate(strings.Repeat(" ", g.left)+heatAxis(tl.Start.In(g.loc), tl.End.In(g.loc), g.cols), width)
	g.cursorMark = ms.Cursor.UnsetReverse().Bold(true).Render(heatCursorMark)
	g.outMark = ms.OutOfRing.Render(heatOutMark) + " "

	// Rows get what the title, axis, marker and legend leave.
	room := height - 3 - 1
	shown := rows
	more := 0
	if room < len(rows) {
		keep := max(0, room-1) // one line says how many are hidden
		shown, more = rows[:min(keep, len(rows))], len(rows)-min(keep, len(rows))
	}
	var tail []string
	if more > 0 && room > 0 {
		tail = append(tail, ms.Faint.Render(fmt.Sprintf(heatWords.more.In(lang), more)))
	}
	tail = append(tail, heatLegend(ms, lang))
	// Only what fits in height is kept: render never draws the rest.
	fitRows := min(len(shown), max(0, height-3))
	tail = tail[:min(len(tail), max(0, height-3-len(shown)))]
	for i, l := range tail {
		tail[i] = layout.Truncate(l, width)
	}
	g.tail = tail

	glyphs := newHeatGlyphs(ms, st.Base)
	for _, r := range shown[:fitRows] {
		gr := heatGridRow{
			r:             r,
			label:         ms.Label.Render(layout.Fit(r.name, labelW)) + " ",
			off:           make([]int, g.cols+1),
			cursor:        make([]string, g.cols),
			mailboxSorted: pointsSorted(r.mailbox),
			ringSorted:    pointsSorted(r.ring),
		}
		var b strings.Builder
		for i, c := range heatCells(r, tl.Start, tl.End, g.cols) {
			k := glyphs.key(c)
			gr.off[i] = b.Len()
			b.WriteString(glyphs.plain[k])
			gr.cursor[i] = glyphs.cursor[k]
		}
		gr.off[g.cols] = b.Len()
		gr.cells = b.String()
		gr.width = 2 + lipgloss.Width(gr.label) + lipgloss.Width(gr.cells)
		g.rows = append(g.rows, gr)
	}
	return g
}

// heatValueW is the width of a row's value at the cursor.
const heatValueW = 7

// heatGlyphSet holds a cell rendered in each of its looks: absent, or at a
// level, in or out of the ring; plain and under the cursor.
type heatGlyphSet struct {
	plain, cursor [1 + 2*theme.HeatLevels]string
}

func newHeatGlyphs(ms *theme.ModelStyles, blank lipgloss.Style) heatGlyphSet {
	var s heatGlyphSet
	look := func(k int, g string, style lipgloss.Style) {
		s.plain[k] = style.Render(g)
		s.cursor[k] = style.Inherit(ms.Cursor).Render(g)
	}
	look(0, " ", blank)
	for lv := range theme.HeatLevels {
		look(1+2*lv, heatGlyphs[lv], ms.Heat[lv])
		look(2+2*lv, heatGlyphs[lv], ms.Heat[lv].Inherit(ms.OutOfRing.UnsetBold()))
	}
	return s
}

// key is the index of a cell's look.
func (heatGlyphSet) key(c heatCell) int {
	if !c.exists {
		return 0
	}
	k := 1 + 2*heatLevel(c.v)
	if c.out {
		k++
	}
	return k
}

// render lays the moment at over the grid: the clock in the title, the
// cursor column and its marker, the gutter mark of each instance out of the
// ring, and each row's mailbox at the cursor.
func (g *heatGrid) render(at time.Time) string {
	if !g.moving {
		return g.fixed
	}
	ms := g.ms
	at = at.In(g.loc)
	lines := make([]string, 0, g.height)
	lines = append(lines, layout.Truncate(g.titleHead+ms.Faint.Render("· "+at.Format("15:04 MST")), g.width))
	if g.head >= 2 {
		lines = append(lines, g.axis)
	}
	cursor := -1
	if g.cols > 0 && !at.Before(g.start) && !at.After(g.end) {
		cursor = min(g.cols-1, int(float64(at.Sub(g.start))/float64(g.end.Sub(g.start))*float64(g.cols)))
	}
	if g.head >= 3 {
		marker := strings.Repeat(" ", g.left+max(0, cursor))
		if cursor >= 0 {
			marker += g.cursorMark
		} else {
			marker = layout.Truncate(marker, g.width)
		}
		lines = append(lines, marker)
	}
	var b strings.Builder
	for _, gr := range g.rows {
		b.Reset()
		r := gr.r
		online := len(r.mailbox) > 0 && !r.mailbox[0].T.After(at)
		out := false
		if j := heatAfter(r.ring, at, gr.ringSorted); j > 0 {
			out = r.ring[j-1].V < 0.5
		}
		if online && out {
			b.WriteString(g.outMark)
		} else {
			b.WriteString("  ")
		}
		b.WriteString(gr.label)
		if cursor >= 0 {
			b.WriteString(gr.cells[:gr.off[cursor]])
			b.WriteString(gr.cursor[cursor])
			b.WriteString(gr.cells[gr.off[cursor+1]:])
		} else {
			b.WriteString(gr.cells)
		}
		cells := gr.width
		if g.right > 0 && online {
			v := 0.0
			if j := heatAfter(r.mailbox, at, gr.mailboxSorted); j > 0 {
				v = r.mailbox[j-1].V
			}
			text := fmt.Sprintf("%*s", heatValueW, i18n.Count(v))
			b.WriteString(ms.Heat[heatLevel(v)].Render(text))
			cells += lipgloss.Width(text)
		}
		line := b.String()
		if cells > g.width {
			line = layout.Truncate(line, g.width)
		}
		lines = append(lines, line)
	}
	lines = append(lines, g.tail...)
	return strings.Join(lines, "\n")
}

// heatAxis labels the time axis of n columns over [start, end] with clock
// times at round steps, as many as fit without touching.
func heatAxis(start, end time.Time, n int) string {
	if n <= 0 {
		return ""
	}
	span := end.Sub(start)
	row := []rune(strings.Repeat(" ", n))
	for _, step := range []time.Duration{15 * time.Minute, 30 * time.Minute, time.Hour, 2 * time.Hour, 6 * time.Hour} {
		if float64(step)/float64(span)*float64(n) < 7 && step < 6*time.Hour {
			continue // labels would touch
		}
		for t := start.Truncate(step); !t.After(end); t = t.Add(step) {
			if t.Before(start) {
				continue
			}
			c := int(math.Round(float64(t.Sub(start)) / float64(span) * float64(n)))
			label := []rune(t.Format("15:04"))
			if c+len(label) > n {
				continue
			}
			copy(row[c:], label)
		}
		break
	}
	return strings.TrimRight(string(row), " ")
}

// heatLegend explains the glyphs: the scale, then the out-of-ring mark.
func heatLegend(ms *theme.ModelStyles, lang data.Lang) string {
	parts := make([]string, 0, len(heatGlyphs)+1)
	for i, g := range heatGlyphs {
		var lo string
		if i == 0 {
			lo = "<" + i18n.Count(heatSteps[0])
		} else {
			lo = "≥" + i18n.Count(heatSteps[i-1])
		}
		parts = append(parts, ms.Heat[i].Render(g)+ms.Faint.Render(" "+lo))
	}
	scale := strings.Join(parts, " ") + ms.Faint.Render(" "+heatWords.scale.In(lang))
	return scale + "   " + ms.OutOfRing.Render(heatOutMark) + ms.Faint.Render(" "+heatWords.out.In(lang))
}
