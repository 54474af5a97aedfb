package mailbox

import (
	"math"
	"testing"
)

func TestWheel(t *testing.T) {
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(b)) }
	tests := []struct {
		name string
		do   func(w, o *wheel)
		// want is what take returns at steps 0..3 of w afterwards, then its
		// total before those takes; wantO the same for o.
		want, wantO []float64
	}{
		{"add and take", func(w, o *wheel) { w.add(1, 2); w.add(5, 3) }, []float64{0, 5, 0, 0, 5}, []float64{0, 0, 0, 0, 0}},
		{"nothing below zero", func(w, o *wheel) { w.add(2, -1); w.add(2, 0) }, []float64{0, 0, 0, 0, 0}, []float64{0, 0, 0, 0, 0}},
		{"scale", func(w, o *wheel) { w.add(0, 4); w.add(3, 2); w.mul(0.5) }, []float64{2, 0, 0, 1, 3}, []float64{0, 0, 0, 0, 0}},
		{"scale then add", func(w, o *wheel) { w.add(0, 4); w.mul(0.25); w.add(0, 1) }, []float64{2, 0, 0, 0, 2}, []float64{0, 0, 0, 0, 0}},
		{"scale to zero", func(w, o *wheel) { w.add(0, 4); w.mul(0); w.add(1, 1) }, []float64{0, 1, 0, 0, 1}, []float64{0, 0, 0, 0, 0}},
		{"long decay renormalises", func(w, o *wheel) {
			w.add(2, 1e300)
			for range 400 {
				w.mul(0.5)
			}
		}, []float64{0, 0, 1e300 * math.Pow(0.5, 400), 0, 1e300 * math.Pow(0.5, 400)}, []float64{0, 0, 0, 0, 0}},
		{"split", func(w, o *wheel) { w.add(1, 4); w.add(2, 2); o.add(1, 1); o.mul(0.5); w.split(o, 0.25) }, []float64{0, 3, 1.5, 0, 4.5}, []float64{0, 1.5, 0.5, 0, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w, o := newWheel(4), newWheel(4)
			tc.do(&w, &o)
			for _, c := range []struct {
				name string
				w    *wheel
				want []float64
			}{{"w", &w, tc.want}, {"o", &o, tc.wantO}} {
				if !near(c.w.sum, c.want[4]) {
					t.Errorf("%s: total %g, want %g", c.name, c.w.sum, c.want[4])
				}
				for step, x := range c.want[:4] {
					if got := c.w.take(step); !near(got, x) {
						t.Errorf("%s: take(%d) = %g, want %g", c.name, step, got, x)
					}
				}
				if c.w.sum != 0 {
					t.Errorf("%s: %g left after taking everything", c.name, c.w.sum)
				}
			}
		})
	}
}
