package mailbox

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// FuzzModelParams sets one parameter of the bundled model to a fuzzed JSON
// value and parses the model. It never panics; a value it refuses is named
// by a *FieldError under params.NAME; a model it accepts passes Validate.
func FuzzModelParams(f *testing.F) {
	for i, v := range []string{`1`, `0`, `-1`, `64`, `65`, `1e308`, `1e400`, `-0`, `0.5`, `"12:00"`, `"25:00"`,
		`null`, `[]`, `{}`, `["2-4"]`, `{"2-12": 1e-300}`, `"2026-03-25T12:00:00Z"`, `99999999999999999999`, `true`} {
		f.Add(i, []byte(v))
	}
	base := bundledTimeline(f).Model
	var model map[string]any
	if err := json.Unmarshal(base, &model); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, which int, value []byte) {
		if !json.Valid(value) {
			return
		}
		spec := modelParams[(which%len(modelParams)+len(modelParams))%len(modelParams)]
		var m map[string]any
		if err := json.Unmarshal(base, &m); err != nil {
			t.Fatal(err)
		}
		m["params"].(map[string]any)[spec.name].(map[string]any)["value"] = json.RawMessage(value)
		raw, err := json.Marshal(m)
		if err != nil {
			return
		}
		mm, err := ParseModel(raw)
		if err != nil {
			var fe *FieldError
			if !errors.As(err, &fe) {
				// A value encoding/json cannot hold (a number past float64)
				// fails in the decoder, before the parameter checks.
				if !strings.HasPrefix(err.Error(), "model: ") {
					t.Fatalf("error %q is neither a *FieldError nor a model error", err)
				}
				return
			}
			// A rule between two parameters names the other one's field,
			// and both names in its message.
			between := strings.HasPrefix(fe.Field, "params.") && strings.Contains(fe.Err.Error(), spec.name+" ")
			if !strings.HasPrefix(fe.Field, "params."+spec.name) && !strings.HasPrefix(fe.Field, "actions") && !between {
				t.Fatalf("%s = %s: error names %q: %v", spec.name, value, fe.Field, err)
			}
			return
		}
		if err := mm.Validate(); err != nil {
			t.Fatalf("%s = %s: parsed but Validate says %v", spec.name, value, err)
		}
	})
}
