package hostile

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// timeline returns a small valid timeline for incident id, changed by edit.
func timeline(id string, edit func(R)) []byte {
	t := R{
		"incident": id, "zone": "UTC",
		"start": "2024-01-02T10:00:00Z", "end": "2024-01-02T12:00:00Z",
		"stages": []R{{"id": "s1", "title": "Stage one"}, {"id": "s2", "title": R{"en": "Stage two", "ko": "2단계"}}},
		"events": []R{
			{"at": "2024-01-02T10:00:00Z", "stage": "s1", "kind": "trigger", "actor": "Someone", "title": "It starts", "annotation": "Why it matters."},
			{"at": "2024-01-02T11:00:00Z", "stage": "s2", "kind": "action", "outcome": "worked", "actor": "Team", "title": "A fix", "annotation": ""},
			{"at": "2024-01-02T12:00:00Z", "stage": "s2", "kind": "recovery", "actor": "Team", "title": "Back", "annotation": ""},
		},
		"series": []R{{"name": "errors", "unit": "%", "label": "Errors", "provenance": "illustrative",
			"points": []R{{"t": "2024-01-02T10:00:00Z", "v": 0}, {"t": "2024-01-02T11:00:00Z", "v": 50}, {"t": "2024-01-02T12:00:00Z", "v": 0}}}},
	}
	if edit != nil {
		edit(t)
	}
	b, err := json.Marshal(t)
	if err != nil {
		panic(err)
	}
	return b
}

func timelines() []Case {
	c := func(name string, loads bool, edit func(R)) Case {
		k := Case{Class: "timeline", Name: name, Files: []File{
			file("r.json", record("HX-1001", nil)), file("t.json", timeline("HX-1001", edit)),
		}, Good: []string{"HX-1001"}, Show: []string{"HX-1001"}}
		if loads {
			k.Timelines = []string{"HX-1001"}
		}
		return k
	}
	events := func(t R) []R { return t["events"].([]R) }
	var cs []Case
	for i, d := range Dangerous {
		cs = append(cs, c(fmt.Sprintf("escapes %d", i), true, func(t R) {
			t["zone"] = d
			t["stages"].([]R)[0]["title"] = "Stage " + d
			for _, e := range events(t) {
				e["title"], e["annotation"], e["actor"] = "Title "+d, Paragraphs(d), d
			}
			s := t["series"].([]R)[0]
			s["label"], s["unit"], s["note"], s["group"] = d, d, Paragraphs(d), ""
			t["sources"] = []R{{"url": "https://example.com/\n" + Forged, "kind": d}}
		}))
	}
	cs = append(cs,
		c("10k events", true, func(t R) {
			ev := make([]R, 10000)
			for i := range ev {
				ev[i] = R{"at": "2024-01-02T11:00:00Z", "stage": "s1", "kind": "note", "title": fmt.Sprintf("Event %d", i)}
			}
			t["events"] = ev
		}),
		c("20k points", true, func(t R) {
			pts := make([]R, 20000)
			for i := range pts {
				pts[i] = R{"t": "2024-01-02T11:00:00Z", "v": float64(i%1000) * 1e300}
			}
			t["series"].([]R)[0]["points"] = pts
		}),
		c("extreme values", true, func(t R) {
			t["series"].([]R)[0]["points"] = []R{{"t": "2024-01-02T10:00:00Z", "v": 1.7976931348623157e308}, {"t": "2024-01-02T10:30:00Z", "v": -1.7976931348623157e308}, {"t": "2024-01-02T11:00:00Z", "v": 5e-324}}
		}),
		c("all values equal", true, func(t R) {
			t["series"].([]R)[0]["points"] = []R{{"t": "2024-01-02T10:00:00Z", "v": 7}, {"t": "2024-01-02T12:00:00Z", "v": 7}}
		}),
		c("no points", true, func(t R) { t["series"].([]R)[0]["points"] = []R{} }),
		c("one nanosecond span", true, func(t R) {
			t["start"], t["end"] = "2024-01-02T10:00:00Z", "2024-01-02T10:00:00.000000001Z"
			t["events"] = []R{{"at": "2024-01-02T10:00:00Z", "stage": "s1", "kind": "note", "title": "Only"}}
			t["series"] = []R{}
		}),
		c("offsets at the limits", true, func(t R) {
			t["start"], t["end"] = "2024-01-02T10:00:00+23:59", "2024-01-02T12:00:00-23:59"
			t["events"] = []R{{"at": "2024-01-02T10:00:00+23:59", "stage": "s1", "kind": "note", "title": "Far east"}, {"at": "2024-01-02T12:00:00-23:59", "stage": "s1", "kind": "note", "title": "Far west"}}
			t["series"] = []R{}
		}),
		c("a leap second", false, func(t R) { events(t)[0]["at"] = "2024-01-02T23:59:60Z" }),
		c("no offset", false, func(t R) { events(t)[0]["at"] = "2024-01-02T10:00:00" }),
		c("events out of order", false, func(t R) { events(t)[0]["at"] = "2024-01-02T11:30:00Z" }),
		c("end before start", false, func(t R) { t["end"] = "2023-01-01T00:00:00Z" }),
		c("unknown stage and kind", false, func(t R) { events(t)[0]["stage"], events(t)[0]["kind"] = "\x1b[31m", "\n"+Forged }),
		c("null everything", false, func(t R) {
			for k := range t {
				if k != "incident" {
					t[k] = nil
				}
			}
		}),
		c("events null", false, func(t R) { t["events"] = []any{nil, nil} }),
		c("NaN as text", false, func(t R) { t["series"].([]R)[0]["points"] = []R{{"t": "2024-01-02T10:00:00Z", "v": "NaN"}} }),
		c("duplicate stages", false, func(t R) {
			t["stages"] = []R{{"id": "s1", "title": "a"}, {"id": "s1", "title": "b"}, {"id": "s2", "title": "c"}}
		}),
		Case{Class: "timeline", Name: "no record", Files: []File{file("t.json", timeline("HX-1099", nil)), file("g.json", good("HX-1098"))}, Good: []string{"HX-1098"}},
		Case{Class: "timeline", Name: "replaces a bundled timeline", Files: []File{file("t.json", timeline("IX-0001", func(t R) {
			events(t)[0]["title"] = strings.Join(Dangerous, " ")
		}))}, Good: []string{"IX-0001"}, Timelines: []string{"IX-0001"}},
	)
	return cs
}

// bundledModelTimeline returns IL-0499's bundled timeline, decoded.
func bundledModelTimeline() map[string]any {
	b, err := fs.ReadFile(data.Bundled(), "timelines/IL-0499.json")
	if err != nil {
		panic(err)
	}
	var t map[string]any
	if err := json.Unmarshal(b, &t); err != nil {
		panic(err)
	}
	return t
}

// modelCase returns IL-0499's timeline with its model changed by edit.
func modelCase(name string, edit func(t, model, params map[string]any)) Case {
	t := bundledModelTimeline()
	m := t["model"].(map[string]any)
	edit(t, m, m["params"].(map[string]any))
	b, err := json.Marshal(t)
	if err != nil {
		panic(err)
	}
	return Case{Class: "model", Name: name, Files: []File{file("il-0499.json", b)}, Good: []string{"IL-0499"}}
}

func setParam(params map[string]any, name string, v any) {
	params[name].(map[string]any)["value"] = v
}

// heavyModel is the model that passed validate and took 79 s to run: 48
// hours at one-second steps, 64 instances and partitions, 1,000 actions each
// adding instances.
func heavyModel() []byte {
	c := modelCase("heavy", func(t, m, p map[string]any) {
		end := "2026-03-27T12:00:00-07:00"
		t["end"], m["end"] = end, end
		for name, v := range map[string]any{"instances": 64, "partitions": 64, "sample_s": 1, "instance_sample_s": 1} {
			setParam(p, name, v)
		}
		start := time.Date(2026, 3, 25, 12, 1, 0, 0, time.FixedZone("PDT", -7*3600))
		acts := make([]any, 1000)
		for i := range acts {
			at := start.Add(time.Duration(i) * 2 * time.Minute).Format(time.RFC3339)
			acts[i] = map[string]any{"at": at, "do": "add_instances", "count": 64,
				"note": map[string]any{"en": "More", "ko": "추가"}}
		}
		m["actions"] = acts
	})
	return c.Files[0].Data
}

func models() []Case {
	var cs []Case
	bad := []any{nil, "NaN", raw("1e400"), -1e308, 65, "12:00", map[string]any{}, raw(strings.Repeat("9", 400))}
	for _, name := range []string{"instances", "partitions", "spawn_base_ms", "sample_s", "calls", "storm_at", "rate_limit_at", "restart_from", "weights", "storm_share"} {
		for i, v := range bad {
			cs = append(cs, modelCase(fmt.Sprintf("%s = %.20v (%d)", name, v, i), func(t, m, p map[string]any) { setParam(p, name, v) }))
		}
	}
	cs = append(cs,
		modelCase("model null", func(t, m, p map[string]any) { t["model"] = nil }),
		modelCase("model a string", func(t, m, p map[string]any) { t["model"] = "\x1b[31m" }),
		modelCase("model an array", func(t, m, p map[string]any) { t["model"] = []any{} }),
		modelCase("params null", func(t, m, p map[string]any) { m["params"] = nil }),
		modelCase("unknown parameter", func(t, m, p map[string]any) { p["\x1b[31mevil\n"+Forged] = map[string]any{"value": 1} }),
		modelCase("1001 actions", func(t, m, p map[string]any) { m["actions"] = make([]any, 1001) }),
		modelCase("actions out of order", func(t, m, p map[string]any) {
			acts := m["actions"].([]any)
			acts[0], acts[len(acts)-1] = acts[len(acts)-1], acts[0]
		}),
		modelCase("bad instance names", func(t, m, p map[string]any) {
			m["actions"] = []any{map[string]any{"at": "12:30", "do": "restart_instance", "instance": "\n" + Forged}}
			setParam(p, "restart_from", []any{"1-" + strings.Repeat("9", 30)})
		}),
		modelCase("weights at limits", func(t, m, p map[string]any) {
			setParam(p, "weights", map[string]any{"2-12": 100, "2-1": 1e-300, "99-99": 50})
		}).withTimeline(),
		modelCase("one-second sampling over the incident", func(t, m, p map[string]any) {
			setParam(p, "sample_s", 1)
			setParam(p, "instance_sample_s", 1)
		}).withTimeline(),
		modelCase("span of 48 hours", func(t, m, p map[string]any) {
			end := "2026-03-27T12:00:00-07:00"
			t["end"], m["end"] = end, end
		}).withTimeline(),
	)
	return cs
}

// withTimeline makes the test run the timeline command on the case's
// timelines too.
func (c Case) withTimeline() Case {
	c.Timelines = c.Good
	return c
}
