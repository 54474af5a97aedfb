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
)

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
	Thresholds []thresholdJSON       `json:"thresholds,omitempty"`
}

// thresholdJSON explains one threshold of the outcome, from the mechanism,
// for the parameters that move the model across it.
type thresholdJSON struct {
	Params []string  `json:"params"`
	Note   data.Text `json:"note"`
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

// weightsParam reads an object of instance names to factors.
func weightsParam(name string, set func(m *Model, w map[string]float64)) paramSpec {
	return paramSpec{name, func(m *Model, raw json.RawMessage, field string) error {
		var w map[string]float64
		if err := json.Unmarshal(raw, &w); err != nil {
			return fieldErr(field, "invalid value %s (want an object of instance names to numbers)", compact(raw))
		}
		for _, name := range sortedKeys(w) {
			if v := w[name]; math.IsNaN(v) || v <= 0 || v > 100 {
				return fieldErr(field+"."+name, "weight %g out of range (want more than 0, at most 100)", v)
			}
		}
		set(m, w)
		return nil
	}}
}

// optionalParams may be left out of a model object: a file written before
// they existed means what it meant then (storm_weights: every instance
// alike).
var optionalParams = map[string]bool{"storm_weights": true}

// modelParams lists every parameter a model object must give, but for
// optionalParams.
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
	weightsParam("weights", func(m *Model, w map[string]float64) { m.Weights = w }),
	weightsParam("storm_weights", func(m *Model, w map[string]float64) { m.StormWeights = w }),
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
		if !ok && optionalParams[spec.name] {
			continue
		}
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
	m.ScriptLimitAt = m.RateLimitAt
	return m, nil
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
	for i, th := range f.Thresholds {
		field := fmt.Sprintf("thresholds[%d]", i)
		if !th.Note.Complete() {
			return fieldErr(field+".note", "want a note in both en and ko")
		}
		if len(th.Params) == 0 {
			return fieldErr(field+".params", "missing (want the parameters that cross the threshold)")
		}
		for _, name := range th.Params {
			if whatIfIndex(name) < 0 && !slices.Contains(tunable, name) {
				return fieldErr(field+".params", "unknown parameter %q (want a what-if key or one of %s)", name, tunableNames())
			}
			if m.Thresholds == nil {
				m.Thresholds = map[string]data.Text{}
			}
			m.Thresholds[name] = th.Note
		}
	}
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
