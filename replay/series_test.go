package replay

import (
	"math"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// minutes returns one point a minute from 12:00, with the given values.
func minutes(vs ...float64) []data.Point {
	pts := make([]data.Point, len(vs))
	for i, v := range vs {
		pts[i] = data.Point{T: at("12:00").Add(time.Duration(i) * time.Minute), V: v}
	}
	return pts
}

func TestResampleKeepsSpikes(t *testing.T) {
	flat := func(n int, base float64) []float64 {
		vs := make([]float64, n)
		for i := range vs {
			vs[i] = base
		}
		return vs
	}
	up := flat(61, 0)
	up[37] = 1_000_000
	down := flat(61, 100)
	down[23] = 0
	both := flat(61, 50)
	both[10], both[11] = 90, 5 // dip is farther from the baseline of 50
	tests := []struct {
		name string
		pts  []data.Point
		want float64
	}{
		{"spike up from a low baseline", minutes(up...), 1_000_000},
		{"dip from a high baseline", minutes(down...), 0},
		{"the extreme farther from the baseline", minutes(both...), 5},
	}
	for _, tc := range tests {
		for w := 1; w <= 200; w++ {
			bs := Resample(tc.pts, at("12:00"), at("13:00"), w)
			if len(bs) != w {
				t.Fatalf("%s: width %d: %d buckets", tc.name, w, len(bs))
			}
			found := false
			for _, b := range bs {
				if b.Value == tc.want {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: width %d: no bucket draws %v", tc.name, w, tc.want)
			}
		}
	}
}

func TestResampleBuckets(t *testing.T) {
	tests := []struct {
		name string
		pts  []data.Point
		w    int
		want []Bucket
	}{
		{"zero width", minutes(1, 2), 0, nil},
		{"empty series", nil, 3, []Bucket{{Empty: true}, {Empty: true}, {Empty: true}}},
		{
			"single point at the start", minutes(7), 3,
			[]Bucket{{Min: 7, Max: 7, Value: 7, Points: 1}, {Empty: true}, {Empty: true}},
		},
		{
			"single point at the end",
			[]data.Point{{T: at("13:00"), V: 4}}, 2,
			[]Bucket{{Empty: true}, {Min: 4, Max: 4, Value: 4, Points: 1}},
		},
		{
			"two points a bucket",
			[]data.Point{
				{T: at("12:00"), V: 1}, {T: at("12:10"), V: 5},
				{T: at("12:30"), V: 3}, {T: at("12:50"), V: 2},
			}, 2,
			[]Bucket{{Min: 1, Max: 5, Value: 5, Points: 2}, {Min: 2, Max: 3, Value: 3, Points: 2}},
		},
		{
			"gaps are interpolated at the middle of the bucket",
			[]data.Point{{T: at("12:00"), V: 0}, {T: at("13:00"), V: 60}}, 4,
			[]Bucket{
				{Min: 0, Max: 0, Value: 0, Points: 1},
				{Min: 22.5, Max: 22.5, Value: 22.5},
				{Min: 37.5, Max: 37.5, Value: 37.5},
				{Min: 60, Max: 60, Value: 60, Points: 1},
			},
		},
		{
			"points outside the span are not counted",
			[]data.Point{{T: at("11:30"), V: 100}, {T: at("12:30"), V: 0}, {T: at("13:30"), V: 100}}, 2,
			[]Bucket{{Min: 25, Max: 25, Value: 25}, {Min: 0, Max: 0, Value: 0, Points: 1}},
		},
		{
			"out of order points are sorted",
			[]data.Point{{T: at("12:45"), V: 2}, {T: at("12:15"), V: 1}}, 2,
			[]Bucket{{Min: 1, Max: 1, Value: 1, Points: 1}, {Min: 2, Max: 2, Value: 2, Points: 1}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Resample(tc.pts, at("12:00"), at("13:00"), tc.w)
			if len(got) != len(tc.want) {
				t.Fatalf("%d buckets, want %d: %+v", len(got), len(tc.want), got)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Errorf("bucket %d = %+v, want %+v", i, got[i], tc.want[i])
				}
			}
		})
	}
}

func TestResampleZeroSpan(t *testing.T) {
	got := Resample(minutes(3), at("12:00"), at("12:00"), 2)
	want := []Bucket{{Min: 3, Max: 3, Value: 3}, {Min: 3, Max: 3, Value: 3, Points: 1}}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("bucket %d = %+v, want %+v", i, got[i], want[i])
		}
	}
}

func TestValueAt(t *testing.T) {
	step := []data.Point{
		{T: at("12:00"), V: 10}, {T: at("12:10"), V: 10},
		{T: at("12:10"), V: 20}, {T: at("12:20"), V: 40},
	}
	tests := []struct {
		name string
		pts  []data.Point
		t    time.Time
		want float64
		ok   bool
	}{
		{"empty", nil, at("12:00"), 0, false},
		{"before the first point", step, at("11:59"), 0, false},
		{"after the last point", step, at("12:21"), 0, false},
		{"on the first point", step, at("12:00"), 10, true},
		{"flat part", step, at("12:05"), 10, true},
		{"a jump takes the later value", step, at("12:10"), 20, true},
		{"linear between points", step, at("12:15"), 30, true},
		{"on the last point", step, at("12:20"), 40, true},
		{"single point", minutes(5), at("12:00"), 5, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := ValueAt(tc.pts, tc.t)
			if ok != tc.ok || math.Abs(got-tc.want) > 1e-9 {
				t.Errorf("ValueAt = %v, %v; want %v, %v", got, ok, tc.want, tc.ok)
			}
		})
	}
}

func TestExtentAndBaseline(t *testing.T) {
	tests := []struct {
		name         string
		pts          []data.Point
		lo, hi, base float64
		ok           bool
	}{
		{"empty", nil, 0, 0, 0, false},
		{"single", minutes(4), 4, 4, 4, true},
		{"many", minutes(3, -1, 9, 2), -1, 9, 3, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lo, hi, ok := Extent(tc.pts)
			if lo != tc.lo || hi != tc.hi || ok != tc.ok {
				t.Errorf("Extent = %v, %v, %v; want %v, %v, %v", lo, hi, ok, tc.lo, tc.hi, tc.ok)
			}
			if b := Baseline(tc.pts); b != tc.base {
				t.Errorf("Baseline = %v, want %v", b, tc.base)
			}
		})
	}
}

func TestLastAt(t *testing.T) {
	pts := minutes(10, 20, 30) // at t0, t0+1m, t0+2m
	t0 := pts[0].T
	tests := []struct {
		name string
		at   time.Time
		want float64
		ok   bool
	}{
		{"before the first", t0.Add(-time.Second), 0, false},
		{"at the first", t0, 10, true},
		{"between holds the earlier, never a blend", t0.Add(90 * time.Second), 20, true},
		{"at a point", t0.Add(2 * time.Minute), 30, true},
		{"after the last", t0.Add(time.Hour), 30, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, ok := LastAt(pts, tc.at)
			if ok != tc.ok || p.V != tc.want {
				t.Errorf("LastAt = %v, %v; want %v, %v", p.V, ok, tc.want, tc.ok)
			}
		})
	}
	reversed := []data.Point{pts[2], pts[1], pts[0]}
	if p, _ := LastAt(reversed, t0.Add(90*time.Second)); p.V != 20 {
		t.Errorf("LastAt on unsorted points = %v, want 20", p.V)
	}
}
