package widget

import (
	"math"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// Blocks are the eight levels of a sparkline, lowest first.
var Blocks = []string{"▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"}

// MarkerGlyph marks the cursor's column in the axis row, so the cursor
// shows in monochrome too.
const MarkerGlyph = "▲"

// Spark is one series prepared for drawing at one width: a glyph per column
// on a fixed scale [Lo, Hi]. It is built when the width or the data change,
// never per frame.
type Spark struct {
	Cells  []string
	Lo, Hi float64
}

// NewSpark resamples s over [start, end] into width columns (see
// replay.Resample: each column keeps its extreme, so a spike shows at any
// width) and maps them onto the levels between lo and hi. Columns where the
// series has no value are blank, and so are the columns of a reported
// series that hold none of its points: its figures are drawn where the
// source gives them, never joined by a line the source did not draw.
func NewSpark(s *data.Series, start, end time.Time, width int, lo, hi float64) Spark {
	sp := Spark{Lo: lo, Hi: hi}
	if width <= 0 {
		return sp
	}
	sp.Cells = make([]string, width)
	reported := s.Provenance == data.Reported
	for i, b := range replay.Resample(s.Points, start, end, width) {
		if b.Empty || reported && b.Points == 0 {
			sp.Cells[i] = " "
			continue
		}
		sp.Cells[i] = Blocks[Level(b.Value, lo, hi)]
	}
	return sp
}

// Level maps v on [lo, hi] to 0…7; a flat scale draws the lowest block.
// The lowest block is the baseline alone: a value above lo draws at least
// the second, so that one instance of thirty, or 3 % against zero, never
// reads as none.
func Level(v, lo, hi float64) int {
	if !(hi > lo) || math.IsNaN(v) {
		return 0
	}
	l := int(math.Round((v - lo) / (hi - lo) * float64(len(Blocks)-1)))
	if l <= 0 && v > lo {
		l = 1
	}
	return min(max(l, 0), len(Blocks)-1)
}

// Scale returns the extent shared by several series (a series and its
// hypothetical twin), so all are drawn on one scale. Nil series are skipped.
// Percentages and counts are drawn against zero (percentages up to at least
// 100), so that a partial dip never reads as a total loss and a flat 100% as
// 0%; only a relative index keeps its own extent.
func Scale(ss ...*data.Series) (lo, hi float64) {
	defer func() {
		for _, s := range ss {
			if s == nil || s.Unit == "relative" || len(s.Points) == 0 {
				continue
			}
			lo = min(lo, 0)
			if strings.HasPrefix(s.Unit, "%") {
				hi = max(hi, 100)
			}
		}
	}()
	first := true
	for _, s := range ss {
		if s == nil {
			continue
		}
		l, h, ok := replay.Extent(s.Points)
		if !ok {
			continue
		}
		if first {
			lo, hi, first = l, h, false
			continue
		}
		lo, hi = min(lo, l), max(hi, h)
	}
	return lo, hi
}

// Column returns the column of moment now on a width-column axis over
// [start, end], as replay.Resample assigns points to buckets; -1 when there
// is no column.
func Column(start, end, now time.Time, width int) int {
	if width <= 0 {
		return -1
	}
	span := end.Sub(start)
	if span <= 0 || !now.After(start) {
		return 0
	}
	return min(width-1, int(float64(now.Sub(start))/float64(span)*float64(width)))
}

// ColumnStart is the moment column col of a width-column axis starts.
func ColumnStart(start, end time.Time, col, width int) time.Time {
	if width <= 0 || col <= 0 {
		return start
	}
	return start.Add(time.Duration(float64(end.Sub(start)) * float64(col) / float64(width)))
}

// Cell returns the glyph already in column col, for a line drawn without a
// moment of its own.
func (sp Spark) Cell(col int) string {
	if col < 0 || col >= len(sp.Cells) {
		return ""
	}
	return sp.Cells[col]
}

// Line draws the sparkline with the cell in column col (if any) replaced by
// cell in the cursor style; blank leaves every column right of col empty
// (study mode draws nothing after the cursor).
func (sp Spark) Line(col int, cell string, blank bool, base, cursor Painter) string {
	if len(sp.Cells) == 0 {
		return ""
	}
	if col < 0 || col >= len(sp.Cells) {
		return base.Paint(strings.Join(sp.Cells, ""))
	}
	right := strings.Join(sp.Cells[col+1:], "")
	if blank {
		right = strings.Repeat(" ", len(sp.Cells)-col-1)
	}
	return base.Paint(strings.Join(sp.Cells[:col], "")) + cursor.Paint(cell) + base.Paint(right)
}

// AxisRow is the row under sparklines: the start and end labels at the
// ends and the marker at column col (none when col < 0). A label the
// marker would touch is left out.
func AxisRow(width, col int, startLabel, endLabel string, faint, marker Painter) string {
	if width <= 0 {
		return ""
	}
	cells := make([]string, width)
	for i := range cells {
		cells[i] = " "
	}
	put := func(at int, s string) bool {
		w := lipgloss.Width(s)
		if at < 0 || at+w > width || (col >= 0 && col >= at-1 && col <= at+w) {
			return false
		}
		for i, r := range s { // times are ASCII: one cell per byte
			cells[at+i] = string(r)
		}
		return true
	}
	put(0, startLabel)
	if ew := lipgloss.Width(endLabel); width-ew > lipgloss.Width(startLabel)+1 {
		put(width-ew, endLabel)
	}
	if col < 0 || col >= width {
		return faint.Paint(strings.Join(cells, ""))
	}
	return faint.Paint(strings.Join(cells[:col], "")) + marker.Paint(MarkerGlyph) +
		faint.Paint(strings.Join(cells[col+1:], ""))
}

// PadLeft right-aligns s in w cells.
func PadLeft(s string, w int) string {
	return strings.Repeat(" ", max(0, w-lipgloss.Width(s))) + s
}
