package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// bundledRecords lists the bundled records with their source URLs.
func bundledRecords(t *testing.T) []struct {
	ID      string `json:"id"`
	Sources []struct {
		URL      string `json:"url"`
		Archived string `json:"archived"`
	} `json:"sources"`
} {
	t.Helper()
	res := runCLI(t, nil, "list", "--json")
	if res.code != exitOK {
		t.Fatalf("list --json: %d %s", res.code, res.stderr)
	}
	var recs []struct {
		ID      string `json:"id"`
		Sources []struct {
			URL      string `json:"url"`
			Archived string `json:"archived"`
		} `json:"sources"`
	}
	if err := json.Unmarshal([]byte(res.stdout), &recs); err != nil {
		t.Fatal(err)
	}
	if len(recs) < 10 {
		t.Fatalf("only %d bundled records", len(recs))
	}
	return recs
}

// TestShowKeepsURLsWhole checks that every bundled source URL appears
// intact, on a line of its own, in `show` at 40, 80 and 120 columns.
func TestShowKeepsURLsWhole(t *testing.T) {
	n := 0
	for _, rec := range bundledRecords(t) {
		for _, w := range []string{"40", "80", "120"} {
			res := runCLI(t, nil, "show", rec.ID, "--width", w)
			lines := map[string]bool{}
			for _, l := range strings.Split(res.stdout, "\n") {
				lines[strings.TrimSpace(l)] = true
			}
			for _, s := range rec.Sources {
				for _, u := range []string{s.URL, s.Archived} {
					if u != "" && !lines[u] {
						t.Errorf("show %s --width %s: %s is not intact on a line", rec.ID, w, u)
					}
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no URLs checked")
	}
}

// TestTimelineKeepsURLsWhole checks the same of every timeline's sources
// in `timeline --width` at 40, 80 and 120 columns.
func TestTimelineKeepsURLsWhole(t *testing.T) {
	n := 0
	for _, rec := range bundledRecords(t) {
		res := runCLI(t, nil, "timeline", rec.ID, "--json")
		if res.code != exitOK {
			continue // no timeline
		}
		var tl struct {
			Sources []struct {
				URL string `json:"url"`
			} `json:"sources"`
		}
		if err := json.Unmarshal([]byte(res.stdout), &tl); err != nil {
			t.Fatalf("timeline %s --json: %v", rec.ID, err)
		}
		for _, w := range []string{"40", "80", "120"} {
			out := runCLI(t, nil, "timeline", rec.ID, "--width", w).stdout
			for _, s := range tl.Sources {
				if !strings.Contains(out, s.URL) {
					t.Errorf("timeline %s --width %s: %s is not intact", rec.ID, w, s.URL)
				}
				n++
			}
		}
	}
	if n == 0 {
		t.Fatal("no timeline URLs checked")
	}
}

// TestShowKoreanBreaksAtSpaces checks that `show --lang ko` of every
// bundled record at 80 columns breaks lines only at spaces: its words, in
// order, are those of the same record laid out too wide to wrap. (No
// bundled Korean word is wider than a line, so none may be cut.)
func TestShowKoreanBreaksAtSpaces(t *testing.T) {
	words := func(s string) []string {
		var out []string
		for _, f := range strings.Fields(s) {
			if strings.Trim(f, "─") != "" { // heading rules vary in length
				out = append(out, f)
			}
		}
		return out
	}
	for _, rec := range bundledRecords(t) {
		at80 := runCLI(t, nil, "show", rec.ID, "--lang", "ko", "--width", "80").stdout
		wide := runCLI(t, nil, "show", rec.ID, "--lang", "ko", "--width", strconv.Itoa(maxWidth)).stdout // the widest: no line is broken
		got, want := words(at80), words(wide)
		for i := range min(len(got), len(want)) {
			if got[i] != want[i] {
				t.Errorf("show %s --lang ko --width 80: word %d is %q where the text has %q\n%s", rec.ID, i, got[i], want[i], around(want, i))
				break
			}
		}
		if len(got) != len(want) {
			t.Errorf("show %s --lang ko --width 80: %d words, %d in the text", rec.ID, len(got), len(want))
		}
	}
}

func around(ws []string, i int) string {
	return fmt.Sprint(ws[max(0, i-5):min(len(ws), i+5)])
}

// TestTextWidthBelowMinimum checks that --width under 40 is a usage error.
func TestTextWidthBelowMinimum(t *testing.T) {
	for _, args := range [][]string{
		{"show", "IL-0499", "--width", "5"},
		{"show", "IL-0499", "--width", "39"},
		{"timeline", "IL-0499", "--width", "39"},
		{"show", "IL-0499", "--width", "-1"},
	} {
		if res := runCLI(t, nil, args...); res.code != exitUsage || !strings.Contains(res.stderr, "at least 40") {
			t.Errorf("%v: exit %d, %q", args, res.code, res.stderr)
		}
	}
	if res := runCLI(t, nil, "show", "IL-0499", "--width", "40"); res.code != exitOK {
		t.Errorf("--width 40: exit %d, %s", res.code, res.stderr)
	}
}
