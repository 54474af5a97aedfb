package i18n_test

import (
	"strings"
	"testing"

	// The root imports every screen, so every table is registered.
	_ "github.com/incidents-dev/incidents/tui"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// TestCatalogue checks every word every screen registered: each has
// English and Korean with the same formatting verbs, and each table holds
// words only. A screen names its words as fields of its table, so a word
// that is not in the catalogue does not compile, and one declared but not
// written fails here.
func TestCatalogue(t *testing.T) {
	if err := i18n.Check(); err != nil {
		t.Error(err)
	}
	tables := map[string]bool{}
	for _, e := range i18n.Entries() {
		name, _, _ := strings.Cut(e.Path, ".")
		tables[name] = true
	}
	for _, name := range []string{"i18n", "detail", "explorer", "problems", "replayer"} {
		if !tables[name] {
			t.Errorf("no table %q registered (have %v)", name, tables)
		}
	}
}
