package gateway

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Key is a `--set` key of the model and what it accepts, in English.
type Key struct {
	Name, Help string
}

// whatIfParam is one parameter a reader may change: its name (the model
// file's), what it accepts, and how to read, show and step a value.
type whatIfParam struct {
	name, accepts string
	// help says what the parameter is, for `--set`'s help.
	help  string
	apply func(m *Model, v string) error
	get   func(m Model) string
	step  func(m Model, v string, delta int) (string, bool)
}

// numberWhatIf is a number from lo to hi in steps of by.
func numberWhatIf(name, help string, lo, hi, by float64, get func(m Model) float64, set func(m *Model, v float64)) whatIfParam {
	accepts := fmt.Sprintf("a number from %g to %g", lo, hi)
	parse := func(v string) (float64, error) {
		f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		if err != nil || math.IsNaN(f) || f < lo || f > hi {
			return 0, fmt.Errorf("%s: invalid value %q (want %s)", name, v, accepts)
		}
		return f, nil
	}
	return whatIfParam{
		name: name, accepts: accepts, help: help,
		apply: func(m *Model, v string) error {
			f, err := parse(v)
			if err != nil {
				return err
			}
			set(m, f)
			return nil
		},
		get: func(m Model) string { return strconv.FormatFloat(get(m), 'f', -1, 64) },
		step: func(_ Model, v string, d int) (string, bool) {
			f, err := parse(v)
			if err != nil {
				return v, false
			}
			f = math.Round((f+float64(d)*by)/by) * by
			f = min(hi, max(lo, f))
			return strconv.FormatFloat(math.Round(f*1000)/1000, 'f', -1, 64), true
		},
	}
}

// whatIfParams are the parameters of the what-if panel and `--set`, in
// the panel's order.
var whatIfParams = []whatIfParam{
	numberWhatIf("stall_min", "minutes the object-panel file stalled at the CDN (0 to 60)", 0, 60, 5, func(m Model) float64 { return m.Stall.Minutes() },
		func(m *Model, v float64) { m.Stall = time.Duration(v * float64(time.Minute)) }),
	numberWhatIf("lock_cut", "share of each gateway task's throughput lost to the telemetry lock (0 to 0.9)", 0, 0.9, 0.1, func(m Model) float64 { return m.LockCut },
		func(m *Model, v float64) { m.LockCut = v }),
	numberWhatIf("tasks", "gateway tasks at the start, before the autoscaler's and the operators' (10 to 600)", 10, 600, 10, func(m Model) float64 { return float64(m.Tasks) },
		func(m *Model, v float64) {
			m.Tasks = int(math.Round(v))
			m.MaxTasks = max(m.MaxTasks, m.Tasks)
		}),
	{
		name: "shed", accepts: "on or off", help: "tasks refuse what they cannot serve instead of queueing until OOM: on or off",
		apply: func(m *Model, v string) error {
			switch strings.TrimSpace(v) {
			case "on":
				m.Shed = true
			case "off":
				m.Shed = false
			default:
				return fmt.Errorf("shed: invalid value %q (want on or off)", v)
			}
			return nil
		},
		get: func(m Model) string { return onOffText(m.Shed) },
		step: func(_ Model, v string, d int) (string, bool) {
			switch v = strings.TrimSpace(v); {
			case v != "on" && v != "off":
				return v, false
			case d > 0:
				return "on", true
			case d < 0:
				return "off", true
			}
			return v, true
		},
	},
	{
		name: "block_at", accepts: `a time HH:MM from the model's start to its end, or "never"`,
		help: "when all traffic is blocked at the CDN, HH:MM UTC, or never",
		apply: func(m *Model, v string) error {
			t, err := m.blockTime(v)
			if err != nil {
				return err
			}
			// The readmission keeps its distance from the block: the
			// operators waited for the gateway to settle.
			if !m.BlockAt.IsZero() && !t.IsZero() {
				m.ReadmitAt = t.Add(m.ReadmitAt.Sub(m.BlockAt))
			} else if !t.IsZero() {
				m.ReadmitAt = t
			}
			m.BlockAt = t
			return nil
		},
		get: func(m Model) string {
			if m.BlockAt.IsZero() {
				return "never"
			}
			return m.BlockAt.Format("15:04")
		},
		step: func(m Model, v string, d int) (string, bool) {
			t, err := m.blockTime(v)
			if err != nil {
				return v, false
			}
			if t.IsZero() { // never: back from past the end
				if d >= 0 {
					return "never", true
				}
				t = m.End.Truncate(5 * time.Minute).Add(5 * time.Minute)
			}
			t = t.Add(time.Duration(d) * 5 * time.Minute)
			if t.After(m.End) {
				return "never", true
			}
			if t.Before(m.Start) {
				t = m.Start
			}
			return t.Format("15:04"), true
		},
	},
	numberWhatIf("readmit_min", "minutes to let the blocked traffic back, evenly (0 to 60)", 0, 60, 5, func(m Model) float64 { return m.Ramp.Minutes() },
		func(m *Model, v float64) { m.Ramp = time.Duration(v * float64(time.Minute)) }),
}

// blockTime reads a block_at value: "never" or HH:MM within the model's
// span.
func (m Model) blockTime(v string) (time.Time, error) {
	v = strings.TrimSpace(v)
	if v == "never" {
		return time.Time{}, nil
	}
	t, err := m.clockTime(v)
	if err != nil || t.Before(m.Start) || t.After(m.End) {
		return time.Time{}, fmt.Errorf("block_at: invalid value %q (want HH:MM from %s to %s, or never)", v, m.Start.Format("15:04"), m.End.Format("15:04"))
	}
	return t, nil
}

func onOffText(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

// Keys lists the `--set` keys the model accepts, in the panel's order.
func Keys() []Key {
	keys := make([]Key, len(whatIfParams))
	for i, p := range whatIfParams {
		keys[i] = Key{p.name, p.help}
	}
	return keys
}

func whatIfIndex(name string) int {
	return slices.IndexFunc(whatIfParams, func(p whatIfParam) bool { return p.name == name })
}

func whatIfNames() string {
	names := make([]string, len(whatIfParams))
	for i, p := range whatIfParams {
		names[i] = p.name
	}
	return strings.Join(names, ", ")
}

// applyWhatIf sets the parameters in set on m, in name order.
func applyWhatIf(m *Model, set map[string]string) error {
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if i := whatIfIndex(n); i >= 0 {
			if err := whatIfParams[i].apply(m, set[n]); err != nil {
				return err
			}
			continue
		}
		if err := applyParam(m, n, set[n]); err != nil {
			return err
		}
	}
	return m.check()
}

// applyParam sets any other parameter of the model block by its name, as
// the file would ("base_rps=480000", "manual_at=09:20"), so that every
// judgement can be tried, not only the panel's.
func applyParam(m *Model, name, v string) error {
	i := slices.IndexFunc(specs, func(s spec) bool { return s.name == name })
	if i < 0 {
		return fmt.Errorf("unknown what-if parameter %q (want %s, or a model parameter: %s)", name, whatIfNames(), specNames())
	}
	v = strings.TrimSpace(v)
	raw := json.RawMessage(v)
	if !json.Valid(raw) || v == "" || v[0] == '"' {
		b, _ := json.Marshal(v) // a time or a word, written bare
		raw = b
	}
	if v == "never" {
		raw = json.RawMessage("null")
	}
	if err := specs[i].read(m, raw); err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	return nil
}

// scenarioName lists the changed parameters in name order:
// "lock_cut=0, shed=on".
func scenarioName(set map[string]string) string {
	names := make([]string, 0, len(set))
	for n := range set {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = n + "=" + strings.TrimSpace(set[n])
	}
	return strings.Join(parts, ", ")
}
