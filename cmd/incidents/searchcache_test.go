package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSearchCache runs search over a folder with a bad record, with the
// cache (written, then read), with --no-cache, and with a cache folder
// that cannot be made: the output and messages are the same every time,
// and only the runs that may use the cache leave one.
func TestSearchCache(t *testing.T) {
	dir := t.TempDir()
	recs := `{"id":"ZZ-1","date":"2021-05-01","org":"Acme","title":{"en":"DNS outage at Acme","ko":"Acme DNS 장애"},"summary":{"en":"resolvers failed","ko":"리졸버가 멈췄다"}}
{"id":"ZZ-2","date":"2022-05-01","org":"Acme","title":"Acme dns again","domain":["networking"]}
{"id":"ZZ-3","date":"bad","title":"broken"}
`
	if err := os.WriteFile(filepath.Join(dir, "r.jsonl"), []byte(recs), 0o600); err != nil {
		t.Fatal(err)
	}
	good := filepath.Join(dir, "good.jsonl")
	if err := os.WriteFile(good, []byte(strings.SplitAfter(recs, "\n")[0]), 0o600); err != nil {
		t.Fatal(err)
	}
	// Plain words; syntax; and a typo, which matches nothing and gets
	// a suggestion made from the library streamed again.
	for _, query := range [][]string{{"acme", "dns"}, {"org:acme", "'dns", "!again"}, {"acmee", "dns"}} {
		checkSearchCache(t, dir, query)
	}
}

// checkSearchCache runs search for query over dir with the cache (written,
// then read), with --no-cache, and with a cache folder that cannot be
// made, and wants the same output and messages from each.
func checkSearchCache(t *testing.T, dir string, query []string) {
	t.Helper()
	cache := t.TempDir()
	env := map[string]string{"XDG_CACHE_HOME": cache}
	args := append([]string{"--data", dir, "search"}, query...)
	want := runCLI(t, env, args...)
	switch {
	case !strings.Contains(want.stderr, `r.jsonl:3:21: record ZZ-3: date: invalid date "bad"`):
		t.Fatalf("first search for %q: %+v", query, want)
	case query[0] == "acmee" && (want.code != exitFail || !strings.Contains(want.stderr, "Acme dns")):
		t.Fatalf("search for %q suggests no Acme: %+v", query, want)
	case query[0] != "acmee" && (want.code != exitOK || !strings.Contains(want.stdout, "ZZ-1")):
		t.Fatalf("first search for %q: %+v", query, want)
	}
	cached, _ := filepath.Glob(filepath.Join(cache, "incidents", "*"))
	if len(cached) != 1 {
		t.Fatalf("cache holds %v, want one file (for good.jsonl, which has no problems)", cached)
	}
	noCache := t.TempDir()
	notDir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notDir, nil, 0o600)
	for _, run := range []struct {
		name string
		env  map[string]string
		args []string
	}{
		{"warm", env, nil},
		{"--no-cache", map[string]string{"XDG_CACHE_HOME": noCache}, []string{"--no-cache"}},
		{"cache folder is a file", map[string]string{"XDG_CACHE_HOME": notDir}, nil},
		{"no cache folder known", nil, nil},
	} {
		got := runCLI(t, run.env, append(args, run.args...)...)
		if got != want {
			t.Errorf("%s: %q: got %+v\nwant %+v", run.name, query, got, want)
		}
	}
	if left, _ := filepath.Glob(filepath.Join(noCache, "*")); len(left) > 0 {
		t.Errorf("--no-cache left %v", left)
	}
}
