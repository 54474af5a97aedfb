//go:build linux

package data_test

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
)

// TestMappedFileCutShort cuts a data file and then a cache file short
// while SearchLoad has it mapped: reading past the new end faults, and the
// search must answer as if it had read the file as it now is.
func TestMappedFileCutShort(t *testing.T) {
	defer data.SetStreamChunk(8 << 10)()
	dir := t.TempDir()
	writeSynth(t, dir, 300, 300, "")
	cut := func(suffix string) func(string) {
		return func(p string) {
			if strings.HasSuffix(p, suffix) {
				info, err := os.Stat(p)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.Truncate(p, info.Size()/3); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	// The data file: cut to a third (within a line), it is read whole.
	restore := data.SetAfterMap(cut(".jsonl"))
	got := searchLoad(t, dir, "dns", "", true)
	restore()
	if want := loadAndSearch(dir, "dns", true); !reflect.DeepEqual(got, want) {
		t.Errorf("data file cut short: %d matches, %q; want %d, %q", len(got.matches), got.errs, len(want.matches), want.errs)
	}
	// The cache file: a miss, and the data file is read instead.
	writeSynth(t, dir, 300, 300, "")
	cache := t.TempDir()
	want := loadAndSearch(dir, "dns", true)
	searchLoad(t, dir, "dns", cache, true)
	restore = data.SetAfterMap(cut(".search"))
	got = searchLoad(t, dir, "dns", cache, true)
	restore()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("cache file cut short: %d matches, want %d", len(got.matches), len(want.matches))
	}
	if files, _ := filepath.Glob(filepath.Join(cache, "*")); len(files) != 1 {
		t.Errorf("cache holds %v, want the file rebuilt", files)
	}
}
