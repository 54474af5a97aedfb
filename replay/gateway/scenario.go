package gateway

import (
	"fmt"

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
		t := s.m.WhatIf[p.name]
		out[i] = replay.Param{Name: p.name, Label: t.Label, Desc: t.Desc, Accepts: p.accepts, Value: p.get(s.m)}
		for _, b := range s.m.params {
			if b.Name == p.name {
				out[i].Basis, out[i].Note = b.Basis, b.Note
			}
		}
	}
	return out
}

// Step implements replay.Scenario.
func (s *scenario) Step(name, value string, delta int) string {
	i := whatIfIndex(name)
	if i < 0 {
		return value
	}
	v, _ := whatIfParams[i].step(s.m, value, delta)
	return v
}

// Run implements replay.Scenario.
func (s *scenario) Run(set map[string]string) (*data.Timeline, error) {
	m := s.m
	if err := applyWhatIf(&m, set); err != nil {
		return nil, err
	}
	add := m.Run().Series(m, scenarioName(set))
	out := *s.tl
	out.Series = replay.MergeSeries(s.tl.Series, add)
	return &out, nil
}

// Basis implements replay.Scenario.
func (s *scenario) Basis() []replay.Basis { return append([]replay.Basis(nil), s.m.params...) }

// Summarize implements replay.Scenario.
func (s *scenario) Summarize(tl *data.Timeline) (replay.Summary, bool) { return Summarize(tl) }

// String names the scenario for errors and logs.
func (s *scenario) String() string { return fmt.Sprintf("%s model of %s", Kind, s.tl.Incident) }
