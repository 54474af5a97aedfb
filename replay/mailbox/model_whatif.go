package mailbox

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Key is one `--set` key of the model, for --help.
type Key struct {
	// Name is the key of `--set NAME=VALUE`; Help says what it is and what
	// it accepts, in English.
	Name, Help string
}

// whatIfParam is one parameter a reader may change to ask "what if". Its
// label and description come from the model block (Model.WhatIf).
type whatIfParam struct {
	Name    string
	Help    string
	Accepts string

	get  func(m Model) string
	set  func(m *Model, s string) error
	step func(m Model, s string, delta int) string
}

// apply parses s and sets the parameter on m. The error names s and what is
// accepted.
func (p whatIfParam) apply(m *Model, s string) error {
	if err := p.set(m, strings.TrimSpace(s)); err != nil {
		return fmt.Errorf("invalid %s %q (want %s)", p.Name, s, p.Accepts)
	}
	return nil
}

// stepped returns the value delta steps away from s, kept within what the
// parameter accepts. An invalid s is returned as it is.
func (p whatIfParam) stepped(m Model, s string, delta int) string {
	if p.set(&m, s) != nil {
		return s
	}
	return p.step(m, s, delta)
}

// Keys lists the `--set` keys the model accepts, in the order the what-if
// panel shows them.
func Keys() []Key {
	keys := make([]Key, len(whatIfParams))
	for i, p := range whatIfParams {
		keys[i] = Key{p.Name, p.Help}
	}
	return keys
}

func whatIfIndex(name string) int {
	return slices.IndexFunc(whatIfParams, func(p whatIfParam) bool { return p.Name == name })
}

func whatIfNames() string {
	names := make([]string, len(whatIfParams))
	for i, p := range whatIfParams {
		names[i] = p.Name
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// switchParam is a what-if parameter that switches the operators' action
// with the given key on or off.
func switchParam(key, help string) whatIfParam {
	return whatIfParam{
		Name: key, Help: help, Accepts: "on or off",
		get: func(m Model) string {
			if m.Off[key] {
				return "off"
			}
			return "on"
		},
		set: func(m *Model, s string) error {
			switch strings.ToLower(s) {
			case "on":
				m.Off = maps.Clone(m.Off)
				delete(m.Off, key)
			case "off":
				m.Off = maps.Clone(m.Off)
				if m.Off == nil {
					m.Off = map[string]bool{}
				}
				m.Off[key] = true
			default:
				return fmt.Errorf("%q is not on or off", s)
			}
			return nil
		},
		step: func(m Model, s string, _ int) string {
			if m.Off[key] {
				return "on"
			}
			return "off"
		},
	}
}

// whatIfParams lists the parameters a what-if may change.
var whatIfParams = []whatIfParam{
	{
		Name:    "partitions",
		Help:    "split each connection supervisor into N partitions",
		Accepts: "a whole number from 1 to 64",
		get:     func(m Model) string { return strconv.Itoa(m.Partitions) },
		set: func(m *Model, s string) error {
			n, err := wholeIn(s, 1, 64)
			m.Partitions = n
			return err
		},
		step: func(m Model, _ string, d int) string {
			return strconv.Itoa(stepPow2(m.Partitions, d, 64))
		},
	},
	{
		Name:    "instances",
		Help:    "instances at the start, before any that operators add",
		Accepts: "a whole number from 1 to 64",
		get:     func(m Model) string { return strconv.Itoa(m.Instances) },
		set: func(m *Model, s string) error {
			n, err := wholeIn(s, 1, 64)
			m.Instances = n
			return err
		},
		step: func(m Model, _ string, d int) string {
			return strconv.Itoa(stepBy(m.Instances, d, 5, 1, 64))
		},
	},
	{
		Name:    "rate_limit",
		Help:    "syncer spawns per second allowed across the cluster once the limits arrive",
		Accepts: "a whole number from 100 to 1000000",
		get:     func(m Model) string { return strconv.Itoa(int(math.Round(m.RateLimit))) },
		set: func(m *Model, s string) error {
			n, err := wholeIn(s, 100, 1000000)
			m.RateLimit = float64(n)
			return err
		},
		step: func(m Model, _ string, d int) string {
			return strconv.Itoa(stepBy(int(math.Round(m.RateLimit)), d, 500, 100, 1000000))
		},
	},
	{
		Name:    "rate_limit_at",
		Help:    "when the spawn rate limits arrive, HH:MM in the incident's zone, or never",
		Accepts: "HH:MM between the model's start and end, or never",
		get: func(m Model) string {
			if m.RateLimitAt.IsZero() {
				return "never"
			}
			return m.RateLimitAt.In(m.Start.Location()).Format("15:04")
		},
		set: func(m *Model, s string) error {
			if strings.EqualFold(s, "never") {
				m.RateLimitAt = time.Time{}
				return nil
			}
			c, err := time.Parse("15:04", s)
			if err != nil {
				return err
			}
			y, mo, d := m.Start.Date()
			t := time.Date(y, mo, d, c.Hour(), c.Minute(), 0, 0, m.Start.Location())
			if t.Before(m.Start.Truncate(time.Minute)) || t.After(m.End) {
				return fmt.Errorf("%s is outside the model's span", s)
			}
			m.RateLimitAt = t
			return nil
		},
		step: func(m Model, _ string, d int) string {
			const five = 5 * time.Minute
			first := m.Start.Truncate(five)
			if first.Before(m.Start) {
				first = first.Add(five)
			}
			last := m.End.Truncate(five)
			var t time.Time
			switch {
			case m.RateLimitAt.IsZero() && d < 0:
				t = last
			case m.RateLimitAt.IsZero():
				return "never"
			default:
				t = m.RateLimitAt.Truncate(five)
				if d > 0 || t.Equal(m.RateLimitAt) {
					t = t.Add(time.Duration(d) * five)
				}
			}
			if t.After(last) {
				return "never"
			}
			if t.Before(first) {
				t = first
			}
			return t.In(m.Start.Location()).Format("15:04")
		},
	},
}

// receiveCost is the what-if key for the file's scan_ms_per_100k (see
// setName): the same figure, in ms per 100k queued messages.
var receiveCost = whatIfParam{
	Name:    "receive_cost",
	Help:    "extra spawn time, in ms per 100k messages queued in the supervisor's mailbox",
	Accepts: "a number from 0 to 10",
	get:     func(m Model) string { return strconv.FormatFloat(m.ScanPer100k.Seconds()*1000, 'f', -1, 64) },
	set: func(m *Model, s string) error {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(v) || v < 0 || v > 10 {
			return fmt.Errorf("%q out of range", s)
		}
		m.ScanPer100k = time.Duration(v * float64(time.Millisecond))
		return nil
	},
	step: func(m Model, _ string, d int) string {
		v := m.ScanPer100k.Seconds() * 1000
		v = max(0, min(10, math.Round(v*4)/4+0.25*float64(d)))
		return strconv.FormatFloat(v, 'f', -1, 64)
	},
}

func init() {
	whatIfParams = append(whatIfParams, receiveCost,
		switchParam("restart_1305", "the 13:05 restart of the whole cluster: on or off"),
		switchParam("doubling", "the 15 instances added at 14:15: on or off"),
	)
}

func wholeIn(s string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, err
	}
	if n < lo || n > hi {
		return 0, fmt.Errorf("%d out of range", n)
	}
	return n, nil
}

// stepPow2 moves n to the next (d > 0) or previous power of two, within 1
// and hi.
func stepPow2(n, d, hi int) int {
	for ; d > 0; d-- {
		p := 1
		for p <= n {
			p *= 2
		}
		n = min(p, hi)
	}
	for ; d < 0; d++ {
		p := 1
		for p*2 < n {
			p *= 2
		}
		n = max(1, min(p, n-1))
	}
	return n
}

// stepBy moves n to the next (d > 0) or previous multiple of by, within lo
// and hi.
func stepBy(n, d, by, lo, hi int) int {
	for ; d > 0; d-- {
		n = (n/by + 1) * by
	}
	for ; d < 0; d++ {
		n = ((n+by-1)/by - 1) * by
	}
	return max(lo, min(hi, n))
}
