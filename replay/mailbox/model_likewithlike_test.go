package mailbox

import (
	"strings"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// Issue 25, item 1: a what-if and the incident's run are the same kind of
// run (the operators' scripted actions where they still apply), so that a
// what-if that changes nothing is the incident itself, and the panel can
// say what kind both are.

func TestWhatIfIsLikeTheIncident(t *testing.T) {
	tl := bundledTimeline(t)
	if err := replay.Prepare(tl); err != nil {
		t.Fatal(err)
	}
	orig, _ := Summarize(tl)
	same := whatIfSummary(t, map[string]string{"receive_cost": "1"}) // the incident's value
	if same.Peak != orig.Peak || same.MinutesBelow50 != orig.MinutesBelow50 || !same.RecoveredAbove95.Equal(orig.RecoveredAbove95) {
		t.Errorf("receive_cost=1 (the incident's value): %+v, want the incident's %+v", same, orig)
	}
	if !orig.Kind.Complete() || orig.Kind != same.Kind {
		t.Errorf("kind %+v vs %+v: want the same, in both languages", orig.Kind, same.Kind)
	}
}

// TestReceiveCostLikeWithLike: raising the selective receive's cost above
// the incident's never makes the outage shorter or the recovery earlier
// than the incident's (between two raised costs it is not monotone: 1.25
// gives a longer outage than 1.5, the threshold item 4 of issue 25 is about). The peak of the
// aggregate mailbox does not rise with it at every step: at 1.25, 2-8 is
// not taken down by the herd after the 13:05 restart (in the incident's run
// 2-1, back in the ring since about 13:03, is restarted with the rest and
// its hosted calls land on 2-8), so it stays the lone instance in the ring
// until 13:43 and takes the other slots' calls as they fail over; the
// instances out of the ring then receive fewer RPCs and their mailboxes
// grow more slowly. The test holds the peak to that explanation: a lower
// peak must come with an instance in the ring from 13:10 to 13:40 where the
// incident's run has none.
func TestReceiveCostLikeWithLike(t *testing.T) {
	base := bundledModel(t)
	run := func(cost string) (Run, replay.Summary) {
		m := base
		if err := applyWhatIf(&m, map[string]string{"receive_cost": cost}); err != nil {
			t.Fatal(err)
		}
		r := runModel(t, m)
		s, _ := Summarize(&data.Timeline{Series: r.Series(m, "")})
		return r, s
	}
	lone := func(r Run) string {
		from, to := sampleAt(r.InstanceTimes, 13, 10, 0), sampleAt(r.InstanceTimes, 13, 40, 0)
		for _, in := range r.Instances {
			all := true
			for k := from; k <= to; k++ {
				if k < in.First || in.InRing[k-in.First] == 0 {
					all = false
					break
				}
			}
			if all {
				return in.Name
			}
		}
		return ""
	}
	r1, s1 := run("1")
	if name := lone(r1); name != "" {
		t.Fatalf("the incident's run has %s in the ring from 13:10 to 13:40", name)
	}
	for _, cost := range []string{"1.25", "1.5", "2"} {
		r, s := run(cost)
		if s.MinutesBelow50 < s1.MinutesBelow50 {
			t.Errorf("receive_cost=%s: %.1f minutes under 50%%, fewer than the incident's %.1f", cost, s.MinutesBelow50, s1.MinutesBelow50)
		}
		if !s.RecoveredAbove95.IsZero() && s.RecoveredAbove95.Before(s1.RecoveredAbove95) {
			t.Errorf("receive_cost=%s: back above 95%% at %s, earlier than the incident's %s", cost, s.RecoveredAbove95.Format("15:04"), s1.RecoveredAbove95.Format("15:04"))
		}
		if s.Peak < s1.Peak {
			if name := lone(r); name == "" {
				t.Errorf("receive_cost=%s: peak %.2fM below the incident's %.2fM with no lone instance in the ring to explain it", cost, s.Peak/1e6, s1.Peak/1e6)
			} else {
				t.Logf("receive_cost=%s: peak %.2fM < %.2fM, %s alone in the ring 13:10–13:40", cost, s.Peak/1e6, s1.Peak/1e6, name)
			}
		}
	}
}

// TestScriptRunsOut: once the scripted actions have run out, the operators
// go on restarting what is still backed up (the rule); without that, a
// what-if that leaves one instance backed up after 14:26 never recovers.
func TestScriptRunsOut(t *testing.T) {
	m := bundledModel(t)
	if err := applyWhatIf(&m, map[string]string{"restart_1305": "off"}); err != nil {
		t.Fatal(err)
	}
	with := runModel(t, m)
	m.PolicyFrom = m.End // the rule never acts
	without := runModel(t, m)
	sw, _ := Summarize(&data.Timeline{Series: with.Series(m, "")})
	so, _ := Summarize(&data.Timeline{Series: without.Series(m, "")})
	if sw.RecoveredAbove95.IsZero() || !so.RecoveredAbove95.IsZero() {
		t.Errorf("restart_1305=off: back above 95%% at %v with the rule, %v without; want a time, then never", sw.RecoveredAbove95, so.RecoveredAbove95)
	}
	// The incident's own run: nothing is backed up after 14:26, so the rule
	// changes nothing there.
	b := bundledModel(t)
	r := runModel(t, b)
	for _, a := range r.Targeted {
		if a.Named == "" {
			t.Errorf("the incident's run: the rule restarted %s at %s", a.Instance, a.At.Format("15:04:05"))
		}
	}
}

// TestActionsMoveWithTheLimits: the targeted restarts from 14:03 answered
// the limits of 13:43 (the postmortem: lower limits let them hold), so
// earlier limits bring them earlier; kept at their times, earlier limits
// look worse than they are.
func TestActionsMoveWithTheLimits(t *testing.T) {
	m := bundledModel(t)
	if err := applyWhatIf(&m, map[string]string{"rate_limit_at": "12:30"}); err != nil {
		t.Fatal(err)
	}
	moved := runModel(t, m)
	fixed := m
	fixed.Actions = append([]Action(nil), m.Actions...)
	for i, a := range fixed.Actions {
		if a.Do == RestartInstance {
			fixed.Actions[i].WithLimits = false
		}
	}
	kept := runModel(t, fixed)
	sm, _ := Summarize(&data.Timeline{Series: moved.Series(m, "")})
	sk, _ := Summarize(&data.Timeline{Series: kept.Series(fixed, "")})
	if sm.MinutesBelow50 >= sk.MinutesBelow50-10 {
		t.Errorf("rate_limit_at=12:30: %.1f minutes under 50%% with the restarts moved, %.1f kept at 14:03–14:26; want the moved ones clearly shorter", sm.MinutesBelow50, sk.MinutesBelow50)
	}
	if first := moved.Targeted[2].At; !first.Before(modelClock(13, 0)) {
		t.Errorf("rate_limit_at=12:30: the third targeted restart at %s, want it 20 minutes after the limits", first.Format("15:04"))
	}
}

// TestNotesComputed: every series note states its own run's outcome,
// computed from the run: a run that never recovers says so, and how many
// calls it leaves waiting.
func TestNotesComputed(t *testing.T) {
	tl := bundledTimeline(t)
	if err := replay.Prepare(tl); err != nil {
		t.Fatal(err)
	}
	note := func(tl *data.Timeline) data.Text {
		for _, s := range tl.Series {
			if s.Name == SeriesSuccess {
				return s.Note
			}
		}
		t.Fatal("no success series")
		return data.Text{}
	}
	n := note(tl)
	if !strings.Contains(n.EN, "Back above 95% at 14:26") || !strings.Contains(n.EN, "no calls left waiting at 15:45") ||
		!strings.Contains(n.KO, "14:26에 95% 이상으로 돌아옴") {
		t.Errorf("incident's note: %q / %q", n.EN, n.KO)
	}
	hyp, err := whatIf(t, tl, map[string]string{"doubling": "off"})
	if err != nil {
		t.Fatal(err)
	}
	s, _ := Summarize(hyp)
	h := note(hyp)
	if !s.RecoveredAbove95.IsZero() || s.WaitingEnd < 1000 {
		t.Fatalf("doubling=off: recovered %v with %.0f calls waiting; the test needs a run that never recovers", s.RecoveredAbove95, s.WaitingEnd)
	}
	waiting := replay.Waiting(s, time.UTC).EN
	if !strings.Contains(h.EN, "Not back above 95% by 15:45") || strings.Contains(h.EN, "Back above 95% at") ||
		!strings.Contains(h.EN, strings.Split(waiting, " ")[0]+" calls still waiting at 15:45") || !strings.Contains(h.KO, "15:45까지 95% 이상으로 돌아오지 못함") {
		t.Errorf("doubling=off note: %q / %q", h.EN, h.KO)
	}
	for _, s := range hyp.Series {
		if s.Provenance == data.Modelled && (s.Note != h || !strings.Contains(s.Label.EN, "modelled") || !strings.Contains(s.Label.KO, "모델 계산")) {
			t.Errorf("%s: note or label not the run's: %q, %+v", s.Name, s.Note.EN, s.Label)
		}
	}
}

// TestSummaryTradeOff: a spawn limit of 100 a second shortens the time
// under 50% success (few requests are made, and they succeed) while close to
// a million calls never get an endpoint: the comparison names the trade-off.
func TestSummaryTradeOff(t *testing.T) {
	tl := bundledTimeline(t)
	if err := replay.Prepare(tl); err != nil {
		t.Fatal(err)
	}
	base, _ := Summarize(tl)
	low := whatIfSummary(t, map[string]string{"rate_limit": "100"})
	if low.MinutesBelow50 >= base.MinutesBelow50 || low.WaitingEnd < 500_000 {
		t.Fatalf("rate_limit=100: %.1f minutes under 50%% (incident %.1f), %.0f calls waiting at the end", low.MinutesBelow50, base.MinutesBelow50, low.WaitingEnd)
	}
	c := replay.Compare(base, low)
	if !strings.HasPrefix(c.EN, "A trade-off: success is under 50% for") || !strings.Contains(c.EN, "more call-hours") || !strings.HasPrefix(c.KO, "맞바꾸기입니다.") {
		t.Errorf("rate_limit=100 against the incident: %q / %q", c.EN, c.KO)
	}
	if c := replay.Compare(base, whatIfSummary(t, map[string]string{"partitions": "4"})); !strings.HasPrefix(c.EN, "Better: ") {
		t.Errorf("partitions=4 against the incident: %q", c.EN)
	}
	if c := replay.Compare(base, whatIfSummary(t, map[string]string{"rate_limit_at": "never"})); !strings.HasPrefix(c.EN, "Worse") {
		t.Errorf("rate_limit_at=never against the incident: %q", c.EN)
	}
}
