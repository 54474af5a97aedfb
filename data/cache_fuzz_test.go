package data

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// FuzzCacheFile feeds readCache any bytes as a cache file: it must never
// panic, and whatever it accepts must be records as SearchLoad would have
// made them: cleaned text, checked, in file order, within the data file.
func FuzzCacheFile(f *testing.F) {
	dir := f.TempDir()
	data := []byte(`{"id":"A-1","date":"2020-01-02","title":{"en":"DNS fell over","ko":"DNS 장애"},"summary":{"en":"dns","ko":"디엔에스"},"domain":["net"]}` + "\n" +
		`{"id":"A-2","date":"2021-01-02","title":"Plain","root_cause":"dns"}` + "\n")
	if err := os.WriteFile(filepath.Join(dir, "a.jsonl"), data, 0o600); err != nil {
		f.Fatal(err)
	}
	cache := f.TempDir()
	if _, err := SearchLoad(Options{Paths: []string{dir}, NoBundled: true, Cache: cache}, "dns"); err != nil {
		f.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(cache, "*"))
	if len(files) != 1 {
		f.Fatalf("cache holds %v", files)
	}
	good, _ := os.ReadFile(files[0])
	f.Add(good)
	f.Add(good[:len(good)-3])
	f.Add(bytes.Replace(good, []byte("A-1"), []byte("A\x1b1"), 1))
	s := streamFile{fsys: dirFS(dir), name: "a.jsonl", path: "a.jsonl"}
	info, _ := os.Stat(filepath.Join(dir, "a.jsonl"))
	key := makeCacheKey(s, info)
	ws, _ := plainQuery("dns")
	f.Fuzz(func(t *testing.T, b []byte) {
		c := t.TempDir()
		if err := os.WriteFile(key.file(c), b, 0o600); err != nil {
			t.Fatal(err)
		}
		ents, ok := readCache(c, key, s, ws, newVocab())
		if !ok {
			return
		}
		last := -1
		for _, e := range ents {
			if e.off <= last || int64(e.off) >= key.size || e.line < 1 || e.col < 1 {
				t.Fatalf("accepted an entry out of place: %+v", e)
			}
			last = e.off
			if e.matched && (e.rec.ID != OneLine(Sanitize(e.rec.ID)) || e.rec.Day.IsZero() || sanitizeTitle(e.rec.Title.EN) != e.rec.Title.EN) {
				t.Fatalf("accepted a record that is not clean: %+v", e.rec)
			}
		}
	})
}
