package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestCLIText goldens every help text and every usage error, in English
// and Korean (chosen by LANG, as a user's locale would).
func TestCLIText(t *testing.T) {
	cases := []struct {
		name string
		args []string
	}{
		{"help_top", []string{"--help"}},
		{"help_cmd", []string{"help"}},
		{"err_lang_value", []string{"--lang"}},
		{"err_lang_invalid", []string{"list", "--lang", "fr"}},
		{"err_theme", []string{"list", "--theme", "blue"}},
		{"err_width", []string{"show", "IL-0499", "--width", "zero"}},
		{"err_speed", []string{"replay", "IL-0499", "--speed", "7"}},
		{"err_at", []string{"replay", "IL-0499", "--at", "25:00"}},
		{"err_unknown_flag", []string{"list", "--jsn"}},
		{"err_switch_value", []string{"list", "--json=yes"}},
		{"err_unknown_command", []string{"serch", "etcd"}},
		{"err_show_needs_id", []string{"show"}},
		{"err_show_one_id", []string{"show", "a", "b"}},
		{"err_list_no_args", []string{"list", "extra"}},
		{"err_search_empty", []string{"search", ""}},
		{"err_search_syntax", []string{"search", "dns", "|"}},
		{"err_search_has", []string{"search", "has:wings"}},
		{"err_search_filter", []string{"search", "year:"}},
		{"err_completion_shell", []string{"completion", "tcsh"}},
		{"err_help_unknown", []string{"help", "nope"}},
		{"no_match_suggest", []string{"search", "discrod"}},
		{"no_match", []string{"search", "zzqxjzzqxj"}},
		{"err_show_not_found", []string{"show", "IL-0498"}},
		{"err_show_unknown", []string{"show", "nope"}},
		{"err_set_invalid", []string{"timeline", "IL-0499", "--set", "partitions"}},
		{"err_set_value", []string{"timeline", "IL-0499", "--set", "partitions=100"}},
		{"validate_every_problem", []string{"validate", "testdata/several"}},
	}
	for _, n := range commandOrder {
		cases = append(cases, struct {
			name string
			args []string
		}{"help_" + n, []string{n, "--help"}})
	}
	for _, tc := range cases {
		for _, lang := range []string{"en", "ko"} {
			t.Run(tc.name+"_"+lang, func(t *testing.T) {
				envv := map[string]string{"LANG": "en_GB.UTF-8"}
				if lang == "ko" {
					envv["LANG"] = "ko_KR.UTF-8"
				}
				r := runCLI(t, envv, tc.args...)
				out := fmt.Sprintf("$ incidents %s\nexit %d\n--- stdout\n%s--- stderr\n%s", strings.Join(tc.args, " "), r.code, r.stdout, r.stderr)
				golden.RequireEqual(t, []byte(out))
			})
		}
	}
}

func TestCompletionScripts(t *testing.T) {
	for _, sh := range []string{"bash", "zsh", "fish"} {
		t.Run(sh, func(t *testing.T) {
			r := runCLI(t, nil, "completion", sh)
			if r.code != exitOK {
				t.Fatalf("exit %d: %s", r.code, r.stderr)
			}
			for _, want := range []string{"search", "lang", "__ids", "json"} {
				if !strings.Contains(r.stdout, want) {
					t.Errorf("%s script lacks %q", sh, want)
				}
			}
			golden.RequireEqual(t, []byte(r.stdout))
		})
	}
	r := runCLI(t, nil, "--data", "testdata/user", "__ids")
	if !strings.Contains(r.stdout, "T-0001\n") || !strings.Contains(r.stdout, "IL-0499\n") {
		t.Errorf("__ids lacks ids:\n%s", r.stdout)
	}
}

func TestValidateJSON(t *testing.T) {
	r := runCLI(t, nil, "validate", "testdata/bad", "--json")
	if r.code != exitFail {
		t.Fatalf("exit %d, want 1", r.code)
	}
	var got []map[string]any
	if err := json.Unmarshal([]byte(r.stdout), &got); err != nil {
		t.Fatalf("validate --json is not JSON: %v\n%s", err, r.stdout)
	}
	if len(got) != 3 {
		t.Fatalf("%d problems, want 3", len(got))
	}
	first := got[0]
	want := map[string]any{"path": filepath.Join("testdata", "bad", "broken.jsonl"), "line": 2.0, "column": 44.0,
		"record": "T-0101", "field": "date", "message": `invalid date "2023-13-40" (want YYYY-MM-DD)`}
	for k, v := range want {
		if first[k] != v {
			t.Errorf("first problem %s = %v, want %v", k, first[k], v)
		}
	}
	r = runCLI(t, nil, "validate", "testdata/user", "--json")
	if r.code != exitOK || strings.TrimSpace(r.stdout) != "[]" {
		t.Errorf("no problems: exit %d, stdout %q", r.code, r.stdout)
	}
}

func TestLoadNoticeInKorean(t *testing.T) {
	r := runCLI(t, map[string]string{"LANG": "ko_KR.UTF-8"}, "--data", "testdata/bad", "list")
	if !strings.Contains(r.stderr, "incidents: 데이터 파일에 문제 3개") {
		t.Errorf("no Korean load notice:\n%s", r.stderr)
	}
	r = runCLI(t, map[string]string{"LANG": "ko_KR.UTF-8"}, "validate", "testdata/bad")
	if !strings.Contains(r.stderr, "incidents validate: 문제 3개") {
		t.Errorf("no Korean validate count:\n%s", r.stderr)
	}
}
