package i18n_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
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
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if _, ok := koreanOutside[rel]; ok {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		allowed := map[*ast.BasicLit]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if isWordName(n.Fun, "W") {
					markLits(n, allowed)
				}
			case *ast.CompositeLit:
				if isWordName(n.Type, "Word") {
					markLits(n, allowed)
				}
			}
			return true
		})
		ast.Inspect(f, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && !allowed[lit] && hasSyllable(lit.Value) {
				t.Errorf("%s: Korean outside the catalogue: %s", fset.Position(lit.Pos()), lit.Value)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// isWordName reports whether e is name or i18n.name.
func isWordName(e ast.Expr, name string) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == name
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		return ok && x.Name == "i18n" && e.Sel.Name == name
	}
	return false
}

func markLits(n ast.Node, allowed map[*ast.BasicLit]bool) {
	ast.Inspect(n, func(m ast.Node) bool {
		if lit, ok := m.(*ast.BasicLit); ok {
			allowed[lit] = true
		}
		return true
	})
}

func hasSyllable(s string) bool {
	for _, r := range s {
		if r >= 0xAC00 && r <= 0xD7A3 {
			return true
		}
	}
	return false
}
