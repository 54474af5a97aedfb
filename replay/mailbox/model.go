// Package mailbox is the queueing model behind IL-0499's curves: Discord's
// voice syncers, each routing new connections through one supervisor whose
// mailbox slows every spawn as it grows. It reads its parameters, and the
// incident's facts it labels its series with, from the timeline's "model"
// block, and satisfies replay.Scenario; importing it registers the kind
// "mailbox" with replay.Open.
package mailbox

import (
	"errors"
	"fmt"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// Kind is the model block's "kind" for this model.
const Kind = "mailbox"

func init() { replay.Register(Kind, Open) }

// Model is the queueing model behind IL-0499's curves: a cluster of voice
// syncer instances, each routing new outbound connections through one
// connection supervisor split into Partitions mailboxes. A spawn costs
// SpawnBase plus ScanPer100k for every 100k messages queued ahead of it in its
// partition (the supervisor's selective receive scans its mailbox), so a long
// queue slows the very work that would shorten it.
//
// Every field is read from the "model" object of the timeline file by
// ParseModel; each value there carries a note saying which figure of the
// postmortem it is or which judgement it rests on (Notes).
type Model struct {
	// Start and End bound the simulated span.
	Start, End time.Time
	// Sample and InstanceSample space the points of the aggregate and the
	// per-instance series.
	Sample, InstanceSample time.Duration

	// Instances is the cluster's size before any add_instances action.
	Instances int
	// Partitions splits each instance's connection supervisor into
	// independent mailboxes (1 during the incident).
	Partitions int
	// Cores is how many partitions of one instance can run at once: each
	// partition is a single process, so it uses at most one core, and
	// partitions beyond Cores share them.
	Cores int

	// SpawnBase is the cost of one spawn at an empty mailbox.
	SpawnBase time.Duration
	// ScanPer100k is the extra cost of one spawn per 100k messages queued in
	// its partition.
	ScanPer100k time.Duration
	// Timeout is how long a caller waits before it gives up on a request.
	Timeout time.Duration
	// TTL is the registration lease: an instance whose last refresh was
	// served longer ago than this drops out of the hash ring.
	TTL time.Duration
	// Refresh is the interval between registration refreshes.
	Refresh time.Duration
	// RingJoin is how long after an instance (re)joins the ring the call
	// owners start placing syncers on it.
	RingJoin time.Duration

	// Calls is the number of active calls (voice syncers) at normal load.
	Calls float64
	// CallLength is the mean life of a call; new calls replace ending ones.
	// A call ends at this pace whether it runs or waits for a syncer or an
	// endpoint, and nobody gives up otherwise, so every cluster the model
	// runs serves the same calls.
	CallLength time.Duration
	// RPCPerCallHour is how many connection requests one active call makes
	// per hour (RPCs to its SFU through the connection pool).
	RPCPerCallHour float64

	// StormAt, StormShare and StormLength describe the reconnect storm: from
	// StormAt, StormShare of the calls are torn down, spread over
	// StormLength, and their owners ask for new syncers at once.
	StormAt     time.Time
	StormShare  float64
	StormLength time.Duration
	// OffPeakPerHour is how much the rate of new calls falls per hour after
	// StormAt (the afternoon going off peak).
	OffPeakPerHour float64

	// Handoff is the time it takes syncers placed on a secondary or
	// tertiary instance to move back to their primary once it is in the ring
	// again; each moved syncer needs a new connection on its new instance.
	// The move is the ring's, not an owner's spawn: the spawn limits do not
	// slow it. The other way, while an instance is out of the ring, the
	// calls its syncers hold move to the slot's placement in the ring at the
	// pace of their updates (RPCPerCallHour), each one a spawn there within
	// the limits (failover): a lone instance takes its 3/15.
	Handoff time.Duration

	// Retry is how often the owner of a call without a syncer asks for one
	// again (when no placement is in the ring, or over the spawn limit), and
	// how long a new syncer whose endpoint attempt timed out waits before
	// its next one. RetryShare is the share of those timed-out attempts the
	// syncer retries; otherwise it ends and its call goes back to its owner.
	// An instance never has more endpoint retries scheduled than syncers, so
	// the retries it receives are bounded by the syncers it holds.
	Retry      time.Duration
	RetryShare float64
	// RetryBackoff multiplies an instance's retry interval, up to RetryMax,
	// every interval in which more of its requests failed than succeeded;
	// the interval goes back to Retry once they mostly succeed again.
	RetryBackoff float64
	RetryMax     time.Duration
	// RPCRetry and RPCRetryShare are the same for RPCs of existing calls:
	// the first interval, backed off with the instance's retry interval. A
	// retry waits in its syncer, at most one per syncer, so a supervisor
	// restart does not clear it.
	RPCRetry      time.Duration
	RPCRetryShare float64

	// RateLimitAt is when the call owners' syncer spawn limits arrive (zero:
	// never). From then on new syncers are created at most RateLimit per
	// second across the cluster, and the backed-up supervisor is the gun
	// connection supervisor rather than Holster.Pool's: registration
	// refreshes and PooledShare of the RPCs of existing calls no longer wait
	// in the queue.
	RateLimitAt time.Time
	RateLimit   float64
	PooledShare float64
	// ScriptLimitAt is when the limits came in the incident (the file's
	// rate_limit_at): an action taken once they were in place (WithLimits)
	// keeps its distance from them when a what-if moves them. Zero (a model
	// built by hand) puts every such action at RateLimitAt.
	ScriptLimitAt time.Time

	// RestartTime is how long an instance's application takes to come back
	// after a restart. An instance restarted while in the ring keeps its
	// lease through a restart shorter than the TTL, so the ring does not
	// move its calls meanwhile; one restarted out of the ring is absent until
	// it is back. A restart starts the callers' backoff toward the instance
	// over. A cluster restart runs one pass round the ring from
	// each instance named in RestartFrom (from the first instance when none
	// of them exists), each pass going on until it meets the next one's
	// start: the instances of a pass come back one by one, RestartStep
	// apart.
	RestartTime, RestartStep time.Duration
	RestartFrom              []string

	// Policy is an operators' rule a run may follow in place of the
	// incident's targeted restarts: from PolicyFrom on, an instance backed
	// up for PolicyAfter is restarted, the one backed up longest first, at
	// most one every PolicyEvery. Scripted says whether the run follows the
	// incident's actions where they still apply (every run of the scenario,
	// the incident's and any what-if's alike, so that they compare like with
	// like) or the rule (Scripted false: a study of the rule, not offered by
	// the what-if panel); Off lists the keyed actions a what-if switched off.
	PolicyFrom               time.Time
	PolicyAfter, PolicyEvery time.Duration
	Scripted                 bool
	Off                      map[string]bool

	// Weights scale the hash-ring share of named instances (1 when absent).
	Weights map[string]float64
	// StormWeights scale the share of named instances' calls the reconnect
	// storm tears down (1 when absent).
	StormWeights map[string]float64
	// Actions are the operators' actions, in time order.
	Actions []Action

	// Note describes the model as a whole; Notes holds each parameter's note,
	// keyed by its JSON name, and Units its unit.
	Note   data.Text
	Notes  map[string]ParamNote
	Units  map[string]string
	Values map[string]string

	// The incident's facts the model's output is labelled with, from the
	// block: SeriesNote is the note of every series, Labels their labels,
	// Names how instances are named, WhatIf the label and description of
	// each what-if parameter.
	SeriesNote data.Text
	Labels     Labels
	Names      Names
	WhatIf     map[string]WhatIfText
	// Thresholds explains, by parameter name, a threshold of the outcome
	// the parameter moves the model across (replay.Explainer).
	Thresholds map[string]data.Text
}

// Names says how instances are named: First + "1", First + "2", … for the
// cluster at the start, Added + "1", … for those add_instances brings.
type Names struct {
	First string `json:"first"`
	Added string `json:"added"`
}

// WhatIfText is the label and description of one what-if parameter as the
// incident gives them (they state the incident's values).
type WhatIfText struct {
	Label data.Text `json:"label"`
	Desc  data.Text `json:"desc"`
}

// ParamNote says where one parameter's value comes from.
type ParamNote struct {
	// Basis is "postmortem" for a figure the source states, "judgement" for
	// a value chosen by the project.
	Basis string    `json:"basis"`
	Note  data.Text `json:"note"`
}

// Action is one operator action the model applies at its time.
type Action struct {
	At time.Time
	Do ActionKind
	// Instance names the target of RestartInstance and RestartSupervisor.
	// An operator acts only on an instance that is backed up: when the named
	// one is healthy (in a what-if), the action goes to the instance with
	// the longest mailbox among those backed up, or nowhere if none is.
	Instance string
	// Count is the number of instances AddInstances brings online.
	Count int
	// Key names the action for what-ifs (`--set restart_1305=off`); empty
	// for an action a what-if cannot switch off.
	Key string
	// WithLimits is true for an action taken once the spawn limits were in
	// place, in answer to them: under a what-if it moves with rate_limit_at,
	// keeping its distance from it (see Model.ScriptLimitAt).
	WithLimits bool
	Note       data.Text
}

// ActionKind says what an Action does.
type ActionKind string

// The action kinds.
const (
	// RestartInstance restarts one instance's application: its mailbox is
	// emptied and its calls must be recreated (a cold-start herd).
	RestartInstance ActionKind = "restart_instance"
	// RestartSupervisor restarts one instance's connection supervisor: the
	// mailbox is emptied, the calls stay.
	RestartSupervisor ActionKind = "restart_supervisor"
	// RestartCluster restarts the application of every backed-up instance;
	// they come back one by one in ring order (see Model.RestartFrom).
	RestartCluster ActionKind = "restart_cluster"
	// AddInstances brings Count new instances online; each takes half of an
	// existing instance's ring share and half of its running syncers.
	AddInstances ActionKind = "add_instances"
	// CatchUp is not an operator's action: one instance's supervisor gets
	// through its mailbox by itself (2-8, by luck, says the postmortem). The
	// model cannot explain luck, so it is told when.
	CatchUp ActionKind = "catch_up"
)

func (k ActionKind) valid() bool {
	switch k {
	case RestartInstance, RestartSupervisor, RestartCluster, AddInstances, CatchUp:
		return true
	}
	return false
}

// FieldError is replay's: a problem with one field of a model block.
type FieldError = replay.FieldError

func fieldErr(field string, format string, args ...any) error {
	return &FieldError{Field: field, Err: fmt.Errorf(format, args...)}
}

// MaxWork bounds one run's work, in instance-steps: one-second steps from
// start to end times the most instances the cluster can have. IL-0499's
// run is about 0.4M; at about 3 µs per instance-step the bound keeps any
// run that passes validation under about a tenth of a second.
const MaxWork = 2_500_000

// work returns the run's instance-steps and the most instances it can have.
func (m Model) work() (steps, instances int) {
	instances = m.Instances
	for _, a := range m.Actions {
		if a.Do == AddInstances {
			instances += a.Count
		}
	}
	instances = min(instances, maxInstances)
	return int(m.End.Sub(m.Start).Seconds()) + 1, instances
}

// checkWork rejects a model whose run would exceed MaxWork.
func (m Model) checkWork() error {
	steps, n := m.work()
	if steps*n > MaxWork {
		return fieldErr("end", "a run of %d one-second steps with up to %d instances is %d instance-steps (want at most %d: shorten the span or use fewer instances)",
			steps, n, steps*n, MaxWork)
	}
	return nil
}

// Validate checks the relations between fields that ParseModel cannot check
// one at a time; Run calls it.
func (m Model) Validate() error {
	switch {
	case !m.End.After(m.Start):
		return errors.New("model: end is not after start")
	case m.Instances < 1 || m.Instances > 64:
		return fmt.Errorf("model: instances %d out of range (want 1 to 64)", m.Instances)
	case m.Partitions < 1 || m.Partitions > 64:
		return fmt.Errorf("model: partitions %d out of range (want 1 to 64)", m.Partitions)
	case m.Cores < 1 || m.Cores > 64:
		return fmt.Errorf("model: cores %d out of range (want 1 to 64)", m.Cores)
	case m.RetryBackoff < 1 || m.RetryMax < m.Retry:
		return errors.New("model: retry backoff must be at least 1 and retry max at least the retry interval")
	case m.SpawnBase <= 0:
		return fmt.Errorf("model: spawn base %v is not positive", m.SpawnBase)
	case m.Timeout < time.Second || m.TTL < time.Second || m.Refresh < time.Second ||
		m.Retry < time.Second || m.RPCRetry < time.Second || m.Handoff < time.Second:
		return errors.New("model: timeout, ttl, refresh, handoff and retry intervals must be at least 1s")
	case m.Sample < time.Second || m.InstanceSample < time.Second:
		return errors.New("model: sample intervals must be at least 1s")
	case m.CallLength <= 0 || m.StormLength <= 0:
		return errors.New("model: call length and storm length must be positive")
	}
	return m.checkWork()
}
