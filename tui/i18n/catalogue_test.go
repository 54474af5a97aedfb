package i18n_test

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/internal/i18ncheck"
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
	for _, name := range []string{"i18n", "detail", "duration", "explorer", "problems", "replayer", "room"} {
		if !tables[name] {
			t.Errorf("no table %q registered (have %v)", name, tables)
		}
	}
}

// koreanOutside lists the files allowed Korean string literals outside the
// catalogue's words, and why.
var koreanOutside = map[string]string{
	// The language indicator names each language in itself.
	"i18n/app.go": "LangName",
	// Series units are data: the Korean form of a unit a timeline writes.
	"replayer/i18n.go": "koUnits",
}

// TestNoKoreanOutsideCatalogue fails when a screen writes Korean in a
// string literal that is not a catalogue word (an argument of i18n.W or a
// field of an i18n.Word): such text would escape the check above, and
// would be a second way of translating.
func TestNoKoreanOutsideCatalogue(t *testing.T) {
	root := ".." // tui
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if _, ok := koreanOutside[filepath.ToSlash(rel)]; ok {
			return nil
		}
		lits, err := i18ncheck.KoreanOutside(path)
		for _, l := range lits {
			t.Errorf("%s: Korean outside the catalogue: %s", l.Pos, l.Value)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
}
