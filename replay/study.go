package replay

import (
	"time"

	"github.com/incidents-dev/incidents/data"
)

// Stop is one decision a study group is asked about: events First…Last
// of a timeline, the actions with an outcome taken in one minute.
type Stop struct {
	First, Last int
}

// Stops returns the study stops of tl: every action event with an outcome,
// those of the same minute joined into one stop, in time order.
func Stops(tl *data.Timeline) []Stop {
	if tl == nil {
		return nil
	}
	var out []Stop
	for i, e := range tl.Events {
		if e.Kind != data.KindAction || e.Outcome == data.OutcomeNone {
			continue
		}
		if n := len(out); n > 0 && sameMinute(tl.Events[out[n-1].Last].At, e.At) {
			out[n-1].Last = i
			continue
		}
		out = append(out, Stop{First: i, Last: i})
	}
	return out
}

func sameMinute(a, b time.Time) bool {
	return a.Truncate(time.Minute).Equal(b.Truncate(time.Minute))
}

// Known returns the indices of the events a group knows of before stop s:
// the latest symptom and the latest detection before it (either may be
// missing), in time order.
func Known(tl *data.Timeline, s Stop) []int {
	sym, det := -1, -1
	for i := 0; i < s.First && i < len(tl.Events); i++ {
		switch tl.Events[i].Kind {
		case data.KindSymptom:
			sym = i
		case data.KindDetection:
			det = i
		}
	}
	var out []int
	for _, i := range []int{min(sym, det), max(sym, det)} {
		if i >= 0 && (len(out) == 0 || out[0] != i) {
			out = append(out, i)
		}
	}
	return out
}
