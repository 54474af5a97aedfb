package mailbox

// wheel holds amounts due at future steps, up to len(v)-1 steps ahead: calls
// awaiting their next attempt at placement, or pending syncers awaiting their
// next attempt at an endpoint. Every amount in it can be scaled at once (calls
// ending while they wait), in constant time.
type wheel struct {
	v     []float64 // stored amounts; the real amount is v[i]·scale
	scale float64
	sum   float64 // the real amounts' total
	clean bool    // every stored amount is zero (reset since the last add)
}

func newWheel(size int) wheel { return wheel{v: make([]float64, size), scale: 1} }

// add puts x at step at.
func (w *wheel) add(at int, x float64) {
	if x <= 0 {
		return
	}
	w.v[at%len(w.v)] += x / w.scale
	w.sum += x
	w.clean = false
}

// take removes and returns what is due at step t.
func (w *wheel) take(t int) float64 {
	i := t % len(w.v)
	x := w.v[i] * w.scale
	w.v[i] = 0
	w.sum = max(0, w.sum-x)
	return x
}

// mul scales every amount by f (0 ≤ f ≤ 1).
func (w *wheel) mul(f float64) {
	if f <= 0 || w.sum <= 0 {
		w.reset()
		return
	}
	w.scale *= f
	w.sum *= f
	if w.scale < 1e-100 {
		for i := range w.v {
			w.v[i] *= w.scale
		}
		w.scale = 1
	}
}

// reset empties the wheel; an already empty one costs nothing, which
// matters because every instance's wheels are scaled every step.
func (w *wheel) reset() {
	if !w.clean {
		clear(w.v)
	}
	w.scale, w.sum, w.clean = 1, 0, true
}

// split moves share f of every amount into o (which must be of the same
// size).
func (w *wheel) split(o *wheel, f float64) {
	if w.clean {
		return
	}
	o.clean = false
	for i, x := range w.v {
		o.v[i] += x * w.scale * f / o.scale
		w.v[i] = x * (1 - f)
	}
	o.sum += w.sum * f
	w.sum *= 1 - f
}
