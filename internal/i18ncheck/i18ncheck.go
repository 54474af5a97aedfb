// Package i18ncheck finds Korean text that escapes the language
// catalogue (tui/i18n): string literals with Hangul that are not words of
// it. The catalogue tests of the tui and cmd packages run it over their
// source files.
package i18ncheck

import (
	"go/ast"
	"go/parser"
	"go/token"
)

// Literal is a Korean string literal outside the catalogue.
type Literal struct {
	// Pos is where it is, as file:line:col.
	Pos string
	// Value is the literal as written, quotes included.
	Value string
}

// KoreanOutside returns the string literals of the Go file at path that
// hold Hangul and are not catalogue words: not an argument of i18n.W (or
// W, inside the i18n package) nor a field of an i18n.Word literal.
func KoreanOutside(path string) ([]Literal, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return nil, err
	}
	word := map[*ast.BasicLit]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if isName(n.Fun, "W") {
				mark(n, word)
			}
		case *ast.CompositeLit:
			if isName(n.Type, "Word") {
				mark(n, word)
			}
		}
		return true
	})
	var out []Literal
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && !word[lit] && hasHangul(lit.Value) {
			out = append(out, Literal{Pos: fset.Position(lit.Pos()).String(), Value: lit.Value})
		}
		return true
	})
	return out, nil
}

// isName reports whether e is name or i18n.name.
func isName(e ast.Expr, name string) bool {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name == name
	case *ast.SelectorExpr:
		x, ok := e.X.(*ast.Ident)
		return ok && x.Name == "i18n" && e.Sel.Name == name
	}
	return false
}

// mark records every literal under n as a catalogue word's.
func mark(n ast.Node, word map[*ast.BasicLit]bool) {
	ast.Inspect(n, func(m ast.Node) bool {
		if lit, ok := m.(*ast.BasicLit); ok {
			word[lit] = true
		}
		return true
	})
}

func hasHangul(s string) bool {
	for _, r := range s {
		if r >= 0xAC00 && r <= 0xD7A3 {
			return true
		}
	}
	return false
}
