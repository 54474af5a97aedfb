package mailbox

import (
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
)

const bundledIL0499 = "../../data/library/timelines/IL-0499.json"

// bundledTimeline reads IL-0499's timeline file as shipped.
func bundledTimeline(t testing.TB) *data.Timeline {
	t.Helper()
	raw, err := os.ReadFile(bundledIL0499)
	if err != nil {
		t.Fatalf("read bundled timeline: %v", err)
	}
	var tl data.Timeline
	if err := json.Unmarshal(raw, &tl); err != nil {
		t.Fatalf("parse bundled timeline: %v", err)
	}
	if len(tl.Model) == 0 {
		t.Fatal("bundled IL-0499 timeline has no model")
	}
	return &tl
}

func bundledModel(t testing.TB) Model {
	t.Helper()
	m, err := ParseModel(bundledTimeline(t).Model)
	if err != nil {
		t.Fatalf("ParseModel(bundled): %v", err)
	}
	return m
}

func runModel(t testing.TB, m Model) Run {
	t.Helper()
	r, err := m.Run()
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return r
}

// TestParseModelBundled checks that the file parses and that testModel,
// which tests use to build models in code, says the same as the file.
func TestParseModelBundled(t *testing.T) {
	m := bundledModel(t)
	for name, n := range m.Notes {
		if !n.Note.Complete() || (n.Basis != "postmortem" && n.Basis != "judgement") {
			t.Errorf("param %s: note %+v", name, n)
		}
	}
	for i, a := range m.Actions {
		if !a.Note.Complete() {
			t.Errorf("action %d (%s %s): note not in both languages", i, a.Do, a.Instance)
		}
	}
	if !m.SeriesNote.Complete() || len(m.WhatIf) != len(whatIfParams) {
		t.Errorf("series note %+v, %d what-if texts", m.SeriesNote, len(m.WhatIf))
	}
	for name, th := range m.Thresholds {
		if !th.Complete() {
			t.Errorf("threshold of %s: note not in both languages", name)
		}
	}
	m.Note, m.Notes, m.Units, m.Values, m.SeriesNote, m.Labels, m.WhatIf, m.Thresholds = data.Text{}, nil, nil, nil, data.Text{}, Labels{}, nil, nil
	for i := range m.Actions {
		m.Actions[i].Note = data.Text{}
	}
	want := testModel()
	if !reflect.DeepEqual(m, want) {
		t.Errorf("bundled model and testModel differ:\nfile: %+v\ntest: %+v", m, want)
	}
}

func TestParseModelErrors(t *testing.T) {
	base := bundledTimeline(t).Model
	edit := func(f func(v map[string]any)) json.RawMessage {
		var v map[string]any
		if err := json.Unmarshal(base, &v); err != nil {
			t.Fatal(err)
		}
		f(v)
		raw, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		return raw
	}
	param := func(v map[string]any, name string) map[string]any {
		return v["params"].(map[string]any)[name].(map[string]any)
	}
	tests := []struct {
		name  string
		raw   json.RawMessage
		field string
		msg   string
	}{
		{"not an object", json.RawMessage(`[1]`), "", "model:"},
		{"unknown top-level field", edit(func(v map[string]any) { v["spawn"] = 1 }), "", `unknown field "spawn"`},
		{"bad start", edit(func(v map[string]any) { v["start"] = "noon" }), "start", `"noon"`},
		{"end before start", edit(func(v map[string]any) { v["end"] = "2026-03-25T11:00:00-07:00" }), "end", "after start"},
		{"missing param", edit(func(v map[string]any) { delete(v["params"].(map[string]any), "ttl_s") }), "params.ttl_s", "missing"},
		{"unknown param", edit(func(v map[string]any) { v["params"].(map[string]any)["ttl"] = map[string]any{"value": 1} }), "params.ttl", "unknown parameter"},
		{"partitions zero", edit(func(v map[string]any) { param(v, "partitions")["value"] = 0 }), "params.partitions.value", "want 1 to 64"},
		{"partitions text", edit(func(v map[string]any) { param(v, "partitions")["value"] = "many" }), "params.partitions.value", `"many"`},
		{"share above one", edit(func(v map[string]any) { param(v, "retry_share")["value"] = 1.5 }), "params.retry_share.value", "out of range"},
		{"bad time", edit(func(v map[string]any) { param(v, "storm_at")["value"] = "25:00" }), "params.storm_at.value", `"25:00"`},
		{"never only where allowed", edit(func(v map[string]any) { param(v, "storm_at")["value"] = nil }), "params.storm_at.value", "invalid value null"},
		{"bad basis", edit(func(v map[string]any) { param(v, "ttl_s")["basis"] = "guess" }), "params.ttl_s.basis", `"guess"`},
		{"note in one language", edit(func(v map[string]any) { param(v, "ttl_s")["note"] = map[string]any{"en": "x"} }), "params.ttl_s.note", "both en and ko"},
		{"bad weight", edit(func(v map[string]any) { param(v, "weights")["value"] = map[string]any{"2-7": -1} }), "params.weights.value.2-7", "out of range"},
		{"restart start not a list", edit(func(v map[string]any) { param(v, "restart_from")["value"] = "2-4" }), "params.restart_from.value", "list of at most 64 instance names"},
		{"restart start not an instance", edit(func(v map[string]any) { param(v, "restart_from")["value"] = []any{"2-4", "first"} }), "params.restart_from.value", `["2-4","first"]`},
		{"ring join too slow", edit(func(v map[string]any) { param(v, "ring_join_s")["value"] = 601 }), "params.ring_join_s.value", "want 0 to 600"},
		{"too much work", edit(func(v map[string]any) {
			v["end"] = "2026-03-27T12:00:00-07:00"
			param(v, "instances")["value"] = 64
		}), "end", "instance-steps (want at most 2500000"},
		{"bad kind", edit(func(v map[string]any) { v["kind"] = "queue" }), "kind", `"queue"`},
		{"missing label", edit(func(v map[string]any) { delete(v["labels"].(map[string]any), "ring") }), "labels.ring", "both en and ko"},
		{"bad action key", edit(func(v map[string]any) { v["actions"].([]any)[3].(map[string]any)["key"] = "Restart Now" }), "actions[3].key", `"Restart Now"`},
		{"bad action with", edit(func(v map[string]any) { v["actions"].([]any)[3].(map[string]any)["with"] = "lunch" }), "actions[3].with", `"lunch"`},
		{"bad action", edit(func(v map[string]any) { v["actions"].([]any)[0].(map[string]any)["do"] = "reboot" }), "actions[0].do", `"reboot"`},
		{"bad instance", edit(func(v map[string]any) { v["actions"].([]any)[1].(map[string]any)["instance"] = "two" }), "actions[1].instance", `"two"`},
		{"actions out of order", edit(func(v map[string]any) { v["actions"].([]any)[2].(map[string]any)["at"] = "12:00" }), "actions[2].at", "time order"},
		{"threshold of an unknown parameter", edit(func(v map[string]any) {
			v["thresholds"].([]any)[0].(map[string]any)["params"] = []any{"calls", "sample_s"}
		}), "thresholds[0].params", `"sample_s"`},
		{"threshold note in one language", edit(func(v map[string]any) {
			v["thresholds"].([]any)[0].(map[string]any)["note"] = map[string]any{"en": "x"}
		}), "thresholds[0].note", "both en and ko"},
		{"add without count", edit(func(v map[string]any) { delete(v["actions"].([]any)[9].(map[string]any), "count") }), "actions[9].count", "want 1 to 64"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseModel(tc.raw)
			if err == nil {
				t.Fatal("no error")
			}
			if !strings.Contains(err.Error(), tc.msg) {
				t.Errorf("error %q does not say %q", err, tc.msg)
			}
			var fe *FieldError
			if tc.field == "" {
				return
			}
			if !errors.As(err, &fe) || fe.Field != tc.field {
				t.Errorf("error %q: field %v, want %q", err, fe, tc.field)
			}
		})
	}
}

// TestSpawnCost checks the postmortem's first figure: at about 100k queued
// messages a spawn takes about 1 ms longer, and the cost grows linearly.
func TestSpawnCost(t *testing.T) {
	m := testModel()
	s := newSim(m)
	in := s.insts[0]
	served := func(queued float64) float64 {
		in.q = []cohort{{step: 0, n: queued, rpc: queued}}
		in.head, in.live, in.qlen = 0, 0, queued
		s.serve(in, 0)
		return queued - in.qlen
	}
	tests := []struct {
		queued float64
		want   time.Duration // cost of one spawn at that queue
	}{
		{1e5, m.SpawnBase + time.Millisecond},
		{2e5, m.SpawnBase + 2*time.Millisecond},
		{1e6, m.SpawnBase + 10*time.Millisecond},
	}
	for _, tc := range tests {
		// One second of the supervisor serves about 1/cost spawns.
		n := served(tc.queued)
		got := time.Duration(float64(time.Second) / n)
		if d := got - tc.want; d < -20*time.Microsecond || d > 20*time.Microsecond {
			t.Errorf("at %.0f queued a spawn costs %v, want about %v", tc.queued, got, tc.want)
		}
	}
	extra := time.Duration(float64(time.Second)/served(2e5)) - time.Duration(float64(time.Second)/served(1e5))
	if extra < 950*time.Microsecond || extra > 1050*time.Microsecond {
		t.Errorf("100k more queued add %v per spawn, want about 1ms", extra)
	}
	// The point of no return: at a 1M queue one supervisor serves fewer
	// than 100 spawns a second.
	if n := served(1e6); n >= 100 {
		t.Errorf("at 1M queued one second serves %.0f spawns, want under 100", n)
	}
}

// queueAfter runs one supervisor that starts with queued messages and gets
// rate new ones a second, and returns its queue length after every second.
func queueAfter(m Model, queued, rate float64, seconds int) []float64 {
	s := newSim(m)
	in := s.insts[0]
	in.q = []cohort{{step: 0, n: queued, rpc: queued}}
	in.qlen = queued
	out := make([]float64, seconds)
	for t := 1; t <= seconds; t++ {
		in.q = append(in.q, cohort{step: t, n: rate, rpc: rate})
		in.qlen += rate
		s.serve(in, t)
		s.expire(in, t)
		out[t-1] = in.qlen
	}
	return out
}

// TestQueueNeverDrains checks the postmortem's second figure: with 1M
// messages queued and 100 spawns a second arriving, the supervisor never
// catches up; with fewer arrivals it does.
func TestQueueNeverDrains(t *testing.T) {
	m := testModel()
	for i, q := range queueAfter(m, 1e6, 100, 4*3600) {
		if q < 1e6 {
			t.Fatalf("after %ds the queue is %.0f, below the 1M it started at", i+1, q)
		}
	}
	qs := queueAfter(m, 1e6, 50, 4*3600)
	if last := qs[len(qs)-1]; last > 0 {
		t.Errorf("at 50/s the queue should drain within 4h; it is %.0f", last)
	}
}

// sampleAt returns the index of the first sample at or after clock h:m (and s
// seconds).
func sampleAt(ts []time.Time, h, m, s int) int {
	want := time.Date(2026, 3, 25, h, m, s, 0, modelZone)
	for i, x := range ts {
		if !x.Before(want) {
			return i
		}
	}
	return len(ts) - 1
}

func instance(t *testing.T, r Run, name string) InstanceRun {
	t.Helper()
	for _, in := range r.Instances {
		if in.Name == name {
			return in
		}
	}
	t.Fatalf("no instance %s", name)
	return InstanceRun{}
}

// valueAt returns an instance series' value at sample k of InstanceTimes.
func valueAt(in InstanceRun, vs []float64, k int) float64 {
	if k < in.First {
		return math.NaN()
	}
	return vs[k-in.First]
}

func maxOf(vs []float64, from, to int) float64 {
	m := math.Inf(-1)
	for _, v := range vs[from:to] {
		m = max(m, v)
	}
	return m
}

// TestCalibration checks that the bundled model tells the postmortem's
// story, stage by stage.
func TestCalibration(t *testing.T) {
	m := bundledModel(t)
	r := runModel(t, m)
	ts, its := r.Times, r.InstanceTimes

	t.Run("flat before 12:13", func(t *testing.T) {
		for i := 0; i < sampleAt(ts, 12, 13, 0); i++ {
			if r.Mailbox[i] > 100 || r.Success[i] < 99.9 || r.Ring[i] != 15 {
				t.Fatalf("%s: mailbox %.0f, success %.1f%%, ring %.0f", ts[i].Format("15:04:05"), r.Mailbox[i], r.Success[i], r.Ring[i])
			}
		}
	})
	t.Run("growth from 12:13, success near zero until 2-8 catches up", func(t *testing.T) {
		if mb := r.Mailbox[sampleAt(ts, 12, 20, 0)]; mb < 1e6 {
			t.Errorf("mailbox at 12:20 is %.0f, want over 1M", mb)
		}
		for i := sampleAt(ts, 12, 14, 30); i < sampleAt(ts, 12, 15, 10); i++ {
			if r.Success[i] >= 2 {
				t.Fatalf("%s: success %.2f%%", ts[i].Format("15:04:05"), r.Success[i])
			}
		}
		// Minute by minute: 2-8's neighbours, whose calls it takes, drain
		// a little between two samples, not over a minute.
		for i := sampleAt(ts, 12, 17, 0); i < sampleAt(ts, 12, 30, 0); i += 6 {
			if r.Mailbox[i] < r.Mailbox[i-6] {
				t.Fatalf("%s: mailbox %.0f after %.0f a minute before", ts[i].Format("15:04:05"), r.Mailbox[i], r.Mailbox[i-6])
			}
		}
		if r.Ring[sampleAt(ts, 12, 15, 0)] != 0 {
			t.Errorf("instances still in the ring at 12:15:00: %.0f", r.Ring[sampleAt(ts, 12, 15, 0)])
		}
	})
	// The storm tears down fewer of 2-8's calls (storm_weights), and the
	// mechanism does the rest: 2-8 backs up with the others, drops out of
	// the ring, drains its mailbox on its own and re-announces, alone.
	t.Run("2-8 catches up alone soon after 12:13, visibly", func(t *testing.T) {
		in := instance(t, r, "2-8")
		if mb := maxOf(in.Mailbox, sampleAt(its, 12, 13, 30), sampleAt(its, 12, 15, 0)); mb < 1e4 {
			t.Errorf("2-8 mailbox peaks at %.0f by 12:15, want it backed up with the others", mb)
		}
		out := false
		for k := sampleAt(its, 12, 13, 0); k < sampleAt(its, 12, 16, 0); k++ {
			out = out || valueAt(in, in.InRing, k) == 0
		}
		if !out {
			t.Error("2-8 never left the ring; the postmortem says it re-announced")
		}
		for _, hm := range [][2]int{{17, 0}, {25, 0}, {40, 0}} {
			i, k := sampleAt(ts, 12, hm[0], 0), sampleAt(its, 12, hm[0], 0)
			if valueAt(in, in.InRing, k) != 1 || valueAt(in, in.Mailbox, k) > 1000 || r.Ring[i] != 1 {
				t.Errorf("12:%02d: 2-8 in ring %v, mailbox %.0f, ring %v; want 2-8 alone and drained", hm[0],
					valueAt(in, in.InRing, k), valueAt(in, in.Mailbox, k), r.Ring[i])
			}
		}
		// The ring holds one instance, which serves its 3/15 share: a rise
		// from zero a sparkline drawn against zero shows.
		if s := maxOf(r.Success, sampleAt(ts, 12, 16, 0), sampleAt(ts, 12, 20, 0)); s < 5 || s > 30 {
			t.Errorf("success after 2-8 re-announces peaks at %.2f%%, want a visible rise (5-30%%)", s)
		}
	})
	// 2-13 comes back into a ring where it is the secondary and tertiary
	// of instances out of it, so its brief recovery shows in the ring, not
	// in the aggregate success, which 2-8 then carries; 2-1's shows in both.
	for _, tc := range []struct {
		name     string
		instance string
		h, m     int
		blip     bool
	}{
		{"12:43 restart of 2-13", "2-13", 12, 43, false},
		{"12:47 supervisor restart on 2-1", "2-1", 12, 47, true},
	} {
		t.Run("brief recovery after "+tc.name, func(t *testing.T) {
			in := instance(t, r, tc.instance)
			k := sampleAt(its, tc.h, tc.m, 0)
			if mb, before := valueAt(in, in.Mailbox, k), valueAt(in, in.Mailbox, k-1); mb > before/100 {
				t.Errorf("%s mailbox %.0f just after the action, %.0f before; want it emptied", tc.instance, mb, before)
			}
			back := false
			for j := k; j <= k+2; j++ {
				back = back || valueAt(in, in.InRing, j) == 1
			}
			if !back {
				t.Errorf("%s not back in the ring within a minute", tc.instance)
			}
			i := sampleAt(ts, tc.h, tc.m, 0)
			if ring := maxOf(r.Ring, i, i+9); ring < 2 {
				t.Errorf("ring holds %.0f instances in the 90 s after, want 2-8 and %s", ring, tc.instance)
			}
			if after, before := maxOf(r.Success, i, i+9), maxOf(r.Success, i-9, i); tc.blip && after <= before {
				t.Errorf("success after %.2f%%, before %.2f%%; want a blip", after, before)
			}
		})
	}
	t.Run("2-13 swamped again as secondary and tertiary", func(t *testing.T) {
		in := instance(t, r, "2-13")
		if mb, ring := valueAt(in, in.Mailbox, sampleAt(its, 12, 47, 0)), valueAt(in, in.InRing, sampleAt(its, 12, 47, 0)); mb < 1e4 || ring != 0 {
			t.Errorf("2-13 at 12:47: mailbox %.0f, in ring %v; want regrowth and out", mb, ring)
		}
	})
	t.Run("13:05 restart empties the mailboxes, regrowth by 13:10", func(t *testing.T) {
		if mb, before := r.Mailbox[sampleAt(ts, 13, 5, 10)], r.Mailbox[sampleAt(ts, 13, 4, 50)]; mb > before/100 {
			t.Errorf("mailbox at 13:05:10 is %.0f (%.0f before), want it emptied", mb, before)
		}
		if s := maxOf(r.Success, sampleAt(ts, 13, 5, 0), sampleAt(ts, 13, 9, 0)); s < 20 {
			t.Errorf("no initial success after the restart: %.2f%%", s)
		}
		if mb := r.Mailbox[sampleAt(ts, 13, 10, 0)]; mb < 1e6 {
			t.Errorf("mailbox at 13:10 is %.0f, want regrowth past 1M", mb)
		}
		from, to := sampleAt(ts, 13, 10, 0), sampleAt(ts, 13, 43, 0)
		var sum float64
		for i := from; i < to; i++ {
			sum += r.Success[i]
			if r.Ring[i] >= 15 {
				t.Fatalf("%s: ring %.0f; want instances out until 13:43", ts[i].Format("15:04:05"), r.Ring[i])
			}
		}
		if mean := sum / float64(to-from); mean >= 50 {
			t.Errorf("mean success 13:10-13:43 is %.1f%%, want under 50%%", mean)
		}
	})
	t.Run("13:43 limits keep every instance announced, success partial", func(t *testing.T) {
		from, to := sampleAt(ts, 13, 46, 0), sampleAt(ts, 14, 3, 0)
		var sum float64
		for i := from; i < to; i++ {
			sum += r.Success[i]
			if r.Ring[i] != 15 {
				t.Fatalf("%s: %0.f in the ring; the postmortem says all stayed announced", ts[i].Format("15:04:05"), r.Ring[i])
			}
		}
		if mean := sum / float64(to-from); mean < 10 || mean > 90 {
			t.Errorf("mean success 13:46-14:03 is %.1f%%, want partial", mean)
		}
		if mb := r.Mailbox[sampleAt(ts, 14, 0, 0)]; mb < 1e5 {
			t.Errorf("aggregate mailbox at 14:00 is %.0f, want the gun supervisors backed up", mb)
		}
	})
	t.Run("14:03 restart of 2-3 holds", func(t *testing.T) {
		in := instance(t, r, "2-3")
		for k := sampleAt(its, 14, 5, 0); k < len(its); k++ {
			if mb := valueAt(in, in.Mailbox, k); mb > 1000 {
				t.Fatalf("2-3 mailbox %.0f at %s", mb, its[k].Format("15:04:05"))
			}
		}
	})
	t.Run("doubling at 14:15 without queueing", func(t *testing.T) {
		if n := len(r.Instances); n != 30 {
			t.Errorf("%d instances after 14:15, want 30", n)
		}
		for _, in := range r.Instances[15:] {
			if its[in.First].Before(modelClock(14, 15)) {
				t.Errorf("%s online at %s, before 14:15", in.Name, its[in.First].Format("15:04"))
			}
			if m := maxOf(in.Mailbox, 0, len(in.Mailbox)); m > 1000 {
				t.Errorf("new instance %s queued %.0f", in.Name, m)
			}
		}
	})
	t.Run("calls awaiting an endpoint", func(t *testing.T) {
		if a := r.Awaiting[sampleAt(ts, 12, 10, 0)]; a > m.Calls/1000 {
			t.Errorf("%.0f calls awaiting an endpoint at 12:10, want next to none", a)
		}
		if a := r.Awaiting[sampleAt(ts, 12, 30, 0)]; a < m.Calls/10 {
			t.Errorf("%.0f calls awaiting an endpoint at 12:30, want a tenth of the calls or more", a)
		}
		if a := r.Awaiting[sampleAt(ts, 14, 30, 0)]; a > m.Calls/1000 {
			t.Errorf("%.0f calls still awaiting an endpoint at 14:30", a)
		}
	})
	// The sample at 14:26:00 still counts the window before the last
	// restart, which 2-12, backed up until then, fails.
	t.Run("healthy by 14:26 and after", func(t *testing.T) {
		for i := sampleAt(ts, 14, 26, 10); i < len(ts); i++ {
			if r.Success[i] < 95 || r.Mailbox[i] > 1000 || r.Ring[i] != 30 {
				t.Fatalf("%s: success %.1f%%, mailbox %.0f, ring %.0f", ts[i].Format("15:04:05"), r.Success[i], r.Mailbox[i], r.Ring[i])
			}
		}
	})
}

func modelVariants(t *testing.T) map[string]Model {
	base := bundledModel(t)
	out := map[string]Model{"bundled": base}
	noActions := base
	noActions.Actions = nil
	out["no actions"] = noActions
	never := base
	never.RateLimitAt = time.Time{}
	out["no rate limit"] = never
	rng := rand.New(rand.NewPCG(499, 0))
	for i := range 6 {
		m := base
		m.RestartStep = time.Duration(2*i) * time.Second
		m.Calls = base.Calls * (0.5 + 3*rng.Float64())
		m.StormShare = rng.Float64()
		m.RetryShare = rng.Float64()
		m.RPCRetryShare = rng.Float64()
		m.PooledShare = rng.Float64()
		m.RateLimit = 500 + 10000*rng.Float64()
		m.Instances = 3 + rng.IntN(30)
		out["variant "+string(rune('a'+i))] = m
	}
	return out
}

func peak(r Run) float64 {
	return maxOf(r.Mailbox, 0, len(r.Mailbox))
}

// TestModelInvariants checks what must hold for any parameters: no queue
// ever negative, and every request served, timed out or still queued.
func TestModelInvariants(t *testing.T) {
	for name, m := range modelVariants(t) {
		for _, p := range []int{1, 3, 16} {
			m.Partitions = p
			r := runModel(t, m)
			l := r.Ledger
			if l.MinQueue < 0 {
				t.Errorf("%s, %d partitions: a queue went to %g", name, p, l.MinQueue)
			}
			for i, v := range r.Mailbox {
				if a := r.Awaiting[i]; a < -1e-6 || math.IsNaN(a) || r.Success[i] < 0 || r.Success[i] > 100.000001 {
					t.Fatalf("%s: sample %d awaiting %g success %g", name, i, a, r.Success[i])
				}
				if v < 0 || math.IsNaN(v) || math.IsNaN(r.Success[i]) {
					t.Fatalf("%s: sample %d mailbox %g success %g", name, i, v, r.Success[i])
				}
			}
			if gap := l.Arrived - (l.Served + l.TimedOut + l.Queued); math.Abs(gap) > 1e-6*max(1, l.Arrived) {
				t.Errorf("%s, %d partitions: arrived %.3f, served %.3f + timed out %.3f + queued %.3f leaves %.3f",
					name, p, l.Arrived, l.Served, l.TimedOut, l.Queued, gap)
			}
		}
	}
}

// TestMorePartitionsNeverWorse: splitting the supervisor never raises the
// peak aggregate mailbox.
func TestMorePartitionsNeverWorse(t *testing.T) {
	v := modelVariants(t)
	for _, name := range []string{"bundled", "no actions", "no rate limit"} {
		m := v[name]
		prev, prevP := math.Inf(1), 0
		for _, p := range []int{1, 2, 3, 4, 6, 8, 16, 32, 64} {
			m.Partitions = p
			pk := peak(runModel(t, m))
			if pk > prev {
				t.Errorf("%s: %d partitions peak at %.0f, above %.0f with %d", name, p, pk, prev, prevP)
			}
			prev, prevP = pk, p
		}
	}
}

// TestMoreInstancesNeverWorse checks the instance count's side of the
// invariant over the whole incident: with IL-0499's parameters and its
// operators' actions, no cluster of 15 to 40 instances, with 1, 2, 4 or 32
// partitions, peaks higher than the same cluster with one instance fewer or
// with fewer partitions. It is a property of this calibration, not a theorem
// of the mechanism: a ring that is barely alive takes syncers that an empty
// ring turns away, so with other parameters (many users giving up on their
// endpoint, or no spawn limits at all) one more instance can cost a few
// percent. Enough instances avoid the collapse altogether.
func TestMoreInstancesNeverWorse(t *testing.T) {
	base := bundledModel(t)
	parts := []int{1, 2, 4, 32}
	const lo, hi = 15, 40
	peaks := make([][]float64, len(parts))
	for i, p := range parts {
		for k := lo; k <= hi; k++ {
			m := base
			m.Partitions, m.Instances = p, k
			peaks[i] = append(peaks[i], peak(runModel(t, m)))
		}
	}
	for i, p := range parts {
		for j, pk := range peaks[i] {
			k := lo + j
			if j > 0 && pk > peaks[i][j-1] {
				t.Errorf("%d partitions: %d instances peak at %.0f, above %.0f with %d", p, k, pk, peaks[i][j-1], k-1)
			}
			if i > 0 && pk > peaks[i-1][j] {
				t.Errorf("%d instances: %d partitions peak at %.0f, above %.0f with %d", k, p, pk, peaks[i-1][j], parts[i-1])
			}
		}
	}
	for _, k := range []int{30, 40, 64} {
		m := base
		m.Instances = k
		if pk := peak(runModel(t, m)); pk > 1e5 {
			t.Errorf("%d instances from the start: peak %.0f, want no collapse", k, pk)
		}
	}
}

// TestEveryClusterServesTheSameCalls: calls end at one pace whatever
// happens to them, so at every moment the calls (with a syncer, or waiting
// for one) are the same however many instances or partitions serve them,
// which is what lets a what-if compare clusters. No instance ever has more
// endpoint retries scheduled than syncers.
func TestEveryClusterServesTheSameCalls(t *testing.T) {
	base := bundledModel(t)
	var want []float64
	for _, c := range []struct{ k, p int }{{15, 1}, {16, 1}, {30, 1}, {15, 32}, {5, 1}} {
		m := base
		m.Instances, m.Partitions = c.k, c.p
		s := newSim(m)
		var got []float64
		bad := 0
		s.observe = func(step int) {
			var n float64
			for _, in := range s.insts {
				calls := in.hostedCalls()
				n += calls + in.wait.sum
				if in.pend.sum > calls*(1+1e-9)+1e-6 && bad < 3 {
					bad++
					t.Errorf("%d instances: %s has %.1f retries scheduled for %.1f syncers at step %d", c.k, in.name, in.pend.sum, calls, step)
				}
			}
			if step%300 == 0 {
				got = append(got, n)
			}
		}
		s.run()
		if want == nil {
			want = got
			continue
		}
		for i := range want {
			if d := math.Abs(got[i] - want[i]); d > 1e-6*want[i] {
				t.Errorf("%d instances, %d partitions: %.1f calls at %s, want %.1f", c.k, c.p, got[i], m.Start.Add(time.Duration(i*300)*time.Second).Format("15:04"), want[i])
				break
			}
		}
	}
}

// TestRestartsByQuarterPast: the postmortem's "by 14:15, 5 instances
// restarted, 4 of the 5 fully recovered", as the mechanism gives it. The
// incident's restarts go to the instances they name, which the 13:43 restart
// left backed up (TestRestartedClusterBacksUp). A restarted instance that was
// announced keeps its lease, so no neighbour takes its calls while it comes
// back and none are handed back to it in a burst: it holds when its share of
// the spawn limit fits what a fresh supervisor spawns (1/spawn_base, about
// 1,670 a second). 2-12's larger ring share (weights, a judgement) puts its
// share of the 25,000 a second at about 2,050, so its restart is the one
// that does not hold; without that weight all five hold. The outcome rests
// on those two judgements (the notes of weights and rate_limit say how).
func TestRestartsByQuarterPast(t *testing.T) {
	m := bundledModel(t)
	t.Run("bundled", func(t *testing.T) {
		if failed := restartsHold(t, runModel(t, m), 4); len(failed) != 1 || failed[0] != "2-12" {
			t.Errorf("restarts that did not hold: %v, want 2-12's", failed)
		}
	})
	m.Weights = nil
	t.Run("without weights", func(t *testing.T) { restartsHold(t, runModel(t, m), 5) })
}

// restartsHold checks that want of the five restarts from 14:03 to 14:15
// hold and returns the instances of those that do not.
func restartsHold(t *testing.T, r Run, want int) (failed []string) {
	var five []Targeted
	for _, a := range r.Targeted {
		if !a.At.Before(modelClock(14, 3)) && a.At.Before(modelClock(14, 15)) && a.Do == RestartInstance {
			five = append(five, a)
		}
	}
	if len(five) != 5 {
		t.Fatalf("%d restarts from 14:03 to 14:15, want 5: %+v", len(five), five)
	}
	held := 0
	for i, a := range five {
		in := instance(t, r, a.Instance)
		// Held: once back, the instance stays in the ring with a short
		// mailbox until its next restart or for 10 minutes.
		until := a.At.Add(10 * time.Minute)
		for _, b := range five[i+1:] {
			if b.Instance == a.Instance {
				until = b.At
				break
			}
		}
		ok := true
		for k, tm := range r.InstanceTimes[in.First:] {
			if tm.Before(a.At.Add(time.Minute)) || !tm.Before(until) {
				continue
			}
			ok = ok && in.InRing[k] == 1 && in.Mailbox[k] < 2e4
		}
		if ok {
			held++
		} else {
			failed = append(failed, a.Instance)
		}
		t.Logf("%s restart of %s (named %s): held %v", a.At.Format("15:04"), a.Instance, a.Named, ok)
	}
	if held != want {
		t.Errorf("%d of the 5 restarts held, want %d", held, want)
	}
	return failed
}
