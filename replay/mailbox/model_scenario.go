package mailbox

import (
	"fmt"
	"strings"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// scenario is a model bound to its timeline: replay.Scenario.
type scenario struct {
	tl *data.Timeline
	m  Model
}

// Open reads tl's model block and binds it to tl. Errors name the field
// (*replay.FieldError).
func Open(tl *data.Timeline) (replay.Scenario, error) {
	if tl == nil || len(tl.Model) == 0 {
		return nil, replay.ErrNoModel
	}
	m, err := ParseModel(tl.Model)
	if err != nil {
		return nil, err
	}
	return &scenario{tl: tl, m: m}, nil
}

// Params implements replay.Scenario.
func (s *scenario) Params() []replay.Param {
	out := make([]replay.Param, len(whatIfParams))
	for i, p := range whatIfParams {
		t := s.m.WhatIf[p.Name]
		n := s.m.Notes[fileName(p.Name)]
		out[i] = replay.Param{Name: p.Name, Label: t.Label, Desc: t.Desc, Accepts: p.Accepts, Value: p.get(s.m),
			Basis: n.Basis, Note: n.Note}
	}
	return out
}

// Step implements replay.Scenario.
func (s *scenario) Step(name, value string, delta int) string {
	i := whatIfIndex(name)
	if i < 0 {
		return value
	}
	return whatIfParams[i].stepped(s.m, value, delta)
}

// Run implements replay.Scenario.
func (s *scenario) Run(set map[string]string) (*data.Timeline, error) {
	m := s.m
	if err := applyWhatIf(&m, set); err != nil {
		return nil, err
	}
	// A what-if and the incident's run are the same kind of run: the
	// operators' actions as on the day, where they still apply (see
	// planActions), so that side by side they differ only in what the
	// what-if changed.
	m.Scripted = true
	r, err := m.Run()
	if err != nil {
		return nil, fmt.Errorf("timeline %s: %w", s.tl.Incident, err)
	}
	add := r.Series(m, scenarioName(set))
	old := s.tl.Series
	if len(set) > 0 {
		old = withoutMissingInstances(old, add)
	}
	out := *s.tl
	out.Series = replay.MergeSeries(old, add)
	return &out, nil
}

// Basis implements replay.Scenario.
func (s *scenario) Basis() []replay.Basis {
	out := make([]replay.Basis, 0, len(modelParams))
	for _, spec := range modelParams {
		n, ok := s.m.Notes[spec.name]
		if !ok {
			continue // an optional parameter the file leaves out
		}
		out = append(out, replay.Basis{Name: setName(spec.name), Value: s.m.Values[spec.name], Unit: s.m.Units[spec.name], Basis: n.Basis, Note: n.Note})
	}
	return out
}

// The model file names the selective-receive cost scan_ms_per_100k; the
// what-if key, which `--set`, the panel and the basis page show, is
// receive_cost. They are one figure: Model.ScanPer100k.
const fileReceiveCost = "scan_ms_per_100k"

// setName returns the name a reader types for a model file's parameter.
func setName(file string) string {
	if file == fileReceiveCost {
		return receiveCost.Name
	}
	return file
}

// fileName returns the model file's name for a what-if key.
func fileName(set string) string {
	if set == receiveCost.Name {
		return fileReceiveCost
	}
	return set
}

// Threshold implements replay.Explainer, from the model block's
// "thresholds".
func (s *scenario) Threshold(name string) (data.Text, bool) {
	t, ok := s.m.Thresholds[name]
	return t, ok
}

// Summarize implements replay.Scenario.
func (s *scenario) Summarize(tl *data.Timeline) (replay.Summary, bool) { return Summarize(tl) }

// withoutMissingInstances drops the per-instance series of old whose
// instance the run does not have (a what-if with fewer instances), so that
// none of the incident's is left beside the hypothetical ones.
func withoutMissingInstances(old, add []data.Series) []data.Series {
	have := make(map[string]bool, len(add))
	for _, s := range add {
		have[s.Name] = true
	}
	out := make([]data.Series, 0, len(old))
	for _, s := range old {
		if s.Instance != "" && !have[s.Name] {
			continue
		}
		out = append(out, s)
	}
	return out
}

// scenarioName lists the changed parameters in name order:
// "partitions=4, rate_limit_at=12:30".
func scenarioName(set map[string]string) string {
	parts := make([]string, 0, len(set))
	for _, name := range sortedKeys(set) {
		parts = append(parts, name+"="+strings.TrimSpace(set[name]))
	}
	return strings.Join(parts, ", ")
}

// applyWhatIf sets the parameters in set on m, in name order: the what-if
// panel's keys and the model file's numeric parameters (tunable).
func applyWhatIf(m *Model, set map[string]string) error {
	for _, name := range sortedKeys(set) {
		i := whatIfIndex(name)
		if i < 0 {
			if ok, err := tune(m, name, set[name]); ok {
				if err != nil {
					return err
				}
				continue
			}
			return fmt.Errorf("unknown what-if parameter %q (want %s, or a model parameter: %s)", name, whatIfNames(), tunableNames())
		}
		if err := whatIfParams[i].apply(m, set[name]); err != nil {
			return err
		}
	}
	return nil
}
