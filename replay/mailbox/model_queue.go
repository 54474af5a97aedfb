package mailbox

import "math"

// cohort is the requests that joined one mailbox in one step. Served and
// timed-out shares are taken from it in proportion.
type cohort struct {
	step    int
	n       float64 // messages still in the mailbox
	rpc     float64 // RPCs of running syncers, still within their timeout
	create  float64 // endpoint creations of new syncers, still within it
	refresh bool    // a registration refresh waits at the end of this cohort
	expired bool
}

func (c *cohort) live() float64 { return c.rpc + c.create }

// serve takes messages from the front of in's mailbox for one second. The
// partitions share the load evenly, so each holds q = qlen/P messages and
// serving n of them takes base·n + scan·(q² − (q−n)²)/2 of its time; each
// has a whole core when there are no more partitions than cores, and a
// share Cores/P of one otherwise.
func (s *sim) serve(in *simInst, t int) {
	q := in.qlen / s.parts
	k := s.base*q + s.scan*q*q/2 - s.cpu
	amount := math.Inf(1)
	if k > 0 {
		rest := 2 * k / (s.base + math.Sqrt(s.base*s.base+2*s.scan*k))
		amount = (q - rest) * s.parts
	}
	for in.head < len(in.q) {
		c := &in.q[in.head]
		take := min(amount, c.n)
		if !c.expired && c.n > 0 {
			f := take / c.n
			served := (c.rpc + c.create) * f
			c.rpc -= c.rpc * f
			c.create -= c.create * f
			s.ledger.Served += served
			s.okWin += served
			in.ok += served
		}
		c.n -= take
		in.qlen -= take
		amount -= take
		if c.n > 1e-9 {
			break
		}
		in.qlen -= c.n
		c.n = 0
		if c.refresh && t-c.step < s.timeout {
			// A refresh served after its caller gave up renews nothing.
			in.lastRefresh = t
		}
		in.head++
		in.live = max(in.live, in.head)
	}
	if in.head == len(in.q) {
		in.qlen = 0
	}
	in.qlen = max(in.qlen, 0)
}

// expire times out the requests that have waited Timeout: their callers give
// up, though the messages stay in the mailbox until served.
func (s *sim) expire(in *simInst, t int) {
	for in.live < len(in.q) && t-in.q[in.live].step >= s.timeout-1 {
		s.fail(&in.q[in.live], in, t, true)
		in.live++
	}
}

// fail counts c's remaining requests as timed out. With retry, the share
// that callers retry comes back later: RPCs of running syncers after
// RPCRetry, and endpoint attempts of new syncers after Retry. A new syncer
// that does not retry ends, and its call goes back to its owner, who asks
// for a new syncer a retry interval later. Retries never outnumber the
// syncers waiting for an endpoint.
func (s *sim) fail(c *cohort, in *simInst, t int, retry bool) {
	if c.expired {
		return
	}
	lost := c.live()
	s.ledger.TimedOut += lost
	s.failWin += lost
	in.bad += lost
	if retry {
		// The retry waits in the syncer, not in the mailbox, for the
		// instance's backed-off interval: a supervisor restart does not
		// clear it. A syncer has at most one RPC waiting to be retried.
		in.rpcRetry.add(t+s.rpcDelay(in), min(c.rpc*s.m.RPCRetryShare, max(0, in.hostedCalls()-in.rpcRetry.sum)))
		if calls, quit := in.hostedCalls(), c.create*(1-s.m.RetryShare); quit > 0 && calls > 0 {
			s.unhost(in, min(1, quit/calls), t+in.delay, 0)
			if calls = in.hostedCalls(); in.pend.sum > calls {
				in.pend.mul(calls / in.pend.sum)
			}
			if in.rpcRetry.sum > calls {
				in.rpcRetry.mul(calls / in.rpcRetry.sum)
			}
		}
		again := min(c.create*s.m.RetryShare, max(0, in.hostedCalls()-in.pend.sum))
		in.pend.add(t+in.delay, again)
	}
	c.rpc, c.create, c.expired = 0, 0, true
}

// drop empties in's mailbox (a restart): every request still in it fails.
func (s *sim) drop(in *simInst, t int, retry bool) {
	for i := in.head; i < len(in.q); i++ {
		s.fail(&in.q[i], in, t, retry)
	}
	in.q, in.head, in.live, in.qlen = in.q[:0], 0, 0, 0
}

// backoff resets in's retry interval when its requests mostly succeeded
// since the last check, and multiplies it (up to RetryMax) when they mostly
// failed: the callers back off while an instance does not answer.
func (s *sim) backoff(in *simInst) {
	switch {
	case in.bad > in.ok:
		in.delay = min(s.retryMax, max(in.delay+1, int(math.Round(float64(in.delay)*s.m.RetryBackoff))))
		if s.m.RetryBackoff == 1 {
			in.delay = s.retry
		}
	case in.ok > 0:
		in.delay = s.retry
	}
	in.ok, in.bad = 0, 0
}

// rpcDelay is how long a syncer on in waits before it retries an RPC that
// timed out: rpc_retry_s, backed off by the same factor as the instance's
// retry interval (see backoff), at most retry_max_s.
func (s *sim) rpcDelay(in *simInst) int {
	return min(s.retryMax, max(1, s.rpcRetry*in.delay/s.retry))
}
