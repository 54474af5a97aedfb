package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// testdata/milestones holds T-9001, whose timeline has milestones (no
// mitigated one), a placed event and a rhyme to T-9002's 09:10 event, and
// T-9003, which has no timeline.
const msData = "testdata/milestones"

// TestMilestonesText is what `timeline`, `show` and `list` print for
// them, in English and Korean.
func TestMilestonesText(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"timeline_en", []string{"--data", msData, "timeline", "T-9001", "--width", "80"}},
		{"timeline_ko", []string{"--data", msData, "timeline", "T-9001", "--width", "80", "--lang", "ko"}},
		{"show_en", []string{"--data", msData, "show", "T-9001", "--width", "80"}},
		{"show_ko", []string{"--data", msData, "show", "T-9001", "--width", "60", "--lang", "ko"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, nil, tc.args...)
			if r.code != exitOK {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			golden.RequireEqual(t, []byte(r.stdout))
		})
	}
	r := runCLI(t, nil, "--data", msData, "timeline", "T-9001", "--width", "80")
	for _, want := range []string{"I impact start  12:10 PDT", "Time to detect 15m · to mitigate – · to resolve 1h 30m", "≈12:40 PDT", "Same decision elsewhere: T-9002 09:10 UTC — A restart"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("timeline lacks %q:\n%s", want, r.stdout)
		}
	}
	r = runCLI(t, nil, "--data", msData, "show", "T-9001", "--width", "80")
	if !strings.Contains(r.stdout, "Same decision elsewhere") || !strings.Contains(r.stdout, "→ T-9002 09:10 UTC — A restart into a herd") {
		t.Errorf("show lacks the rhymes:\n%s", r.stdout)
	}
	if r := runCLI(t, nil, "--data", msData, "show", "T-9003"); strings.Contains(r.stdout, "Same decision elsewhere") {
		t.Errorf("an incident without rhymes has their section:\n%s", r.stdout)
	}
}

func TestMilestonesJSON(t *testing.T) {
	r := runCLI(t, nil, "--data", msData, "timeline", "T-9001", "--json")
	var tl struct {
		Milestones []struct {
			Kind  string            `json:"kind"`
			At    string            `json:"at"`
			Basis map[string]string `json:"basis"`
		} `json:"milestones"`
		Intervals map[string]*struct {
			Text    string `json:"text"`
			Seconds int64  `json:"seconds"`
		} `json:"intervals"`
		Events []struct {
			Placed bool `json:"placed"`
			Rhymes []struct {
				Incident, At string
			} `json:"rhymes"`
		} `json:"events"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &tl); err != nil {
		t.Fatalf("timeline --json: %v\n%s", err, r.stderr)
	}
	if len(tl.Milestones) != 3 || tl.Milestones[0].Kind != "impact_start" || tl.Milestones[0].At != "2026-03-25T12:10:00-07:00" ||
		tl.Milestones[2].Kind != "resolved" || tl.Milestones[1].Basis["ko"] == "" {
		t.Errorf("milestones %+v", tl.Milestones)
	}
	if d := tl.Intervals["detect"]; d == nil || d.Text != "15m" || d.Seconds != 900 {
		t.Errorf("detect %+v", d)
	}
	if m, ok := tl.Intervals["mitigate"]; !ok || m != nil {
		t.Errorf("mitigate %+v (present %v), want null", m, ok)
	}
	if rs := tl.Intervals["resolve"]; rs == nil || rs.Seconds != 5400 {
		t.Errorf("resolve %+v", rs)
	}
	if !tl.Events[2].Placed || tl.Events[1].Placed || len(tl.Events[2].Rhymes) != 1 || tl.Events[2].Rhymes[0].Incident != "T-9002" {
		t.Errorf("events %+v", tl.Events)
	}

	r = runCLI(t, nil, "--data", msData, "show", "T-9001", "--json")
	var rec struct {
		ID     string `json:"id"`
		Rhymes []struct {
			EventAt    string            `json:"event_at"`
			EventTitle map[string]string `json:"event_title"`
			Incident   string            `json:"incident"`
			At         string            `json:"at"`
			Why        map[string]string `json:"why"`
		} `json:"rhymes"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &rec); err != nil {
		t.Fatalf("show --json: %v", err)
	}
	if rec.ID != "T-9001" || len(rec.Rhymes) != 1 {
		t.Fatalf("show --json: %+v", rec)
	}
	if h := rec.Rhymes[0]; h.EventAt != "2026-03-25T12:40:00-07:00" || h.EventTitle["en"] != "Restart the API tier" ||
		h.Incident != "T-9002" || h.At != "2025-01-02T09:10:00Z" || h.Why["en"] == "" {
		t.Errorf("rhyme %+v", h)
	}
	r = runCLI(t, nil, "--data", msData, "show", "T-9003", "--json")
	if !strings.Contains(r.stdout, `"rhymes": []`) {
		t.Errorf("show --json of an incident without rhymes lacks \"rhymes\": []:\n%s", r.stdout)
	}
}

// TestListReplayable checks the list's mark and --json field.
func TestListReplayable(t *testing.T) {
	r := runCLI(t, nil, "--data", msData, "list")
	lines := map[string]string{}
	for _, l := range strings.Split(r.stdout, "\n") {
		if id, _, ok := strings.Cut(l, " "); ok {
			lines[id] = l
		}
	}
	if !strings.HasPrefix(lines["T-9001"], "T-9001   ↻ 2026-03-25") || !strings.HasPrefix(lines["T-9003"], "T-9003     2024-05-05") {
		t.Errorf("marks:\n%s\n%s", lines["T-9001"], lines["T-9003"])
	}
	r = runCLI(t, nil, "--data", msData, "list", "--json")
	var recs []struct {
		ID         string `json:"id"`
		Replayable *bool  `json:"replayable"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &recs); err != nil {
		t.Fatal(err)
	}
	got := map[string]bool{}
	for _, rc := range recs {
		if rc.Replayable == nil {
			t.Fatalf("%s has no replayable field", rc.ID)
		}
		got[rc.ID] = *rc.Replayable
	}
	if !got["T-9001"] || !got["T-9002"] || got["T-9003"] || !got["IL-0499"] {
		t.Errorf("replayable %v", got)
	}
}

// TestValidateMilestones checks validate reports milestones that
// contradict the record, naming both files and both values, and a
// dangling rhyme.
func TestValidateMilestones(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"T-9001-timeline.json", "T-9001.json", "T-9002.json"} {
		b, err := os.ReadFile(filepath.Join(msData, name))
		if err != nil {
			t.Fatal(err)
		}
		s := strings.Replace(string(b), `"1h 30m"`, `"3h"`, 1)
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := runCLI(t, nil, "validate", dir)
	tlPath, recPath := filepath.Join(dir, "T-9001-timeline.json"), filepath.Join(dir, "T-9001.json")
	want := []string{
		tlPath + `: timeline T-9001: events[2].rhymes[0].incident: dangling rhyme: no timeline of incident "T-9002" is loaded`,
		tlPath + `: timeline T-9001: milestones: resolved − impact_start is 1h 30m, but ` + recPath + ` gives timeline.resolved_after "3h" (3h); they must agree within 1h 1m`,
	}
	if r.code != exitFail || strings.TrimSpace(r.stdout) != strings.Join(want, "\n") {
		t.Errorf("exit %d, output:\n%s\nwant:\n%s", r.code, r.stdout, strings.Join(want, "\n"))
	}
}
