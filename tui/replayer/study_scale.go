package replayer

import (
	"math"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/widget"
)

// In study mode a curve's scale is the range of what is known at the
// cursor, with headroom, never the whole incident's: drawn on the final
// range, a mailbox at half height at 12:43 tells the group that it will
// double. The headroom is rounded up to a round figure, so the scale
// changes only now and then as the session moves on, never every tick.

// untilKnown returns a copy of s whose points end at t (nil stays nil).
func untilKnown(s *data.Series, t time.Time) *data.Series {
	if s == nil {
		return nil
	}
	c := *s
	n := 0
	for n < len(s.Points) && !s.Points[n].T.After(t) {
		n++
	}
	c.Points = s.Points[:n:n]
	return &c
}

// studyScale is the scale a headline series (and its what-if twin) is
// drawn on in study mode at moment known.
func studyScale(known time.Time, ss ...*data.Series) (lo, hi float64) {
	cut := make([]*data.Series, 0, len(ss))
	pct := false
	for _, s := range ss {
		if s != nil {
			cut = append(cut, untilKnown(s, known))
			pct = pct || strings.HasPrefix(s.Unit, "%")
		}
	}
	lo, hi = widget.Scale(cut...)
	if pct && hi <= 100 {
		return lo, hi // a percentage is drawn against 0…100, known in advance
	}
	return lo, headroom(lo, hi)
}

// headroom raises hi a quarter of the range above what is known, to the
// next round figure.
func headroom(lo, hi float64) float64 {
	span := hi - lo
	if !(span > 0) {
		span = math.Max(math.Abs(hi), 1)
	}
	want := lo + 1.25*span
	return lo + roundUp(want-lo)
}

// roundUp returns the least round figure (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6
// or 8 times a power of ten) that is at least v (v > 0): fine enough that
// the headroom stays near a quarter.
func roundUp(v float64) float64 {
	if !(v > 0) || math.IsInf(v, 0) {
		return v
	}
	p := math.Pow(10, math.Floor(math.Log10(v)))
	for _, f := range []float64{1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10} {
		if f*p >= v {
			return f * p
		}
	}
	return 10 * p
}

// sparkScale is the scale of headline series s and its twin h: the whole
// incident's outside study mode, what is known at the cursor in it.
func (m Model) sparkScale(s, h *data.Series) (lo, hi float64) {
	if m.study.on {
		return studyScale(m.shownNow(), s, h)
	}
	return widget.Scale(s, h)
}

// scaleMoved reports whether study mode's scale of some curve differs from
// the one the cache was drawn on: the cache is then rebuilt.
func (m Model) scaleMoved() bool {
	if !m.study.on || m.cache == nil {
		return false
	}
	for _, e := range m.cache.sparks {
		if lo, hi := m.sparkScale(e.series, e.hypSeries); lo != e.sp.Lo || hi != e.sp.Hi {
			return true
		}
	}
	return false
}
