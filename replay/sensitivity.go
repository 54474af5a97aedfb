package replay

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// The sensitivity of a scenario's outcome to its judgements: each parameter
// whose basis is "judgement" (Basis) is run a little lower and a little
// higher through Scenario.Run, by the name Basis gives it, and the runs'
// summaries are set against the incident's. Nothing here knows a model: a
// scenario takes part by accepting its judgement parameters in Run. A
// parameter Run refuses (a list, a map, a time) is left out.

// Variant is one run of a scenario with one parameter changed.
type Variant struct {
	// Value is the parameter's value in the run, in the form Run accepts;
	// Factor is Value over the incident's value.
	Value  string
	Factor float64
	// Summary is the run's; Err says why there is none.
	Summary Summary
	Err     error
}

// Effect is what changing one judgement parameter does to the outcome.
type Effect struct {
	// Name and Unit are the parameter's (Basis); Value is the incident's.
	Name, Unit, Value string
	// Low and High are the runs with the value lowered and raised.
	Low, High Variant
	// Cliffs are the large steps (StepLimit) a sweep in 5% steps finds on a
	// side whose run moved minutes under 50% by more than the limit: where
	// the threshold lies, and why.
	Cliffs []Cliff
}

// Sensitivity is the incident's run and, for each judgement parameter,
// what lowering and raising it does, sorted by EffectSize, largest first
// (ties by name).
type Sensitivity struct {
	// Frac is the change tried, as a share of each value (0.2: ±20%).
	Frac    float64
	Base    Summary
	Effects []Effect
}

// Shift is how far a run's outcome moved from base: the change in minutes
// with success under 50%, and the change in minutes of the moment success
// came back above 95% for good. A run that never comes back counts as
// coming back at its window's end (Never says so). For a run that never
// fell under 95% (NoDip), or a base that never did, Recovery is zero: there
// is no recovery to move.
type Shift struct {
	Below50, Recovery float64
	Never, NoDip      bool
}

// ShiftOf returns how far s moved from base.
func ShiftOf(base, s Summary) Shift {
	d := Shift{
		Below50: s.MinutesBelow50 - base.MinutesBelow50,
		Never:   s.RecoveredAbove95.IsZero() && s.LowestSuccess < 95,
		NoDip:   s.LowestSuccess >= 95,
	}
	if !d.NoDip && base.LowestSuccess < 95 {
		d.Recovery = recoveredAt(s).Sub(recoveredAt(base)).Minutes()
	}
	return d
}

// recoveredAt is when s came back above 95% for good, or its window's end
// for a run that never came back.
func recoveredAt(s Summary) time.Time {
	if s.RecoveredAbove95.IsZero() {
		return s.End
	}
	return s.RecoveredAbove95
}

// size is EffectSize.
func (e Effect) size(base Summary) float64 {
	var n float64
	for _, v := range []Variant{e.Low, e.High} {
		if v.Err != nil {
			continue
		}
		d := ShiftOf(base, v.Summary)
		n = max(n, math.Abs(d.Below50), math.Abs(d.Recovery))
	}
	return n
}

// Judgements returns sc's judgement parameters with a numeric value, in
// Basis order: those Sense varies (it leaves out any Run refuses).
func Judgements(sc Scenario) []Basis {
	var out []Basis
	for _, b := range sc.Basis() {
		if b.Basis != "judgement" {
			continue
		}
		if _, err := strconv.ParseFloat(b.Value, 64); err != nil {
			continue
		}
		out = append(out, b)
	}
	return out
}

// Scaled returns value times f in the form Run accepts, a number of at
// most six significant digits; with whole true, the nearest whole number,
// moved at least one away from value when f is not 1 (so that ±20% of 2
// cores tries 1 and 3). ok is false for a value that is not a number.
func Scaled(value string, f float64, whole bool) (string, bool) {
	v, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return value, false
	}
	x := v * f
	if whole {
		n := math.Round(x)
		switch {
		case f > 1 && n <= v:
			n = math.Floor(v) + 1
		case f < 1 && n >= v:
			n = math.Ceil(v) - 1
		}
		return strconv.FormatFloat(n, 'f', -1, 64), true
	}
	if x != 0 {
		p := math.Pow(10, 5-math.Floor(math.Log10(math.Abs(x))))
		x = math.Round(x*p) / p
	}
	return strconv.FormatFloat(x, 'f', -1, 64), true
}

// RunVariant runs sc with the parameter name at f times its incident value
// and summarises the run. When Run refuses the value and it is not a whole
// number but value is, the nearest whole number is tried (a count such as
// cores).
func RunVariant(sc Scenario, name, value string, f float64) Variant {
	s, ok := Scaled(value, f, false)
	if !ok {
		return Variant{Value: value, Factor: f, Err: fmt.Errorf("parameter %s: value %q is not a number", name, value)}
	}
	tl, err := sc.Run(map[string]string{name: s})
	if w, _ := Scaled(value, f, true); err != nil && w != s && !strings.ContainsAny(value, ".eE") {
		if tl2, err2 := sc.Run(map[string]string{name: w}); err2 == nil {
			s, tl, err = w, tl2, nil
		}
	}
	v := Variant{Value: s, Factor: f}
	if iv, perr := strconv.ParseFloat(value, 64); perr == nil && iv != 0 {
		sv, _ := strconv.ParseFloat(s, 64)
		v.Factor = sv / iv
	}
	if err != nil {
		v.Err = fmt.Errorf("parameter %s=%s: %w", name, s, err)
		return v
	}
	sum, ok := sc.Summarize(tl)
	if !ok {
		v.Err = fmt.Errorf("parameter %s=%s: the run has no series to summarise", name, s)
		return v
	}
	v.Summary = sum
	return v
}

// Sense computes sc's Sensitivity at ±frac (0 < frac < 1): two runs for
// each judgement, and a sweep in 5% steps on a side that moved minutes
// under 50% by more than StepLimit. A parameter whose both runs Run
// refuses is left out. It stops early, with ctx's error, when ctx is done.
func Sense(ctx context.Context, sc Scenario, frac float64) (Sensitivity, error) {
	if !(frac > 0 && frac < 1) {
		return Sensitivity{}, fmt.Errorf("sensitivity: change %g out of range (want more than 0 and less than 1)", frac)
	}
	tl, err := sc.Run(nil)
	if err != nil {
		return Sensitivity{}, fmt.Errorf("sensitivity: %w", err)
	}
	base, ok := sc.Summarize(tl)
	if !ok {
		return Sensitivity{}, fmt.Errorf("sensitivity: the incident's run has no series to summarise")
	}
	params := Judgements(sc)
	effects := make([]Effect, len(params))
	// One run at a time: Scenario does not promise that Run may be called
	// from several goroutines at once, and the caller runs this in the
	// background anyway.
	for i, p := range params {
		if err := ctx.Err(); err != nil {
			return Sensitivity{}, err
		}
		effects[i] = Effect{Name: p.Name, Unit: p.Unit, Value: p.Value,
			Low:  RunVariant(sc, p.Name, p.Value, 1-frac),
			High: RunVariant(sc, p.Name, p.Value, 1+frac)}
	}
	out := Sensitivity{Frac: frac, Base: base}
	for i := range effects {
		if err := ctx.Err(); err != nil {
			return Sensitivity{}, err
		}
		effects[i].Cliffs = locate(sc, base, effects[i], frac)
	}
	for _, e := range effects {
		if e.Low.Err != nil && e.High.Err != nil {
			continue
		}
		out.Effects = append(out.Effects, e)
	}
	slices.SortStableFunc(out.Effects, func(a, b Effect) int {
		if c := -cmpFloat(a.size(base), b.size(base)); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out, nil
}

// EffectSize is how much e moves the outcome from base, in minutes: the
// largest change of minutes under 50% or of the recovery moment in either
// run (see ShiftOf).
func EffectSize(base Summary, e Effect) float64 { return e.size(base) }

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Explainer is a Scenario that explains, from its mechanism, a threshold of
// its outcome in a parameter: a value across which a small change moves the
// outcome a long way. The sensitivity view shows the explanation beside a
// step it finds.
type Explainer interface {
	// Threshold explains the threshold in the named parameter; ok is false
	// when the model knows of none.
	Threshold(name string) (why data.Text, ok bool)
}

// Cliff is a large step of the outcome between two neighbouring values of
// one parameter: minutes under 50% differ by more than a quarter of the
// incident's (StepLimit).
type Cliff struct {
	// Below and Above are the runs either side of the step, Below the one
	// with the smaller value.
	Below, Above Variant
	// Why is the scenario's explanation (Explainer); empty when it has
	// none: an unexplained cliff.
	Why data.Text
}

// StepLimit is the largest change of minutes under 50% allowed between
// neighbouring values 5% apart without an explanation: a quarter of the
// incident's, and at least one minute.
func StepLimit(base Summary) float64 { return max(1, base.MinutesBelow50/4) }

// SweepFactors are the factors a sweep tries, ±20% in 5% steps.
var SweepFactors = []float64{0.8, 0.85, 0.9, 0.95, 1, 1.05, 1.1, 1.15, 1.2}

// Sweep runs sc with the parameter name at each factor of its incident
// value (factor 1 is base, not run again) and returns the runs in order.
func Sweep(sc Scenario, base Summary, name, value string, factors []float64) []Variant {
	out := make([]Variant, len(factors))
	for i, f := range factors {
		if f == 1 {
			out[i] = Variant{Value: value, Factor: 1, Summary: base}
			continue
		}
		out[i] = RunVariant(sc, name, value, f)
	}
	return out
}

// Cliffs returns the large steps (StepLimit) between neighbouring runs of a
// sweep, explained where sc is an Explainer that knows the parameter.
func Cliffs(sc Scenario, base Summary, name string, runs []Variant) []Cliff {
	var out []Cliff
	limit := StepLimit(base)
	for i := 1; i < len(runs); i++ {
		a, b := runs[i-1], runs[i]
		if a.Err != nil || b.Err != nil || a.Value == b.Value {
			continue
		}
		if math.Abs(a.Summary.MinutesBelow50-b.Summary.MinutesBelow50) <= limit {
			continue
		}
		c := Cliff{Below: a, Above: b}
		if e, ok := sc.(Explainer); ok {
			if why, ok := e.Threshold(name); ok {
				c.Why = why
			}
		}
		out = append(out, c)
	}
	return out
}

// locate sweeps the side of e whose run moved minutes under 50% by more
// than StepLimit, in 5% steps up to frac, and returns the cliffs found.
func locate(sc Scenario, base Summary, e Effect, frac float64) []Cliff {
	var out []Cliff
	limit := StepLimit(base)
	for _, side := range []struct {
		v    Variant
		sign float64
	}{{e.Low, -1}, {e.High, 1}} {
		if side.v.Err != nil || math.Abs(side.v.Summary.MinutesBelow50-base.MinutesBelow50) <= limit {
			continue
		}
		factors := []float64{1}
		for k := 1; float64(k)*0.05 < frac+1e-9; k++ {
			factors = append(factors, 1+side.sign*float64(k)*0.05)
		}
		if side.sign < 0 {
			slices.Reverse(factors)
		}
		out = append(out, Cliffs(sc, base, e.Name, Sweep(sc, base, e.Name, e.Value, factors))...)
	}
	return out
}
