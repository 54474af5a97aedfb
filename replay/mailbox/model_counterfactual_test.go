package mailbox

import (
	"math"
	"testing"

	"github.com/incidents-dev/incidents/replay"
)

// whatIfSummary runs the bundled scenario with set changed and returns its
// summary.
func whatIfSummary(t *testing.T, set map[string]string) replay.Summary {
	t.Helper()
	hyp, err := whatIf(t, bundledTimeline(t), set)
	if err != nil {
		t.Fatalf("%v: %v", set, err)
	}
	s, ok := Summarize(hyp)
	if !ok {
		t.Fatalf("%v: no summary", set)
	}
	return s
}

// TestReceiveCostCarriesTheStory: the selective receive's cost is what turns
// the reconnect storm into an outage. Without it the cluster rides the storm
// out within minutes; with it the outage lasts more than an hour.
func TestReceiveCostCarriesTheStory(t *testing.T) {
	with := whatIfSummary(t, map[string]string{"receive_cost": "1"})
	without := whatIfSummary(t, map[string]string{"receive_cost": "0"})
	if with.MinutesBelow50 < 60 {
		t.Errorf("receive_cost=1: %.1f minutes under 50%%, want over an hour", with.MinutesBelow50)
	}
	if without.MinutesBelow50 > 10 || without.MinutesBelow50 > with.MinutesBelow50/5 {
		t.Errorf("receive_cost=0: %.1f minutes under 50%% (with the cost: %.1f), want it to recover on its own within 10", without.MinutesBelow50, with.MinutesBelow50)
	}
	if !without.RecoveredAbove95.IsZero() && without.RecoveredAbove95.After(modelClock(12, 30)) {
		t.Errorf("receive_cost=0: back above 95%% only at %s", without.RecoveredAbove95.Format("15:04"))
	}
}

// TestPartitionsGraded: partitions beyond one cut the peak step by step,
// and beyond the cores they add no CPU but still shorten each mailbox, so
// 2, 4 and 8 give three different, ever smaller peaks. None of them lets
// success fall under 50% (each mailbox stays far below the point of no
// return), so the grade shows in the storm's dip: ever shallower.
func TestPartitionsGraded(t *testing.T) {
	base := whatIfSummary(t, map[string]string{"partitions": "1"})
	prev, prevLow := base.Peak, base.LowestSuccess
	for _, p := range []string{"2", "4", "8"} {
		s := whatIfSummary(t, map[string]string{"partitions": p})
		if s.Peak >= prev || s.Peak <= 0 {
			t.Errorf("partitions=%s: peak %.0f, want below %.0f and above 0", p, s.Peak, prev)
		}
		if s.LowestSuccess <= prevLow || s.LowestSuccess >= 100 {
			t.Errorf("partitions=%s: lowest success %.1f%%, want above %.1f%% and below 100%%", p, s.LowestSuccess, prevLow)
		}
		prevLow = s.LowestSuccess
		if s.MinutesBelow50 > base.MinutesBelow50 {
			t.Errorf("partitions=%s: %.1f minutes under 50%%, more than one partition's %.1f", p, s.MinutesBelow50, base.MinutesBelow50)
		}
		prev = s.Peak
	}
}

// TestRateLimitGraded: the earlier the spawn limits arrive the shorter the
// outage, and the higher the limit the weaker its effect.
func TestRateLimitGraded(t *testing.T) {
	prev := -1.0
	for _, at := range []string{"12:30", "13:00", "13:43", "never"} {
		s := whatIfSummary(t, map[string]string{"rate_limit_at": at})
		if s.MinutesBelow50 <= prev {
			t.Errorf("rate_limit_at=%s: %.1f minutes under 50%%, not more than the earlier limit's %.1f", at, s.MinutesBelow50, prev)
		}
		prev = s.MinutesBelow50
	}
	prev = -1
	for _, limit := range []string{"10000", "25000", "50000"} {
		s := whatIfSummary(t, map[string]string{"rate_limit": limit})
		if s.MinutesBelow50 < prev {
			t.Errorf("rate_limit=%s: %.1f minutes under 50%%, fewer than the lower limit's %.1f", limit, s.MinutesBelow50, prev)
		}
		prev = s.MinutesBelow50
	}
}

// TestActionSwitches: without the doubling the outage runs no shorter, and
// a switch takes only on or off.
func TestActionSwitches(t *testing.T) {
	on := whatIfSummary(t, map[string]string{"doubling": "on"})
	off := whatIfSummary(t, map[string]string{"doubling": "off"})
	if off.MinutesBelow50 < on.MinutesBelow50 {
		t.Errorf("doubling=off: %.1f minutes under 50%%, fewer than with it (%.1f)", off.MinutesBelow50, on.MinutesBelow50)
	}
	if s := whatIfSummary(t, map[string]string{"restart_1305": "off"}); s.Peak <= 0 {
		t.Errorf("restart_1305=off: %+v", s)
	}
	if _, err := whatIf(t, bundledTimeline(t), map[string]string{"doubling": "maybe"}); err == nil {
		t.Error("doubling=maybe accepted")
	}
}

// TestWhatIfRangesAccounted: at the ends of every what-if parameter's range
// no value is NaN or negative and every request is accounted for.
func TestWhatIfRangesAccounted(t *testing.T) {
	base := bundledModel(t)
	for _, tc := range []struct{ name, value string }{
		{"partitions", "64"}, {"instances", "1"}, {"instances", "64"},
		{"rate_limit", "100"}, {"rate_limit", "1000000"},
		{"rate_limit_at", "12:00"}, {"rate_limit_at", "15:45"}, {"rate_limit_at", "never"},
		{"receive_cost", "0"}, {"receive_cost", "10"},
		{"restart_1305", "off"}, {"doubling", "off"},
	} {
		m := base
		if err := applyWhatIf(&m, map[string]string{tc.name: tc.value}); err != nil {
			t.Fatalf("%s=%s: %v", tc.name, tc.value, err)
		}
		m.Scripted = false
		r := runModel(t, m)
		l := r.Ledger
		if l.MinQueue < 0 {
			t.Errorf("%s=%s: a queue went to %g", tc.name, tc.value, l.MinQueue)
		}
		if gap := l.Arrived - (l.Served + l.TimedOut + l.Queued); math.Abs(gap) > 1e-6*max(1, l.Arrived) {
			t.Errorf("%s=%s: %.3f requests unaccounted", tc.name, tc.value, gap)
		}
		for i := range r.Times {
			for _, v := range []float64{r.Mailbox[i], r.Success[i], r.Awaiting[i], r.Ring[i]} {
				if math.IsNaN(v) || math.IsInf(v, 0) || v < -1e-6 {
					t.Fatalf("%s=%s: sample %d has %g", tc.name, tc.value, i, v)
				}
			}
		}
	}
}
