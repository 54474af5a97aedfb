package data

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestStreamLongLine checks that a line longer than a record may be, which
// makes SearchLoad read its file whole, gives Load's problems and matches.
func TestStreamLongLine(t *testing.T) {
	defer func(r, c int) { maxRecordSize, streamChunk = r, c }(maxRecordSize, streamChunk)
	maxRecordSize, streamChunk = 300, 64
	dir := t.TempDir()
	body := `{"id":"A-1","date":"2020-01-02","title":"dns one"}` + "\n" +
		`{"id":"A-2","date":"2020-01-03","title":"dns ` + strings.Repeat("x", 1000) + `"}` + "\n" +
		`{"id":"A-3","date":"2020-01-04","title":"dns three"}` + "\n"
	if err := os.WriteFile(filepath.Join(dir, "a.jsonl"), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	lib, lerr := Load(Options{Paths: []string{dir}, NoBundled: true})
	want := Search(lib.Records, "dns")
	f, err := SearchLoad(Options{Paths: []string{dir}, NoBundled: true, Cache: t.TempDir()}, "dns")
	if lerr == nil || err == nil || err.Error() != lerr.Error() {
		t.Fatalf("problems: got %v, want %v", err, lerr)
	}
	if len(f.Matches) != 2 || len(want) != 2 {
		t.Fatalf("got %d matches, Load and Search %d; want 2", len(f.Matches), len(want))
	}
	for i := range want {
		if g, w := f.Matches[i], want[i]; g.Record.ID != w.Record.ID || g.Score != w.Score || !reflect.DeepEqual(g.Hits, w.Hits) {
			t.Errorf("match %d: got %s %d, want %s %d", i, g.Record.ID, g.Score, w.Record.ID, w.Score)
		}
	}
}
