package mailbox

import (
	"strings"
	"testing"
)

// backedUpAt reports whether instance in is backed up at instance sample k:
// out of the ring, or holding 20k messages or more (the bound restartsHold
// calls healthy).
func backedUpAt(in InstanceRun, k int) bool {
	return valueAt(in, in.InRing, k) == 0 || valueAt(in, in.Mailbox, k) >= 2e4
}

// TestLoneInstanceCarriesItsShare: once 2-8 is alone in the ring it takes
// its 3/15 share, as the postmortem says: its own calls, and those of the two
// instances before it in the ring, out of it, for which it is the secondary
// and tertiary placement. Their updates reach it through the ring, each one
// a spawn, at the pace the calls make them, which its supervisor keeps up
// with. The calls of the other twelve instances have nowhere else to go and
// their RPCs keep failing, retried RPCRetryShare of the time, so the
// server-side success that share gives is
// share / (share + (1−share)/(1−RPCRetryShare)), about 11 %.
func TestLoneInstanceCarriesItsShare(t *testing.T) {
	m := bundledModel(t)
	share := 3.0 / float64(m.Instances)
	want := share / (share + (1-share)/(1-m.RPCRetryShare))

	s := newSim(m)
	from, to := m.stepOf(modelClock(12, 20)), m.stepOf(modelClock(12, 43))
	at := m.stepOf(modelClock(12, 40))
	var held, all, worstQueue float64
	s.observe = func(step int) {
		if step < from || step >= to {
			return
		}
		lone := s.find("2-8")
		worstQueue = max(worstQueue, lone.qlen)
		if step == at {
			for _, in := range s.insts {
				all += in.hostedCalls() + in.wait.sum
			}
			held = lone.hostedCalls()
		}
	}
	r := s.run()
	// More than its own fifteenth and one neighbour's: it holds secondary
	// and tertiary placements.
	if own := 1 / float64(m.Instances); held < 2*own*all {
		t.Errorf("at 12:40 2-8 holds %.0f of %.0f calls (%.1f%%), want more than %.1f%% (its own and a neighbour's)",
			held, all, 100*held/all, 200*own)
	}
	// Within what it can spawn: its supervisor never falls behind.
	if worstQueue > 1000 {
		t.Errorf("2-8's mailbox reaches %.0f while it is alone, want it kept up with", worstQueue)
	}
	var sum float64
	alone := 0
	i0, i1 := sampleAt(r.Times, 12, 20, 0), sampleAt(r.Times, 12, 43, 0)
	for i := i0; i < i1; i++ {
		if r.Ring[i] == 1 {
			alone++
		}
		sum += r.Success[i]
	}
	// Its neighbours, relieved of their calls, drain and come back for a
	// minute now and then before the syncers handed back swamp them.
	if alone < (i1-i0)*3/4 {
		t.Errorf("2-8 alone in the ring in %d of %d samples 12:20-12:43, want most", alone, i1-i0)
	}
	if mean := sum / float64(i1-i0); mean < 75*want {
		t.Errorf("mean success 12:20-12:43 is %.1f%%, want at least three quarters of the %.1f%% its share gives", mean, 100*want)
	}
}

// TestSupervisorRestartKeepsRetries: restarting the connection supervisor
// empties its mailbox, but the retries the syncers hold (RPCs and endpoint
// attempts waiting for their next try) are in the syncers, not in the
// mailbox, and survive it. An application restart ends them with the
// syncers.
func TestSupervisorRestartKeepsRetries(t *testing.T) {
	s := newSim(bundledModel(t))
	in := s.insts[0]
	in.q = []cohort{{step: 0, n: 5e5, rpc: 10, create: 10}}
	in.qlen = 5e5
	in.rpcRetry.add(40, 700)
	in.pend.add(60, 300)
	s.drop(in, 1, true)
	if in.qlen != 0 || in.rpcRetry.sum < 700 || in.pend.sum < 300 {
		t.Errorf("after a supervisor restart: mailbox %.0f, RPC retries %.0f, endpoint retries %.0f; want 0, ≥700, ≥300",
			in.qlen, in.rpcRetry.sum, in.pend.sum)
	}
	s.restart(in, 2, 20)
	if in.rpcRetry.sum != 0 || in.pend.sum != 0 {
		t.Errorf("after an application restart: RPC retries %.0f, endpoint retries %.0f; want none", in.rpcRetry.sum, in.pend.sum)
	}
}

// TestRestartedClusterBacksUp: the postmortem's moments between 12:47 and
// 14:03. 2-1, its supervisor restarted at 12:47, is swamped again before
// 13:05 by the retries its syncers held and by the secondary and tertiary
// placements it takes; by 13:09 every instance restarted at 13:05 is backed
// up again, and stays so until 13:43 (one that drains is swamped again
// within two minutes of coming back); the 13:43 restart leaves some backed up
// (those that came back to find their syncers on a neighbour that had come
// back first, and those neighbours), and each targeted restart from 14:03
// lands on the instance it names, backed up.
func TestRestartedClusterBacksUp(t *testing.T) {
	r := runModel(t, bundledModel(t))
	its := r.InstanceTimes
	one := instance(t, r, "2-1")
	swamped := false
	for k := sampleAt(its, 12, 48, 0); k < sampleAt(its, 13, 5, 0); k++ {
		swamped = swamped || valueAt(one, one.InRing, k) == 0
	}
	if k := sampleAt(its, 13, 0, 0); !swamped || !backedUpAt(one, k) {
		t.Errorf("2-1 out of the ring between 12:48 and 13:05: %v; at 13:00 mailbox %.0f, in ring %v; want it swamped again",
			swamped, valueAt(one, one.Mailbox, k), valueAt(one, one.InRing, k))
	}
	// One that drains comes back into the ring only to be swamped again
	// within a couple of minutes by the placements it takes.
	for _, in := range r.Instances[:15] {
		run := 0
		for k := sampleAt(its, 13, 9, 0); k < sampleAt(its, 13, 43, 0); k++ {
			if run = run + 1; backedUpAt(in, k) {
				run = 0
			}
			if run > 4 {
				t.Fatalf("%s: %s healthy for more than two minutes (mailbox %.0f); want every instance backed up from 13:09 to 13:43",
					its[k].Format("15:04:05"), in.Name, valueAt(in, in.Mailbox, k))
			}
		}
	}
	n := 0
	for _, a := range r.Targeted {
		if a.At.Before(modelClock(14, 3)) || a.Do != RestartInstance {
			continue
		}
		n++
		in := instance(t, r, a.Instance)
		k := sampleAt(its, a.At.Hour(), a.At.Minute(), 0) - 1
		if a.Instance != a.Named || !backedUpAt(in, k) {
			t.Errorf("%s restart named %s went to %s (mailbox %.0f at %s); want the named instance, backed up",
				a.At.Format("15:04"), a.Named, a.Instance, valueAt(in, in.Mailbox, k), its[k].Format("15:04:05"))
		}
	}
	if n != 7 {
		t.Errorf("%d targeted restarts from 14:03, want the incident's 7", n)
	}
}

// TestPartlyToldIsMarked: two stretches of the postmortem the mechanism does
// not produce (issue 25, item 5) are marked as not explained in the series
// note, for as long as the model behaves so. After the 13:43 restart nine
// instances are healthy at once where the postmortem has 2-3 at 14:03 as the
// first full recovery; after the 13:05 restart the waiting calls rise where
// the postmortem has some leave "Awaiting Endpoint". When a change to the
// mechanism produces either, this test fails until the note is brought in
// line. (2-1 swamped again after 12:47 is produced: TestRestartedClusterBacksUp.)
func TestPartlyToldIsMarked(t *testing.T) {
	m := bundledModel(t)
	r := runModel(t, m)
	k := sampleAt(r.InstanceTimes, 13, 50, 0)
	healthy := 0
	for _, in := range r.Instances[:m.Instances] {
		if !backedUpAt(in, k) {
			healthy++
		}
	}
	before, after := r.Awaiting[sampleAt(r.Times, 13, 4, 50)], r.Awaiting[sampleAt(r.Times, 13, 7, 0)]
	note := m.SeriesNote
	marked13 := strings.Contains(note.EN, "13:43–14:03 as the postmortem tells it") && strings.Contains(note.KO, "13:43–14:03")
	marked05 := strings.Contains(note.EN, "the calls let through at 13:05") && strings.Contains(note.KO, "13:05에 통과한 통화")
	if healthy > 1 != marked13 {
		t.Errorf("%d instances healthy at 13:50; the note marks 13:43–14:03 as not explained: %v", healthy, marked13)
	}
	if after > before != marked05 {
		t.Errorf("waiting calls %.0f at 13:04:50, %.0f at 13:07; the note marks the 13:05 calls as not explained: %v", before, after, marked05)
	}
}
