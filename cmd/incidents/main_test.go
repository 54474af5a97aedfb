package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/library"
)

type result struct {
	code           int
	stdout, stderr string
}

// runCLI runs the command as a pipe would see it, with only the given
// environment variables set.
func runCLI(t *testing.T, envv map[string]string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb,
		getenv: func(k string) string { return envv[k] }}
	code := e.run(args)
	return result{code, out.String(), errb.String()}
}

func TestExitCodes(t *testing.T) {
	tests := []struct {
		name string
		args []string
		code int
		in   string // text expected in stdout+stderr
	}{
		{"list", []string{"list"}, exitOK, "IL-0499"},
		{"piped default lists", nil, exitOK, "IL-0271"},
		{"show", []string{"show", "IL-0499"}, exitOK, "Discord"},
		{"show is case-insensitive", []string{"show", "il-0271"}, exitOK, "IL-0271"},
		{"show unknown suggests", []string{"show", "IL-0498"}, exitFail, "did you mean IL-0499"},
		{"show needs an id", []string{"show"}, exitUsage, "needs ID"},
		{"show takes one id", []string{"show", "a", "b"}, exitUsage, "takes ID"},
		{"unknown command", []string{"frobnicate"}, exitUsage, `unknown command "frobnicate"`},
		{"unknown flag", []string{"list", "--frob"}, exitUsage, "incidents list: unknown flag --frob"},
		{"flag without its value", []string{"--lang"}, exitUsage, "incidents: --lang needs a value (en, ko or both)"},
		{"empty query", []string{"search", ""}, exitUsage, "needs a QUERY"},
		{"query syntax error", []string{"search", "etcd", "org:"}, exitUsage, "column 6: org: needs a value"},
		{"help command", []string{"help", "search"}, exitOK, "Query syntax:"},
		{"help unknown command", []string{"help", "nope"}, exitUsage, `unknown command "nope"`},
		{"version command", []string{"version"}, exitOK, "incidents "},
		{"completion", []string{"completion", "bash"}, exitOK, "complete -F _incidents incidents"},
		{"completion unknown shell", []string{"completion", "tcsh"}, exitUsage, `unknown shell "tcsh"`},
		{"search suggests", []string{"search", "discrod"}, exitFail, `no incident matches "discrod"; did you mean Discord?`},
		{"search syntax", []string{"search", "org:discord", "year:2020"}, exitOK, "IL-0271"},
		{"bad lang", []string{"list", "--lang", "fr"}, exitUsage, `invalid language "fr" (want en, ko or both)`},
		{"bad theme", []string{"list", "--theme", "blue"}, exitUsage, `invalid theme "blue"`},
		{"bad speed", []string{"replay", "IL-0499", "--speed", "7"}, exitUsage, `invalid speed "7"`},
		{"bad at", []string{"replay", "IL-0499", "--at", "25:00"}, exitUsage, `invalid time "25:00"`},
		{"replay needs a terminal", []string{"replay", "IL-0499"}, exitUsage, "replay needs a terminal"},
		{"search no match", []string{"search", "zzqxjzzqxj"}, exitFail, `no incident matches "zzqxjzzqxj"`},
		{"help", []string{"search", "--help"}, exitOK, "Examples:"},
		{"top help", []string{"--help"}, exitOK, "Commands:"},
		{"version", []string{"--version"}, exitOK, "incidents "},
		{"timeline unknown", []string{"timeline", "nope"}, exitFail, "incident not found"},
		{"validate missing path", []string{"validate", "testdata/does-not-exist"}, exitFail, "does-not-exist"},
		{"validate good", []string{"validate", "testdata/user"}, exitOK, "no problems"},
		{"set repeated", []string{"timeline", "IL-0499", "--set", "partitions=2", "--set", "partitions=4"}, exitUsage, "partitions given more than once"},
		{"set header", []string{"timeline", "IL-0499", "--set", "partitions=4"}, exitOK, "HYPOTHETICAL what-if run of the model: partitions=4."},
		{"validate checks the model", []string{"validate", "testdata/badmodel"}, exitFail,
			"timeline IL-0499: model: params.partitions.value: value 0 out of range (want 1 to 64)"},
		{"global flag before command", []string{"--data", "testdata/user", "show", "T-0001"}, exitOK, "Zanzibar"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, nil, tc.args...)
			if r.code != tc.code {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", r.code, tc.code, r.stdout, r.stderr)
			}
			if !strings.Contains(r.stdout+r.stderr, tc.in) {
				t.Errorf("output lacks %q\nstdout: %s\nstderr: %s", tc.in, r.stdout, r.stderr)
			}
		})
	}
}

func TestPipedOutputHasNoEscapes(t *testing.T) {
	for _, args := range [][]string{
		{"list"}, {"list", "--lang", "both"}, {"search", "etcd"}, {"show", "IL-0499", "--lang", "both"},
		{"timeline", "IL-0499"}, {"timeline", "IL-0271", "--lang", "ko"},
		{"--data", "testdata/bad", "list"}, {"--data", "testdata/bad", "show", "T-0104"},
	} {
		r := runCLI(t, nil, args...)
		if strings.ContainsAny(r.stdout+r.stderr, "\x1b\u009b\u202e\a") {
			t.Errorf("%v: output carries an escape or control character:\n%q", args, r.stdout)
		}
	}
}

func TestBadDataIsReportedAndSkipped(t *testing.T) {
	r := runCLI(t, nil, "--data", "testdata/bad", "list")
	if r.code != exitOK {
		t.Fatalf("exit %d, want 0; stderr:\n%s", r.code, r.stderr)
	}
	for _, want := range []string{"T-0100", "IL-0499", "T-0104"} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("list lacks %s", want)
		}
	}
	for _, bad := range []string{"T-0101", "T-0102", "T-0103"} {
		if strings.Contains(r.stdout, bad) {
			t.Errorf("list shows bad record %s", bad)
		}
	}
	path := filepath.Join("testdata", "bad", "broken.jsonl")
	for _, want := range []string{
		path + ":2:44: record T-0101: date: invalid date \"2023-13-40\" (want YYYY-MM-DD)",
		path + ":3:25: record T-0102: org:",
		path + ":4:",
	} {
		if !strings.Contains(r.stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, r.stderr)
		}
	}
}

func TestValidateReportsEveryProblem(t *testing.T) {
	r := runCLI(t, nil, "validate", "testdata/bad", "testdata/user")
	if r.code != exitFail {
		t.Fatalf("exit %d, want 1", r.code)
	}
	lines := strings.Split(strings.TrimSpace(r.stdout), "\n")
	if len(lines) != 3 {
		t.Errorf("got %d problems, want 3:\n%s", len(lines), r.stdout)
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, filepath.Join("testdata", "bad")) {
			t.Errorf("problem %q does not start with its path", l)
		}
	}
}

func TestEnvironment(t *testing.T) {
	r := runCLI(t, map[string]string{"INCIDENTS_DATA": "testdata/nowhere" + string(os.PathListSeparator) + "testdata/user"}, "show", "T-0001")
	if r.code != exitOK || !strings.Contains(r.stdout, "Zanzibar") {
		t.Errorf("INCIDENTS_DATA not used: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	r = runCLI(t, map[string]string{"LANG": "ko_KR.UTF-8"}, "--data", "testdata/user", "list")
	if !strings.Contains(r.stdout, "잔지바르") {
		t.Errorf("LANG=ko did not pick Korean:\n%s", r.stdout)
	}
	r = runCLI(t, map[string]string{"LANG": "ko_KR.UTF-8", "LC_ALL": "C"}, "--data", "testdata/user", "list")
	if strings.Contains(r.stdout, "잔지바르") {
		t.Errorf("LC_ALL=C did not override LANG:\n%s", r.stdout)
	}
}

func TestSearchRanksAndJSON(t *testing.T) {
	r := runCLI(t, nil, "--data", "testdata/user", "search", "zanzibar", "--json")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var got []library.SearchResult
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("search --json is not JSON: %v\n%s", err, r.stdout)
	}
	if len(got) == 0 || got[0].ID != "T-0001" {
		t.Fatalf("best match = %+v, want T-0001 first", got)
	}
	r = runCLI(t, nil, "search", "음성")
	if first, _, _ := strings.Cut(r.stdout, "\n"); !strings.HasPrefix(first, "IL-0499") {
		t.Errorf("search 음성: first line %q, want IL-0499", first)
	}
}

func TestShowJSONRoundTrips(t *testing.T) {
	r := runCLI(t, nil, "show", "IL-0271", "--json")
	var rec map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &rec); err != nil {
		t.Fatalf("show --json: %v", err)
	}
	for _, k := range []string{"id", "org", "date", "title", "impact", "sources", "summary", "timeline", "remediation", "action_items"} {
		if _, ok := rec[k]; !ok {
			t.Errorf("show --json lacks %q", k)
		}
	}
}

func TestTimelineJSON(t *testing.T) {
	r := runCLI(t, nil, "timeline", "IL-0499", "--json")
	var tl struct {
		Incident string `json:"incident"`
		Zone     string `json:"zone"`
		Stages   []any  `json:"stages"`
		Events   []any  `json:"events"`
		Series   []struct {
			Name, Unit, Provenance string
			Points                 []struct {
				T string  `json:"t"`
				V float64 `json:"v"`
			}
		} `json:"series"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &tl); err != nil {
		t.Fatalf("timeline --json: %v\n%s", err, r.stderr)
	}
	if tl.Incident != "IL-0499" || tl.Zone != "PDT" || len(tl.Events) < 16 || len(tl.Stages) < 5 {
		t.Errorf("timeline --json: incident %q zone %q, %d events, %d stages", tl.Incident, tl.Zone, len(tl.Events), len(tl.Stages))
	}
	names := map[string]string{}
	for _, s := range tl.Series {
		names[s.Name] = s.Provenance
		if len(s.Points) > 0 && !strings.HasSuffix(s.Points[0].T, "-07:00") {
			t.Errorf("series %s: time %q not in the source's zone", s.Name, s.Points[0].T)
		}
	}
	for _, n := range []string{"mailbox", "success_rate"} {
		if names[n] != "modelled" {
			t.Errorf("series %s provenance %q, want modelled", n, names[n])
		}
	}
}

func TestGoldenOutput(t *testing.T) {
	tests := []struct {
		name string
		args []string
	}{
		{"show_en", []string{"--data", "testdata/user", "show", "T-0001", "--width", "80"}},
		{"show_ko", []string{"--data", "testdata/user", "show", "T-0001", "--width", "80", "--lang", "ko"}},
		{"show_both", []string{"--data", "testdata/user", "show", "T-0001", "--width", "120", "--lang", "both"}},
		{"search_ko", []string{"--data", "testdata/user", "search", "잔지바르", "--lang", "ko"}},
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
}
