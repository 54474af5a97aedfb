package gateway

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/replay"
)

// FuzzParseModel sets one parameter of the bundled model block to a fuzzed
// JSON value and parses it. It never panics; a value it refuses is named
// by a *replay.FieldError under params.NAME; a model it accepts runs.
func FuzzParseModel(f *testing.F) {
	for i, v := range []string{`1`, `0`, `-1`, `1e308`, `1e400`, `0.5`, `"09:25"`, `"25:00"`, `null`, `[]`, `{}`, `"on"`, `"maybe"`, `true`, `2000`} {
		f.Add(i, []byte(v))
	}
	base := incidentTimeline(f).Model
	f.Fuzz(func(t *testing.T, which int, value []byte) {
		if !json.Valid(value) {
			return
		}
		name := specs[(which%len(specs)+len(specs))%len(specs)].name
		var block map[string]any
		if err := json.Unmarshal(base, &block); err != nil {
			t.Fatal(err)
		}
		block["params"].(map[string]any)[name].(map[string]any)["value"] = json.RawMessage(value)
		raw, err := json.Marshal(block)
		if err != nil {
			return
		}
		m, err := ParseModel(raw)
		if err != nil {
			var fe *replay.FieldError
			if !errors.As(err, &fe) || !strings.HasPrefix(fe.Field, "params.") {
				t.Fatalf("%s=%s: %v, want a field error under params", name, value, err)
			}
			return
		}
		r := m.Run()
		if len(r.Times) == 0 {
			t.Fatalf("%s=%s: an accepted model ran to no points", name, value)
		}
	})
}

// FuzzWhatIf runs the scenario with one fuzzed `--set NAME=VALUE`: an
// error or a hypothetical timeline, never a panic.
func FuzzWhatIf(f *testing.F) {
	for _, kv := range [][2]string{{"lock_cut", "0"}, {"tasks", "10"}, {"block_at", "never"}, {"block_at", "08:40"},
		{"shed", "on"}, {"base_rps", "480000"}, {"manual_at", "09:20"}, {"readmit_at", "never"}, {"nope", "1"}, {"stall_min", "60"}} {
		f.Add(kv[0], kv[1])
	}
	sc, err := Open(incidentTimeline(f))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, name, value string) {
		tl, err := sc.Run(map[string]string{name: value})
		if err != nil {
			return
		}
		for _, s := range tl.Series {
			if !s.Hypothetical {
				t.Fatalf("%s=%s: series %s not hypothetical", name, value, s.Name)
			}
		}
	})
}
