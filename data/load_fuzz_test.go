package data

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzLoad feeds arbitrary bytes to the loader as a .json and as a .jsonl
// file. Loading never panics and never returns a nil Library; every error is
// a *Error with the file's path, and every syntax error has a position.
func FuzzLoad(f *testing.F) {
	for _, name := range []string{"IL-0499.json", "IL-0271.json"} {
		b, err := os.ReadFile(filepath.Join("testdata", "seeds", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
		f.Add(b[:len(b)/2])
	}
	for _, s := range []string{
		"", "\n\n", "[]", "[,]", "[{}]", "{}", "null", "5", `"x"`, "[1,2", "{\"id\":",
		goodRecord, goodTimeline, `{"terms":[{"term":"a","facet":"domain","label":"A"}]}`,
		"[" + goodRecord + " " + goodRecord + "]",
		goodRecord + "\n" + strings.Replace(goodRecord, "T-1", "T-2", 1) + "\n{",
		`{"id":"A","date":"2020-01-01","title":{"en":5}}`,
		"{\"id\":\"\xff\",\"title\":\"\x1b[31m\"}",
		"\xef\xbb\xbf[" + goodRecord + "]",
		`[{"id":"A","date":"2020-01-01","title":"t","remediation":[{"text":{"ko":[]}}]}]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, name := range []string{"f.json", "f.jsonl"} {
			lib, err := loadMap(map[string]string{name: string(b)})
			if lib == nil || lib.Vocab == nil || lib.Timelines == nil {
				t.Fatalf("%s: incomplete Library %+v", name, lib)
			}
			for _, e := range unjoin(err) {
				var de *Error
				if !errors.As(e, &de) || e != error(de) {
					t.Fatalf("%s: error %q is not a *data.Error", name, e)
				}
				if de.Path != name {
					t.Fatalf("%s: error %q has path %q", name, e, de.Path)
				}
				var se *json.SyntaxError
				msg := e.Error()
				syntax := errors.As(e, &se) || strings.Contains(msg, "invalid character") ||
					strings.Contains(msg, "unexpected end") || strings.Contains(msg, "invalid UTF-8")
				if syntax && (de.Line <= 0 || de.Col <= 0) {
					t.Fatalf("%s: syntax error without a position: %q", name, e)
				}
			}
			for _, r := range lib.Records {
				if r.ID == "" || r.Day.IsZero() || r.Title.IsZero() {
					t.Fatalf("%s: invalid record loaded: %+v", name, r)
				}
				for _, s := range []string{r.ID, r.Org, r.Title.EN, r.Title.KO, r.Summary.EN} {
					if s != Sanitize(s) {
						t.Fatalf("%s: unsanitised text %q", name, s)
					}
				}
			}
		}
	})
}
