package main

import (
	"slices"
	"strings"
	"testing"
)

// TestCompletionIDs: the ids completion offers are the ones the command
// accepts; `__ids` alone, as earlier scripts call it, still lists all.
func TestCompletionIDs(t *testing.T) {
	ids := func(args ...string) []string {
		t.Helper()
		r := runCLI(t, nil, append([]string{"__ids"}, args...)...)
		if r.code != exitOK {
			t.Fatalf("__ids %v: exit %d: %s", args, r.code, r.stderr)
		}
		return strings.Fields(r.stdout)
	}
	all, show := ids(), ids("show")
	if !slices.Equal(all, show) || !slices.Contains(all, "IX-0028") || !slices.Contains(all, "IL-0499") {
		t.Fatalf("__ids lists %d ids, __ids show %d; want the same, with IX-0028 and IL-0499", len(all), len(show))
	}
	for _, cmd := range []string{"replay", "timeline"} {
		got := ids(cmd)
		if slices.Contains(got, "IX-0028") || !slices.Contains(got, "IL-0499") || len(got) >= len(all) {
			t.Errorf("__ids %s offers %d ids (IX-0028, without a timeline, %v)", cmd, len(got), slices.Contains(got, "IX-0028"))
		}
		for _, id := range got {
			if r := runCLI(t, nil, "timeline", id, "--json"); r.code != exitOK {
				t.Errorf("__ids %s offers %s, which `timeline` refuses: %s", cmd, id, r.stderr)
			}
		}
	}
}

// TestCompletionParams: `--set` completes the parameters of the
// incident's model, and nothing for an incident without one.
func TestCompletionParams(t *testing.T) {
	r := runCLI(t, nil, "__params", "il-0499")
	got := strings.Fields(r.stdout)
	if r.code != exitOK || !slices.Contains(got, "partitions=") {
		t.Fatalf("__params il-0499: exit %d, %q", r.code, got)
	}
	for _, p := range got {
		name := strings.TrimSuffix(p, "=")
		if r := runCLI(t, nil, "timeline", "IL-0499", "--json", "--set", name+"=1"); strings.Contains(r.stderr, "unknown") {
			t.Errorf("__params offers %s, which --set does not know: %s", name, r.stderr)
		}
	}
	for _, id := range []string{"IX-0028", "NOPE-1", ""} {
		if r := runCLI(t, nil, "__params", id); r.code != exitOK || r.stdout != "" {
			t.Errorf("__params %q: exit %d, %q; want nothing", id, r.code, r.stdout)
		}
	}
	// After --at the bash script returns nothing (no ids).
	if r := runCLI(t, nil, "completion", "bash"); !strings.Contains(r.stdout, "|--at|") {
		t.Errorf("the bash script offers something after --at")
	}
}
