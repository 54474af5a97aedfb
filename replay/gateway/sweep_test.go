package gateway

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/incidents-dev/incidents/data"
)

// withParam returns tl's model block with one parameter's value replaced.
func withParam(t testing.TB, raw json.RawMessage, name string, v any) json.RawMessage {
	t.Helper()
	var block map[string]any
	if err := json.Unmarshal(raw, &block); err != nil {
		t.Fatal(err)
	}
	block["params"].(map[string]any)[name].(map[string]any)["value"] = v
	out, err := json.Marshal(block)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// minutesBelow50 runs the model block raw and returns its minutes with
// success under 50 %.
func minutesBelow50(t testing.TB, raw json.RawMessage) float64 {
	t.Helper()
	m, err := ParseModel(raw)
	if err != nil {
		t.Fatal(err)
	}
	s, ok := Summarize(&data.Timeline{Series: m.Run().Series(m, "")})
	if !ok {
		t.Fatal("no summary")
	}
	return s.MinutesBelow50
}

// TestJudgementSweep runs every numeric judgement parameter over ±20 % of
// its value in 5 % steps (issue 25 item 4) and fails on a step between
// neighbours larger than a quarter of the incident's outage.
func TestJudgementSweep(t *testing.T) {
	tl := incidentTimeline(t)
	m := incidentModel(t)
	base := minutesBelow50(t, tl.Model)
	limit := base / 4
	for _, b := range m.params {
		var v float64
		if b.Basis != "judgement" || b.Name == "sample_s" || json.Unmarshal([]byte(b.Value), &v) != nil {
			continue
		}
		t.Run(b.Name, func(t *testing.T) {
			prev := math.NaN()
			for step := -4; step <= 4; step++ {
				x := v * (1 + 0.05*float64(step))
				if b.Name == "tasks" || b.Name == "scale_step" || b.Name == "max_tasks" || b.Name == "manual_tasks" {
					x = math.Round(x)
				}
				got := minutesBelow50(t, withParam(t, tl.Model, b.Name, x))
				t.Logf("%s=%g: %.1f min under 50%%", b.Name, x, got)
				if !math.IsNaN(prev) && math.Abs(got-prev) > limit {
					t.Errorf("%s=%g: %.1f min under 50%%, %.1f at the step before (more than a quarter of the incident's %.1f)", b.Name, x, got, prev, base)
				}
				prev = got
			}
		})
	}
}
