package mailbox

import "math"

// demand computes the requests that reach each instance in step t.
//
// Calls end at the same pace whether they run, wait for a syncer or wait for
// an endpoint: users leave a channel when they would have anyway, and those
// facing "Awaiting Endpoint" keep waiting (the model has no separate giving
// up). So every cluster, whatever its size, serves the same calls, and a
// what-if changes only how well it serves them.
func (s *sim) demand(t int) {
	m := &s.m // a pointer: the Model is large, and this runs every step
	limited := t >= s.limitFrom
	offPeak := 1.0
	if t > s.stormFrom {
		offPeak = max(0.2, 1-m.OffPeakPerHour*float64(t-s.stormFrom)/3600)
	}
	for _, in := range s.insts {
		in.scaleCalls(1-s.callEnd, nil)
		in.wait.mul(1 - s.callEnd)
		in.pend.mul(1 - s.callEnd)
		in.rpcRetry.mul(1 - s.callEnd)
		in.inRPC, in.inCreate = 0, 0
		if t < in.up {
			continue
		}
		calls := in.hostedCalls()
		if t == s.stormFrom {
			in.stormCalls = calls * m.StormShare
			if w, ok := m.StormWeights[in.name]; ok {
				in.stormCalls *= w
			}
		}
		if t >= s.stormFrom && t < s.stormTo && calls > 0 {
			// Torn-down calls tell their SFUs, then ask for a syncer again
			// at once.
			moved := min(calls, in.stormCalls/float64(s.stormTo-s.stormFrom))
			s.unhost(in, moved/calls, t, 0)
			in.pend.mul(1 - moved/calls)
			in.rpcRetry.mul(1 - moved/calls)
			in.inRPC += moved
			calls -= moved
		}
		in.inRPC += calls*s.rpcRate + in.rpcRetry.take(t)
		in.inCreate += in.pend.take(t)
	}
	if cap(s.budget) < len(s.insts) {
		s.budget = make([]float64, len(s.insts))
	}
	s.budget = s.budget[:len(s.insts)]
	for i, in := range s.insts {
		share := in.weight / s.totalWeight
		s.budget[i] = math.Inf(1)
		if limited {
			s.budget[i] = m.RateLimit * share
		}
		due := in.wait.take(t) + s.newCalls*offPeak*share
		// Spawns over the limit are turned away and asked for again a
		// retry interval later.
		release := min(due, s.budget[i])
		s.budget[i] -= release
		if release < due {
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
	// A failover is an owner's spawn, within what the spawn limits leave of
	// the slot's share; a handoff is the ring's own move back to a primary,
	// which the owners' limits do not cover.
	for _, in := range s.insts {
		if t >= in.up && !in.inRing {
			// These calls' updates went to their placement in the ring,
			// as spawns there, not to their syncers here.
			in.inRPC -= s.failover(in)
		}
	}
	s.handoff()
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
			if p := s.insts[h.slot]; p.inRing && s.now >= p.seen && s.now >= p.up {
				x := h.n * min(1, pace)
				h.n -= x
				moved += x
				p.host(h.slot, x)
				p.inCreate += x
			}
		}
		if moved > 0 {
			in.pend.mul(1 - moved/before)
			in.rpcRetry.mul(1 - moved/before)
		}
	}
}

// place returns the instance that takes new syncers of slot i: the first of
// its primary, secondary and tertiary placements that is in the ring.
func (s *sim) place(i int) *simInst {
	n := len(s.ring)
	for k := range min(3, n) {
		if c := s.insts[s.ring[(s.pos[i]+k)%n]]; c.inRing && s.now >= c.seen {
			if s.now < c.up {
				return nil // listed, but restarting: the request fails
			}
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
	m := &s.m // a pointer: the Model is large, and this runs every step
	if t < in.up {
		in.inRing = in.lease
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
	switch {
	case in.head == len(in.q):
		// Every cohort is served: reuse the slice from its start rather
		// than let it grow by one cohort a step (live ≥ head = len).
		in.q, in.head, in.live = in.q[:0], 0, 0
	case in.head > 64 && in.head > len(in.q)/2:
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

// failover moves calls of slots whose syncers sit on in, out of the ring,
// to the slot's placement in the ring, at the pace of their voice state
// updates: the owner routes each update through the ring, and the placement
// there spawns a syncer for it. Returns the calls moved.
func (s *sim) failover(in *simInst) float64 {
	var before, moved float64
	for i := range in.calls {
		h := &in.calls[i]
		before += h.n
		if h.n <= 0 {
			continue
		}
		p := s.place(h.slot)
		if p == nil || p == in {
			continue
		}
		x := min(h.n*s.rpcRate, s.budget[h.slot])
		s.budget[h.slot] -= x
		h.n -= x
		moved += x
		p.host(h.slot, x)
		p.inCreate += x
	}
	if moved > 0 && before > 0 {
		in.pend.mul(1 - moved/before)
		in.rpcRetry.mul(1 - moved/before)
	}
	return moved
}
