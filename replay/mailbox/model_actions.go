package mailbox

import (
	"fmt"
	"math"
	"slices"
	"time"
)

// act applies the actions due at step t.
func (s *sim) act(t int) {
	boot := secs(s.m.RestartTime)
	if s.m.RestartTime == 0 {
		boot = 0
	}
	s.policy(t, boot)
	for s.nextAction < len(s.actions) && s.m.stepOf(s.actions[s.nextAction].At) <= t {
		a := s.actions[s.nextAction]
		s.nextAction++
		switch a.Do {
		case RestartInstance:
			if in := s.target(a.Instance, t); in != nil {
				s.record(a, in, t)
				s.restart(in, t, boot)
			}
		case RestartSupervisor:
			if in := s.target(a.Instance, t); in != nil {
				s.record(a, in, t)
				s.drop(in, t, true)
				in.lastRefresh = t
				s.announce(in, t, true)
			}
		case CatchUp:
			if in := s.find(a.Instance); in != nil && s.backedUp(in, t) {
				s.drop(in, t, true)
				in.lastRefresh = t
				s.announce(in, t, true)
			}
		case RestartCluster:
			// The restart goes round the ring: instances come back one by
			// one, and the first ones up take their neighbours' calls as
			// secondary and tertiary placements. In ring order, an instance
			// a what-if adds comes back after the instances it follows and
			// delays the rest of its pass, so a larger cluster never has
			// more instances up early to take a cold-start herd.
			for k, i := range s.ring {
				if in := s.insts[i]; s.backedUp(in, t) {
					s.restart(in, t, boot+int(math.Round(float64(s.restartOrder(k))*s.m.RestartStep.Seconds())))
				}
			}
		case AddInstances:
			for range a.Count {
				s.grow(t)
			}
		}
	}
}

// planActions returns the actions a run follows. A scripted run (the
// incident's and every what-if's, so that the two compare like with like)
// takes the incident's actions where they still apply: those a what-if
// switched off are left out, and those taken once the limits were in place
// move with the limits, keeping their distance from them (dropped if the
// limits never come); a targeted restart
// whose named instance is healthy goes to the most backed-up one, or nowhere
// (see target). A run under the rule (Scripted false) keeps only the
// actions that are not targeted restarts and leaves those to the rule.
func planActions(m Model) []Action {
	var out []Action
	for _, a := range m.Actions {
		switch {
		case a.Key != "" && m.Off[a.Key]:
			continue
		case !m.Scripted && (a.Do == RestartInstance || a.Do == RestartSupervisor):
			continue
		case a.WithLimits && m.RateLimitAt.IsZero():
			continue
		case a.WithLimits && !m.ScriptLimitAt.IsZero():
			a.At = a.At.Add(m.RateLimitAt.Sub(m.ScriptLimitAt))
		case a.WithLimits:
			a.At = m.RateLimitAt
		}
		out = append(out, a)
	}
	slices.SortStableFunc(out, func(a, b Action) int { return a.At.Compare(b.At) })
	return out
}

// policy applies the operators' rule at step t (see Model.Policy...): once
// PolicyEvery has passed since the last restart it made, it restarts the
// instance backed up longest, if that is at least PolicyAfter.
func (s *sim) policy(t, boot int) {
	if t < s.policyFrom || t < s.lastPolicy+s.policyEvery {
		return
	}
	var worst *simInst
	for _, in := range s.insts {
		if in.backedSince >= 0 && t-in.backedSince >= s.policyAfter && (worst == nil || in.backedSince < worst.backedSince) {
			worst = in
		}
	}
	if worst != nil {
		s.record(Action{Do: RestartInstance}, worst, t)
		s.restart(worst, t, boot)
		s.lastPolicy = t
	}
}

// record notes a targeted action on in at step t in the run's Targeted.
func (s *sim) record(a Action, in *simInst, t int) {
	s.targeted = append(s.targeted, Targeted{
		At: s.m.Start.Add(time.Duration(t) * time.Second), Do: a.Do, Named: a.Instance, Instance: in.name,
	})
}

// restartOrder returns the place of the instance at ring position k in its
// pass of a cluster restart: 0 for the instance a pass starts from (see
// Model.RestartFrom), 1 for the next one round the ring, and so on.
func (s *sim) restartOrder(k int) int {
	start := make([]bool, len(s.ring))
	found := false
	for _, name := range s.m.RestartFrom {
		if in := s.find(name); in != nil {
			start[s.pos[slices.Index(s.insts, in)]] = true
			found = true
		}
	}
	if !found {
		start[0] = true
	}
	n := 0
	for !start[k] {
		k = (k - 1 + len(s.ring)) % len(s.ring)
		n++
	}
	return n
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

// target returns the instance an operator acts on at step t: the named one
// if it is backed up, else (in a what-if where that one is healthy) the
// instance with the longest mailbox among those backed up, as the operators
// went after whichever instance was backed up; nil if none is.
func (s *sim) target(name string, t int) *simInst {
	if in := s.find(name); in != nil && s.backedUp(in, t) {
		return in
	}
	var worst *simInst
	for _, in := range s.insts {
		if s.backedUp(in, t) && (worst == nil || in.qlen > worst.qlen) {
			worst = in
		}
	}
	return worst
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
	// The owners learn at once that the syncers are gone and ask for new
	// ones over the next retry interval.
	s.unhost(in, 1, t, s.retry)
	in.calls = in.calls[:0]
	in.rpcRetry.reset()
	in.pend.reset()
	in.up = t + boot
	in.backedSince = -1 // a restarted instance is not backed up until it is again
	// Callers meet a new application: their backoff toward it starts over.
	in.delay, in.ok, in.bad = s.retry, 0, 0
	in.lastRefresh = in.up
	// An instance restarted while announced keeps its etcd lease through a
	// restart shorter than the TTL: the ring still lists it, and requests
	// for it fail until it is back (see place). One restarted out of the
	// ring is absent until it announces itself again.
	in.lease = boot > 0 && boot < s.ttl && in.inRing
	in.inRing = boot == 0 || in.lease
}

// grow adds one instance next to the instance with the largest ring share,
// which hands it half of its share and half of its running syncers (a
// graceful handoff).
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
	in := s.addInstance(fmt.Sprintf("%s%d", s.m.Names.Added, s.added), t, s.pos[hi]+1)
	in.weight = host.weight / 2
	host.weight /= 2
	s.reindex()
	self := len(s.insts) - 1
	// Only syncers with their endpoint are handed over; one still waiting
	// for it stays and keeps trying where it is.
	if calls := host.hostedCalls(); calls > 0 {
		moved := max(0, calls-host.pend.sum) / 2
		host.scaleCalls(1-moved/calls, func(_ int, n float64) { in.host(self, n) })
	}
	host.wait.split(&in.wait, 0.5)
	in.stormCalls, host.stormCalls = host.stormCalls/2, host.stormCalls/2
}
