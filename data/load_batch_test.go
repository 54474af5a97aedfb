package data_test

import (
	"bufio"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/synth"
)

// TestLoadBatch loads with and without Options.Batch: the batches hold
// every record loaded, once, and the library is the same either way, down
// to the names search matches and which records have timelines.
func TestLoadBatch(t *testing.T) {
	dir := t.TempDir()
	f, err := os.Create(filepath.Join(dir, "synth.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	if err := synth.WriteJSONL(w, synth.Records(2000, 3)); err != nil {
		t.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	f.Close()
	plain, err1 := data.Load(data.Options{Paths: []string{dir}})
	var mu sync.Mutex
	seen := map[*data.Record]int{}
	batched, err2 := data.Load(data.Options{Paths: []string{dir}, Batch: func(recs []*data.Record) {
		mu.Lock()
		defer mu.Unlock()
		for _, r := range recs {
			seen[r]++
		}
	}})
	if (err1 == nil) != (err2 == nil) {
		t.Fatalf("errors %v and %v", err1, err2)
	}
	if len(plain.Records) != len(batched.Records) {
		t.Fatalf("%d records, %d with Batch", len(plain.Records), len(batched.Records))
	}
	for i, r := range batched.Records {
		if seen[r] != 1 {
			t.Fatalf("%s given to Batch %d times", r.ID, seen[r])
		}
		p := plain.Records[i]
		if p.ID != r.ID || p.HasTimeline() != r.HasTimeline() || p.FieldText(data.FieldAliases) != r.FieldText(data.FieldAliases) {
			t.Fatalf("record %d: %s (timeline %v, aliases %q), with Batch %s (%v, %q)", i,
				p.ID, p.HasTimeline(), p.FieldText(data.FieldAliases), r.ID, r.HasTimeline(), r.FieldText(data.FieldAliases))
		}
	}
	for _, q := range []string{"dns", "데이터", "etcd crash", "has:timeline"} {
		a, b := data.Search(plain.Records, q), data.Search(batched.Records, q)
		if len(a) != len(b) {
			t.Errorf("%q: %d matches, %d with Batch", q, len(a), len(b))
		}
	}
}
