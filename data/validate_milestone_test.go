package data

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// msRecordA and msRecordB are two records whose timelines rhyme; A's
// durations agree with its timeline's milestones.
const (
	msRecordA = `{"id":"M-1","date":"2026-03-25","title":"a","timeline":{"detected_after":"15m","resolved_after":"1h 30m"}}`
	msRecordB = `{"id":"M-2","date":"2025-01-02","title":"b"}`
)

// msTimeline is M-1's timeline with every addition: four milestones, a
// placed event and a rhyme to M-2's 09:10 UTC event.
const msTimeline = `{
  "incident": "M-1", "zone": "PDT",
  "start": "2026-03-25T12:00:00-07:00", "end": "2026-03-25T14:00:00-07:00",
  "stages": [{"id": "s", "title": {"en": "All", "ko": "전체"}}],
  "milestones": [
    {"kind": "impact_start", "at": "2026-03-25T12:05:00-07:00", "basis": {"en": "First errors.", "ko": "첫 오류."}},
    {"kind": "detected", "at": "2026-03-25T12:20:00-07:00", "basis": {"en": "First alert.", "ko": "첫 경보."}},
    {"kind": "mitigated", "at": "2026-03-25T13:00:00-07:00", "basis": {"en": "Traffic drained.", "ko": "트래픽을 뺐습니다."}},
    {"kind": "resolved", "at": "2026-03-25T13:35:00-07:00", "basis": {"en": "All clear.", "ko": "복구 선언."}}
  ],
  "events": [
    {"at": "2026-03-25T12:05:00-07:00", "stage": "s", "kind": "trigger", "title": {"en": "Deploy", "ko": "배포"}},
    {"at": "2026-03-25T12:30:00-07:00", "stage": "s", "kind": "action", "outcome": "failed", "placed": true,
     "title": {"en": "Restart", "ko": "재시작"},
     "prompt": {"en": "Errors climb. What now?", "ko": "오류가 늘어납니다. 무엇을 하겠습니까?"},
     "rhymes": [{"incident": "M-2", "at": "2025-01-02T09:10:00Z",
                 "why": {"en": "A restart \u001b[31minto a herd.", "ko": "요청 폭주 속 재시작."}}]}
  ]
}`

const msTimelineB = `{
  "incident": "M-2", "zone": "UTC",
  "start": "2025-01-02T09:00:00Z", "end": "2025-01-02T10:00:00Z",
  "stages": [{"id": "s", "title": "All"}],
  "events": [{"at": "2025-01-02T09:10:00Z", "stage": "s", "kind": "note", "title": "Restart"}]
}`

// loadChecked loads files as Load does, with the checks across files;
// prompts adds Validate's.
func loadChecked(files map[string]string, prompts bool) (*Library, error) {
	fsys := fstest.MapFS{}
	for name, s := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(s)}
	}
	ld := &loader{}
	ld.addFS(fsys, ".", "", false, false)
	lib := ld.run(nil)
	ld.crossCheck(lib, nil, prompts)
	return lib, ld.err()
}

// patchMS returns msTimeline changed by edit.
func patchMS(t *testing.T, edit func(m map[string]any)) string {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(msTimeline), &m); err != nil {
		t.Fatal(err)
	}
	edit(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func msFiles(tl string) map[string]string {
	return map[string]string{"a.json": msRecordA, "b.json": msRecordB, "tl.json": tl, "tlb.json": msTimelineB}
}

func TestMilestonesLoad(t *testing.T) {
	lib, err := loadChecked(msFiles(msTimeline), true)
	if err != nil {
		t.Fatal(err)
	}
	tl, _ := lib.Timeline("M-1")
	if len(tl.Milestones) != 4 {
		t.Fatalf("milestones %+v", tl.Milestones)
	}
	for i, k := range MilestoneKinds {
		if tl.Milestones[i].Kind != k {
			t.Errorf("milestone %d is %v, want %v", i, tl.Milestones[i].Kind, k)
		}
	}
	want := map[MilestoneKind]time.Duration{MilestoneDetected: 15 * time.Minute, MilestoneMitigated: 55 * time.Minute, MilestoneResolved: 90 * time.Minute}
	for k, d := range want {
		if got, ok := tl.Interval(k); !ok || got != d {
			t.Errorf("interval to %v = %v, %v; want %v", k, got, ok, d)
		}
	}
	e := tl.Events[1]
	if !e.Placed || tl.Events[0].Placed {
		t.Errorf("placed: %v, %v", tl.Events[0].Placed, e.Placed)
	}
	if len(e.Rhymes) != 1 || e.Rhymes[0].Incident != "M-2" || !e.Rhymes[0].At.Equal(time.Date(2025, 1, 2, 9, 10, 0, 0, time.UTC)) {
		t.Fatalf("rhymes %+v", e.Rhymes)
	}
	if strings.Contains(e.Rhymes[0].Why.EN, "\x1b") {
		t.Errorf("why not sanitised: %q", e.Rhymes[0].Why.EN)
	}
	b, err := json.Marshal(tl.Milestones[0])
	if err != nil || !strings.Contains(string(b), `"kind":"impact_start"`) {
		t.Errorf("milestone JSON %s, %v", b, err)
	}
}

func TestMilestoneKind(t *testing.T) {
	for _, k := range MilestoneKinds {
		got, err := ParseMilestoneKind(k.String())
		if err != nil || got != k || !k.Valid() {
			t.Errorf("%v: parsed %v, %v", k, got, err)
		}
	}
	if k := MilestoneKind(9); k.Valid() || k.String() != "MilestoneKind(9)" {
		t.Errorf("kind 9: %v %q", k.Valid(), k.String())
	}
	var k MilestoneKind
	if err := json.Unmarshal([]byte(`"resolution"`), &k); err == nil {
		t.Error("an unknown kind decoded")
	}
}

func TestMilestonesBad(t *testing.T) {
	ms := func(m map[string]any, i int) map[string]any { return m["milestones"].([]any)[i].(map[string]any) }
	rh := func(m map[string]any) map[string]any {
		return m["events"].([]any)[1].(map[string]any)["rhymes"].([]any)[0].(map[string]any)
	}
	tests := []struct {
		name string
		edit func(m map[string]any)
		want []string
	}{
		{"unknown kind", func(m map[string]any) { ms(m, 2)["kind"] = "contained" }, []string{
			`tl.json: timeline M-1: milestones[2].kind: invalid milestone kind "contained" (want impact_start, detected, mitigated or resolved)`,
		}},
		{"kind twice", func(m map[string]any) { ms(m, 3)["kind"] = "mitigated" }, []string{
			"tl.json: timeline M-1: milestones[3].kind: mitigated given twice (first in milestones[2])",
		}},
		{"out of order", func(m map[string]any) { ms(m, 1)["at"] = "2026-03-25T13:10:00-07:00" }, []string{
			"tl.json: timeline M-1: milestones: mitigated (2026-03-25T13:00:00-07:00) is before detected (2026-03-25T13:10:00-07:00): want impact_start, detected, mitigated, resolved in time order",
		}},
		{"outside the span", func(m map[string]any) { ms(m, 0)["at"] = "2026-03-25T11:00:00-07:00" }, []string{
			"tl.json: timeline M-1: milestones[0].at: 2026-03-25T11:00:00-07:00 is outside the timeline's span 2026-03-25T12:00:00-07:00 to 2026-03-25T14:00:00-07:00",
		}},
		{"bad time", func(m map[string]any) { ms(m, 0)["at"] = "12:05" }, []string{
			`tl.json: timeline M-1: milestones[0].at: invalid time "12:05" (want RFC 3339 with an offset, such as 2026-03-25T12:13:00-07:00)`,
		}},
		{"basis in one language", func(m map[string]any) { ms(m, 1)["basis"] = map[string]any{"en": "First alert."} }, []string{
			"tl.json: timeline M-1: milestones[1].basis: missing in Korean",
		}},
		{"no basis", func(m map[string]any) { delete(ms(m, 1), "basis") }, []string{
			"tl.json: timeline M-1: milestones[1].basis: missing in both languages",
		}},
		{"rhyme to itself", func(m map[string]any) { rh(m)["incident"] = "m-1" }, []string{
			"tl.json: timeline M-1: events[1].rhymes[0].incident: m-1 is this timeline's own incident (a rhyme names another)",
		}},
		{"rhyme without why", func(m map[string]any) { rh(m)["why"] = map[string]any{"ko": "재시작"} }, []string{
			"tl.json: timeline M-1: events[1].rhymes[0].why: missing in English",
		}},
		{"rhyme with a bad time", func(m map[string]any) { rh(m)["at"] = "09:10" }, []string{
			`tl.json: timeline M-1: events[1].rhymes[0].at: invalid time "09:10" (want RFC 3339 with an offset, such as 2026-03-25T12:13:00-07:00)`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := msFiles(patchMS(t, tt.edit))
			lib, err := loadChecked(files, false)
			if got := atValues(t, errLines(err), "tl.json", files["tl.json"]); !slices.Equal(got, tt.want) {
				t.Errorf("errors:\n got %q\nwant %q", got, tt.want)
			}
			if _, ok := lib.Timeline("M-1"); ok {
				t.Error("the bad timeline loaded")
			}
		})
	}
}

func TestRhymeDangling(t *testing.T) {
	rh := func(m map[string]any) map[string]any {
		return m["events"].([]any)[1].(map[string]any)["rhymes"].([]any)[0].(map[string]any)
	}
	tests := []struct {
		name string
		edit func(m map[string]any)
		want string
	}{
		{"no such incident", func(m map[string]any) { rh(m)["incident"] = "M-9" },
			`tl.json: timeline M-1: events[1].rhymes[0].incident: dangling rhyme: no timeline of incident "M-9" is loaded`},
		{"no event at that time", func(m map[string]any) { rh(m)["at"] = "2025-01-02T09:11:00Z" },
			"tl.json: timeline M-1: events[1].rhymes[0].at: dangling rhyme: M-2 (tlb.json) has no event at 2025-01-02T09:11:00Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lib, err := loadChecked(msFiles(patchMS(t, tt.edit)), false)
			if got := errLines(err); !slices.Equal(got, []string{tt.want}) {
				t.Errorf("errors:\n got %q\nwant %q", got, tt.want)
			}
			tl, ok := lib.Timeline("M-1")
			if !ok || len(tl.Events[1].Rhymes) != 0 {
				t.Errorf("timeline kept %v, rhymes %+v; want it kept without the rhyme", ok, tl)
			}
		})
	}
	// The same moment written in another zone is the same moment; the id
	// in any case names the incident.
	lib, err := loadChecked(msFiles(patchMS(t, func(m map[string]any) {
		rh(m)["at"] = "2025-01-02T18:10:00+09:00"
		rh(m)["incident"] = "m-2"
	})), false)
	if err != nil {
		t.Fatal(err)
	}
	if tl, _ := lib.Timeline("M-1"); len(tl.Events[1].Rhymes) != 1 || tl.Events[1].Rhymes[0].Incident != "M-2" {
		t.Errorf("rhymes %+v", tl.Events[1].Rhymes)
	}
}

func TestMilestonesAgreeWithRecord(t *testing.T) {
	rec := func(detected, resolved string) string {
		return `{"id":"M-1","date":"2026-03-25","title":"a","timeline":{"detected_after":` + detected + `,"resolved_after":` + resolved + `}}`
	}
	tests := []struct {
		name, record string
		want         []string
	}{
		{"equal", rec(`"15m"`, `"1h 30m"`), nil},
		{"within a minute", rec(`"16m"`, `"1h 29m"`), nil},
		{"within the hour a record writes", rec(`"15m"`, `"2h"`), nil},
		{"unknown durations are not checked", rec(`null`, `"soon"`), nil},
		{"detected disagrees", rec(`"18m"`, `"1h 30m"`), []string{
			`tl.json: timeline M-1: milestones: detected − impact_start is 15m, but a.json gives timeline.detected_after "18m" (18m); they must agree within 2m`,
		}},
		{"resolved disagrees", rec(`"15m"`, `"3h"`), []string{
			`tl.json: timeline M-1: milestones: resolved − impact_start is 1h 30m, but a.json gives timeline.resolved_after "3h" (3h); they must agree within 1h 1m`,
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := msFiles(msTimeline)
			files["a.json"] = tt.record
			lib, err := loadChecked(files, false)
			if got := errLines(err); !slices.Equal(got, tt.want) {
				t.Errorf("errors:\n got %q\nwant %q", got, tt.want)
			}
			if _, ok := lib.Timeline("M-1"); !ok {
				t.Error("the timeline did not load")
			}
		})
	}
}

func TestPromptsRequired(t *testing.T) {
	ev := func(m map[string]any) map[string]any { return m["events"].([]any)[1].(map[string]any) }
	tests := []struct {
		name string
		edit func(m map[string]any)
		want []string
	}{
		{"both", func(m map[string]any) {}, nil},
		{"none", func(m map[string]any) { delete(ev(m), "prompt") }, []string{
			"tl.json: timeline M-1: events[1].prompt: missing in both languages: an action with an outcome needs the question study mode asks before it",
		}},
		{"no Korean", func(m map[string]any) { ev(m)["prompt"] = map[string]any{"en": "What now?"} }, []string{
			"tl.json: timeline M-1: events[1].prompt: missing in Korean: an action with an outcome needs the question study mode asks before it",
		}},
		{"an action without an outcome needs none", func(m map[string]any) { delete(ev(m), "prompt"); delete(ev(m), "outcome") }, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := msFiles(patchMS(t, tt.edit))
			_, err := loadChecked(files, true)
			if got := errLines(err); !slices.Equal(got, tt.want) {
				t.Errorf("validate:\n got %q\nwant %q", got, tt.want)
			}
			if _, err := loadChecked(files, false); err != nil {
				t.Errorf("load reports a missing prompt: %v", err)
			}
		})
	}
}

func TestDurationPrecision(t *testing.T) {
	for s, want := range map[string]time.Duration{
		"3h 17m": time.Minute, "73h": time.Hour, "2d 25m": time.Minute, "2d": 24 * time.Hour,
		"43s": time.Second, "1.5 hours": time.Hour, "soon": time.Minute,
	} {
		if got := durationPrecision(s); got != want {
			t.Errorf("durationPrecision(%q) = %v, want %v", s, got, want)
		}
	}
	for d, want := range map[time.Duration]string{
		0: "0m", 43 * time.Second: "43s", 197 * time.Minute: "3h 17m", 2*24*time.Hour + 25*time.Minute: "2d 0h 25m",
		-15 * time.Minute: "-15m", 3 * time.Hour: "3h", 48 * time.Hour: "2d", 500 * time.Millisecond: "0m",
	} {
		if got := FormatSpan(d); got != want {
			t.Errorf("FormatSpan(%v) = %q, want %q", d, got, want)
		}
	}
}

// TestLoadChecksAcross checks Load and LoadFS run the checks across
// files: a dangling rhyme is reported and dropped.
func TestLoadChecksAcross(t *testing.T) {
	dir := t.TempDir()
	tl := patchMS(t, func(m map[string]any) {
		m["events"].([]any)[1].(map[string]any)["rhymes"].([]any)[0].(map[string]any)["incident"] = "M-9"
	})
	for name, s := range map[string]string{"a.json": msRecordA, "tl.json": tl} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for name, load := range map[string]func() (*Library, error){
		"Load":   func() (*Library, error) { return Load(Options{Paths: []string{dir}, NoBundled: true}) },
		"LoadFS": func() (*Library, error) { return LoadFS(Options{Paths: []string{dir}, NoBundled: true}) },
	} {
		lib, err := load()
		if got := errLines(err); len(got) != 1 || !strings.Contains(got[0], "dangling rhyme") {
			t.Errorf("%s: errors %q", name, got)
		}
		if tl, ok := lib.Timeline("M-1"); !ok || len(tl.Events[1].Rhymes) != 0 {
			t.Errorf("%s: timeline kept %v without the rhyme", name, ok)
		}
	}
}
