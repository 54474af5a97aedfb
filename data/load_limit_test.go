package data

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// bigJSONL writes n small records, one a line, and returns the file's
// folder and size.
func bigJSONL(t *testing.T, n int) (string, int) {
	t.Helper()
	dir := t.TempDir()
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, `{"id": "BIG-%06d", "date": "2024-01-02", "title": "Resolver outage %d", "summary": {"en": "The resolver failed for %d minutes"}}`+"\n", i, i, i)
	}
	write(t, filepath.Join(dir, "big.jsonl"), b.String())
	return dir, b.Len()
}

// TestStreamNoFileLimit: a JSON Lines file larger than the limit on a
// file read whole loads record by record, in the explorer's compact load
// and in a search, and the total limit (INCIDENTS_MAX_DATA) refuses it
// with a message naming the variable, until raised.
func TestStreamNoFileLimit(t *testing.T) {
	defer func(f int64, c, s int) { maxFileSize, compactChunk, streamChunk = f, c, s }(maxFileSize, compactChunk, streamChunk)
	maxFileSize, compactChunk, streamChunk = 64<<10, 64<<10, 64<<10
	dir, size := bigJSONL(t, 12000)
	if size < 1<<20 || int64(size) > 3<<20 {
		t.Fatalf("the file is %d bytes, want 1-3 MiB", size)
	}
	t.Setenv(MaxDataEnv, "")
	lib, err := Load(Options{Paths: []string{dir}, NoBundled: true, Compact: true})
	if err != nil || len(lib.Records) != 12000 {
		t.Fatalf("compact load: %d records, %v", len(lib.Records), err)
	}
	found, err := SearchLoad(Options{Paths: []string{dir}, NoBundled: true}, "resolver")
	if err != nil || len(found.Matches) != 12000 {
		t.Fatalf("search: %d matches, %v", len(found.Matches), err)
	}
	for _, mode := range []string{"compact", "search"} {
		t.Setenv(MaxDataEnv, "1MiB")
		var err error
		if mode == "compact" {
			_, err = Load(Options{Paths: []string{dir}, NoBundled: true, Compact: true})
		} else {
			_, err = SearchLoad(Options{Paths: []string{dir}, NoBundled: true}, "resolver")
		}
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "over the 1 MiB limit for one load (set INCIDENTS_MAX_DATA=") {
			t.Errorf("%s over the total: %v", mode, err)
		}
		t.Setenv(MaxDataEnv, "4MiB")
		if mode == "compact" {
			lib, err = Load(Options{Paths: []string{dir}, NoBundled: true, Compact: true})
			if err != nil || len(lib.Records) != 12000 {
				t.Errorf("compact with the limit raised: %d records, %v", len(lib.Records), err)
			}
		} else if found, err = SearchLoad(Options{Paths: []string{dir}, NoBundled: true}, "resolver"); err != nil || len(found.Matches) != 12000 {
			t.Errorf("search with the limit raised: %d matches, %v", len(found.Matches), err)
		}
	}
}

// TestStreamLimitsPerRecord: a line longer than a record may be stops the
// compact read of its file with a message naming its line, however long
// the line; a file that grows while read is refused.
func TestStreamLimitsPerRecord(t *testing.T) {
	defer func(r, c int) { maxRecordSize, compactChunk = r, c }(maxRecordSize, compactChunk)
	maxRecordSize, compactChunk = 1<<10, 1<<10
	dir := t.TempDir()
	write(t, filepath.Join(dir, "long.jsonl"), plainRecord+"\n"+`{"id": "IX-9002", "title": "`+strings.Repeat("x", 100<<10)+`"}`+"\n")
	_, err := Load(Options{Paths: []string{dir}, NoBundled: true, Compact: true})
	if want := filepath.Join(dir, "long.jsonl") + ":2:1: record is "; err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "over the 1 KiB limit for one record") {
		t.Errorf("got %v, want %q…", err, want)
	}
	ld := &loader{}
	f := &endlessFile{}
	ok := ld.streamCompact(compactFile{fsys: endlessFS{f}, name: "grows.jsonl", size: 10, path: "grows.jsonl"}, func([]unit, *file) {})
	if ok || len(ld.problems) != 1 || !errors.Is(ld.problems[0].err.Err, errGrew) {
		t.Errorf("a file that grows: ok %v, %v", ok, ld.problems)
	}
	if f.read > 64<<10 {
		t.Errorf("read %d bytes of a file of 10", f.read)
	}
}

// TestParseSize reads the sizes INCIDENTS_MAX_DATA takes and refuses the
// rest; maxData keeps its default for a value it refuses or out of bounds.
func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"8GiB": 8 << 30, "8 gib": 8 << 30, "800MB": 800e6, "1.5G": 1.5e9, "1048576": 1 << 20, "2TiB": 2 << 40, "512k": 512e3} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "x", "-1G", "NaN", "1e300", "8 GiBs", "\xff"} {
		if _, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) took it", in)
		}
	}
	for _, in := range []string{"", "lots", "1KiB", "2000TiB", "-5"} {
		t.Setenv(MaxDataEnv, in)
		if got := maxData(); got != defaultMaxData {
			t.Errorf("%s=%q: limit %d", MaxDataEnv, in, got)
		}
	}
	t.Setenv(MaxDataEnv, "16GiB")
	if got := maxData(); got != 16<<30 {
		t.Errorf("16GiB: %d", got)
	}
}
