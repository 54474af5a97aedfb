package data

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNotFound is returned when no incident has the asked-for id.
var ErrNotFound = errors.New("incident not found")

// Error is a problem in a data file, with its position. It prints as
// "path:line:col: message" when the position is known, otherwise as
// "path: record ID: field: message" (parts that are unknown are left out),
// always on one line: see OneLine.
// Kind says what Record names when it is not a record ("timeline" prints
// "path: timeline ID: field: message").
type Error struct {
	Path   string
	Line   int // 1-based; 0 when unknown
	Col    int // 1-based, counted in characters; 0 when unknown
	Record string
	Field  string
	Err    error
	Kind   string // "record" when empty; "timeline" or "term"
}

// Error implements error.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.Path)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, max(e.Col, 1))
	}
	if e.Record != "" {
		kind := e.Kind
		if kind == "" {
			kind = "record"
		}
		fmt.Fprintf(&b, ": %s %s", kind, e.Record)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, ": %s", e.Field)
	}
	if e.Err != nil {
		fmt.Fprintf(&b, ": %v", e.Err)
	}
	// One error is one line: nothing in a path, id or message may start
	// another (a newline in a file name would forge a problem).
	return OneLine(b.String())
}

// Unwrap returns the underlying error.
func (e *Error) Unwrap() error { return e.Err }
