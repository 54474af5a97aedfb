// Package mailbox is the queueing model behind IL-0499's curves: Discord's
// voice syncers, each routing new connections through one supervisor whose
// mailbox slows every spawn as it grows. It reads its parameters, and the
// incident's facts it labels its series with, from the timeline's "model"
// block, and satisfies replay.Scenario; importing it registers the kind
// "mailbox" with replay.Open.
package mailbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
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
	// RPCRetry and RPCRetryShare are the same for RPCs of existing calls.
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

	// RestartTime is how long an instance's application takes to come back
	// after a restart. A cluster restart runs one pass round the ring from
	// each instance named in RestartFrom (from the first instance when none
	// of them exists), each pass going on until it meets the next one's
	// start: the instances of a pass come back one by one, RestartStep
	// apart.
	RestartTime, RestartStep time.Duration
	RestartFrom              []string

	// Policy is the operators' rule under a what-if, in place of the
	// incident's targeted restarts: from PolicyFrom on, an instance backed
	// up for PolicyAfter is restarted, the one backed up longest first, at
	// most one every PolicyEvery. Scripted says whether the run follows the
	// incident's actions as they happened (the base run) or the rule (any
	// what-if); Off lists the keyed actions a what-if switched off.
	PolicyFrom               time.Time
	PolicyAfter, PolicyEvery time.Duration
	Scripted                 bool
	Off                      map[string]bool

	// Weights scale the hash-ring share of named instances (1 when absent).
	Weights map[string]float64
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
	// place: under a what-if it moves with rate_limit_at.
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

// modelJSON is the file form of a model.
type modelJSON struct {
	Kind       string                `json:"kind"`
	Note       data.Text             `json:"note"`
	SeriesNote data.Text             `json:"series_note"`
	Labels     Labels                `json:"labels"`
	Names      Names                 `json:"names"`
	WhatIf     map[string]WhatIfText `json:"whatif"`
	Start      string                `json:"start"`
	End        string                `json:"end"`
	Params     map[string]paramJSON  `json:"params"`
	Actions    []actionJSON          `json:"actions"`
}

type paramJSON struct {
	Value json.RawMessage `json:"value"`
	Unit  string          `json:"unit,omitempty"`
	ParamNote
}

type actionJSON struct {
	At       string    `json:"at"`
	Do       string    `json:"do"`
	Instance string    `json:"instance,omitempty"`
	Count    int       `json:"count,omitempty"`
	Key      string    `json:"key,omitempty"`
	With     string    `json:"with,omitempty"`
	Note     data.Text `json:"note"`
}

// paramSpec describes one parameter of the file: how to read its value into
// a Model.
type paramSpec struct {
	name string
	set  func(m *Model, v json.RawMessage, field string) error
}

func numberParam(name string, lo, hi float64, set func(m *Model, v float64)) paramSpec {
	return paramSpec{name, func(m *Model, raw json.RawMessage, field string) error {
		var v float64
		if err := json.Unmarshal(raw, &v); err != nil {
			return fieldErr(field, "invalid value %s (want a number from %g to %g)", compact(raw), lo, hi)
		}
		if math.IsNaN(v) || v < lo || v > hi {
			return fieldErr(field, "value %g out of range (want %g to %g)", v, lo, hi)
		}
		set(m, v)
		return nil
	}}
}

func intParam(name string, lo, hi int, set func(m *Model, v int)) paramSpec {
	return paramSpec{name, func(m *Model, raw json.RawMessage, field string) error {
		var v int
		if err := json.Unmarshal(raw, &v); err != nil {
			return fieldErr(field, "invalid value %s (want a whole number from %d to %d)", compact(raw), lo, hi)
		}
		if v < lo || v > hi {
			return fieldErr(field, "value %d out of range (want %d to %d)", v, lo, hi)
		}
		set(m, v)
		return nil
	}}
}

func secondsParam(name string, lo, hi float64, set func(m *Model, d time.Duration)) paramSpec {
	return numberParam(name, lo, hi, func(m *Model, v float64) { set(m, time.Duration(v*float64(time.Second))) })
}

func millisParam(name string, lo, hi float64, set func(m *Model, d time.Duration)) paramSpec {
	return numberParam(name, lo, hi, func(m *Model, v float64) { set(m, time.Duration(v*float64(time.Millisecond))) })
}

// timeParam reads "HH:MM" (on the model's start day, in its zone), an RFC 3339
// time, or, when never is true, null for "never".
func timeParam(name string, never bool, set func(m *Model, t time.Time)) paramSpec {
	return paramSpec{name, func(m *Model, raw json.RawMessage, field string) error {
		if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
			if !never {
				return fieldErr(field, "invalid value null (want \"HH:MM\" or an RFC 3339 time)")
			}
			set(m, time.Time{})
			return nil
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return fieldErr(field, "invalid value %s (want \"HH:MM\" or an RFC 3339 time)", compact(raw))
		}
		t, err := m.clockTime(s)
		if err != nil {
			return &FieldError{Field: field, Err: err}
		}
		set(m, t)
		return nil
	}}
}

// modelParams lists every parameter a model object must give.
var modelParams = []paramSpec{
	intParam("instances", 1, 64, func(m *Model, v int) { m.Instances = v }),
	intParam("partitions", 1, 64, func(m *Model, v int) { m.Partitions = v }),
	intParam("cores", 1, 64, func(m *Model, v int) { m.Cores = v }),
	millisParam("spawn_base_ms", 0.001, 1000, func(m *Model, d time.Duration) { m.SpawnBase = d }),
	millisParam("scan_ms_per_100k", 0, 1000, func(m *Model, d time.Duration) { m.ScanPer100k = d }),
	secondsParam("timeout_s", 1, 600, func(m *Model, d time.Duration) { m.Timeout = d }),
	secondsParam("ttl_s", 1, 3600, func(m *Model, d time.Duration) { m.TTL = d }),
	secondsParam("refresh_s", 1, 3600, func(m *Model, d time.Duration) { m.Refresh = d }),
	secondsParam("ring_join_s", 0, 600, func(m *Model, d time.Duration) { m.RingJoin = d }),
	numberParam("calls", 0, 1e9, func(m *Model, v float64) { m.Calls = v }),
	numberParam("call_minutes", 1, 10000, func(m *Model, v float64) { m.CallLength = time.Duration(v * float64(time.Minute)) }),
	numberParam("rpc_per_call_hour", 0, 1e6, func(m *Model, v float64) { m.RPCPerCallHour = v }),
	timeParam("storm_at", false, func(m *Model, t time.Time) { m.StormAt = t }),
	numberParam("storm_share", 0, 1, func(m *Model, v float64) { m.StormShare = v }),
	numberParam("storm_minutes", 0.1, 1000, func(m *Model, v float64) { m.StormLength = time.Duration(v * float64(time.Minute)) }),
	numberParam("offpeak_per_hour", 0, 1, func(m *Model, v float64) { m.OffPeakPerHour = v }),
	secondsParam("handoff_s", 1, 3600, func(m *Model, d time.Duration) { m.Handoff = d }),
	secondsParam("retry_s", 1, 3600, func(m *Model, d time.Duration) { m.Retry = d }),
	numberParam("retry_share", 0, 1, func(m *Model, v float64) { m.RetryShare = v }),
	numberParam("retry_backoff", 1, 10, func(m *Model, v float64) { m.RetryBackoff = v }),
	secondsParam("retry_max_s", 1, 3600, func(m *Model, d time.Duration) { m.RetryMax = d }),
	secondsParam("rpc_retry_s", 1, 3600, func(m *Model, d time.Duration) { m.RPCRetry = d }),
	numberParam("rpc_retry_share", 0, 1, func(m *Model, v float64) { m.RPCRetryShare = v }),
	timeParam("rate_limit_at", true, func(m *Model, t time.Time) { m.RateLimitAt = t }),
	numberParam("rate_limit", 1, 1e9, func(m *Model, v float64) { m.RateLimit = v }),
	numberParam("pooled_share", 0, 1, func(m *Model, v float64) { m.PooledShare = v }),
	secondsParam("restart_s", 0, 3600, func(m *Model, d time.Duration) { m.RestartTime = d }),
	secondsParam("restart_step_s", 0, 600, func(m *Model, d time.Duration) { m.RestartStep = d }),
	timeParam("policy_from", false, func(m *Model, t time.Time) { m.PolicyFrom = t }),
	numberParam("policy_after_min", 0, 600, func(m *Model, v float64) { m.PolicyAfter = time.Duration(v * float64(time.Minute)) }),
	numberParam("policy_every_min", 0.1, 600, func(m *Model, v float64) { m.PolicyEvery = time.Duration(v * float64(time.Minute)) }),
	{"restart_from", func(m *Model, raw json.RawMessage, field string) error {
		var names []string
		err := json.Unmarshal(raw, &names)
		if err == nil && len(names) > 64 {
			err = errors.New("too many")
		}
		for _, n := range names {
			if err == nil && !instanceName.MatchString(n) {
				err = errors.New("bad name")
			}
		}
		if err != nil {
			return fieldErr(field, "invalid value %s (want a list of at most 64 instance names such as [\"2-4\"])", compact(raw))
		}
		m.RestartFrom = names
		return nil
	}},
	{"weights", func(m *Model, raw json.RawMessage, field string) error {
		var w map[string]float64
		if err := json.Unmarshal(raw, &w); err != nil {
			return fieldErr(field, "invalid value %s (want an object of instance names to numbers)", compact(raw))
		}
		for _, name := range sortedKeys(w) {
			if v := w[name]; math.IsNaN(v) || v <= 0 || v > 100 {
				return fieldErr(field+"."+name, "weight %g out of range (want more than 0, at most 100)", v)
			}
		}
		m.Weights = w
		return nil
	}},
	secondsParam("sample_s", 1, 3600, func(m *Model, d time.Duration) { m.Sample = d }),
	secondsParam("instance_sample_s", 1, 3600, func(m *Model, d time.Duration) { m.InstanceSample = d }),
}

// ParseModel reads the "model" object of a timeline file. Every parameter
// must be present, with a value in range; errors are *FieldError and name the
// field ("params.partitions.value: value 0 out of range (want 1 to 64)").
func ParseModel(raw json.RawMessage) (Model, error) {
	var f modelJSON
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return Model{}, fmt.Errorf("model: %w", err)
	}
	var m Model
	var err error
	if err := m.readFacts(&f); err != nil {
		return Model{}, err
	}
	if m.Start, err = time.Parse(time.RFC3339, f.Start); err != nil {
		return Model{}, fieldErr("start", "invalid time %q (want RFC 3339, such as 2026-03-25T12:00:00-07:00)", f.Start)
	}
	if m.End, err = time.Parse(time.RFC3339, f.End); err != nil {
		return Model{}, fieldErr("end", "invalid time %q (want RFC 3339, such as 2026-03-25T15:45:00-07:00)", f.End)
	}
	if !m.End.After(m.Start) || m.End.Sub(m.Start) > 48*time.Hour {
		return Model{}, fieldErr("end", "%s is not within 48 hours after start %s", f.End, f.Start)
	}
	m.Scripted = true
	m.Notes = make(map[string]ParamNote, len(modelParams))
	m.Units = make(map[string]string, len(modelParams))
	m.Values = make(map[string]string, len(modelParams))
	known := make(map[string]bool, len(modelParams))
	for _, spec := range modelParams {
		known[spec.name] = true
		p, ok := f.Params[spec.name]
		if !ok {
			return Model{}, fieldErr("params."+spec.name, "missing")
		}
		if len(p.Value) == 0 {
			return Model{}, fieldErr("params."+spec.name+".value", "missing")
		}
		if err := spec.set(&m, p.Value, "params."+spec.name+".value"); err != nil {
			return Model{}, err
		}
		if p.Basis != "postmortem" && p.Basis != "judgement" {
			return Model{}, fieldErr("params."+spec.name+".basis", "invalid basis %q (want postmortem or judgement)", p.Basis)
		}
		if !p.Note.Complete() {
			return Model{}, fieldErr("params."+spec.name+".note", "want a note in both en and ko")
		}
		m.Notes[spec.name] = p.ParamNote
		m.Units[spec.name] = p.Unit
		m.Values[spec.name] = compact(p.Value)
	}
	for _, name := range sortedKeys(f.Params) {
		if !known[name] {
			return Model{}, fieldErr("params."+name, "unknown parameter (want one of %s)", paramNames())
		}
	}
	// The one rule between parameters: a backoff never waits less than the
	// first retry.
	if m.RetryMax < m.Retry {
		return Model{}, fieldErr("params.retry_max_s.value", "retry_max_s %v is less than retry_s %v (want at least the retry interval)", m.RetryMax, m.Retry)
	}
	if len(f.Actions) > 1000 {
		return Model{}, fieldErr("actions", "%d actions (want at most 1000)", len(f.Actions))
	}
	for i, a := range f.Actions {
		field := fmt.Sprintf("actions[%d]", i)
		act := Action{Do: ActionKind(a.Do), Instance: a.Instance, Count: a.Count, Key: a.Key, WithLimits: a.With == "rate_limit", Note: a.Note}
		if a.With != "" && a.With != "rate_limit" {
			return Model{}, fieldErr(field+".with", "invalid value %q (want rate_limit or nothing)", a.With)
		}
		if a.Key != "" && !actionKey.MatchString(a.Key) {
			return Model{}, fieldErr(field+".key", "invalid key %q (want lowercase letters, digits and _)", a.Key)
		}
		if act.At, err = m.clockTime(a.At); err != nil {
			return Model{}, &FieldError{Field: field + ".at", Err: err}
		}
		if !act.Do.valid() {
			return Model{}, fieldErr(field+".do", "invalid action %q (want restart_instance, restart_supervisor, restart_cluster, add_instances or catch_up)", a.Do)
		}
		switch act.Do {
		case RestartInstance, RestartSupervisor, CatchUp:
			if !instanceName.MatchString(a.Instance) {
				return Model{}, fieldErr(field+".instance", "invalid instance %q (want a name such as 2-13)", a.Instance)
			}
		case AddInstances:
			if a.Count < 1 || a.Count > 64 {
				return Model{}, fieldErr(field+".count", "count %d out of range (want 1 to 64)", a.Count)
			}
		}
		if i > 0 && act.At.Before(m.Actions[i-1].At) {
			return Model{}, fieldErr(field+".at", "%s is before the action above it (want time order)", a.At)
		}
		m.Actions = append(m.Actions, act)
	}
	if err := m.checkWork(); err != nil {
		return Model{}, err
	}
	return m, nil
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

// readFacts takes the block's kind and the incident's facts the output is
// labelled with.
func (m *Model) readFacts(f *modelJSON) error {
	if f.Kind != Kind {
		return fieldErr("kind", "invalid kind %q (want %s)", f.Kind, Kind)
	}
	if !f.Note.Complete() {
		return fieldErr("note", "want a note in both en and ko")
	}
	if !f.SeriesNote.Complete() {
		return fieldErr("series_note", "want a note in both en and ko")
	}
	if name, ok := f.Labels.complete(); !ok {
		return fieldErr("labels."+name, "want a label in both en and ko")
	}
	if !instancePrefix.MatchString(f.Names.First) || !instancePrefix.MatchString(f.Names.Added) || f.Names.First == f.Names.Added {
		return fieldErr("names", "invalid prefixes %q and %q (want two different prefixes such as \"2-\" and \"3-\")", f.Names.First, f.Names.Added)
	}
	for _, p := range whatIfParams {
		t, ok := f.WhatIf[p.Name]
		if !ok || !t.Label.Complete() || !t.Desc.Complete() {
			return fieldErr("whatif."+p.Name, "want a label and a desc in both en and ko")
		}
	}
	for _, name := range sortedKeys(f.WhatIf) {
		if whatIfIndex(name) < 0 {
			return fieldErr("whatif."+name, "unknown what-if parameter (want %s)", whatIfNames())
		}
	}
	m.Note, m.SeriesNote, m.Labels, m.Names, m.WhatIf = f.Note, f.SeriesNote, f.Labels, f.Names, f.WhatIf
	return nil
}

var actionKey = regexp.MustCompile(`^[a-z][a-z0-9_]{0,31}$`)

var instancePrefix = regexp.MustCompile(`^[0-9]+-$`)

var instanceName = regexp.MustCompile(`^[0-9]+-[0-9]+$`)

// clockTime reads "HH:MM" or "HH:MM:SS" on the model's start day and in its
// zone, or a full RFC 3339 time.
func (m *Model) clockTime(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	for _, layout := range []string{"15:04", "15:04:05"} {
		c, err := time.Parse(layout, s)
		if err != nil {
			continue
		}
		y, mo, d := m.Start.Date()
		return time.Date(y, mo, d, c.Hour(), c.Minute(), c.Second(), 0, m.Start.Location()), nil
	}
	return time.Time{}, fmt.Errorf("invalid time %q (want HH:MM or an RFC 3339 time)", s)
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

func paramNames() string {
	names := make([]string, len(modelParams))
	for i, p := range modelParams {
		names[i] = p.name
	}
	return strings.Join(names, ", ")
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// compact shortens a raw JSON value for an error message.
func compact(raw json.RawMessage) string {
	s := strings.Join(strings.Fields(string(raw)), " ")
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40]) + "…"
	}
	return s
}
