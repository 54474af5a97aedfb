package replay

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// Hypothetical is the prefix of every label and note of a what-if series.
var Hypothetical = data.Text{EN: "Hypothetical", KO: "가정"}

// WhatIfParam is one parameter a reader may change to ask "what if".
type WhatIfParam struct {
	// Name is the key of `--set NAME=VALUE`.
	Name string
	// Help says what the parameter is and what it accepts, in English, for
	// --help.
	Help string
	// Label names the parameter in the what-if panel; Desc says what it
	// changes, in both languages.
	Label, Desc data.Text
	// Accepts describes the accepted values ("1 to 64").
	Accepts string

	get  func(m Model) string
	set  func(m *Model, s string) error
	step func(m Model, s string, delta int) string
}

// Value returns m's value of the parameter, in the form Set accepts.
func (p WhatIfParam) Value(m Model) string { return p.get(m) }

// Set parses s and sets the parameter on m. The error names s and what is
// accepted.
func (p WhatIfParam) Set(m *Model, s string) error {
	if err := p.set(m, strings.TrimSpace(s)); err != nil {
		return fmt.Errorf("invalid %s %q (want %s)", p.Name, s, p.Accepts)
	}
	return nil
}

// Step returns the value delta steps away from s (the what-if panel's ←
// and →), kept within what the parameter accepts. An invalid s is returned
// as it is.
func (p WhatIfParam) Step(m Model, s string, delta int) string {
	if p.set(&m, s) != nil {
		return s
	}
	return p.step(m, s, delta)
}

// WhatIfParams lists the parameters WhatIf accepts, in the order the panel
// shows them.
func WhatIfParams() []WhatIfParam {
	return []WhatIfParam{
		{
			Name:  "partitions",
			Help:  "split each connection supervisor into N partitions (PartitionSupervisor; 1 during the incident)",
			Label: data.Text{EN: "Supervisor partitions", KO: "슈퍼바이저 파티션"},
			Desc: data.Text{
				EN: "Split each instance's connection supervisor into this many independent mailboxes, as the PartitionSupervisor adopted after the incident does. The model gives each partition a scheduler of its own.",
				KO: "인스턴스마다 연결 슈퍼바이저를 이만큼의 독립된 메일박스로 나눕니다. 사고 뒤 도입된 PartitionSupervisor가 하는 일입니다. 모델은 파티션마다 스케줄러 하나를 따로 준다고 봅니다.",
			},
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
			Name:  "instances",
			Help:  "voice syncer instances before the 15 added at 14:15 (15 during the incident)",
			Label: data.Text{EN: "Instances at the start", KO: "처음 인스턴스 수"},
			Desc: data.Text{
				EN: "Voice syncer instances from the start; the 15 added at 14:15 still come on top.",
				KO: "처음부터 있는 voice syncer 인스턴스 수. 14:15에 더한 15대는 그대로 더해집니다.",
			},
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
			Name:  "rate_limit",
			Help:  "syncer spawns per second allowed across the cluster once the limits arrive",
			Label: data.Text{EN: "Spawn rate limit (per s)", KO: "spawn 속도 제한(초당)"},
			Desc: data.Text{
				EN: "Syncer spawns per second the call owners allow across the cluster once the limits are in place.",
				KO: "제한이 걸린 뒤 통화 소유 서비스가 클러스터 전체에 허용하는 초당 syncer spawn 수.",
			},
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
			Name:  "rate_limit_at",
			Help:  "when the spawn rate limits arrive, HH:MM in the incident's zone, or never (13:43 during the incident)",
			Label: data.Text{EN: "Rate limits arrive at", KO: "속도 제한 적용 시각"},
			Desc: data.Text{
				EN: "When the spawn limits arrive (never: not at all). From then on the backed-up supervisor is gun's and registrations get through.",
				KO: "spawn 제한이 걸리는 시각(never: 걸지 않음). 그때부터 밀리는 슈퍼바이저는 gun의 것이고 등록 갱신은 통과합니다.",
			},
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

// WhatIf re-runs tl's model with the parameters in set changed (names from
// WhatIfParams) and returns a copy of tl whose modelled series are the
// hypothetical ones: same names, labels and notes prefixed "Hypothetical" /
// "가정". tl is not changed. Unknown names and invalid values are errors that
// name them and say what is accepted.
func WhatIf(tl *data.Timeline, set map[string]string) (*data.Timeline, error) {
	if tl == nil || len(tl.Model) == 0 {
		id := ""
		if tl != nil {
			id = tl.Incident
		}
		return nil, fmt.Errorf("what if for %s: %w", id, ErrNoModel)
	}
	m, err := ParseModel(tl.Model)
	if err != nil {
		return nil, fmt.Errorf("timeline %s: %w", tl.Incident, err)
	}
	if err := ApplyWhatIf(&m, set); err != nil {
		return nil, err
	}
	r, err := m.Run()
	if err != nil {
		return nil, err
	}
	out := *tl
	out.Series = mergeSeries(slices.Clone(tl.Series), r.Series(Hypothetical))
	return &out, nil
}

// ApplyWhatIf sets the parameters in set on m, in name order.
func ApplyWhatIf(m *Model, set map[string]string) error {
	params := WhatIfParams()
	names := make([]string, len(params))
	for i, p := range params {
		names[i] = p.Name
	}
	for _, name := range sortedKeys(set) {
		i := slices.Index(names, name)
		if i < 0 {
			return fmt.Errorf("unknown what-if parameter %q (want %s or %s)", name,
				strings.Join(names[:len(names)-1], ", "), names[len(names)-1])
		}
		if err := params[i].Set(m, set[name]); err != nil {
			return err
		}
	}
	return nil
}
