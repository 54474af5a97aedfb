package data

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/incidents-dev/incidents/internal/editdist"
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
	if r := l.lookup(id); r != nil {
		return r, nil
	}
	return nil, fmt.Errorf("%q: %w", id, ErrNotFound)
}

// lookup finds a record by id, ignoring case and surrounding space. A
// Library built by hand (as tests do) has no index; it is then searched.
func (l *Library) lookup(id string) *Record {
	key := strings.ToLower(strings.TrimSpace(id))
	if r, ok := l.byID[key]; ok {
		return r
	}
	for _, r := range l.Records {
		if strings.ToLower(r.ID) == key {
			return r
		}
	}
	return nil
}

// Timeline returns the timeline of the incident with the given id, ignoring
// case.
func (l *Library) Timeline(id string) (*Timeline, bool) {
	if tl, ok := l.Timelines[id]; ok {
		return tl, true
	}
	if r := l.lookup(id); r != nil {
		if tl, ok := l.Timelines[r.ID]; ok {
			return tl, true
		}
	}
	for key, tl := range l.Timelines {
		if strings.EqualFold(key, strings.TrimSpace(id)) {
			return tl, true
		}
	}
	return nil, false
}

// Nearest returns up to n ids that look most like id, closest first, for a
// "did you mean" line: ids that contain it or are within a small edit
// distance of it (editdist.Distance; one edit per three characters), ignoring case, fewest
// edits first. Ties go to the id sharing the longer
// prefix, then to the earlier id.
func (l *Library) Nearest(id string, n int) []string {
	q := []rune(strings.ToLower(strings.TrimSpace(id)))
	if n <= 0 || len(q) == 0 {
		return nil
	}
	type cand struct {
		id           string
		dist, prefix int
	}
	var cands []cand
	for _, r := range l.Records {
		c := []rune(strings.ToLower(r.ID))
		d := editdist.Distance(q, c, -1)
		if !strings.Contains(string(c), string(q)) && d > max(1, len(q)/3) {
			continue
		}
		p := 0
		for p < len(q) && p < len(c) && q[p] == c[p] {
			p++
		}
		cands = append(cands, cand{r.ID, d, p})
	}
	slices.SortFunc(cands, func(a, b cand) int {
		return cmp.Or(cmp.Compare(a.dist, b.dist), cmp.Compare(b.prefix, a.prefix), strings.Compare(a.id, b.id))
	})
	out := make([]string, 0, min(n, len(cands)))
	for _, c := range cands[:min(n, len(cands))] {
		out = append(out, c.id)
	}
	return out
}
