package data

import (
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/incidents-dev/incidents/data/internal/fold"
)

// What SearchLoad asks of each record as it streams by: one query (any
// syntax ParseQuery reads), evaluated as Search would, and for a search
// that found nothing (Found.Suggest) more queries and the names of the
// suggestion dictionary.

// squery is one query readied for matching record by record, as Search
// runs it: the plain words every match must hold and the other groups,
// tested by evalGroups.
type squery struct {
	ws     []qword
	fws    []filterWord // ws's filters, for a cache file's summaries
	groups [][]compiled
	// names says some term filters by facet, which reads the record's
	// vocabulary names; has that some term is has:timeline.
	names, has bool
}

// newSquery readies query as Search reads it: with no syntax, its folded
// words; with syntax, its parse, errors and all (what could be read).
func newSquery(query string) *squery {
	words := fold.Query(query)
	q := &squery{}
	if !isPlain(query) {
		pq, _ := ParseQuery(query)
		if pw, ok := pq.plainWords(); ok {
			words = pw
		} else {
			words, q.groups = compileGroups(pq)
		}
	}
	q.ws = prepare(words)
	q.fws = make([]filterWord, len(q.ws))
	for i := range q.ws {
		q.fws[i] = newFilterWord(&q.ws[i])
	}
	for _, g := range q.groups {
		for _, t := range g {
			q.names = q.names || t.Kind == QueryFilter
			q.has = q.has || t.Kind == QueryHas
		}
	}
	return q
}

// plan is what one streaming pass asks of every record: main's matches,
// kept with their list columns, and for each query of more, whether the
// record matches it (entry.also); dict, when set, gathers the names of
// the suggestion dictionary.
type plan struct {
	main *squery // nil: no record is kept as a match
	more []*squery
	// timelines holds the lower-case ids of the records that have a
	// timeline, when a query asks (has:timeline).
	timelines map[string]bool
	dict      *dictSink
	names     bool // some query reads the records' vocabulary names
	// stop, when set, ends the work for more and dict once main matches
	// a record: SearchLoad gathers what Found.Suggest needs only while
	// the search may yet find nothing.
	stop *atomic.Bool

	// found, when set, says which of more some record has matched: a
	// plan that asks only whether each matches something (no main, no
	// dict) stops asking once all have. dropped are the places of the
	// records the search dropped as repeated ids, which do not count.
	found   *atomic.Uint64
	dropped map[[2]int]bool
}

// gathering reports whether more and dict still want each record.
func (p *plan) gathering() bool {
	if p.found != nil && p.found.Load() == 1<<len(p.more)-1 {
		return false
	}
	return p.stop == nil || !p.stop.Load()
}

// active returns the queries a record is matched against now: all of
// them (see queries) while gathering, main alone after.
func (p *plan) active(all []*squery) []*squery {
	switch {
	case p.gathering():
		return all
	case p.main != nil:
		return all[:1]
	}
	return nil
}

// matched notes that the record at e matched more[i].
func (p *plan) matched(i int, e *entry) {
	if p.found != nil && !p.dropped[[2]int{e.fi, e.off}] {
		p.found.Or(1 << i)
	}
}

// newPlan is the plan of one query alone.
func newPlan(query string) *plan { return planOf(newSquery(query), nil) }

func planOf(main *squery, more []*squery) *plan {
	p := &plan{main: main, more: more}
	for _, q := range p.queries() {
		p.names = p.names || q.names
	}
	return p
}

// queries returns main, when set, and more.
func (p *plan) queries() []*squery {
	if p.main == nil {
		return p.more
	}
	return append([]*squery{p.main}, p.more...)
}

// has reports whether some query of p is about timelines.
func (p *plan) has() bool {
	for _, q := range p.queries() {
		if q.has {
			return true
		}
	}
	return false
}

// timelineKeys returns the lower-case ids the library's timelines belong
// to, as addTimelinesTo accepts them: a record has a timeline exactly when
// its id is one of these. It reads the bundled timelines (as the search
// would after) and leaves no problem or notice behind: addTimelinesTo
// reports them when the search ends.
func (ld *loader) timelineKeys() map[string]bool {
	ld.readBundledTimelines()
	probs, notes := len(ld.problems), len(ld.notices)
	tls := map[string]*Timeline{}
	ld.addTimelinesTo(tls, func(key string) (string, bool) { return key, true }, nil)
	ld.problems, ld.notices = ld.problems[:probs], ld.notices[:notes]
	keys := make(map[string]bool, len(tls))
	for id := range tls {
		keys[strings.ToLower(id)] = true
	}
	return keys
}

// fill folds r's text into the matcher's doc, and gives r what the plan's
// terms read of it besides: its vocabulary names and its timeline.
func (m *matcher) fill(r *Record) {
	m.alias = m.vocab.appendAliasText(m.alias[:0], r, m.names, &m.aliases)
	alias := unsafe.String(unsafe.SliceData(m.alias), len(m.alias))
	m.d.fillOnceWith(r, alias, &m.osc)
	if m.p.names {
		r.names = m.vocab.namesOf(r, m.names)
	}
	if m.p.timelines != nil {
		var on uint32
		if m.p.timelines[strings.ToLower(r.ID)] {
			on = 1
		}
		atomic.StoreUint32(&r.names.timeline, on)
	}
}

// eval matches the record filled into the matcher's doc against q, as
// Search would: its words, then its other groups, their scores added and
// their hits merged.
func (m *matcher) eval(r *Record, q *squery) (score int, hits []Hit, ok bool) {
	if len(q.ws) > 0 {
		if score, ok = m.sc.match(m.d, q.ws); !ok {
			return 0, nil, false
		}
		hits = m.sc.collect(m.d)
	}
	if len(q.groups) == 0 {
		return score, hits, true
	}
	gs, gh, ok := m.sc.evalGroups(m.d, r, q.groups)
	if !ok {
		return 0, nil, false
	}
	return score + gs, mergeHits(hits, gh), true
}

// needs reports whether q could match the record filled into the
// matcher's doc (its summaries left out) once its summaries are read,
// and they matter: f is their filter, from a cache file.
func (m *matcher) needs(q *squery, f textFilter) bool {
	if len(q.ws) == 0 && len(q.groups) == 0 {
		return false // every record matches, with no hits
	}
	may := len(q.groups) > 0
	m.short = m.short[:0]
	for k := range q.fws {
		if q.fws[k].may(f) {
			may = true
		} else {
			m.short = append(m.short, q.ws[k])
		}
	}
	if !may {
		return false // the summaries cannot change q's words' match
	}
	if len(m.short) == 0 {
		return true
	}
	// Words that cannot be in the summaries must match without them.
	_, ok := m.sc.match(m.d, m.short)
	return ok
}
