package widget

import (
	"math"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// Spark2 is a sparkline two rows tall, for a shared screen: sixteen levels,
// the lower row full before the upper one starts.
type Spark2 struct {
	top, bottom []string
}

// Level16 maps v on [lo, hi] to 0…15; as in Level, only lo itself draws
// the lowest level.
func Level16(v, lo, hi float64) int {
	if !(hi > lo) || math.IsNaN(v) {
		return 0
	}
	l := int((v - lo) / (hi - lo) * 15.0)
	if l <= 0 && v > lo {
		l = 1
	}
	return min(max(l, 0), 15)
}

// Cells2 returns the two glyphs of level l (0…15).
func Cells2(l int) (top, bottom string) {
	if l < 8 {
		return " ", Blocks[l]
	}
	return Blocks[l-8], Blocks[7]
}

// NewSpark2 resamples s like NewSpark, into two rows.
func NewSpark2(s *data.Series, start, end time.Time, w int, lo, hi float64) Spark2 {
	sp := Spark2{top: make([]string, w), bottom: make([]string, w)}
	reported := s.Provenance == data.Reported
	for i, b := range replay.Resample(s.Points, start, end, w) {
		if b.Empty || reported && b.Points == 0 {
			sp.top[i], sp.bottom[i] = " ", " "
			continue
		}
		sp.top[i], sp.bottom[i] = Cells2(Level16(b.Value, lo, hi))
	}
	return sp
}

// Rows draws the two rows with the cursor's column at level l (blank when
// l < 0), and nothing right of it when blank is set.
func (sp Spark2) Rows(col, l int, blank bool, base, cursor Painter) [2]string {
	var out [2]string
	for r, cells := range [2][]string{sp.top, sp.bottom} {
		if col < 0 || col >= len(cells) {
			out[r] = base.Paint(strings.Join(cells, ""))
			continue
		}
		c := " "
		if l >= 0 {
			t, b := Cells2(l)
			c = [2]string{t, b}[r]
		}
		right := strings.Join(cells[col+1:], "")
		if blank {
			right = strings.Repeat(" ", len(cells)-col-1)
		}
		out[r] = base.Paint(strings.Join(cells[:col], "")) + cursor.Paint(c) + base.Paint(right)
	}
	return out
}
