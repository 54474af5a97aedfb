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
	// Ledger accounts for every request of the run.
	Ledger Ledger
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
	seen        int // the step from which call owners place syncers here
	offset      int // staggers registration refreshes

	calls      []hosted // syncers here, with or without their endpoint yet
	stormCalls float64  // calls the reconnect storm tears down here
	rpcRetry   []float64
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
	observe                      func(t int) // called after every step, for tests
	now                          int         // the current step
	join                         int         // RingJoin in steps
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
		rpcRetry:    make([]float64, s.rpcRetry+1),
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

// demand computes the requests that reach each instance in step t.
//
// Calls end at the same pace whether they run, wait for a syncer or wait for
// an endpoint: users leave a channel when they would have anyway, and those
// facing "Awaiting Endpoint" keep waiting (the model has no separate giving
// up). So every cluster, whatever its size, serves the same calls, and a
// what-if changes only how well it serves them.
func (s *sim) demand(t int) {
	m := s.m
	limited := t >= s.limitFrom
	offPeak := 1.0
	if t > s.stormFrom {
		offPeak = max(0.2, 1-m.OffPeakPerHour*float64(t-s.stormFrom)/3600)
	}
	for _, in := range s.insts {
		in.scaleCalls(1-s.callEnd, nil)
		in.wait.mul(1 - s.callEnd)
		in.pend.mul(1 - s.callEnd)
		in.inRPC, in.inCreate = 0, 0
		if t < in.up {
			continue
		}
		calls := in.hostedCalls()
		if t == s.stormFrom {
			in.stormCalls = calls * m.StormShare
		}
		if t >= s.stormFrom && t < s.stormTo && calls > 0 {
			// Torn-down calls tell their SFUs, then ask for a syncer again
			// at once.
			moved := min(calls, in.stormCalls/float64(s.stormTo-s.stormFrom))
			s.unhost(in, moved/calls, t, 0)
			in.pend.mul(1 - moved/calls)
			in.inRPC += moved
			calls -= moved
		}
		in.inRPC += calls*s.rpcRate + in.rpcRetry[t%len(in.rpcRetry)]
		in.rpcRetry[t%len(in.rpcRetry)] = 0
		in.inCreate += in.pend.take(t)
	}
	s.handoff()
	for i, in := range s.insts {
		share := in.weight / s.totalWeight
		due := in.wait.take(t) + s.newCalls*offPeak*share
		release := due
		if limited {
			// Spawns over the limit are turned away and asked for again a
			// retry interval later.
			release = min(due, m.RateLimit*share)
			in.wait.add(t+in.delay, due-release)
		}
		target := s.place(i)
		if target == nil {
			// No placement in the ring: the request fails before reaching
			// any instance, and the owner asks again later.
			s.ledger.Refused += release
			in.wait.add(t+in.delay, release)
			continue
		}
		// The ring places the syncer at once; it then needs a connection
		// through the target's supervisor to select its endpoint.
		target.host(i, release)
		target.inCreate += release
	}
}

// unhost ends share f of the syncers on in (0 < f ≤ 1), from every slot
// alike; their calls go back to their owners, who ask for new syncers spread
// over the spread steps from t (at step t when spread is 0).
func (s *sim) unhost(in *simInst, f float64, t, spread int) {
	in.scaleCalls(1-f, func(slot int, n float64) {
		w := &s.insts[slot].wait
		if spread <= 0 {
			w.add(t, n)
			return
		}
		for k := range spread {
			w.add(t+k, n/float64(spread))
		}
	})
}

// handoff moves syncers placed away from their primary back to it while
// it is in the ring, as the hash ring does when an owner returns. Each one
// needs a new connection on its primary.
func (s *sim) handoff() {
	pace := 1 / s.m.Handoff.Seconds()
	for k, in := range s.insts {
		var before, moved float64
		for i := range in.calls {
			h := &in.calls[i]
			before += h.n
			if h.slot == k || h.n <= 0 {
				continue
			}
			if p := s.insts[h.slot]; p.inRing && s.now >= p.seen {
				x := h.n * min(1, pace)
				h.n -= x
				moved += x
				p.host(h.slot, x)
				p.inCreate += x
			}
		}
		if moved > 0 {
			in.pend.mul(1 - moved/before)
		}
	}
}

// place returns the instance that takes new syncers of slot i: the first of
// its primary, secondary and tertiary placements that is in the ring.
func (s *sim) place(i int) *simInst {
	n := len(s.ring)
	for k := range min(3, n) {
		if c := s.insts[s.ring[(s.pos[i]+k)%n]]; c.inRing && s.now >= c.seen {
			return c
		}
	}
	return nil
}

// announce sets in's ring membership at step t. Call owners see an
// instance that joins the ring, and place syncers on it, Join later.
func (s *sim) announce(in *simInst, t int, ok bool) {
	if ok && !in.inRing {
		in.seen = t + s.join
	}
	in.inRing = ok
}

// process queues the step's arrivals at in, serves what one second of its
// partitions' time allows, times out what waited too long and updates its
// ring membership.
func (s *sim) process(in *simInst, t int) {
	m := s.m
	if t < in.up {
		in.inRing = false
		return
	}
	limited := t >= s.limitFrom
	rpc := in.inRPC
	if limited {
		// The backed-up supervisor is now gun's: RPCs that check out an
		// already pooled connection do not wait in its mailbox.
		pooled := rpc * m.PooledShare
		s.ledger.Arrived += pooled
		s.ledger.Served += pooled
		s.okWin += pooled
		rpc -= pooled
	}
	c := cohort{step: t, rpc: rpc, create: in.inCreate}
	c.n = c.live()
	s.ledger.Arrived += c.n
	due := (t+in.offset)%s.refresh == 0
	if due && limited {
		in.lastRefresh = t // etcd's connection is pooled, not behind gun
	}
	c.refresh = due && !limited
	if c.n > 0 || c.refresh {
		in.q = append(in.q, c)
		in.qlen += c.n
	}
	s.serve(in, t)
	s.expire(in, t)
	if in.head > 1024 && in.head > len(in.q)/2 {
		n := copy(in.q, in.q[in.head:])
		in.live -= in.head
		in.q = in.q[:n]
		in.head = 0
	}
	s.announce(in, t, t-in.lastRefresh <= s.ttl)
	switch {
	case !s.backedUp(in, t):
		in.backedSince = -1
	case in.backedSince < 0:
		in.backedSince = t
	}
}
