package library

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/synth"
)

// TestOpenAsync opens a folder in the background: the reports count up to
// the total, the last carries the library Open gives, and Result agrees.
func TestOpenAsync(t *testing.T) {
	dir := t.TempDir()
	writeSynth(t, filepath.Join(dir, "synth.jsonl"), 3000)
	opts := Options{Paths: []string{dir}}
	want, wantErr := Open(opts)

	ld := OpenAsync(opts)
	var last Progress
	prev := 0
	timeout := time.After(time.Minute)
	for done := false; !done; {
		select {
		case p, ok := <-ld.Updates():
			if !ok {
				done = true
				break
			}
			if p.Done < prev || p.Done > p.Total {
				t.Errorf("report %d of %d after %d", p.Done, p.Total, prev)
			}
			prev, last = p.Done, p
		case <-timeout:
			t.Fatal("the load never ended")
		}
	}
	if last.Lib == nil {
		t.Fatal("the last report has no library")
	}
	if fmt.Sprint(last.Err) != fmt.Sprint(wantErr) {
		t.Errorf("error %v, want %v", last.Err, wantErr)
	}
	if got, w := recordIDs(last.Lib.Records()), recordIDs(want.Records()); !slices.Equal(got, w) {
		t.Errorf("loaded %d records, want %d, the same as Open's", len(got), len(w))
	}
	lib, ok, err := ld.Result()
	if !ok || lib != last.Lib || fmt.Sprint(err) != fmt.Sprint(wantErr) {
		t.Errorf("Result() = %p, %v, %v; want the last report's library", lib, ok, err)
	}
}

func recordIDs(recs []*data.Record) []string {
	ids := make([]string, len(recs))
	for i, r := range recs {
		ids[i] = r.ID
	}
	return ids
}

// writeSynth writes n synthetic records to path as JSON Lines.
func writeSynth(t *testing.T, path string, n int) {
	t.Helper()
	var b bytes.Buffer
	if err := synth.WriteJSONL(&b, synth.Records(n, 1)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestOpenAsyncRecords reports the records as they decode: every one
// reported is a record of the folder or the bundle, none twice, and they
// reach the reader before the library does.
func TestOpenAsyncRecords(t *testing.T) {
	defer func(q time.Duration) { quiet = q }(quiet)
	quiet = 0 // report from the start
	dir := t.TempDir()
	writeSynth(t, filepath.Join(dir, "synth.jsonl"), 5000)
	ld := OpenAsync(Options{Paths: []string{dir}})
	seen := map[*data.Record]bool{}
	var lib *Library
	for p := range ld.Updates() {
		if p.Lib != nil {
			lib = p.Lib
			break
		}
		for _, r := range p.Recs {
			if seen[r] {
				t.Fatalf("record %s reported twice", r.ID)
			}
			seen[r] = true
		}
	}
	if lib == nil {
		t.Fatal("no library")
	}
	if len(seen) == 0 {
		t.Fatal("no record reported before the library")
	}
	final := map[*data.Record]bool{}
	for _, r := range lib.Records() {
		final[r] = true
	}
	for r := range seen {
		if !final[r] {
			t.Errorf("reported %s, which is not in the library", r.ID)
		}
	}
}
