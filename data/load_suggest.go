package data

import (
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/incidents-dev/incidents/data/internal/fold"
	"github.com/incidents-dev/incidents/internal/editdist"
)

// Suggestions for a search that found nothing, made as SearchLoad makes
// its matches: streaming the library again, a part at a time, never
// holding it whole. One pass gathers the dictionary Index.dict builds and
// which of the query's words match on their own; another tries the
// queries the nearest names make.

// Suggest returns what Suggest(lib.Records, query, n) returns for the
// library and query of the SearchLoad that returned f: up to n queries
// close to one that matched nothing, best first. What it needs of every
// record the search gathered as it went, while nothing matched; when
// that cannot serve (a match turned out a repeated id), it loads the
// library again, quietly (the search reported its problems). It loads it
// once more to try the queries the nearest names make, if any.
func (f *Found) Suggest(n int) []string {
	if n <= 0 || len(f.Matches) > 0 {
		return nil
	}
	raw := strings.Fields(f.query)
	words := strings.Fields(foldKeepSpace(f.query))
	if len(raw) != len(words) {
		return nil
	}
	g := f.early
	if g == nil {
		p := &plan{}
		if g = p.gatherFor(f.query); len(g.at) == 0 {
			return nil // no plain word, none to replace
		}
		p.stop, g.sink.dropped = nil, f.dropped
		g.also = f.pass(p)
	}
	if len(g.at) == 0 {
		return nil
	}
	matched := g.also
	cands := candidates(raw, words, g.sink.names(), func(i int, _ string) bool {
		k, ok := g.at[i]
		return ok && (k < 0 || matched&(1<<k) == 0)
	})
	if len(cands) == 0 {
		return nil
	}
	qs := make([]*squery, len(cands))
	for i, c := range cands {
		qs[i] = newSquery(c)
	}
	p := planOf(nil, qs)
	p.found, p.dropped = new(atomic.Uint64), f.dropped
	found := f.pass(p)
	var out []string
	for i, c := range cands {
		if found&(1<<i) != 0 && len(out) < n {
			out = append(out, c)
		}
	}
	return out
}

// gathered is what Suggest needs of every record: the dictionary, and
// which of the query's plain words match on their own.
type gathered struct {
	sink *dictSink
	// at maps a word of the query to its query in the plan's more, or to
	// -1 when that is the query itself (a query of one word), which
	// matched nothing.
	at   map[int]int
	also uint64 // which of more match a record kept
}

// gatherFor makes p gather, beside its main query, what Suggest needs for
// query: the plain words, each a query of its own (a word that matches
// nothing alone is the one to replace), and the dictionary; until main
// matches, when p.stop is left set.
func (p *plan) gatherFor(query string) *gathered {
	g := &gathered{sink: &dictSink{at: map[string]*dictName{}}, at: map[int]int{}}
	words := strings.Fields(foldKeepSpace(query))
	for i, w := range words {
		switch {
		case !isPlain(w):
		case len(words) == 1:
			g.at[i] = -1
		case len(p.more) < maxAlso:
			g.at[i] = len(p.more)
			p.more = append(p.more, newSquery(w))
		}
	}
	p.stop = new(atomic.Bool)
	if len(g.at) == 0 {
		return g // no word to replace: no suggestion
	}
	p.dict = g.sink
	for i := range g.at {
		rs := []rune(words[i])
		if limit := maxDistance(len(rs)); limit > 0 {
			g.sink.near = append(g.sink.near, nearWord{rs, limit})
		}
	}
	for _, q := range p.more {
		p.names = p.names || q.names
	}
	return g
}

// maxAlso is how many queries a plan's more may hold (entry.also's bits).
const maxAlso = 64

// pass streams the library of f's search for p, quietly, and returns which
// of p.more match some record: bit i for more[i].
func (f *Found) pass(p *plan) uint64 {
	ld := newSearchLoader(f.opts, f.dirs)
	if p.has() {
		p.timelines = ld.timelineKeys()
	}
	kept, _ := ld.matchAll(p)
	var also uint64
	for _, e := range kept {
		also |= e.also
	}
	return also
}

// dictSink gathers the suggestion dictionary of the records a pass
// keeps, as Index.dict builds it over the library: each name's count,
// and its display as written where it first stands in the library's
// order (newest record first, then by id; in a record, in the order
// Index.dict adds them). Matchers on every core add to it.
type dictSink struct {
	mu sync.Mutex
	at map[string]*dictName
	// dropped are the places of the records the search dropped as
	// repeated ids, which Index.dict never sees.
	dropped map[[2]int]bool
	// near are the words Suggest may replace: only the names nearest
	// can return for one of them are gathered, the others never are.
	near []nearWord
}

// nearWord is a word of the query, as nearest compares names with it.
type nearWord struct {
	rs    []rune
	limit int
}

// plainRunes counts the runes of s when it holds only ASCII and Hangul
// syllables, which folding keeps one rune each (fold.Short); ok is false
// for anything else.
func plainRunes(s string) (n int, ok bool) {
	for i := 0; i < len(s); n++ {
		switch {
		case s[i] < utf8.RuneSelf:
			i++
		case fold.HangulAt(s, i):
			i += 3
		default:
			return 0, false
		}
	}
	return n, true
}

// lengthNear reports whether a name of n runes may be near a word.
func (s *dictSink) lengthNear(n int) bool {
	for _, w := range s.near {
		if abs(n-len(w.rs)) <= w.limit {
			return true
		}
	}
	return false
}

// isNear reports whether name (folded) is as close to one of the words
// as nearest takes: only those names can be among its results. rs is
// scratch for the name's runes.
func (s *dictSink) isNear(name string, rs *[]rune) bool {
	n := runeCount(name)
	decoded := false
	for _, w := range s.near {
		if abs(n-len(w.rs)) > w.limit {
			continue
		}
		if !decoded {
			*rs = (*rs)[:0]
			for _, r := range name {
				*rs = append(*rs, r)
			}
			decoded = true
		}
		if editdist.Distance(w.rs, *rs, w.limit) <= w.limit {
			return true
		}
	}
	return false
}

// dictName is one name of a dictSink, with where its display was seen
// first: the record's day and id, and the name's place in the record.
type dictName struct {
	display string
	day     time.Time
	id      string
	pos     int
	count   int
}

// dictAdd is a name of one record, folded (at lo:hi of the matcher's
// dictText) and as written.
type dictAdd struct {
	folded, display string
	lo, hi          int
}

// eachWord calls f with each run of s between runes for which sep is true,
// as strings.FieldsFunc splits s.
func eachWord(s string, sep func(rune) bool, f func(string)) {
	start := -1
	for i, r := range s {
		switch {
		case !sep(r):
			if start < 0 {
				start = i
			}
		case start >= 0:
			f(s[start:i])
			start = -1
		}
	}
	if start >= 0 {
		f(s[start:])
	}
}

// addNames adds the names of r (filled into the matcher) to the plan's
// dictionary, unless the search dropped r.
func (m *matcher) addNames(r *Record, e entry) {
	sink := m.p.dict
	if sink.dropped[[2]int{e.fi, e.off}] {
		return
	}
	m.dict, m.dictText = m.dict[:0], m.dictText[:0]
	// Names are folded as foldKeepSpace folds them (the text is clean
	// UTF-8), one after another into m.dictText.
	add := func(s string) {
		s = strings.TrimSpace(s)
		if n, ok := plainRunes(s); ok && !sink.lengthNear(n) {
			return // folded, as long: isNear would leave it out
		}
		f, _, _ := fold.Short(s, &m.foldBuf)
		if runeCount(f) >= 3 {
			lo := len(m.dictText)
			m.dictText = append(m.dictText, f...)
			m.dict = append(m.dict, dictAdd{lo: lo, hi: len(m.dictText), display: s})
		}
	}
	add(r.ID)
	add(r.Org)
	eachWord(r.Org, unicode.IsSpace, add)
	var buf [24]string
	for _, t := range r.appendTagList(buf[:0]) {
		add(t)
	}
	for a := range strings.SplitSeq(unsafe.String(unsafe.SliceData(m.alias), len(m.alias)), " · ") {
		add(a)
	}
	for _, t := range [...]string{r.Title.EN, r.Title.KO, r.summaryText(0), r.summaryText(1)} {
		eachWord(t, isQueryBreak, func(w string) { add(stem(w)) })
	}
	// A name far from every word nearest is asked about is left out:
	// nearest would pass it by. Those kept keep their order.
	kept := m.dict[:0]
	for _, a := range m.dict {
		a.folded = unsafe.String(unsafe.SliceData(m.dictText[a.lo:]), a.hi-a.lo)
		if sink.isNear(a.folded, &m.dictRunes) {
			kept = append(kept, a)
		}
	}
	if m.dict = kept; len(kept) == 0 {
		return
	}
	sink.mu.Lock()
	defer sink.mu.Unlock()
	var id string
	for pos, a := range m.dict {
		n := sink.at[a.folded]
		if n == nil {
			if id == "" {
				id = strings.Clone(r.ID)
			}
			sink.at[strings.Clone(a.folded)] = &dictName{display: strings.Clone(a.display), day: r.Day, id: id, pos: pos, count: 1}
			continue
		}
		n.count++
		if before(r.Day, r.ID, pos, n) {
			if id == "" {
				id = strings.Clone(r.ID)
			}
			n.display, n.day, n.id, n.pos = strings.Clone(a.display), r.Day, id, pos
		}
	}
}

// before reports whether the name at pos in the record of day and id
// comes before where n's display was seen, in Index.dict's order.
func before(day time.Time, id string, pos int, n *dictName) bool {
	if c := day.Compare(n.day); c != 0 {
		return c > 0
	}
	if id != n.id {
		return id < n.id
	}
	return pos < n.pos
}

// names returns the dictionary gathered, as Index.dict would list it but
// in no particular order (nearest does not depend on it).
func (s *dictSink) names() []name {
	out := make([]name, 0, len(s.at))
	for f, n := range s.at {
		out = append(out, name{folded: f, rs: []rune(f), display: n.display, count: n.count})
	}
	return out
}
