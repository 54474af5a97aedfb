package data

import (
	"fmt"
	"strings"
)

// Library is everything loaded: the bundled records and timelines with the
// user's own on top.
type Library struct {
	// Records, newest first (by date, then id).
	Records []*Record
	// Timelines by incident id, as the id is written in the record.
	Timelines map[string]*Timeline
	// Vocab is the merged tag vocabulary.
	Vocab *Vocab
	// Notices are one-line remarks that are not errors, such as a user
	// record replacing a bundled one.
	Notices []string

	byID map[string]*Record // by lower-cased id
}

// Record returns the record with the given id, ignoring case. An unknown id
// is an error wrapping ErrNotFound.
func (l *Library) Record(id string) (*Record, error) {
	if r, ok := l.byID[strings.ToLower(strings.TrimSpace(id))]; ok {
		return r, nil
	}
	return nil, fmt.Errorf("%q: %w", id, ErrNotFound)
}

// Timeline returns the timeline of the incident with the given id, ignoring
// case.
func (l *Library) Timeline(id string) (*Timeline, bool) {
	if tl, ok := l.Timelines[id]; ok {
		return tl, true
	}
	if r, ok := l.byID[strings.ToLower(strings.TrimSpace(id))]; ok {
		tl, ok := l.Timelines[r.ID]
		return tl, ok
	}
	return nil, false
}
