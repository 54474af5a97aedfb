package widget

import "github.com/incidents-dev/incidents/replay"

// Segment is a stage's stretch of the time axis, in columns [From, To).
type Segment struct {
	Stage, From, To int
}

// Segments divides a width-column time axis among the stages that have
// events: each runs from its first event (the first stage from the start)
// to the next one's. A stage too short to show its number is widened to a
// few columns at the expense of its neighbours, so every stage stays
// visible while columns last.
func Segments(cur replay.Cursor, w int) []Segment {
	tl := cur.Timeline()
	if tl == nil || w <= 0 {
		return nil
	}
	var segs []Segment
	for s := range tl.Stages {
		if i := cur.StageStart(s); i >= 0 {
			segs = append(segs, Segment{Stage: s, From: Column(cur.Start(), cur.End(), tl.Events[i].At, w)})
		}
	}
	if len(segs) == 0 {
		return nil
	}
	segs = segs[:min(len(segs), w)]
	n := len(segs)
	minW := max(1, min(4, w/n))
	segs[0].From = 0
	for i := 1; i < n; i++ {
		segs[i].From = max(segs[i].From, segs[i-1].From+minW)
	}
	for i := n - 1; i >= 1; i-- {
		segs[i].From = min(segs[i].From, w-(n-i)*minW)
	}
	for i := range segs {
		segs[i].To = w
		if i+1 < n {
			segs[i].To = segs[i+1].From
		}
	}
	return segs
}

// Window returns the first of n rows to show of a list of total rows so
// that row cur sits a third of the way down, never past the end.
func Window(cur, n, total int) int {
	return min(max(0, cur-n/3), max(0, total-n))
}
