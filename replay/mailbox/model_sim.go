package mailbox

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// Run is the output of one run of a Model.
type Run struct {
	// Times are the sample moments of Mailbox, Success and Ring.
	Times []time.Time
	// Mailbox is the aggregate mailbox: messages queued over every
	// instance and partition, including requests whose callers gave up.
	Mailbox []float64
	// Success is the share, in percent, of the requests resolved in the
	// sample window that were served within their timeout.
	Success []float64
	// Ring is the number of instances announced in the hash ring.
	Ring []float64
	// Awaiting is the calls waiting for an endpoint: without a syncer, with
	// a syncer whose endpoint attempt waits for a retry, or with one whose
	// attempt is still queued within its timeout. It is what users saw as
	// "Awaiting Endpoint".
	Awaiting []float64
	// InstanceTimes are the sample moments of the per-instance series.
	InstanceTimes []time.Time
	// Instances holds one entry per instance, in the order they came online.
	Instances []InstanceRun
	// Targeted lists the actions aimed at one instance (restarts of an
	// instance or of its supervisor, the incident's or the policy's), in
	// the order they were taken.
	Targeted []Targeted
	// Ledger accounts for every request of the run.
	Ledger Ledger
}

// Targeted is one action a run aimed at one instance.
type Targeted struct {
	At time.Time
	Do ActionKind
	// Named is the instance the incident's action names (empty for the
	// policy's restarts); Instance is the one the run acted on, which
	// differs when the named one was not backed up at the time.
	Named, Instance string
}

// InstanceRun is one instance's part of a Run.
type InstanceRun struct {
	Name string
	// First is the index into Run.InstanceTimes of the instance's first
	// sample; it was not online before.
	First int
	// Mailbox and InRing (1 in the ring, 0 out) have one value per sample
	// from First on.
	Mailbox []float64
	InRing  []float64
}

// Ledger accounts for the requests of a run: Arrived = Served + TimedOut +
// Queued, always.
type Ledger struct {
	// Arrived counts requests that reached an instance.
	Arrived float64
	// Served counts requests served within their timeout.
	Served float64
	// TimedOut counts requests not served within their timeout, including
	// those dropped by a restart (their callers time out).
	TimedOut float64
	// Queued counts requests still queued, and still within their timeout,
	// when the run ended.
	Queued float64
	// Refused counts attempts that found no instance in the ring; they never
	// reach an instance and are not part of Arrived.
	Refused float64
	// MinQueue is the smallest mailbox length seen (it must never be
	// negative).
	MinQueue float64
}

// hosted counts the syncers running on an instance for one ring slot: its
// own, or a neighbour's it took as secondary or tertiary placement.
type hosted struct {
	slot int
	n    float64
}

// simInst is one voice syncer instance, which is also one slot of the ring:
// the calls whose primary placement it is.
type simInst struct {
	name        string
	weight      float64
	up          int // the step its application is running from
	q           []cohort
	head        int // first cohort still in the mailbox
	live        int // first cohort not yet timed out (≥ head)
	qlen        float64
	lastRefresh int
	inRing      bool
	lease       bool // announced through its current restart (see restart)
	seen        int  // the step from which call owners place syncers here
	offset      int  // staggers registration refreshes

	calls      []hosted // syncers here, with or without their endpoint yet
	stormCalls float64  // calls the reconnect storm tears down here
	rpcRetry   wheel    // RPCs of syncers here waiting to be retried, by step
	// wait holds the calls of this slot that have no syncer, by the step of
	// their owner's next request for one; pend holds the syncers here still
	// without an endpoint, by the step of their next attempt. Both lose
	// calls as they end, like the syncers in calls.
	wait, pend wheel

	inRPC, inCreate float64 // arrivals of the current step

	// delay is the instance's current retry interval, in steps; ok and bad
	// count its requests served and failed since it was last set.
	delay   int
	ok, bad float64
	// backedSince is the step from which the instance has been backed up
	// without a break; -1 while it is not.
	backedSince int
}

// awaiting returns the calls of this slot without a syncer and the
// syncers here without an endpoint: waiting for a retry, or queued and not
// yet timed out (older cohorts hold no live requests).
func (in *simInst) awaiting() float64 {
	n := in.wait.sum + in.pend.sum
	for i := in.live; i < len(in.q); i++ {
		n += in.q[i].create
	}
	return n
}

func (in *simInst) hostedCalls() float64 {
	var n float64
	for _, h := range in.calls {
		n += h.n
	}
	return n
}

func (in *simInst) host(slot int, n float64) {
	for i := range in.calls {
		if in.calls[i].slot == slot {
			in.calls[i].n += n
			return
		}
	}
	in.calls = append(in.calls, hosted{slot, n})
}

// scaleCalls multiplies every hosted count by f and returns what was taken
// from each slot.
func (in *simInst) scaleCalls(f float64, take func(slot int, n float64)) {
	for i := range in.calls {
		x := in.calls[i].n * (1 - f)
		in.calls[i].n -= x
		if take != nil && x > 0 {
			take(in.calls[i].slot, x)
		}
	}
}

type sim struct {
	m                            Model
	steps                        int
	parts, base, scan, cpu       float64
	timeout, ttl, refresh, retry int
	retryMax                     int
	actions                      []Action
	policyFrom, policyAfter      int
	policyEvery, lastPolicy      int
	rpcRetry                     int
	stormFrom, stormTo           int
	limitFrom                    int
	callEnd, rpcRate, newCalls   float64
	insts                        []*simInst
	ring                         []int // instance indices in ring order
	pos                          []int // ring position of each instance
	totalWeight                  float64
	nextAction                   int
	added                        int
	ledger                       Ledger
	okWin, failWin               float64
	targeted                     []Targeted
	observe                      func(t int) // called after every step, for tests
	now                          int         // the current step
	join                         int         // RingJoin in steps
	budget                       []float64   // each slot's spawns left under the limits this step
}

// maxInstances bounds the cluster however many instances actions add.
const maxInstances = 128

// Run simulates the model from Start to End in steps of one second. The
// same model always gives the same Run.
func (m Model) Run() (Run, error) {
	if err := m.Validate(); err != nil {
		return Run{}, err
	}
	s := newSim(m)
	return s.run(), nil
}

func secs(d time.Duration) int { return max(1, int(math.Round(d.Seconds()))) }

func (m Model) stepOf(t time.Time) int {
	return int(math.Ceil(t.Sub(m.Start).Seconds()))
}

func newSim(m Model) *sim {
	s := &sim{
		m:         m,
		steps:     int(m.End.Sub(m.Start).Seconds()),
		parts:     float64(m.Partitions),
		cpu:       min(1, float64(m.Cores)/float64(m.Partitions)),
		base:      m.SpawnBase.Seconds(),
		scan:      m.ScanPer100k.Seconds() / 1e5,
		timeout:   secs(m.Timeout),
		ttl:       secs(m.TTL),
		refresh:   secs(m.Refresh),
		retry:     secs(m.Retry),
		retryMax:  max(secs(m.Retry), secs(m.RetryMax)),
		rpcRetry:  secs(m.RPCRetry),
		stormFrom: m.stepOf(m.StormAt),
		callEnd:   1 / m.CallLength.Seconds(),
		rpcRate:   m.RPCPerCallHour / 3600,
		newCalls:  m.Calls / m.CallLength.Seconds(),
		limitFrom: math.MaxInt,
	}
	s.stormTo = s.stormFrom + secs(m.StormLength)
	s.actions = planActions(m)
	s.policyFrom = max(0, m.stepOf(m.PolicyFrom))
	if m.Scripted && len(s.actions) > 0 {
		// The script runs out at its last action; from then on the
		// operators keep restarting what is still backed up, by the rule,
		// as they did that day until the cluster was healthy.
		s.policyFrom = max(s.policyFrom, m.stepOf(s.actions[len(s.actions)-1].At)+1)
	}
	s.policyAfter = int(m.PolicyAfter.Seconds())
	s.policyEvery = secs(m.PolicyEvery)
	s.lastPolicy = math.MinInt / 2
	if m.RingJoin > 0 {
		s.join = secs(m.RingJoin)
	}
	if !m.RateLimitAt.IsZero() {
		s.limitFrom = max(0, m.stepOf(m.RateLimitAt))
	}
	for i := range m.Instances {
		s.addInstance(fmt.Sprintf("%s%d", m.Names.First, i+1), 0, len(s.ring))
	}
	for i, in := range s.insts {
		in.host(i, m.Calls*in.weight/s.totalWeight)
	}
	return s
}

// addInstance brings an instance online at step t and puts it at ring
// position at.
func (s *sim) addInstance(name string, t, at int) *simInst {
	w := s.m.Weights[name]
	if w == 0 {
		w = 1
	}
	in := &simInst{
		name:        name,
		weight:      w,
		up:          t,
		lastRefresh: t,
		inRing:      true,
		offset:      (len(s.insts) * 7) % s.refresh,
		rpcRetry:    newWheel(s.retryMax + 1),
		wait:        newWheel(s.retryMax + 1),
		pend:        newWheel(s.retryMax + 1),
		delay:       s.retry,
		backedSince: -1,
	}
	s.insts = append(s.insts, in)
	s.ring = slices.Insert(s.ring, at, len(s.insts)-1)
	s.reindex()
	return in
}

func (s *sim) reindex() {
	s.pos = make([]int, len(s.insts))
	s.totalWeight = 0
	for p, i := range s.ring {
		s.pos[i] = p
		s.totalWeight += s.insts[i].weight
	}
}

func (s *sim) run() Run {
	m := s.m
	var r Run
	r.Ledger.MinQueue = math.Inf(1)
	success := 100.0
	for t := 0; t <= s.steps; t++ {
		s.now = t
		s.act(t)
		s.demand(t)
		for _, in := range s.insts {
			s.process(in, t)
			if t%s.retry == 0 {
				s.backoff(in)
			}
			r.Ledger.MinQueue = min(r.Ledger.MinQueue, in.qlen)
		}
		if s.observe != nil {
			s.observe(t)
		}
		if t%secs(m.Sample) == 0 {
			var mb, ring, awaiting float64
			for _, in := range s.insts {
				mb += in.qlen
				if in.inRing {
					ring++
				}
				awaiting += in.awaiting()
			}
			if tot := s.okWin + s.failWin; tot > 1e-9 {
				success = 100 * s.okWin / tot
			}
			s.okWin, s.failWin = 0, 0
			r.Times = append(r.Times, m.Start.Add(time.Duration(t)*time.Second))
			r.Mailbox = append(r.Mailbox, mb)
			r.Success = append(r.Success, success)
			r.Ring = append(r.Ring, ring)
			r.Awaiting = append(r.Awaiting, awaiting)
		}
		if t%secs(m.InstanceSample) == 0 {
			k := len(r.InstanceTimes)
			r.InstanceTimes = append(r.InstanceTimes, m.Start.Add(time.Duration(t)*time.Second))
			for i, in := range s.insts {
				if i == len(r.Instances) {
					r.Instances = append(r.Instances, InstanceRun{Name: in.name, First: k})
				}
				ir := &r.Instances[i]
				ring := 0.0
				if in.inRing {
					ring = 1
				}
				ir.Mailbox = append(ir.Mailbox, in.qlen)
				ir.InRing = append(ir.InRing, ring)
			}
		}
	}
	r.Targeted = s.targeted
	r.Ledger.Arrived = s.ledger.Arrived
	r.Ledger.Served = s.ledger.Served
	r.Ledger.TimedOut = s.ledger.TimedOut
	r.Ledger.Refused = s.ledger.Refused
	for _, in := range s.insts {
		for i := in.live; i < len(in.q); i++ {
			if !in.q[i].expired {
				r.Ledger.Queued += in.q[i].live()
			}
		}
	}
	return r
}
