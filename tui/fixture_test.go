package tui

import (
	"sync"
	"testing"

	"github.com/incidents-dev/incidents/data"
)

// fixture loads the test library in testdata/lib (records written for the
// tests, a small vocabulary and one timeline), without the bundled one.
func fixture(t testing.TB) *data.Library {
	t.Helper()
	lib, err := loadFixture()
	if err != nil {
		t.Fatalf("load fixture: %v", err)
	}
	if len(lib.Records) != 11 {
		t.Fatalf("fixture has %d records, want 11", len(lib.Records))
	}
	return lib
}

// loadFixture loads the library once; apps never change it.
var loadFixture = sync.OnceValues(func() (*data.Library, error) {
	return data.Load(data.Options{Paths: []string{"testdata/lib"}, NoBundled: true})
})
