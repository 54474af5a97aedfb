package mailbox

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// whatIf runs tl's scenario with set changed.
func whatIf(t testing.TB, tl *data.Timeline, set map[string]string) (*data.Timeline, error) {
	t.Helper()
	sc, err := Open(tl)
	if err != nil {
		t.Fatal(err)
	}
	return sc.Run(set)
}

func TestPrepare(t *testing.T) {
	tl := bundledTimeline(t)
	illustrative := 0
	for _, s := range tl.Series {
		if s.Provenance == data.Illustrative {
			illustrative++
		}
	}
	if err := replay.Prepare(tl); err != nil {
		t.Fatal(err)
	}
	byName := map[string]data.Series{}
	groups := map[string]int{}
	for _, s := range tl.Series {
		if _, dup := byName[s.Name]; dup {
			t.Errorf("series %s twice", s.Name)
		}
		byName[s.Name] = s
		groups[s.Group]++
		if s.Hypothetical || s.Scenario != "" {
			t.Errorf("%s: the incident's series marked hypothetical (%q)", s.Name, s.Scenario)
		}
		if want := strings.TrimPrefix(strings.TrimPrefix(s.Name, "mailbox/"), "ring/"); s.Group != "" && s.Instance != want {
			t.Errorf("%s: instance %q, want %q", s.Name, s.Instance, want)
		}
	}
	for _, name := range []string{SeriesMailbox, SeriesSuccess, SeriesRing, "mailbox/2-1", "mailbox/2-15", "mailbox/3-15", "ring/2-8", "ring/3-1"} {
		s, ok := byName[name]
		switch {
		case !ok:
			t.Errorf("no series %s", name)
		case s.Provenance != data.Modelled:
			t.Errorf("%s: provenance %s", name, s.Provenance)
		case !s.Label.Complete() || !s.Note.Complete() || s.Unit == "":
			t.Errorf("%s: label %+v, note %+v, unit %q", name, s.Label, s.Note, s.Unit)
		case len(s.Points) == 0:
			t.Errorf("%s: no points", name)
		}
	}
	if groups[replay.GroupInstance] != 30 || groups[replay.GroupRing] != 30 {
		t.Errorf("%d instance and %d ring series, want 30 each", groups[replay.GroupInstance], groups[replay.GroupRing])
	}
	if s := byName["mailbox/3-1"]; len(s.Points) > 0 && s.Points[0].T.Before(modelClock(14, 15)) {
		t.Errorf("3-1 has points from %s, before it came online", s.Points[0].T.Format("15:04"))
	}
	for _, s := range tl.Series {
		for _, p := range s.Points {
			if p.T.Before(tl.Start) || p.T.After(tl.End) {
				t.Fatalf("%s: point at %s outside the timeline", s.Name, p.T)
			}
		}
	}
	if illustrative > 0 && byName[SeriesMailbox].Provenance != data.Modelled {
		t.Error("the illustrative mailbox placeholder was not replaced")
	}
	if tl.Series[0].Name != SeriesMailbox && tl.Series[1].Name != SeriesMailbox {
		t.Errorf("mailbox series moved from its place: first series %s", tl.Series[0].Name)
	}
}

func TestPrepareDeterministic(t *testing.T) {
	a, b := bundledTimeline(t), bundledTimeline(t)
	if err := replay.Prepare(a); err != nil {
		t.Fatal(err)
	}
	if err := replay.Prepare(b); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a.Series, b.Series) {
		t.Fatal("two runs of the same model gave different series")
	}
	// Prepare again on a prepared timeline: same series, none added.
	n := len(a.Series)
	if err := replay.Prepare(a); err != nil || len(a.Series) != n || !reflect.DeepEqual(a.Series, b.Series) {
		t.Fatalf("preparing twice changed the series (err %v, %d → %d)", err, n, len(a.Series))
	}
}

func TestPrepareWithoutModel(t *testing.T) {
	tl := &data.Timeline{Incident: "IL-0271", Series: []data.Series{{Name: "nodes"}}}
	if err := replay.Prepare(tl); err != nil || len(tl.Series) != 1 {
		t.Fatalf("Prepare without a model: err %v, %d series", err, len(tl.Series))
	}
	bad := &data.Timeline{Incident: "IL-0499", Model: json.RawMessage(`{"start": 1}`)}
	if err := replay.Prepare(bad); err == nil || !strings.Contains(err.Error(), "IL-0499") {
		t.Errorf("Prepare with a broken model: %v", err)
	}
}

func BenchmarkPrepare(b *testing.B) {
	tl := bundledTimeline(b)
	series := tl.Series
	for b.Loop() {
		tl.Series = series
		if err := replay.Prepare(tl); err != nil {
			b.Fatal(err)
		}
	}
}

func TestSummarize(t *testing.T) {
	at := func(m int) time.Time { return modelClock(12, m) }
	tl := &data.Timeline{Series: []data.Series{
		{Name: SeriesMailbox, Points: []data.Point{{T: at(0), V: 0}, {T: at(1), V: 50}, {T: at(2), V: 90}, {T: at(3), V: 90}, {T: at(4), V: 0}}},
		{Name: SeriesSuccess, Points: []data.Point{{T: at(0), V: 100}, {T: at(1), V: 40}, {T: at(2), V: 3}, {T: at(3), V: 96}, {T: at(4), V: 90}, {T: at(5), V: 97}, {T: at(6), V: 99}}},
	}}
	s, ok := Summarize(tl)
	if !ok {
		t.Fatal("not ok")
	}
	want := replay.Summary{Peak: 90, PeakAt: at(2), FirstBelow5: at(2), RecoveredAbove95: at(5), MinutesBelow50: 2, LowestSuccess: 3,
		End: at(6), Kind: runKind, Nouns: nouns}
	if s != want {
		t.Errorf("got %+v\nwant %+v", s, want)
	}
	// The calls left waiting: 10 for a minute, then 30 for two, 20 at the end.
	tl.Series = append(tl.Series, data.Series{Name: SeriesAwaiting, Points: []data.Point{{T: at(0), V: 10}, {T: at(1), V: 30}, {T: at(3), V: 20}}})
	s, _ = Summarize(tl)
	if !s.Waiting || s.WaitingEnd != 20 || s.WaitingPeak != 30 || math.Abs(s.WaitingHours-70.0/60) > 1e-9 {
		t.Errorf("waiting: %v, end %g, peak %g, %g call-hours; want 20, 30, 70/60", s.Waiting, s.WaitingEnd, s.WaitingPeak, s.WaitingHours)
	}
	if _, ok := Summarize(&data.Timeline{}); ok {
		t.Error("ok without series")
	}
}

func TestWhatIf(t *testing.T) {
	tl := bundledTimeline(t)
	if err := replay.Prepare(tl); err != nil {
		t.Fatal(err)
	}
	orig, _ := Summarize(tl)
	before := append([]data.Series(nil), tl.Series...)

	hyp, err := whatIf(t, tl, map[string]string{"partitions": "32"})
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(tl.Series, before) {
		t.Error("WhatIf changed the original timeline")
	}
	if len(hyp.Series) != len(tl.Series) {
		t.Errorf("hypothetical has %d series, original %d", len(hyp.Series), len(tl.Series))
	}
	for i, s := range hyp.Series {
		if s.Provenance != data.Modelled {
			continue
		}
		if s.Name != tl.Series[i].Name {
			t.Errorf("series %d renamed %s → %s", i, tl.Series[i].Name, s.Name)
		}
		if !s.Hypothetical || s.Scenario != "partitions=32" {
			t.Errorf("%s: hypothetical %v, scenario %q", s.Name, s.Hypothetical, s.Scenario)
		}
		if !strings.HasPrefix(s.Label.EN, "Hypothetical") || !strings.HasPrefix(s.Label.KO, "가정") || !strings.HasPrefix(s.Note.EN, "Hypothetical") {
			t.Errorf("%s not marked hypothetical: %+v", s.Name, s.Label)
		}
	}
	h, _ := Summarize(hyp)
	if h.Peak > orig.Peak/1000 {
		t.Errorf("32 partitions: peak %.0f vs %.0f; want the mailboxes to stay small", h.Peak, orig.Peak)
	}
	if h.MinutesBelow50 != 0 {
		t.Errorf("32 partitions: %.1f minutes under 50%%", h.MinutesBelow50)
	}

	for _, tc := range []struct {
		set  map[string]string
		want func(s replay.Summary) bool
	}{
		{map[string]string{"instances": "30"}, func(s replay.Summary) bool { return s.Peak < orig.Peak/100 }},
		{map[string]string{"rate_limit_at": "12:13"}, func(s replay.Summary) bool { return s.Peak < orig.Peak/10 }},
		{map[string]string{"rate_limit_at": "never"}, func(s replay.Summary) bool { return s.MinutesBelow50 > orig.MinutesBelow50 }},
		{map[string]string{}, func(s replay.Summary) bool { return s == orig }},
	} {
		hyp, err := whatIf(t, tl, tc.set)
		if err != nil {
			t.Fatalf("%v: %v", tc.set, err)
		}
		if s, _ := Summarize(hyp); !tc.want(s) {
			t.Errorf("%v: summary %+v (original %+v)", tc.set, s, orig)
		}
	}
}

// TestWhatIfFewerInstances: the incident's per-instance series of instances
// a what-if does not have are dropped, and every series left is the run's.
func TestWhatIfFewerInstances(t *testing.T) {
	tl := bundledTimeline(t)
	if err := replay.Prepare(tl); err != nil {
		t.Fatal(err)
	}
	hyp, err := whatIf(t, tl, map[string]string{"instances": "10", "doubling": "off"})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, s := range hyp.Series {
		if s.Provenance == data.Modelled && !s.Hypothetical {
			t.Errorf("%s: the incident's series left in a what-if", s.Name)
		}
		if s.Group == replay.GroupInstance {
			n++
		}
		if s.Hypothetical && (!strings.Contains(s.Label.EN, "doubling=off, instances=10 · modelled") || !strings.Contains(s.Label.KO, "· 모델 계산")) {
			t.Errorf("%s: label %+v does not name the scenario", s.Name, s.Label)
		}
	}
	if n != 10 {
		t.Errorf("%d per-instance mailbox series, want 10", n)
	}
}

func TestWhatIfErrors(t *testing.T) {
	tl := bundledTimeline(t)
	for _, tc := range []struct {
		set  map[string]string
		want []string
	}{
		{map[string]string{"sample_s": "8"}, []string{`"sample_s"`, "partitions, instances, rate_limit, rate_limit_at, receive_cost, restart_1305 or doubling", "storm_share"}},
		{map[string]string{"storm_share": "1.5"}, []string{"storm_share", "0 to 1"}},
		{map[string]string{"cores": "1.5"}, []string{"cores", "1 to 64"}},
		{map[string]string{"retry_s": "lots"}, []string{`"lots"`, "a number"}},
		{map[string]string{"partitions": "0"}, []string{`partitions "0"`, "1 to 64"}},
		{map[string]string{"partitions": "lots"}, []string{`"lots"`, "1 to 64"}},
		{map[string]string{"instances": "65"}, []string{`instances "65"`, "1 to 64"}},
		{map[string]string{"rate_limit": "-5"}, []string{`"-5"`, "100 to 1000000"}},
		{map[string]string{"rate_limit_at": "25:00"}, []string{`"25:00"`, "HH:MM", "never"}},
		{map[string]string{"rate_limit_at": "09:00"}, []string{`"09:00"`, "between the model's start and end"}},
	} {
		_, err := whatIf(t, tl, tc.set)
		if err == nil {
			t.Errorf("%v: no error", tc.set)
			continue
		}
		for _, w := range tc.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%v: error %q does not say %q", tc.set, err, w)
			}
		}
	}
	if _, err := replay.Open(&data.Timeline{Incident: "IL-0271"}); !errors.Is(err, replay.ErrNoModel) {
		t.Errorf("no model: %v", err)
	}
}

func TestWhatIfParamSteps(t *testing.T) {
	m := testModel()
	sc, err := Open(bundledTimeline(t))
	if err != nil {
		t.Fatal(err)
	}
	params := map[string]whatIfParam{}
	for _, p := range whatIfParams {
		params[p.Name] = p
		if p.Help == "" || p.Accepts == "" {
			t.Errorf("%s: help %q, accepts %q", p.Name, p.Help, p.Accepts)
		}
	}
	for _, p := range sc.Params() {
		if !p.Label.Complete() || !p.Desc.Complete() || p.Value == "" {
			t.Errorf("%s: label %+v, desc %+v, value %q, basis %q", p.Name, p.Label, p.Desc, p.Value, p.Basis)
		}
	}
	for _, name := range []string{"receive_cost", "partitions", "instances", "rate_limit", "rate_limit_at", "restart_1305", "doubling"} {
		if _, ok := params[name]; !ok {
			t.Errorf("no what-if parameter %s", name)
		}
	}
	tests := []struct {
		name, from string
		delta      int
		want       string
	}{
		{"partitions", "1", 1, "2"},
		{"partitions", "2", 1, "4"},
		{"partitions", "3", 1, "4"},
		{"partitions", "3", -1, "2"},
		{"partitions", "32", 1, "64"},
		{"partitions", "64", 1, "64"},
		{"partitions", "1", -1, "1"},
		{"instances", "15", 1, "20"},
		{"instances", "15", -1, "10"},
		{"instances", "5", -1, "1"},
		{"instances", "1", 1, "5"},
		{"instances", "64", 1, "64"},
		{"rate_limit", "3500", 1, "4000"},
		{"rate_limit", "3500", -1, "3000"},
		{"receive_cost", "1", 1, "1.25"},
		{"receive_cost", "0", -1, "0"},
		{"doubling", "on", 1, "off"},
		{"restart_1305", "off", -1, "on"},
		{"rate_limit", "100", -1, "100"},
		{"rate_limit_at", "13:43", 1, "13:45"},
		{"rate_limit_at", "13:43", -1, "13:40"},
		{"rate_limit_at", "13:40", -1, "13:35"},
		{"rate_limit_at", "15:45", 1, "never"},
		{"rate_limit_at", "never", -1, "15:45"},
		{"rate_limit_at", "never", 1, "never"},
		{"rate_limit_at", "12:00", -1, "12:00"},
		{"partitions", "bogus", 1, "bogus"},
	}
	for _, tc := range tests {
		if got := sc.Step(tc.name, tc.from, tc.delta); got != tc.want {
			t.Errorf("%s: step %q by %d = %q, want %q", tc.name, tc.from, tc.delta, got, tc.want)
		}
	}
	for name, p := range params {
		v := p.get(m)
		mm := m
		if err := p.apply(&mm, v); err != nil || p.get(mm) != v {
			t.Errorf("%s: value %q does not round-trip (%v)", name, v, err)
		}
	}
}

func FuzzParseModel(f *testing.F) {
	raw, err := json.Marshal(json.RawMessage(bundledTimeline(f).Model))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(raw)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"start":"2026-03-25T12:00:00-07:00","end":"2026-03-25T12:01:00-07:00","params":{}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		m, err := ParseModel(b)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "model: ") {
				t.Errorf("error %q does not start with model:", err)
			}
			return
		}
		if m.End.Sub(m.Start) > 2*time.Hour {
			return // keep each run short
		}
		if _, err := m.Run(); err != nil && !strings.HasPrefix(err.Error(), "model: ") {
			t.Errorf("Run: %v", err)
		}
	})
}

// TestWhatIfNamesMatchBasis: a what-if parameter that is a model file's
// parameter has one name: Basis reports it under the key --set takes
// (receive_cost, not the file's scan_ms_per_100k), with the same note.
func TestWhatIfNamesMatchBasis(t *testing.T) {
	sc, err := replay.Open(bundledTimeline(t))
	if err != nil {
		t.Fatal(err)
	}
	basis := map[string]replay.Basis{}
	for _, b := range sc.Basis() {
		basis[b.Name] = b
	}
	if _, ok := basis["scan_ms_per_100k"]; ok {
		t.Error("Basis still names scan_ms_per_100k")
	}
	for _, p := range sc.Params() {
		b, ok := basis[p.Name]
		if p.Name == "receive_cost" && (!ok || b.Unit != "ms per 100k queued" || b.Note != p.Note || b.Value != "1") {
			t.Errorf("receive_cost: basis %+v (found %v), param note %v", b, ok, p.Note)
		}
	}
}
