// Package gateway is the model behind IX-0020's curves: Canva's API
// Gateway on 2024-11-12, when the editors held back by one stalled asset
// all called it at once, its tasks (their throughput cut by a lock in a
// telemetry library) queued more work than they could serve until the OOM
// killer ended them, and the load balancer moved each dead task's share
// onto the survivors. It reads its parameters, each with its basis, from
// the timeline's "model" block and satisfies replay.Scenario; importing it
// registers the kind "gateway" with replay.Open.
package gateway

import (
	"fmt"
	"math"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// Kind is the model block's "kind" for this model.
const Kind = "gateway"

func init() { replay.Register(Kind, Open) }

// Model is the gateway model's parameters. Every field is read from the
// "model" object of the timeline file by ParseModel; each value there
// carries a note saying which figure of the postmortem it is or which
// judgement it rests on.
type Model struct {
	// Start and End bound the simulated span; Sample spaces the points of
	// the series.
	Start, End time.Time
	Sample     time.Duration

	// StallAt is when the new editor was deployed and its object-panel
	// file stalled at the CDN; Stall is how long the file stalled. Editors
	// opened meanwhile wait at the CDN and make no API calls.
	StallAt time.Time
	Stall   time.Duration
	// Waiting is how many editors waited on the stalled file when it
	// arrived (the postmortem's "more than 270,000"); HerdRPS the request
	// rate the gateway then saw (about 1.5M per second); BaseRPS the rest
	// of Canva's API traffic at that hour.
	Waiting, HerdRPS, BaseRPS float64
	// Patience is how long, on average, a user keeps an editor that does
	// not load before closing it.
	Patience time.Duration
	// EditorCalls is how many answered API calls an editor needs to load.
	EditorCalls float64

	// Tasks is the gateway's task count at the start; TaskRPS what one
	// task serves per second without the lock; LockCut the share of that
	// the telemetry lock takes away; Spread how much tasks differ in
	// throughput (0.3: ±15 %).
	Tasks            int
	TaskRPS, LockCut float64
	Spread           float64
	// Memory is how many requests a task can hold before the OOM killer
	// ends it; Shed makes tasks refuse work beyond a second's worth
	// instead of queueing it (no OOM kills).
	Memory float64
	Shed   bool
	// Timeout is how long a client waits for an answer.
	Timeout time.Duration
	// StartUp is how long a new or replaced task takes to serve.
	StartUp time.Duration
	// ScaleStep is how many tasks the autoscaler adds per minute while the
	// gateway is busy, up to MaxTasks.
	ScaleStep, MaxTasks int
	// ManualAt and ManualTasks are the operators' manual scale-up.
	ManualAt    time.Time
	ManualTasks int
	// BlockAt is when the operators blocked all traffic at the CDN (zero:
	// never); ReadmitAt when they began to let it back, and Ramp how long
	// they took to let all of it back.
	BlockAt, ReadmitAt time.Time
	Ramp               time.Duration

	// Labels name the series; Note and SeriesNote describe the model and
	// its series; WhatIf holds the what-if parameters' labels.
	Labels     Labels
	Note       data.Text
	SeriesNote data.Text
	WhatIf     map[string]whatIfText

	// fileStall is the stall as the file has it, which the arrival rate
	// is derived from (see arrivals).
	fileStall time.Duration
	// params keeps every parameter as the file has it, in file order, for
	// the basis page.
	params []replay.Basis
}

// arrivals is the rate at which users open an editor, per second, derived
// from the postmortem's figures: users who open an editor while the file
// stalls wait, and give up after Patience on average, so after the
// incident's stall T the waiting count is a·P·(1−e^(−T/P)); that count is
// Waiting. It is the incident's rate, so a what-if of a shorter stall has
// fewer editors waiting, not more opening.
func (m Model) arrivals(stall time.Duration) float64 {
	p := m.Patience.Seconds()
	t := stall.Seconds()
	if p <= 0 || t <= 0 {
		return 0
	}
	return m.Waiting / (p * (1 - math.Exp(-t/p)))
}

// editorRPS is the request rate of one loading editor, derived from the
// postmortem: the waiting editors raised the rate from BaseRPS to HerdRPS.
func (m Model) editorRPS() float64 {
	if m.Waiting <= 0 {
		return 0
	}
	return max(0, m.HerdRPS-m.BaseRPS) / m.Waiting
}

// taskCap is the throughput of task i, per second: TaskRPS less the lock's
// cut, spread evenly over ±Spread/2 by a low-discrepancy sequence so that
// tasks fail one after another, not all at once.
func (m Model) taskCap(i int) float64 {
	const golden = 0.6180339887498949
	f := math.Mod(float64(i)*golden, 1)
	return m.TaskRPS * (1 - m.LockCut) * (1 + m.Spread*(f-0.5))
}

// check reports the first cross-field problem of m.
func (m Model) check() error {
	switch {
	case !m.End.After(m.Start):
		return &replay.FieldError{Field: "end", Err: fmt.Errorf("%s is not after start %s", m.End.Format(time.RFC3339), m.Start.Format(time.RFC3339))}
	case m.HerdRPS < m.BaseRPS:
		return &replay.FieldError{Field: "params.herd_rps.value", Err: fmt.Errorf("%g is below base_rps %g (want the herd's rate, base traffic included)", m.HerdRPS, m.BaseRPS)}
	case m.ManualTasks > m.MaxTasks:
		return &replay.FieldError{Field: "params.manual_tasks.value", Err: fmt.Errorf("%d is above max_tasks %d", m.ManualTasks, m.MaxTasks)}
	case !m.BlockAt.IsZero() && m.ReadmitAt.Before(m.BlockAt):
		return &replay.FieldError{Field: "params.readmit_at.value", Err: fmt.Errorf("%s is before block_at %s", m.ReadmitAt.Format("15:04"), m.BlockAt.Format("15:04"))}
	case m.Tasks > m.MaxTasks:
		return &replay.FieldError{Field: "params.tasks.value", Err: fmt.Errorf("%d is above max_tasks %d", m.Tasks, m.MaxTasks)}
	}
	return nil
}
