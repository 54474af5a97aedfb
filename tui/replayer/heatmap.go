package replayer

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/theme"
)

// heatGlyphs draw the heatmap's intensity levels, lowest first: the density
// of the glyph carries the level, so the map reads in monochrome.
var heatGlyphs = [theme.HeatLevels]string{"·", "░", "▒", "▓", "█"}

// heatSteps are the lower bounds of levels 1…4 (log scale, messages).
var heatSteps = [theme.HeatLevels - 1]float64{1e3, 1e4, 1e5, 1e6}

const (
	heatOutMark    = "x" // gutter mark of an instance out of the ring
	heatCursorMark = "▼"
)

// heatWords are the heatmap's texts in one language.
type heatWords struct {
	title, hypothetical, none, more, out, scale string
}

var heatDict = map[data.Lang]heatWords{
	data.EN: {
		title:        "Mailbox per instance",
		hypothetical: "hypothetical",
		none:         "This timeline has no per-instance series.",
		more:         "+%d more instances (taller window shows them)",
		out:          "out of ring at cursor",
		scale:        "messages",
	},
	data.KO: {
		title:        "인스턴스별 메일박스",
		hypothetical: "가정",
		none:         "이 타임라인에는 인스턴스별 계열이 없습니다.",
		more:         "인스턴스 %d개 더 있음(창을 키우면 보임)",
		out:          "커서 시각에 링 밖",
		scale:        "메시지",
	},
}

func heatWordsFor(l data.Lang) heatWords {
	if l == data.KO {
		return heatDict[data.KO]
	}
	return heatDict[data.EN]
}

// heatRow is one instance of the heatmap.
type heatRow struct {
	name    string
	mailbox []data.Point
	ring    []data.Point
}

// heatRows returns the instances of tl in series order, with their mailbox
// (group "instance") and ring (group "ring") points, and whether the series
// are a what-if run.
func heatRows(tl *data.Timeline) (rows []heatRow, hypothetical bool) {
	ring := map[string][]data.Point{}
	for _, s := range tl.Series {
		if s.Group == replay.GroupRing {
			ring[strings.TrimPrefix(s.Name, "ring/")] = s.Points
		}
	}
	for _, s := range tl.Series {
		if s.Group != replay.GroupInstance {
			continue
		}
		name := strings.TrimPrefix(s.Name, "mailbox/")
		rows = append(rows, heatRow{name: name, mailbox: s.Points, ring: ring[name]})
		hypothetical = hypothetical || strings.HasPrefix(s.Label.EN, replay.Hypothetical.EN)
	}
	return rows, hypothetical
}

// heatLevel maps a mailbox length to an intensity level.
func heatLevel(v float64) int {
	l := 0
	for l < len(heatSteps) && v >= heatSteps[l] {
		l++
	}
	return l
}

// heatCell is what one row shows in one column: the largest mailbox in the
// column's span (so a spike never disappears), whether the instance was out
// of the ring for most of it, and whether it existed at all.
type heatCell struct {
	v      float64
	out    bool
	exists bool
}

// heatCells resamples a row to n columns over [start, end).
func heatCells(r heatRow, start, end time.Time, n int) []heatCell {
	cells := make([]heatCell, n)
	span := end.Sub(start)
	if n == 0 || span <= 0 {
		return cells
	}
	col := func(t time.Time) int {
		return min(n-1, max(0, int(float64(t.Sub(start))/float64(span)*float64(n))))
	}
	for _, p := range r.mailbox {
		c := &cells[col(p.T)]
		if !c.exists || p.V > c.v {
			c.v = p.V
		}
		c.exists = true
	}
	outs, ins := make([]int, n), make([]int, n)
	for _, p := range r.ring {
		if p.V < 0.5 {
			outs[col(p.T)]++
		} else {
			ins[col(p.T)]++
		}
	}
	// A column narrower than the sampling holds no point: carry the row's
	// state across it, from the first point on.
	for i := range cells {
		cells[i].out = outs[i] > ins[i]
		if !cells[i].exists && i > 0 && cells[i-1].exists {
			cells[i] = cells[i-1]
			if outs[i]+ins[i] > 0 {
				cells[i].out = outs[i] > ins[i]
			}
		}
	}
	return cells
}

// heatOutAt reports whether the row's instance is out of the ring at t.
func heatOutAt(r heatRow, t time.Time) bool {
	out := false
	for _, p := range r.ring {
		if p.T.After(t) {
			break
		}
		out = p.V < 0.5
	}
	return out
}

// heatValueAt returns the row's mailbox at t (its last point not after t).
func heatValueAt(r heatRow, t time.Time) float64 {
	v := 0.0
	for _, p := range r.mailbox {
		if p.T.After(t) {
			break
		}
		v = p.V
	}
	return v
}

// heatOnline reports whether the row's instance exists at t.
func heatOnline(r heatRow, t time.Time) bool {
	return len(r.mailbox) > 0 && !r.mailbox[0].T.After(t)
}

// renderHeatmap draws every instance's mailbox over the timeline as a grid:
// one row per instance, one column per slice of time, intensity by mailbox
// length on a log scale (glyph density and colour), a marker over the column
// of at, and an "x" in the gutter of each instance out of the ring at that
// moment. Instances not yet online are blank. It fits width × height and
// never panics, at any size.
func renderHeatmap(tl *data.Timeline, at time.Time, width, height int, lang data.Lang, st theme.Styles) string {
	if width <= 0 || height <= 0 {
		return ""
	}
	ms := st.Model
	w := heatWordsFor(lang)
	fit := func(lines []string) string {
		if len(lines) > height {
			lines = lines[:height]
		}
		for i, l := range lines {
			lines[i] = layout.Truncate(l, width)
		}
		return strings.Join(lines, "\n")
	}
	if tl == nil {
		return fit([]string{w.none})
	}
	rows, hyp := heatRows(tl)
	if len(rows) == 0 || !tl.End.After(tl.Start) {
		return fit([]string{ms.Faint.Render(w.none)})
	}
	loc := tl.Location()
	at = at.In(loc)

	labelW := 0
	for _, r := range rows {
		labelW = max(labelW, lipgloss.Width(r.name))
	}
	left := 2 + labelW + 1 // gutter mark, space, name, space
	// Wide enough, each row ends with its mailbox at the cursor.
	const valueW = 7
	right := 0
	if width-left >= 40 {
		right = valueW
	}
	cols := max(0, width-left-right)

	// Title: what it is, that it is modelled (or hypothetical), the moment.
	title := ms.Title.Render(w.title)
	if lang == data.Both {
		title = ms.Title.Render(heatDict[data.EN].title + " / " + heatDict[data.KO].title)
	}
	tag := "modelled"
	if lang == data.KO {
		tag = "모델 계산"
	}
	if hyp {
		title += " " + ms.Hypothetical.Render("· "+w.hypothetical)
	} else {
		title += " " + ms.Faint.Render("· "+tag)
	}
	title += " " + ms.Faint.Render("· "+at.Format("15:04")+" "+loc.String())

	cursor := -1
	if cols > 0 && !at.Before(tl.Start) && !at.After(tl.End) {
		cursor = min(cols-1, int(float64(at.Sub(tl.Start))/float64(tl.Duration())*float64(cols)))
	}
	axis := strings.Repeat(" ", left) + heatAxis(tl.Start.In(loc), tl.End.In(loc), cols)
	marker := strings.Repeat(" ", left+max(0, cursor))
	if cursor >= 0 {
		marker += ms.Cursor.UnsetReverse().Bold(true).Render(heatCursorMark)
	}

	legend := heatLegend(ms, w)
	head := []string{title, axis, marker}
	// Rows get what the title, axis, marker and legend leave.
	room := height - len(head) - 1
	shown := rows
	more := 0
	if room < len(rows) {
		keep := max(0, room-1) // one line says how many are hidden
		shown, more = rows[:min(keep, len(rows))], len(rows)-min(keep, len(rows))
	}

	lines := head
	for _, r := range shown {
		cells := heatCells(r, tl.Start, tl.End, cols)
		var b strings.Builder
		switch {
		case !heatOnline(r, at):
			b.WriteString("  ")
		case heatOutAt(r, at):
			b.WriteString(ms.OutOfRing.Render(heatOutMark) + " ")
		default:
			b.WriteString("  ")
		}
		b.WriteString(ms.Label.Render(layout.Fit(r.name, labelW)) + " ")
		for i, c := range cells {
			g := " "
			style := lipgloss.NewStyle()
			if c.exists {
				lv := heatLevel(c.v)
				g, style = heatGlyphs[lv], ms.Heat[lv]
				if c.out {
					style = style.Inherit(ms.OutOfRing.UnsetBold())
				}
			}
			if i == cursor {
				style = style.Inherit(ms.Cursor)
			}
			b.WriteString(style.Render(g))
		}
		if right > 0 && heatOnline(r, at) {
			v := heatValueAt(r, at)
			b.WriteString(ms.Heat[heatLevel(v)].Render(fmt.Sprintf("%*s", valueW, replay.FormatCount(v))))
		}
		lines = append(lines, b.String())
	}
	if more > 0 && room > 0 {
		lines = append(lines, ms.Faint.Render(fmt.Sprintf(w.more, more)))
	}
	lines = append(lines, legend)
	return fit(lines)
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
func heatLegend(ms theme.ModelStyles, w heatWords) string {
	parts := make([]string, 0, len(heatGlyphs)+1)
	for i, g := range heatGlyphs {
		var lo string
		if i == 0 {
			lo = "<" + replay.FormatCount(heatSteps[0])
		} else {
			lo = "≥" + replay.FormatCount(heatSteps[i-1])
		}
		parts = append(parts, ms.Heat[i].Render(g)+ms.Faint.Render(" "+lo))
	}
	scale := strings.Join(parts, " ") + ms.Faint.Render(" "+w.scale)
	return scale + "   " + ms.OutOfRing.Render(heatOutMark) + ms.Faint.Render(" "+w.out)
}
