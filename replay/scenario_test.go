package replay

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
)

type fakeScenario struct{ tl *data.Timeline }

func (f fakeScenario) Params() []Param                          { return nil }
func (f fakeScenario) Basis() []Basis                           { return nil }
func (f fakeScenario) Step(_, v string, _ int) string           { return v }
func (f fakeScenario) Summarize(*data.Timeline) (Summary, bool) { return Summary{}, false }
func (f fakeScenario) Run(set map[string]string) (*data.Timeline, error) {
	out := *f.tl
	out.Series = MergeSeries(f.tl.Series, []data.Series{{Name: "q", Hypothetical: len(set) > 0}})
	return &out, nil
}

func TestOpen(t *testing.T) {
	Register("test-fake", func(tl *data.Timeline) (Scenario, error) { return fakeScenario{tl}, nil })
	tl := &data.Timeline{Incident: "X-1", Model: json.RawMessage(`{"kind": "test-fake"}`),
		Series: []data.Series{{Name: "a"}, {Name: "q", Provenance: data.Illustrative}}}
	if err := Prepare(tl); err != nil {
		t.Fatal(err)
	}
	if len(tl.Series) != 2 || tl.Series[1].Name != "q" || tl.Series[1].Provenance != "" {
		t.Errorf("Prepare did not replace the placeholder in place: %+v", tl.Series)
	}
	for _, tc := range []struct {
		model string
		want  string
	}{
		{`{}`, "model: kind: missing"},
		{`{"kind": "nope"}`, `model: kind: unknown model kind "nope"`},
		{`[1]`, "model: "},
	} {
		_, err := Open(&data.Timeline{Model: json.RawMessage(tc.model)})
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.model, err, tc.want)
		}
	}
	if _, err := Open(&data.Timeline{}); !errors.Is(err, ErrNoModel) {
		t.Errorf("no model: %v", err)
	}
	if err := Check(&data.Timeline{}); err != nil {
		t.Errorf("Check without a model: %v", err)
	}
}
