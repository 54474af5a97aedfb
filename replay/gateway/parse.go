package gateway

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// modelJSON is the file form of the model block.
type modelJSON struct {
	Kind       string                `json:"kind"`
	Note       data.Text             `json:"note"`
	SeriesNote data.Text             `json:"series_note"`
	Labels     Labels                `json:"labels"`
	WhatIf     map[string]whatIfText `json:"whatif"`
	Start      string                `json:"start"`
	End        string                `json:"end"`
	Params     map[string]paramJSON  `json:"params"`
}

type paramJSON struct {
	Value json.RawMessage `json:"value"`
	Unit  string          `json:"unit"`
	Basis string          `json:"basis"`
	Note  data.Text       `json:"note"`
}

// whatIfText is a what-if parameter's label and description.
type whatIfText struct {
	Label data.Text `json:"label"`
	Desc  data.Text `json:"desc"`
}

// spec reads one parameter of the file into a Model.
type spec struct {
	name string
	read func(m *Model, raw json.RawMessage) error
}

func number(name string, lo, hi float64, set func(m *Model, v float64)) spec {
	return spec{name, func(m *Model, raw json.RawMessage) error {
		v, err := parseNumber(raw, lo, hi)
		if err != nil {
			return err
		}
		set(m, v)
		return nil
	}}
}

func whole(name string, lo, hi int, set func(m *Model, v int)) spec {
	return spec{name, func(m *Model, raw json.RawMessage) error {
		var v int
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("invalid value %s (want a whole number from %d to %d)", compact(raw), lo, hi)
		}
		if v < lo || v > hi {
			return fmt.Errorf("value %d out of range (want %d to %d)", v, lo, hi)
		}
		set(m, v)
		return nil
	}}
}

func seconds(name string, lo, hi float64, unit time.Duration, set func(m *Model, d time.Duration)) spec {
	return number(name, lo, hi, func(m *Model, v float64) { set(m, time.Duration(v*float64(unit))) })
}

// clock reads "HH:MM" on the model's start day in its zone; with never,
// null stands for "never" (a zero time).
func clock(name string, never bool, set func(m *Model, t time.Time)) spec {
	return spec{name, func(m *Model, raw json.RawMessage) error {
		if never && bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
			set(m, time.Time{})
			return nil
		}
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return fmt.Errorf("invalid value %s (want \"HH:MM\")", compact(raw))
		}
		t, err := m.clockTime(s)
		if err != nil {
			return err
		}
		set(m, t)
		return nil
	}}
}

func onOff(name string, set func(m *Model, on bool)) spec {
	return spec{name, func(m *Model, raw json.RawMessage) error {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil || (s != "on" && s != "off") {
			return fmt.Errorf("invalid value %s (want \"on\" or \"off\")", compact(raw))
		}
		set(m, s == "on")
		return nil
	}}
}

// specs lists the model's parameters in the order of the basis page.
var specs = []spec{
	clock("stall_at", false, func(m *Model, t time.Time) { m.StallAt = t }),
	seconds("stall_min", 0, 120, time.Minute, func(m *Model, d time.Duration) { m.Stall = d }),
	number("waiting_editors", 1, 1e7, func(m *Model, v float64) { m.Waiting = v }),
	number("herd_rps", 1, 1e8, func(m *Model, v float64) { m.HerdRPS = v }),
	number("base_rps", 0, 1e8, func(m *Model, v float64) { m.BaseRPS = v }),
	seconds("patience_min", 0.5, 120, time.Minute, func(m *Model, d time.Duration) { m.Patience = d }),
	number("editor_calls", 1, 1000, func(m *Model, v float64) { m.EditorCalls = v }),
	whole("tasks", 1, 2000, func(m *Model, v int) { m.Tasks = v }),
	number("task_rps", 1, 1e6, func(m *Model, v float64) { m.TaskRPS = v }),
	number("lock_cut", 0, 0.95, func(m *Model, v float64) { m.LockCut = v }),
	number("spread", 0, 1, func(m *Model, v float64) { m.Spread = v }),
	number("memory", 1, 1e8, func(m *Model, v float64) { m.Memory = v }),
	onOff("shed", func(m *Model, on bool) { m.Shed = on }),
	seconds("timeout_s", 0.1, 600, time.Second, func(m *Model, d time.Duration) { m.Timeout = d }),
	seconds("start_s", 1, 1800, time.Second, func(m *Model, d time.Duration) { m.StartUp = d }),
	whole("scale_step", 0, 1000, func(m *Model, v int) { m.ScaleStep = v }),
	whole("max_tasks", 1, 2000, func(m *Model, v int) { m.MaxTasks = v }),
	clock("manual_at", true, func(m *Model, t time.Time) { m.ManualAt = t }),
	whole("manual_tasks", 0, 2000, func(m *Model, v int) { m.ManualTasks = v }),
	clock("block_at", true, func(m *Model, t time.Time) { m.BlockAt = t }),
	clock("readmit_at", false, func(m *Model, t time.Time) { m.ReadmitAt = t }),
	seconds("readmit_min", 0, 240, time.Minute, func(m *Model, d time.Duration) { m.Ramp = d }),
	seconds("sample_s", 1, 600, time.Second, func(m *Model, d time.Duration) { m.Sample = d }),
}

// ParseModel reads a timeline's model block. Every parameter must be
// present with a value in range, a basis ("postmortem" or "judgement") and
// a note in both languages; errors are *replay.FieldError naming the field.
func ParseModel(raw json.RawMessage) (Model, error) {
	var f modelJSON
	dec := json.NewDecoder(bytes.NewReader(raw))
	if err := dec.Decode(&f); err != nil {
		return Model{}, fmt.Errorf("model: %w", err)
	}
	if f.Kind != Kind {
		return Model{}, fieldErr("kind", "%q is not %q", f.Kind, Kind)
	}
	var m Model
	var err error
	if m.Start, err = time.Parse(time.RFC3339, f.Start); err != nil {
		return Model{}, fieldErr("start", "invalid time %q (want RFC 3339)", f.Start)
	}
	if m.End, err = time.Parse(time.RFC3339, f.End); err != nil {
		return Model{}, fieldErr("end", "invalid time %q (want RFC 3339)", f.End)
	}
	for _, c := range []struct {
		field string
		t     data.Text
	}{{"note", f.Note}, {"series_note", f.SeriesNote}} {
		if !c.t.Complete() {
			return Model{}, fieldErr(c.field, "missing text (want en and ko)")
		}
	}
	if name, ok := f.Labels.complete(); !ok {
		return Model{}, fieldErr("labels."+name, "missing text (want en and ko)")
	}
	m.Note, m.SeriesNote, m.Labels = f.Note, f.SeriesNote, f.Labels
	for _, p := range whatIfParams {
		t := f.WhatIf[p.name]
		if !t.Label.Complete() || !t.Desc.Complete() {
			return Model{}, fieldErr("whatif."+p.name, "missing label or desc (want en and ko)")
		}
	}
	m.WhatIf = f.WhatIf
	for name := range f.Params {
		if !slices.ContainsFunc(specs, func(s spec) bool { return s.name == name }) {
			return Model{}, fieldErr("params."+name, "unknown parameter (want %s)", specNames())
		}
	}
	for _, s := range specs {
		field := "params." + s.name
		p, ok := f.Params[s.name]
		if !ok || len(p.Value) == 0 {
			return Model{}, fieldErr(field+".value", "missing")
		}
		if err := s.read(&m, p.Value); err != nil {
			return Model{}, &replay.FieldError{Field: field + ".value", Err: err}
		}
		if p.Basis != "postmortem" && p.Basis != "judgement" {
			return Model{}, fieldErr(field+".basis", "%q (want \"postmortem\" or \"judgement\")", p.Basis)
		}
		if !p.Note.Complete() {
			return Model{}, fieldErr(field+".note", "missing text (want en and ko)")
		}
		m.params = append(m.params, replay.Basis{Name: s.name, Value: valueText(p.Value), Unit: p.Unit, Basis: p.Basis, Note: p.Note})
	}
	if err := m.check(); err != nil {
		return Model{}, err
	}
	m.fileStall = m.Stall
	return m, nil
}

// clockTime reads "HH:MM" on the model's start day, in its zone.
func (m Model) clockTime(s string) (time.Time, error) {
	t, err := time.Parse("15:04", strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, fmt.Errorf("invalid time %q (want HH:MM)", s)
	}
	y, mo, d := m.Start.Date()
	return time.Date(y, mo, d, t.Hour(), t.Minute(), 0, 0, m.Start.Location()), nil
}

func parseNumber(raw json.RawMessage, lo, hi float64) (float64, error) {
	var v float64
	if err := json.Unmarshal(raw, &v); err != nil {
		return 0, fmt.Errorf("invalid value %s (want a number from %g to %g)", compact(raw), lo, hi)
	}
	if math.IsNaN(v) || v < lo || v > hi {
		return 0, fmt.Errorf("value %g out of range (want %g to %g)", v, lo, hi)
	}
	return v, nil
}

// valueText writes a file value as the basis page shows it: strings
// without their quotes, null as "never".
func valueText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return "never"
	}
	var v float64
	if json.Unmarshal(raw, &v) == nil {
		return strconv.FormatFloat(v, 'f', -1, 64)
	}
	return compact(raw)
}

func compact(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return string(raw)
	}
	return b.String()
}

func specNames() string {
	names := make([]string, len(specs))
	for i, s := range specs {
		names[i] = s.name
	}
	return strings.Join(names, ", ")
}

func fieldErr(field, format string, args ...any) error {
	return &replay.FieldError{Field: field, Err: fmt.Errorf(format, args...)}
}
