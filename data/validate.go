package data

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// checkRecord checks a decoded, sanitised record and sets its Day. The
// errors name the record and field; the caller adds the path.
func checkRecord(r *Record) []*Error {
	var errs []*Error
	bad := func(field string, err error) {
		errs = append(errs, &Error{Record: r.ID, Field: field, Err: err})
	}
	if r.ID == "" {
		bad("id", errors.New("missing"))
	}
	switch d, err := time.Parse(time.DateOnly, r.Date); {
	case r.Date == "":
		bad("date", errors.New("missing"))
	case err != nil:
		bad("date", fmt.Errorf("invalid date %q (want YYYY-MM-DD)", r.Date))
	default:
		r.Day = d
	}
	if strings.TrimSpace(r.Title.EN) == "" && strings.TrimSpace(r.Title.KO) == "" {
		bad("title", errors.New("missing in both languages"))
	}
	return errs
}

// checkTerm checks one decoded, sanitised vocabulary term, the i-th of its
// file.
func checkTerm(t Term, i int) *Error {
	if t.Term == "" {
		return &Error{Field: fmt.Sprintf("terms[%d].term", i), Err: errors.New("missing")}
	}
	e := &Error{Kind: "term", Record: t.Term}
	switch {
	case !validFacet(t.Facet):
		e.Field = "facet"
		e.Err = fmt.Errorf("invalid facet %q (want %s)", t.Facet, orList(TermFacets))
	case t.Label.IsZero():
		e.Field = "label"
		e.Err = errors.New("missing in both languages")
	default:
		return nil
	}
	return e
}

// orList writes "a, b or c".
func orList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " or " + words[len(words)-1]
}
