package data

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

const goodTimeline = `{
  "incident": "T-1",
  "zone": "PDT",
  "start": "2026-03-25T12:00:00-07:00",
  "end": "2026-03-25T15:30:00-07:00",
  "stages": [
    {"id": "trigger", "title": {"en": "Trigger", "ko": "발단"}},
    {"id": "fix", "title": {"en": "Fix", "ko": "복구"}}
  ],
  "events": [
    {"at": "2026-03-25T12:13:00-07:00", "stage": "trigger", "kind": "trigger", "title": {"en": "Deploy", "ko": "배포"}},
    {"at": "2026-03-25T12:43:00-07:00", "stage": "fix", "kind": "action", "outcome": "failed", "title": {"en": "Restart"},
     "prompt": {"en": "Errors climb after the deploy. What now?", "ko": "배포 뒤 오류가 늘어납니다. 무엇을 하겠습니까?"}},
    {"at": "2026-03-25T20:26:00Z", "stage": "fix", "kind": "recovery", "outcome": "worked", "title": {"ko": "회복"}}
  ],
  "series": [
    {"name": "success", "unit": "%", "label": {"en": "Success"}, "provenance": "reported",
     "points": [{"t": "2026-03-25T12:00:00-07:00", "v": 99.5}, {"t": "2026-03-25T13:00:00-07:00", "v": 20}]}
  ],
  "model": {"spawn_ms": 1, "note": "\u001b[31mred"}
}`

const goodRecord = `{"id":"T-1","date":"2026-03-25","title":"t"}`

// patchTimeline returns goodTimeline changed by edit.
func patchTimeline(t *testing.T, edit func(m map[string]any)) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(goodTimeline), &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func at(m map[string]any, path ...any) map[string]any {
	var v any = m
	for _, p := range path {
		switch p := p.(type) {
		case string:
			v = v.(map[string]any)[p]
		case int:
			v = v.([]any)[p]
		}
	}
	return v.(map[string]any)
}

func TestTimeline(t *testing.T) {
	lib, err := loadMap(map[string]string{"r.json": goodRecord, "tl.json": goodTimeline})
	if err != nil {
		t.Fatal(err)
	}
	tl, ok := lib.Timeline("t-1")
	if !ok {
		t.Fatal("no timeline")
	}
	if len(tl.Events) != 3 || len(tl.Stages) != 2 || len(tl.Series[0].Points) != 2 || tl.Origin != "tl.json" {
		t.Fatalf("timeline %+v", tl)
	}
	if got := tl.Events[2].At.In(tl.Location()).Format("15:04 MST"); got != "13:26 PDT" {
		t.Errorf("last event at %s", got)
	}
	if tl.Duration() != 210*time.Minute || tl.Series[0].Points[0].V != 99.5 {
		t.Errorf("duration %v, first point %v", tl.Duration(), tl.Series[0].Points[0])
	}
	if strings.Contains(string(tl.Model), `\u001b`) || !strings.Contains(string(tl.Model), `"spawn_ms":1`) {
		t.Errorf("model not sanitised: %s", tl.Model)
	}
}

func TestTimelineBad(t *testing.T) {
	tests := []struct {
		name string
		edit func(m map[string]any)
		want []string
	}{
		{"no incident", func(m map[string]any) { delete(m, "incident") }, []string{
			"tl.json: incident: missing",
		}},
		{"no zone", func(m map[string]any) { m["zone"] = "" }, []string{
			"tl.json: timeline T-1: zone: missing",
		}},
		{"time without offset", func(m map[string]any) { at(m, "events", 1)["at"] = "2026-03-25T12:43:00" }, []string{
			`tl.json: timeline T-1: events[1].at: invalid time "2026-03-25T12:43:00" (want RFC 3339 with an offset, such as 2026-03-25T12:13:00-07:00)`,
		}},
		{"bad start", func(m map[string]any) { m["start"] = "12:00" }, []string{
			`tl.json: timeline T-1: start: invalid time "12:00" (want RFC 3339 with an offset, such as 2026-03-25T12:13:00-07:00)`,
		}},
		{"end before start", func(m map[string]any) { m["end"] = "2026-03-25T11:00:00-07:00" }, []string{
			"tl.json: timeline T-1: end: 2026-03-25T11:00:00-07:00 is not after start 2026-03-25T12:00:00-07:00",
		}},
		{"events out of order", func(m map[string]any) { at(m, "events", 1)["at"] = "2026-03-25T12:10:00-07:00" }, []string{
			"tl.json: timeline T-1: events[1].at: 2026-03-25T12:10:00-07:00 is before the previous event",
		}},
		{"event outside the span", func(m map[string]any) { at(m, "events", 2)["at"] = "2026-03-25T16:00:00-07:00" }, []string{
			"tl.json: timeline T-1: events[2].at: 2026-03-25T16:00:00-07:00 is outside the timeline's span 2026-03-25T12:00:00-07:00 to 2026-03-25T15:30:00-07:00",
		}},
		{"unknown stage", func(m map[string]any) { at(m, "events", 0)["stage"] = "nope" }, []string{
			`tl.json: timeline T-1: events[0].stage: unknown stage "nope"`,
		}},
		{"duplicate and empty stage ids", func(m map[string]any) {
			at(m, "stages", 1)["id"] = "trigger"
			m["stages"] = append(m["stages"].([]any), map[string]any{"id": "", "title": "x"})
		}, []string{
			`tl.json: timeline T-1: events[1].stage: unknown stage "fix"`,
			`tl.json: timeline T-1: events[2].stage: unknown stage "fix"`,
			`tl.json: timeline T-1: stages[1].id: duplicate stage "trigger"`,
			"tl.json: timeline T-1: stages[2].id: missing",
		}},
		{"stage without title", func(m map[string]any) { delete(at(m, "stages", 0), "title") }, []string{
			"tl.json: timeline T-1: stages[0].title: missing in both languages",
		}},
		{"bad kind and outcome", func(m map[string]any) {
			at(m, "events", 0)["kind"] = "boom"
			at(m, "events", 0)["outcome"] = "meh"
		}, []string{
			`tl.json: timeline T-1: events[0].kind: invalid kind "boom" (want trigger, symptom, detection, action, recovery or note)`,
			`tl.json: timeline T-1: events[0].outcome: invalid outcome "meh" (want worked, failed, partly or none)`,
		}},
		{"event without title", func(m map[string]any) { at(m, "events", 1)["title"] = map[string]any{"en": "", "ko": ""} }, []string{
			"tl.json: timeline T-1: events[1].title: missing in both languages",
		}},
		{"prompt on an event never asked about", func(m map[string]any) {
			at(m, "events", 0)["prompt"] = map[string]any{"en": "Why?", "ko": "왜일까요?"}
		}, []string{
			`tl.json: timeline T-1: events[0].prompt: never asked: study mode asks only before actions with an outcome (kind "trigger", outcome "")`,
		}},
		{"no events", func(m map[string]any) { m["events"] = []any{} }, []string{
			"tl.json: timeline T-1: events: no events",
		}},
		{"bad provenance", func(m map[string]any) { at(m, "series", 0)["provenance"] = "measured" }, []string{
			`tl.json: timeline T-1: series[0].provenance: invalid provenance "measured" (want reported, modelled or illustrative)`,
		}},
		{"series point outside the span and missing value", func(m map[string]any) {
			at(m, "series", 0, "points", 1)["t"] = "2026-03-26T13:00:00-07:00"
			at(m, "series", 0, "points", 0)["v"] = nil
		}, []string{
			"tl.json: timeline T-1: series[0].points[0].v: missing",
			"tl.json: timeline T-1: series[0].points[1].t: 2026-03-26T13:00:00-07:00 is outside the timeline's span 2026-03-25T12:00:00-07:00 to 2026-03-25T15:30:00-07:00",
		}},
		{"series without a name", func(m map[string]any) { at(m, "series", 0)["name"] = " " }, []string{
			"tl.json: timeline T-1: series[0].name: missing",
		}},
		{"timeline of an unknown incident", func(m map[string]any) { m["incident"] = "T-2" }, []string{
			`tl.json: timeline T-2: incident: no record with id "T-2"`,
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tl := patchTimeline(t, tc.edit)
			lib, err := loadMap(map[string]string{"r.json": goodRecord, "tl.json": tl})
			if got := atValues(t, errLines(err), "tl.json", tl); !slices.Equal(got, tc.want) {
				t.Errorf("errors:\n got %q\nwant %q", got, tc.want)
			}
			if len(lib.Timelines) != 0 {
				t.Error("a bad timeline was loaded")
			}
			if _, err := lib.Record("T-1"); err != nil {
				t.Error("the incident of a bad timeline did not load")
			}
		})
	}
}

// posRE is the position of a problem that names the field of a record or
// timeline.
var posRE = regexp.MustCompile(`^([^:]+):(\d+):(\d+): `)

// atValues checks that each problem about a field of file (whose JSON is
// src) has a position, at the start of a JSON value (the field's, or the
// object's that lacks it), and returns the problems without it.
func atValues(t *testing.T, lines []string, file, src string) []string {
	t.Helper()
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = l
		m := posRE.FindStringSubmatch(l)
		if m == nil || m[1] != file {
			if strings.HasPrefix(l, file+": ") {
				t.Errorf("%s: no line and column", l)
			}
			continue
		}
		line, _ := strconv.Atoi(m[2])
		col, _ := strconv.Atoi(m[3])
		rows := strings.Split(src, "\n")
		if line > len(rows) || col > utf8.RuneCountInString(rows[line-1]) {
			t.Errorf("%s: position outside the file", l)
			continue
		}
		if c := []rune(rows[line-1])[col-1]; !strings.ContainsRune(`"{[-0123456789ntf`, c) {
			t.Errorf("%s: position at %q, not at a value", l, c)
		}
		out[i] = file + ": " + l[len(m[0]):]
	}
	return out
}

func TestTimelineDecodeErrors(t *testing.T) {
	tests := []struct {
		name, tl string
		want     []string
	}{
		{"number where a time belongs", strings.Replace(goodTimeline, `"2026-03-25T12:43:00-07:00"`, `5`, 1), []string{
			"tl.json:12:12: timeline T-1: events[1].at: got number, want string",
		}},
		{"every value of the wrong type, then every other problem", `{"incident":"T-1","zone":7,"events":[{"at":"x"},{"at":5},
 {"at":"2026-03-25T12:00:00-07:00","kind":true,"stage":[]}]}`, []string{
			"tl.json:1:1: timeline T-1: start: missing",
			"tl.json:1:1: timeline T-1: end: missing",
			"tl.json:1:26: timeline T-1: zone: got number, want string",
			"tl.json:1:38: timeline T-1: events[0].stage: unknown stage \"\"",
			"tl.json:1:38: timeline T-1: events[0].kind: invalid kind \"\" (want trigger, symptom, detection, action, recovery or note)",
			"tl.json:1:38: timeline T-1: events[0].title: missing in both languages",
			"tl.json:1:44: timeline T-1: events[0].at: invalid time \"x\" (want RFC 3339 with an offset, such as 2026-03-25T12:13:00-07:00)",
			"tl.json:1:49: timeline T-1: events[1].stage: unknown stage \"\"",
			"tl.json:1:49: timeline T-1: events[1].kind: invalid kind \"\" (want trigger, symptom, detection, action, recovery or note)",
			"tl.json:1:49: timeline T-1: events[1].title: missing in both languages",
			"tl.json:1:55: timeline T-1: events[1].at: got number, want string",
			"tl.json:2:2: timeline T-1: events[2].title: missing in both languages",
			"tl.json:2:43: timeline T-1: events[2].kind: got bool, want string",
			"tl.json:2:56: timeline T-1: events[2].stage: got array, want string",
		}},
		{"truncated", `{"incident":"T-1","events":[`, []string{
			"tl.json:1:29: unexpected end of JSON input",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := loadMap(map[string]string{"r.json": goodRecord, "tl.json": tc.tl})
			if got := errLines(err); !slices.Equal(got, tc.want) {
				t.Errorf("errors:\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestTimelineReplacesBundled(t *testing.T) {
	dir := t.TempDir()
	tl := strings.NewReplacer(`"T-1"`, `"il-0499"`).Replace(goodTimeline)
	p := filepath.Join(dir, "IL-0499.json")
	if err := os.WriteFile(p, []byte(tl), 0o644); err != nil {
		t.Fatal(err)
	}
	lib, err := Load(Options{Paths: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	got, ok := lib.Timeline("IL-0499")
	if !ok || got.Origin != p || got.Incident != "IL-0499" {
		t.Fatalf("timeline %+v", got)
	}
	want := []string{p + ": timeline IL-0499 replaces the bundled timeline"}
	if !slices.Equal(lib.Notices, want) {
		t.Errorf("notices %q, want %q", lib.Notices, want)
	}
}

func TestValidate(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"tl/IL-0499.json":   strings.ReplaceAll(goodTimeline, `"T-1"`, `"IL-0499"`),
		"tl/T-1.json":       goodTimeline,
		"records/a.jsonl":   goodRecord + "\n" + `{"id":"T-2","date":"2026-02-30","title":"t"}`,
		"records/dup.json":  goodRecord,
		"records/notes.txt": "not data",
		"testdata/bad.json": "{",
	}
	for name, s := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	err := Validate([]string{dir}, nil)
	want := []string{
		filepath.Join(dir, "records/a.jsonl") + `:2:20: record T-2: date: invalid date "2026-02-30" (want YYYY-MM-DD)`,
		filepath.Join(dir, "records/dup.json") + ":1:1: record T-1: duplicate id (first in " + filepath.Join(dir, "records/a.jsonl") + ":1:1)",
	}
	if got := errLines(err); !slices.Equal(got, want) {
		t.Errorf("errors:\n got %q\nwant %q", got, want)
	}
	if err := Validate([]string{filepath.Join(dir, "tl", "IL-0499.json")}, nil); err != nil {
		t.Errorf("a timeline of a bundled incident: %v", err)
	}
	if err := Validate([]string{filepath.Join(dir, "tl", "T-1.json")}, nil); err == nil {
		t.Error("a timeline of an unknown incident passed")
	}
}

// TestValidateBundle is what `incidents validate data/` runs: the bundle
// has no problem at all, every study stop's prompt included.
func TestValidateBundle(t *testing.T) {
	if lines := errLines(Validate([]string{"."}, nil)); len(lines) > 0 {
		t.Errorf("validate data/:\n%s", strings.Join(lines, "\n"))
	}
}
