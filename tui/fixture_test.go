package tui

import (
	"sync"
	"testing"

	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/internal/tuitest"
)

// fixture returns the test library in testdata/lib (records written for the
// tests, a small vocabulary and one timeline), without the bundled one.
// The library layer over it is made once too: it prepares the fixture's
// timeline in place, once.
func fixture(t testing.TB) *library.Library {
	t.Helper()
	lib := tuitest.Library(t)
	if len(lib.Records) != 11 {
		t.Fatalf("fixture has %d records, want 11", len(lib.Records))
	}
	fixtureOnce.Do(func() { fixtureLib = library.New(lib) })
	return fixtureLib
}

var (
	fixtureOnce sync.Once
	fixtureLib  *library.Library
)
