package replay

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// The groups of per-instance series a model writes (data.Series.Group); each
// such series names its instance in data.Series.Instance.
const (
	// GroupInstance gathers the per-instance queue series (IL-0499: each
	// instance's mailbox), drawn as the heatmap's rows.
	GroupInstance = "instance"
	// GroupRing gathers the per-instance membership series (1 in the hash
	// ring, 0 out), drawn as the heatmap's "out" marks.
	GroupRing = "ring"
)

// ErrNoModel is returned for a timeline without a model.
var ErrNoModel = errors.New("timeline has no model")

// Param is one parameter of a scenario that a reader may change to ask
// "what if".
type Param struct {
	// Name is the key of `--set NAME=VALUE`.
	Name string
	// Label names the parameter in the what-if panel; Desc says what it
	// changes, in both languages.
	Label, Desc data.Text
	// Accepts describes the accepted values ("a whole number from 1 to 64").
	Accepts string
	// Value is the incident's value, in the form Scenario.Run accepts.
	Value string
	// Basis says where the incident's value comes from: "postmortem" for a
	// figure the source states, "judgement" for one the project chose;
	// Note says more, in both languages. Both are empty when the model
	// block gives no basis for the parameter.
	Basis string
	Note  data.Text
}

// Basis is one model parameter as the incident sets it, and where its
// value comes from.
type Basis struct {
	// Name is the parameter's name in the model block; Value its value as
	// written there, and Unit its unit ("ms", "s"; may be empty).
	Name, Value, Unit string
	// Basis is "postmortem" for a figure the source states, "judgement" for
	// one the project chose; Note says more, in both languages.
	Basis string
	Note  data.Text
}

// Summary is the handful of figures that tell a run's story.
type Summary struct {
	// Peak is the largest value of the run's headline series (IL-0499: the
	// aggregate mailbox; IX-0020: the request rate), first reached at
	// PeakAt. Nouns.Peak names it.
	Peak   float64
	PeakAt time.Time
	// FirstBelow5 is the first moment success fell under 5%; zero if never.
	FirstBelow5 time.Time
	// RecoveredAbove95 is the moment success went back above 95% for good
	// (it stays there to the end); zero if it never fell under 95% or never
	// came back.
	RecoveredAbove95 time.Time
	// MinutesBelow50 is how long success stayed under 50%, in minutes.
	MinutesBelow50 float64
	// LowestSuccess is the lowest success, in percent: a dip that never goes
	// under 50% still shows here.
	LowestSuccess float64

	// End is the last moment of the run (its window's end).
	End time.Time
	// Waiting says whether the run has a series of calls waiting for what
	// the outage withholds (IL-0499: an endpoint); WaitingEnd is how many
	// still wait at End, WaitingPeak the most at once, and WaitingHours
	// their sum over the run in call-hours.
	Waiting                               bool
	WaitingEnd, WaitingPeak, WaitingHours float64
	// Nouns name what the figures count, in the model's words, for the
	// what-if panel and the outcome sentences.
	Nouns Nouns
	// Kind says what kind of run both the baseline and a hypothetical are
	// (IL-0499: the operators' scripted actions as on the day), so that a
	// panel can say its columns compare like with like.
	Kind data.Text
}

// Nouns name what a model's Summary counts, so that the screens and the
// outcome sentences say it in the model's words. Each is a noun phrase in
// both languages; Korean particles are chosen to fit (see Josa).
type Nouns struct {
	// Peak names the headline series ("mailbox", "메일박스").
	Peak data.Text
	// Waiters names what waits, in the plural ("calls", "통화"), Counter
	// its Korean counter ("건"), WaitFor what it waits for ("an endpoint",
	// "엔드포인트") and Hours its unit of waiting ("call-hours",
	// "통화·시간").
	Waiters data.Text
	Counter string
	WaitFor data.Text
	Hours   data.Text
}

// OrDefault returns n, or neutral words where n has none.
func (n Nouns) OrDefault() Nouns {
	def := Nouns{
		Peak:    data.Text{EN: "headline series", KO: "대표 지표"},
		Waiters: data.Text{EN: "requests", KO: "요청"}, Counter: "건",
		WaitFor: data.Text{EN: "an answer", KO: "응답"},
		Hours:   data.Text{EN: "request-hours", KO: "요청·시간"},
	}
	if n.Peak.Complete() {
		def.Peak = n.Peak
	}
	if n.Waiters.Complete() && n.WaitFor.Complete() && n.Hours.Complete() && n.Counter != "" {
		def.Waiters, def.Counter, def.WaitFor, def.Hours = n.Waiters, n.Counter, n.WaitFor, n.Hours
	}
	return def
}

// Scenario is an incident model bound to its timeline: the parameters a
// reader may change, a run with some of them changed, and the figures of a
// run. Package replay/mailbox is IL-0499's, replay/gateway IX-0020's.
type Scenario interface {
	// Params lists the what-if parameters with the incident's values, in the
	// order the what-if panel shows them.
	Params() []Param
	// Step returns the value delta steps away from value for the named
	// parameter (the panel's ← and →); an invalid value is returned as is.
	Step(name, value string, delta int) string
	// Run runs the model with the parameters in set changed and returns a
	// copy of the timeline with the run's series merged in. With set empty
	// the series are the incident's; otherwise each is marked
	// Hypothetical, with Scenario naming the changes. The timeline is
	// never changed. Unknown names and invalid values are errors that name
	// them and say what is accepted.
	Run(set map[string]string) (*data.Timeline, error)
	// Basis lists every parameter of the model with its value and where
	// the value comes from, in the model block's order.
	Basis() []Basis
	// Summarize reads a Summary from a timeline's series (the incident's or
	// a run's); ok is false when it lacks them.
	Summarize(tl *data.Timeline) (s Summary, ok bool)
}

// Opener reads a timeline's model block and binds it to the timeline. Its
// errors name the field, as *FieldError does.
type Opener func(tl *data.Timeline) (Scenario, error)

var (
	registryMu sync.RWMutex
	registry   = map[string]Opener{}
)

// Register makes a model kind available to Open; a model package calls it
// from its init function. Registering a kind twice panics.
func Register(kind string, open Opener) {
	registryMu.Lock()
	defer registryMu.Unlock()
	if _, dup := registry[kind]; dup {
		panic("replay: model kind " + kind + " registered twice")
	}
	registry[kind] = open
}

// Kinds lists the registered model kinds, sorted.
func Kinds() []string {
	registryMu.RLock()
	defer registryMu.RUnlock()
	kinds := make([]string, 0, len(registry))
	for k := range registry {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	return kinds
}

// FieldError is a problem with one field of a model block. Field is the
// path inside the block, such as "params.instances.value".
type FieldError struct {
	Field string
	Err   error
}

// Error implements error.
func (e *FieldError) Error() string { return "model: " + e.Field + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *FieldError) Unwrap() error { return e.Err }

// Open binds tl's model to tl through the opener registered for the
// block's "kind". A timeline without a model gives ErrNoModel.
func Open(tl *data.Timeline) (Scenario, error) {
	if tl == nil || len(tl.Model) == 0 {
		id := ""
		if tl != nil {
			id = tl.Incident
		}
		return nil, fmt.Errorf("timeline %s: %w", id, ErrNoModel)
	}
	var head struct {
		Kind *string `json:"kind"`
	}
	if err := json.NewDecoder(bytes.NewReader(tl.Model)).Decode(&head); err != nil {
		return nil, fmt.Errorf("model: %w", err)
	}
	kinds := Kinds()
	if head.Kind == nil {
		return nil, &FieldError{Field: "kind", Err: fmt.Errorf("missing (want %s)", strings.Join(kinds, " or "))}
	}
	registryMu.RLock()
	open, ok := registry[*head.Kind]
	registryMu.RUnlock()
	if !ok {
		return nil, &FieldError{Field: "kind", Err: fmt.Errorf("unknown model kind %q (want %s)", *head.Kind, strings.Join(kinds, " or "))}
	}
	return open(tl)
}

// Check reports whether tl's model block, if it has one, opens: the check
// `validate` and loading make.
func Check(tl *data.Timeline) error {
	if tl == nil || len(tl.Model) == 0 {
		return nil
	}
	_, err := Open(tl)
	return err
}

// Prepare runs tl's model, if it has one, and puts the incident's series
// into tl.Series: series of the names the run writes that tl already has
// (illustrative placeholders) are replaced in place, the others appended.
// A timeline without a model is left alone.
func Prepare(tl *data.Timeline) error {
	if tl == nil || len(tl.Model) == 0 {
		return nil
	}
	sc, err := Open(tl)
	if err != nil {
		return fmt.Errorf("timeline %s: %w", tl.Incident, err)
	}
	out, err := sc.Run(nil)
	if err != nil {
		return fmt.Errorf("timeline %s: %w", tl.Incident, err)
	}
	tl.Series = out.Series
	return nil
}

// MergeSeries returns old with the series that have a name in add replaced,
// keeping their place, and the rest of add appended. old is not changed.
func MergeSeries(old, add []data.Series) []data.Series {
	byName := make(map[string]int, len(add))
	for i, s := range add {
		byName[s.Name] = i
	}
	used := make([]bool, len(add))
	out := make([]data.Series, 0, len(old)+len(add))
	for _, s := range old {
		if i, ok := byName[s.Name]; ok {
			if !used[i] {
				out = append(out, add[i])
				used[i] = true
			}
			continue
		}
		out = append(out, s)
	}
	for i, s := range add {
		if !used[i] {
			out = append(out, s)
		}
	}
	return slices.Clip(out)
}
