package i18ncheck

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
)

// The glossary check: data/glossary.md names one Korean term per concept
// and the variants not to use. Glossary.Find reports a variant in a text;
// KoreanJSON and CatalogueWords collect the texts it is run over, the
// bundled data's and the language catalogue's.

// Term is one row of the glossary.
type Term struct {
	Concept, English, Korean string
	// Forbidden are the variants not to use; Allowed the phrases in which
	// a variant's letters mean something else and stay.
	Forbidden, Allowed []string
}

// Glossary is the glossary's table.
type Glossary []Term

// ReadGlossary reads the glossary's table: the Markdown table whose
// header starts "| concept |", with the columns concept, English, Korean,
// variants not to use and allowed in (the last two `;`-separated).
func ReadGlossary(r io.Reader) (Glossary, error) {
	var g Glossary
	in := false
	sc := bufio.NewScanner(r)
	for line := 1; sc.Scan(); line++ {
		s := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(s, "|") {
			if in {
				break
			}
			continue
		}
		cells := strings.Split(strings.Trim(s, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		switch {
		case !in && strings.EqualFold(cells[0], "concept"):
			in = true
			continue
		case !in, strings.HasPrefix(cells[0], "---"):
			continue
		}
		if len(cells) != 5 {
			return nil, fmt.Errorf("glossary line %d: %d columns, want 5 (concept | English | Korean | variants not to use | allowed in)", line, len(cells))
		}
		g = append(g, Term{Concept: cells[0], English: cells[1], Korean: cells[2],
			Forbidden: splitList(cells[3]), Allowed: splitList(cells[4])})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(g) == 0 {
		return nil, errors.New("glossary: no table with a \"concept\" column")
	}
	return g, nil
}

// ReadGlossaryFile reads the glossary at path.
func ReadGlossaryFile(path string) (Glossary, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	g, err := ReadGlossary(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ";") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// Hit is a forbidden variant found in a text.
type Hit struct {
	// Variant is the variant as the glossary writes it; Use the term to
	// use instead, and Concept what both name.
	Variant, Use, Concept string
	// Offset is where the variant starts in the text, in bytes.
	Offset int
}

// Find returns every forbidden variant in text, in order, except where it
// is part of one of its term's allowed phrases or of a longer variant
// found at the same place.
func (g Glossary) Find(text string) []Hit {
	var hits []Hit
	for _, t := range g {
		allowed := map[int]bool{}
		for _, a := range t.Allowed {
			for j := range indexes(text, a) {
				for _, v := range t.Forbidden {
					for k := range indexes(a, v) {
						allowed[j+k] = true
					}
				}
			}
		}
		var found []Hit
		for _, v := range t.Forbidden {
			for i := range indexes(text, v) {
				if allowed[i] {
					continue
				}
				found = append(found, Hit{Variant: v, Use: t.Korean, Concept: t.Concept, Offset: i})
			}
		}
		// A variant inside a longer one found over it ("사고" in "장애
		// 사고") is the same finding.
		for _, h := range found {
			inside := slices.ContainsFunc(found, func(o Hit) bool {
				return len(o.Variant) > len(h.Variant) && o.Offset <= h.Offset && h.Offset+len(h.Variant) <= o.Offset+len(o.Variant)
			})
			if !inside {
				hits = append(hits, h)
			}
		}
	}
	slices.SortStableFunc(hits, func(a, b Hit) int { return a.Offset - b.Offset })
	return hits
}

// indexes yields every offset at which sub starts in s.
func indexes(s, sub string) func(func(int) bool) {
	return func(yield func(int) bool) {
		if sub == "" {
			return
		}
		for off := 0; ; {
			i := strings.Index(s[off:], sub)
			if i < 0 {
				return
			}
			if !yield(off + i) {
				return
			}
			off += i + len(sub)
		}
	}
}

// Text is one Korean text to check, with where it is.
type Text struct {
	// Where names the place: "file: field" for JSON, "file:line:col" for Go.
	Where string
	Value string
}

// KoreanJSON returns every "ko" string of the JSON document b (at any
// depth), each named file: path.to.field.ko.
func KoreanJSON(file string, b []byte) ([]Text, error) {
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	var out []Text
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch v := v.(type) {
		case map[string]any:
			keys := make([]string, 0, len(v))
			for k := range v {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			for _, k := range keys {
				p := k
				if path != "" {
					p = path + "." + k
				}
				if s, ok := v[k].(string); ok && k == "ko" {
					out = append(out, Text{Where: file + ": " + p, Value: s})
					continue
				}
				walk(v[k], p)
			}
		case []any:
			for i, e := range v {
				walk(e, fmt.Sprintf("%s[%d]", path, i))
			}
		}
	}
	walk(v, "")
	return out, nil
}

// CatalogueWords returns the Korean side of every catalogue word in the Go
// file at path: the string literals in the second argument of i18n.W (W
// inside package i18n) and in the KO field (or second element) of an
// i18n.Word literal, each named file:line:col.
func CatalogueWords(path string) ([]Text, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, 0)
	if err != nil {
		return nil, err
	}
	var out []Text
	collect := func(e ast.Expr) {
		ast.Inspect(e, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err == nil && hasHangul(s) {
				out = append(out, Text{Where: fset.Position(lit.Pos()).String(), Value: s})
			}
			return true
		})
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if isName(n.Fun, "W") && len(n.Args) == 2 {
				collect(n.Args[1])
			}
		case *ast.CompositeLit:
			if !isName(n.Type, "Word") {
				return true
			}
			for i, el := range n.Elts {
				if kv, ok := el.(*ast.KeyValueExpr); ok {
					if k, ok := kv.Key.(*ast.Ident); ok && k.Name == "KO" {
						collect(kv.Value)
					}
				} else if i == 1 {
					collect(el)
				}
			}
		}
		return true
	})
	return out, nil
}

// Finding is a forbidden variant at a place.
type Finding struct {
	Where string
	Hit
}

// String reads "where: "variant" (concept): use "term"".
func (f Finding) String() string {
	return fmt.Sprintf("%s: %q (%s): use %q", f.Where, f.Variant, f.Concept, f.Use)
}

// Check runs the glossary over texts.
func (g Glossary) Check(texts []Text) []Finding {
	var out []Finding
	for _, t := range texts {
		for _, h := range g.Find(t.Value) {
			out = append(out, Finding{Where: t.Where, Hit: h})
		}
	}
	return out
}
