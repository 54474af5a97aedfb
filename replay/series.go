package replay

import (
	"cmp"
	"math"
	"slices"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// Bucket is one column of a resampled series.
type Bucket struct {
	// Min and Max are the smallest and largest values of the points that
	// fall in the bucket; for a bucket without points, both are the value
	// interpolated at the bucket's middle.
	Min, Max float64
	// Value is the value to draw: of Min and Max, the one farther from the
	// series' baseline (its first value), so that a one-point spike or dip
	// is never averaged away.
	Value float64
	// Points is the number of points in the bucket; 0 means interpolated.
	Points int
	// Empty is true when the bucket lies before the series' first point or
	// after its last: there is no value there, and none is drawn.
	Empty bool
}

// sorted returns the points in time order (a copy only when they are not).
func sorted(pts []data.Point) []data.Point {
	if slices.IsSortedFunc(pts, func(a, b data.Point) int { return a.T.Compare(b.T) }) {
		return pts
	}
	pts = slices.Clone(pts)
	slices.SortStableFunc(pts, func(a, b data.Point) int { return a.T.Compare(b.T) })
	return pts
}

// Baseline returns the value the series starts from (its first point), from
// which Resample measures how far a value strays; 0 for an empty series.
func Baseline(pts []data.Point) float64 {
	pts = sorted(pts)
	if len(pts) == 0 {
		return 0
	}
	return pts[0].V
}

// Extent returns the smallest and largest values of the series; ok is false
// for an empty series.
func Extent(pts []data.Point) (lo, hi float64, ok bool) {
	if len(pts) == 0 {
		return 0, 0, false
	}
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, p := range pts {
		lo, hi = min(lo, p.V), max(hi, p.V)
	}
	return lo, hi, true
}

// LastAt returns the last point at or before t, and false when there is
// none. A reported series is shown this way: its figures hold only at the
// moments the source gives them, so nothing is interpolated between them.
func LastAt(pts []data.Point, t time.Time) (data.Point, bool) {
	pts = sorted(pts)
	i, _ := slices.BinarySearchFunc(pts, t, func(p data.Point, t time.Time) int {
		if p.T.After(t) {
			return 1
		}
		return -1
	})
	if i == 0 {
		return data.Point{}, false
	}
	return pts[i-1], true
}

// ValueAt returns the series' value at t, interpolated linearly between the
// points on either side of t. A jump is written as two points at the same
// moment; at that moment ValueAt returns the later one. Outside the series'
// first and last points there is no value and ok is false.
func ValueAt(pts []data.Point, t time.Time) (v float64, ok bool) {
	pts = sorted(pts)
	if len(pts) == 0 || t.Before(pts[0].T) || t.After(pts[len(pts)-1].T) {
		return 0, false
	}
	// j is the first point after t; j ≥ 1 since pts[0].T ≤ t.
	j, _ := slices.BinarySearchFunc(pts, t, func(p data.Point, t time.Time) int {
		return cmp.Or(p.T.Compare(t), -1) // equal counts as before: find the first strictly after
	})
	a := pts[j-1]
	if j == len(pts) || !a.T.Before(t) {
		return a.V, true
	}
	b := pts[j]
	f := float64(t.Sub(a.T)) / float64(b.T.Sub(a.T))
	return a.V + (b.V-a.V)*f, true
}

// Resample divides [start, end] into w equal buckets and returns, for each,
// the extremes of the points that fall in it (see Bucket). Points outside
// [start, end] are not counted but still anchor the interpolation. It returns
// nil when w ≤ 0.
func Resample(pts []data.Point, start, end time.Time, w int) []Bucket {
	if w <= 0 {
		return nil
	}
	pts = sorted(pts)
	span := end.Sub(start)
	out := make([]Bucket, w)
	base := Baseline(pts)
	for _, p := range pts {
		if p.T.Before(start) || p.T.After(end) {
			continue
		}
		i := w - 1
		if span > 0 {
			i = min(w-1, int(float64(p.T.Sub(start))/float64(span)*float64(w)))
		}
		b := &out[i]
		if b.Points == 0 {
			b.Min, b.Max = p.V, p.V
		} else {
			b.Min, b.Max = min(b.Min, p.V), max(b.Max, p.V)
		}
		b.Points++
	}
	for i := range out {
		b := &out[i]
		if b.Points == 0 {
			mid := start.Add(time.Duration((float64(i) + 0.5) / float64(w) * float64(span)))
			v, ok := ValueAt(pts, mid)
			b.Min, b.Max, b.Value, b.Empty = v, v, v, !ok
			continue
		}
		b.Value = b.Max
		if math.Abs(b.Min-base) > math.Abs(b.Max-base) {
			b.Value = b.Min
		}
	}
	return out
}
