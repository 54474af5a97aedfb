package data

import (
	"encoding/json"
	"errors"
	"math"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzLoadTimeline builds timelines from fuzzed times, kinds, texts and
// values and loads them beside their record. Loading never panics; a
// timeline that loads has its events in order inside its span, known
// kinds and stages, finite values and sanitised one-line ids; every
// problem is a *Error naming the file and the timeline or a position.
func FuzzLoadTimeline(f *testing.F) {
	f.Add("2026-03-25T12:00:00-07:00", "2026-03-25T13:00:00-07:00", "2026-03-25T12:30:00-07:00", "action", "worked", "s1", "A title", "PDT", 1.5, 3)
	f.Add("0001-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "5000-01-01T00:00:00Z", "note", "", "s1", "\x1b[31m", "\n", 1e308, 0)
	f.Add("2026-03-25T12:00:00+23:59", "2026-03-25T12:00:00-23:59", "2026-03-25T23:59:60Z", "bogus", "partly", "\u202e", "\u2028", "", math.Copysign(0, -1), 1000)
	f.Add("", "x", "2026-03-25T12:00:00.999999999Z", "", "failed", "", "", "UTC", 0.0, -1)
	f.Add("2026-03-25T12:00:00-07:00", "2026-03-25T13:00:00-07:00", "2026-03-25T12:30:00-07:00", "detected", "", "s1", "Alert", "PDT", 2.0, 1)
	f.Fuzz(func(t *testing.T, start, end, at, kind, outcome, stage, title, zone string, v float64, n int) {
		n = min(max(n, 0), 50)
		events := make([]map[string]any, 0, n+1)
		for i := 0; i <= n; i++ {
			events = append(events, map[string]any{"at": at, "stage": stage, "kind": kind, "outcome": outcome, "title": title, "actor": title, "annotation": title,
				"placed": i%2 == 0, "rhymes": []map[string]any{{"incident": "X-" + stage, "at": at, "why": map[string]string{"en": title, "ko": title}}}})
		}
		mkind := kind // milestones of the fuzzed kind, or impact_start
		if _, err := ParseMilestoneKind(kind); err != nil {
			mkind = "impact_start"
		}
		tf := map[string]any{
			"incident": "T-1", "zone": zone, "start": start, "end": end,
			"stages": []map[string]any{{"id": stage, "title": title}, {"id": "s1", "title": "Stage"}},
			"events": events,
			"milestones": []map[string]any{{"kind": mkind, "at": at, "basis": map[string]string{"en": title, "ko": title}},
				{"kind": "resolved", "at": end, "basis": map[string]string{"en": title, "ko": zone}}},
			"series": []map[string]any{{"name": "m", "unit": zone, "label": title, "provenance": "illustrative",
				"points": []map[string]any{{"t": at, "v": v}, {"t": start, "v": v}}}},
		}
		b, err := json.Marshal(tf)
		if err != nil {
			return // NaN or an infinity: encoding/json cannot write them
		}
		lib, lerr := loadMap(map[string]string{"r.json": goodRecord, "t.json": string(b)})
		for _, e := range unjoin(lerr) {
			var de *Error
			if !errors.As(e, &de) {
				t.Fatalf("error %q is not a *data.Error", e)
			}
			if de.Path != "t.json" {
				t.Fatalf("error %q is not about t.json", e)
			}
			if de.Line == 0 && de.Kind != "timeline" {
				t.Fatalf("error %q names neither a position nor the timeline", e)
			}
			if msg := e.Error(); strings.ContainsAny(msg, "\n\r\x1b\u2028\u2029\u202e") || !utf8.ValidString(msg) {
				t.Fatalf("error on more than one line or unsafe: %q", msg)
			}
		}
		tl := lib.Timelines["T-1"]
		if tl == nil {
			if lerr == nil {
				t.Fatal("no timeline and no error")
			}
			return
		}
		if lerr != nil {
			t.Fatalf("timeline loaded with errors: %v", lerr)
		}
		if !tl.End.After(tl.Start) {
			t.Fatalf("span %v to %v", tl.Start, tl.End)
		}
		for i, m := range tl.Milestones {
			if !m.Kind.Valid() || m.At.Before(tl.Start) || m.At.After(tl.End) || (i > 0 && (m.At.Before(tl.Milestones[i-1].At) || m.Kind <= tl.Milestones[i-1].Kind)) {
				t.Fatalf("milestone %d %v at %v out of span, order or kind", i, m.Kind, m.At)
			}
			if m.Basis.EN != Sanitize(m.Basis.EN) || m.Basis.KO != Sanitize(m.Basis.KO) {
				t.Fatalf("basis %+v not sanitised", m.Basis)
			}
		}
		for i, e := range tl.Events {
			for _, r := range e.Rhymes {
				if r.Incident != Sanitize(r.Incident) || strings.EqualFold(r.Incident, tl.Incident) || r.Why.EN != Sanitize(r.Why.EN) {
					t.Fatalf("event %d: rhyme %+v", i, r)
				}
			}
			if e.At.Before(tl.Start) || e.At.After(tl.End) || (i > 0 && e.At.Before(tl.Events[i-1].At)) {
				t.Fatalf("event %d at %v out of span or order", i, e.At)
			}
			if !e.Kind.Valid() || !e.Outcome.Valid() || tl.StageIndex(e.Stage) < 0 {
				t.Fatalf("event %d: kind %q outcome %q stage %q", i, e.Kind, e.Outcome, e.Stage)
			}
			for _, s := range []string{e.Stage, tl.Zone, tl.Incident} {
				if s != Sanitize(s) || strings.ContainsAny(s, "\n\t\u2028\u2029") {
					t.Fatalf("one-line value %q is not sanitised to one line", s)
				}
			}
			if e.Title.EN != Sanitize(e.Title.EN) || strings.Contains(e.Title.EN, "\n") {
				t.Fatalf("title %q is not sanitised to one line", e.Title.EN)
			}
		}
	})
}
