package replayer

import (
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/widget"
)

// frame is what one View draws that depends on the moment, computed once:
// the cursor's column, the event shown as current, how many events may be
// drawn, and each headline series at the cursor.
type frame struct {
	now time.Time
	col int
	// event is the current event as drawn (-1: before the first); limit
	// how many events, from the first, may be drawn at all.
	event, limit int
	// study blanks everything right of the cursor; asking is the study
	// stop asking, or -1.
	study  bool
	asking int
	sparks []sparkNow
}

// sparkNow is a headline series (and its what-if twin) at the cursor: the
// value the head shows and the glyph of the cursor's column, which ends at
// the cursor rather than at the end of its bin.
type sparkNow struct {
	v, hv       float64
	ok, hok     bool
	cell, hcell string
}

// frame computes the moment's frame from the clock and the cache.
func (m Model) frame() frame {
	c := m.clock
	n := 0
	if m.tl != nil {
		n = len(m.tl.Events)
	}
	f := frame{
		now:    c.Now(),
		col:    widget.Column(c.Start(), c.End(), c.Now(), m.width),
		event:  c.Event(),
		study:  m.study.on,
		asking: m.study.asking,
	}
	f.limit = m.study.limit(f.event, n)
	f.event = min(f.event, f.limit-1)
	if f.asking >= 0 {
		f.now = m.shownNow()
		f.col = widget.Column(c.Start(), c.End(), f.now, m.width)
	}
	colStart := widget.ColumnStart(c.Start(), c.End(), f.col, m.width)
	for _, e := range m.cache.sparks {
		var s sparkNow
		// In study mode a modelled series shows its last point, never a
		// value interpolated toward the next one, which lies ahead.
		held := f.study
		s.v, s.ok, s.cell = atCursor(e.series, e.sp, f.now, colStart, held)
		if e.hypSeries != nil {
			s.hv, s.hok, s.hcell = atCursor(e.hypSeries, e.hyp, f.now, colStart, held)
		}
		f.sparks = append(f.sparks, s)
	}
	return f
}

// atCursor returns a series' value at now and the glyph of the cursor's
// column: the value at now on the spark's scale, or for a reported series
// the last figure given since the column started (blank when none). held
// (at a study stop) takes a modelled series' last point at or before now
// too, rather than a value interpolated toward the next point, which may
// already show the decision's effect.
func atCursor(s *data.Series, sp widget.Spark, now, colStart time.Time, held bool) (float64, bool, string) {
	if held && s.Provenance != data.Reported {
		pt, ok := replay.LastAt(s.Points, now)
		if !ok {
			return 0, false, " "
		}
		return pt.V, true, widget.Blocks[widget.Level(pt.V, sp.Lo, sp.Hi)]
	}
	if s.Provenance == data.Reported {
		pt, ok := replay.LastAt(s.Points, now)
		if !ok || pt.T.Before(colStart) {
			return pt.V, ok, " "
		}
		return pt.V, true, widget.Blocks[widget.Level(pt.V, sp.Lo, sp.Hi)]
	}
	v, ok := replay.ValueAt(s.Points, now)
	if !ok {
		return v, false, " "
	}
	return v, true, widget.Blocks[widget.Level(v, sp.Lo, sp.Hi)]
}

// shownNow is the moment the figures are drawn for: the clock's, but at a
// study stop that asks, just before the decision, whose effect a modelled
// series may show at its own moment.
func (m Model) shownNow() time.Time {
	if k := m.study.asking; k >= 0 && m.tl != nil {
		return beforeStop(m.tl, m.tl.Events[m.study.stops[k].First].At)
	}
	return m.clock.Now()
}
