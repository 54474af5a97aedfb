package data_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/synth"
)

// writeArray writes n synthetic records as one pretty-printed .json array
// (elements over several lines, Korean text before them on their lines),
// with extra elements after them, and returns its size.
func writeArray(t *testing.T, name string, n int, extra ...string) int {
	t.Helper()
	var b strings.Builder
	b.WriteString("  [\n")
	for i, r := range synth.Records(n, 11) {
		j, err := json.MarshalIndent(r, "  ", "\t")
		if err != nil {
			t.Fatal(err)
		}
		if i > 0 {
			b.WriteString(" ,")
		}
		if i%3 == 0 {
			b.WriteString("\n")
		}
		b.Write(j)
	}
	for _, e := range extra {
		b.WriteString(",\n  " + e)
	}
	b.WriteString("\n]\n\n")
	if err := os.WriteFile(name, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	return b.Len()
}

// TestCompactArrayStreamed: a .json array read a part at a time by the
// explorer's compact load gives the library a whole read gives (records,
// problems with their lines and columns, Full read back from the file,
// search results), in parts far smaller than its records, and with a
// record in error among them.
func TestCompactArrayStreamed(t *testing.T) {
	defer data.SetArrayMin(1)()
	for _, chunk := range []int{700, 64 << 10} {
		restore := data.SetCompactChunk(chunk)
		dir := t.TempDir()
		writeArray(t, filepath.Join(dir, "export.json"), 120,
			`{"id": "ARR-BAD", "date": "지난주", "title": "날짜가 틀렸습니다"}`,
			`{"id": "ARR-OK", "date": "2024-03-04", "title": "끝 record", "summary": {"en": "the last one"}}`)
		checkCompact(t, dir, true, "dns", "끝", "etcd crash")
		restore()
	}
}

// TestCompactArrayBroken: an array that breaks off, lacks a comma, has
// something after it or is empty gives, read a part at a time, the records
// and problems a whole read gives; an element over the record limit stops
// the file.
func TestCompactArrayBroken(t *testing.T) {
	defer data.SetArrayMin(1)()
	defer data.SetCompactChunk(64)()
	good := `{"id": "ARR-1", "date": "2024-03-04", "title": "첫째"}`
	other := `{"id": "ARR-2", "date": "2024-03-05", "title": "둘째"}`
	for name, body := range map[string]string{
		"cut":       "[" + good + ",\n" + other[:20],
		"cut after": "[" + good + ",\n" + other + "  \n\n",
		"no comma":  "[" + good + "\n " + other + "]",
		"trailing":  "[" + good + "]\n x",
		"empty":     "[ ]",
		"leading":   "[ ," + good + "]",
		"garbage":   "[" + good + ", x, " + other + "]",
		"bom":       "\ufeff[" + good + "]",
	} {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "a.json"), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		whole, werr := data.Load(data.Options{Paths: []string{dir}, NoBundled: true})
		small, serr := data.Load(data.Options{Paths: []string{dir}, NoBundled: true, Compact: true})
		if fmt.Sprint(werr) != fmt.Sprint(serr) {
			t.Errorf("%s: problems differ:\n  whole %v\ncompact %v", name, werr, serr)
		}
		if len(whole.Records) != len(small.Records) {
			t.Errorf("%s: %d records compact, %d whole", name, len(small.Records), len(whole.Records))
		}
	}
	defer data.SetMaxRecordSize(200)()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.json"), []byte("["+good+",\n"+`{"id": "ARR-3", "title": "`+strings.Repeat("가", 1000)+`"}]`), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := data.Load(data.Options{Paths: []string{dir}, NoBundled: true, Compact: true})
	if err == nil || !strings.Contains(err.Error(), "a.json:2:1: record is ") {
		t.Errorf("an element over the record limit: %v", err)
	}
}

// FuzzCompactArray: whatever a .json file holds, a compact load reading it
// a part at a time gives the records and problems a whole read gives.
func FuzzCompactArray(f *testing.F) {
	good := `{"id": "ARR-1", "date": "2024-03-04", "title": "첫째"}`
	for _, s := range []string{"[" + good + "]", "[" + good + ",\n " + good + " x]", "  [\n" + good + "\n,{\"id\":", "[ ]", "{\"id\": \"X-1\"}", "[1, \"a\", [], {}]"} {
		f.Add([]byte(s), uint8(7))
	}
	f.Fuzz(func(t *testing.T, body []byte, chunk uint8) {
		defer data.SetArrayMin(1)()
		defer data.SetCompactChunk(int(chunk) + 1)()
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, "a.json"), body, 0o600); err != nil {
			t.Fatal(err)
		}
		whole, werr := data.Load(data.Options{Paths: []string{dir}, NoBundled: true})
		small, serr := data.Load(data.Options{Paths: []string{dir}, NoBundled: true, Compact: true})
		if fmt.Sprint(werr) != fmt.Sprint(serr) || len(whole.Records) != len(small.Records) {
			t.Fatalf("whole: %d records, %v\ncompact: %d records, %v", len(whole.Records), werr, len(small.Records), serr)
		}
	})
}
