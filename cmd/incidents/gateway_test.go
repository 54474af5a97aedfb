package main

import (
	"slices"
	"strings"
	"testing"
)

// TestSetSecondModel: `--set` and its completion work for the second
// modelled incident (IX-0020, replay/gateway) as for IL-0499, each with
// its own parameters.
func TestSetSecondModel(t *testing.T) {
	r := runCLI(t, nil, "__params", "ix-0020")
	got := strings.Fields(r.stdout)
	want := []string{"stall_min=", "lock_cut=", "tasks=", "shed=", "block_at=", "readmit_min="}
	if r.code != exitOK || !slices.Equal(got, want) {
		t.Fatalf("__params ix-0020: exit %d, %q; want %q", r.code, got, want)
	}
	r = runCLI(t, nil, "timeline", "IX-0020", "--set", "lock_cut=0", "--width", "100")
	if r.code != exitOK || !strings.Contains(r.stdout, "HYPOTHETICAL what-if run of the model: lock_cut=0.") ||
		!strings.Contains(r.stdout, "Hypothetical: Requests answered in time · lock_cut=0 · modelled") {
		t.Errorf("timeline IX-0020 --set lock_cut=0: exit %d, stderr %q\n%s", r.code, r.stderr, r.stdout)
	}
	r = runCLI(t, nil, "timeline", "IX-0020", "--json", "--set", "shed=on")
	if r.code != exitOK || !strings.Contains(r.stdout, `"hypothetical": true`) {
		t.Errorf("timeline IX-0020 --json --set shed=on: exit %d, %q", r.code, r.stderr)
	}
	for _, args := range [][]string{
		{"timeline", "IX-0020", "--set", "partitions=2"}, // IL-0499's, not this model's
		{"timeline", "IX-0020", "--set", "lock_cut=2"},
		{"timeline", "IL-0499", "--set", "lock_cut=0"},
	} {
		if r := runCLI(t, nil, args...); r.code != exitUsage || !strings.Contains(r.stderr, "want") {
			t.Errorf("%v: exit %d, %q; want a usage error saying what is accepted", args, r.code, r.stderr)
		}
	}
	// replay --set: the what-if is run (and its errors reported) before
	// the program needs a terminal.
	if r := runCLI(t, nil, "replay", "IX-0020", "--set", "lock_cut=2"); r.code != exitUsage || !strings.Contains(r.stderr, "lock_cut") {
		t.Errorf("replay --set lock_cut=2: exit %d, %q; want the value refused", r.code, r.stderr)
	}
	if r := runCLI(t, nil, "replay", "IX-0020", "--set", "lock_cut=0"); r.code != exitUsage || !strings.Contains(r.stderr, "needs a terminal") {
		t.Errorf("replay --set lock_cut=0: exit %d, %q; want the set accepted and a terminal asked for", r.code, r.stderr)
	}
}
