package replay

import "fmt"

// act applies the actions due at step t.
func (s *sim) act(t int) {
	boot := secs(s.m.RestartTime)
	if s.m.RestartTime == 0 {
		boot = 0
	}
	for s.nextAction < len(s.m.Actions) && s.m.stepOf(s.m.Actions[s.nextAction].At) <= t {
		a := s.m.Actions[s.nextAction]
		s.nextAction++
		switch a.Do {
		case RestartInstance:
			if in := s.find(a.Instance); in != nil && s.backedUp(in, t) {
				s.restart(in, t, boot)
			}
		case RestartSupervisor, CatchUp:
			if in := s.find(a.Instance); in != nil && s.backedUp(in, t) {
				s.drop(in, t, true)
				in.lastRefresh = t
				in.inRing = true
			}
		case RestartCluster:
			// Instances come back one by one: the first ones up take their
			// neighbours' calls as secondary and tertiary placements.
			for _, in := range s.insts {
				spread := s.rng.Float64() * s.m.RestartSpread.Seconds()
				if s.backedUp(in, t) {
					s.restart(in, t, boot+int(spread))
				}
			}
		case AddInstances:
			for range a.Count {
				s.grow(t)
			}
		}
	}
}

// backedUp reports whether in needs an operator at step t: it is running
// and either out of the ring or holding a message older than the timeout.
// The operators' actions are answers to the incident, so a what-if in which
// an instance is healthy at that moment skips its restart.
func (s *sim) backedUp(in *simInst, t int) bool {
	if t < in.up {
		return false
	}
	return !in.inRing || (in.head < len(in.q) && t-in.q[in.head].step >= s.timeout)
}

func (s *sim) find(name string) *simInst {
	for _, in := range s.insts {
		if in.name == name {
			return in
		}
	}
	return nil
}

// restart restarts in's application: its mailbox is emptied, its syncers
// end (their calls wait to be recreated, the cold-start herd, and their
// pending retries die with them), and it is back in boot steps.
func (s *sim) restart(in *simInst, t, boot int) {
	s.drop(in, t, false)
	for _, h := range in.calls {
		s.insts[h.slot].waiting += h.n
	}
	in.calls = in.calls[:0]
	clear(in.rpcRetry)
	clear(in.createRetry)
	in.up = t + boot
	in.lastRefresh = in.up
	in.inRing = boot == 0
}

// grow adds one instance next to the instance with the largest ring share,
// which hands it half of its share and of its syncers (a graceful handoff).
func (s *sim) grow(t int) {
	if len(s.insts) >= maxInstances {
		return
	}
	hi := s.ring[0]
	for _, i := range s.ring {
		if s.insts[i].weight > s.insts[hi].weight {
			hi = i
		}
	}
	host := s.insts[hi]
	s.added++
	in := s.addInstance(fmt.Sprintf("3-%d", s.added), t, s.pos[hi]+1)
	in.weight = host.weight / 2
	host.weight /= 2
	s.reindex()
	self := len(s.insts) - 1
	host.scaleCalls(0.5, func(_ int, n float64) { in.host(self, n) })
	in.waiting, host.waiting = host.waiting/2, host.waiting/2
	in.stormCalls, host.stormCalls = host.stormCalls/2, host.stormCalls/2
}
