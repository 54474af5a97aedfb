package main

import (
	"errors"
	"io"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
)

// problemJSON is one problem in `validate --json`: where it is and what.
// Unknown parts are zero or empty, never left out, so CI scripts can rely
// on every key.
type problemJSON struct {
	Path    string `json:"path"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Record  string `json:"record"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// writeProblemsJSON prints the problems as a JSON array ([] for none).
func writeProblemsJSON(w io.Writer, problems []error) error {
	out := make([]problemJSON, 0, len(problems))
	for _, p := range problems {
		var de *data.Error
		if !errors.As(p, &de) {
			out = append(out, problemJSON{Message: p.Error()})
			continue
		}
		pj := problemJSON{Path: de.Path, Line: de.Line, Column: de.Col, Record: de.Record, Field: de.Field}
		if de.Line > 0 {
			pj.Column = max(de.Col, 1)
		}
		if de.Err != nil {
			pj.Message = de.Err.Error()
		}
		out = append(out, pj)
	}
	return library.WriteJSON(w, out)
}
