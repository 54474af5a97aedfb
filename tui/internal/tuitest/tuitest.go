// Package tuitest holds what the screen packages' tests share: the fixture
// library under tui/testdata/lib, written for these tests rather than taken
// from the bundled library, so that screen goldens do not change when the
// bundle does.
package tuitest

import (
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/incidents-dev/incidents/data"
)

// load reads the fixture library once. Its path is found from this file's
// own, so every package's tests can use it whatever their directory.
var load = sync.OnceValues(func() (*data.Library, error) {
	_, file, _, _ := runtime.Caller(0)
	dir := filepath.Join(filepath.Dir(file), "..", "..", "testdata", "lib")
	return data.Load(data.Options{Paths: []string{dir}, NoBundled: true})
})

// Library returns the fixture library: 11 records, a small vocabulary and
// one timeline. A load error fails t. Tests must not change it.
func Library(t testing.TB) *data.Library {
	t.Helper()
	lib, err := load()
	if err != nil {
		t.Fatalf("load fixture: %v", err)
	}
	return lib
}

// Records returns the fixture's records, newest first; a load error fails t.
func Records(t testing.TB) []*data.Record {
	t.Helper()
	return Library(t).Records
}

// ByID returns a lookup of recs by id, ignoring case.
func ByID(recs []*data.Record) func(string) *data.Record {
	return func(id string) *data.Record {
		for _, r := range recs {
			if strings.EqualFold(r.ID, id) {
				return r
			}
		}
		return nil
	}
}

// Label returns the fixture vocabulary's label of a tag.
func Label(term string) data.Text {
	lib, _ := load()
	t, _ := lib.Vocab.Lookup(term)
	return t.Label
}
