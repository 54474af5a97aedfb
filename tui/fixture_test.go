package tui

import (
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/internal/tuitest"
)

// fixture returns the test library in testdata/lib (records written for the
// tests, a small vocabulary and one timeline), without the bundled one.
func fixture(t testing.TB) *data.Library {
	t.Helper()
	lib := tuitest.Library(t)
	if len(lib.Records) != 11 {
		t.Fatalf("fixture has %d records, want 11", len(lib.Records))
	}
	return lib
}
