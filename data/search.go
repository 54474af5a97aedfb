package data

import (
	"runtime"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/incidents-dev/incidents/data/internal/fold"
	"github.com/incidents-dev/incidents/data/internal/grams"
	"github.com/incidents-dev/incidents/data/internal/jamo"
)

// Index searches a fixed set of records. Build it once with NewIndex; Search
// is safe to call from several goroutines at once. The index keeps folded
// copies of the records' text, so records must not change after NewIndex.
type Index struct {
	recs []*Record // newest first
	docs []*doc    // docs[i] describes recs[i]

	mu        sync.Mutex
	recent    []prior // most recent first
	spare     [][]found
	scratches []*scratch

	ordsLazy
	names dictionary
}

// doc is one record's folded field texts and the runes each holds, the
// fields read first placed first.
type doc struct {
	all  fold.Mask
	mask [numFields]fold.Mask
	text [numFields]string
	// long indexes the two summaries (FieldSummaryEN, FieldSummaryKO).
	long [2]summary
	// maps are the fields' maps back to the record's texts, nil for a
	// field whose folding kept every offset; nil for none at all.
	maps *[numFields]*fold.Map
	// out, when set, says where the summaries' folded texts are in a
	// spill file, text holding none of them (see spill).
	out *spilled
}

// summary is what a summary match needs beyond the text.
type summary struct {
	grams grams.Filter
	// words are the text's word starts; nil when it has none, is too long
	// for them, or is kept out of memory (see spill): it is then scanned
	// whole. A pointer keeps the docs compact.
	words *wordStarts
	// inits holds the pairs of initial consonants of neighbouring
	// syllables, which a 초성 query's pairs must be among; nil for none.
	// A pointer keeps the docs compact for every other query.
	inits *jamo.Pairs
}

// wordStarts are a summary's words that begin with an ASCII letter or
// digit, which bounded words must start at: starts holds their byte
// offsets, and heads and seconds their first and second bytes (0 for
// none), so that one IndexByte finds the candidates and few of them touch
// the text.
type wordStarts struct {
	starts  []uint16
	heads   string
	seconds string
}

// prior is a recent query and the records that matched it, in index order.
type prior struct {
	words []string
	cand  candSet
}

// recentQueries is how many past queries are kept for reuse.
const recentQueries = 8

// partSize is the least work worth a goroutine of its own (a variable so
// that tests can exercise the parallel path on small indexes).
var partSize = 2048

// NewIndex builds an index over recs. Search results list them newest first
// among equals, by Record.Day and then id, as Library.Records does.
func NewIndex(recs []*Record) *Index {
	ix := &Index{recs: slices.Clone(recs)}
	slices.SortStableFunc(ix.recs, func(a, b *Record) int {
		if c := b.Day.Compare(a.Day); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	ix.docs = make([]*doc, len(ix.recs))
	// A compact record brings its entry (Options.Compact); the others'
	// are built here, in one array.
	n := 0
	for _, r := range ix.recs {
		if r.stub == nil {
			n++
		}
	}
	if n == 0 {
		for i, r := range ix.recs {
			ix.docs[i] = r.stub.doc
		}
		return ix
	}
	own := make([]doc, 0, n)
	for i, r := range ix.recs {
		if r.stub != nil {
			ix.docs[i] = r.stub.doc
		} else {
			own = append(own, doc{})
			ix.docs[i] = &own[len(own)-1]
		}
	}
	parallel(len(ix.recs), func(lo, hi int) {
		var sc summaryScratch
		for i := lo; i < hi; i++ {
			if ix.recs[i].stub == nil {
				ix.docs[i].fill(ix.recs[i], &sc)
			}
		}
	})
	return ix
}

func (d *doc) fill(r *Record, sc *summaryScratch) {
	for f := range numFields {
		var m *fold.Map
		d.text[f], m, d.mask[f] = fold.WithMask(r.FieldText(f))
		d.setMap(f, m)
		d.all = d.all.Or(d.mask[f])
		if isLong(f) {
			d.long[f-FieldSummaryEN] = newSummary(d.text[f], sc)
		}
	}
}

// mapOf returns field f's map back to the record's text, nil when its
// folding kept every offset.
func (d *doc) mapOf(f Field) *fold.Map {
	if d.maps == nil {
		return nil
	}
	return d.maps[f]
}

// setMap sets field f's map (see mapOf).
func (d *doc) setMap(f Field, m *fold.Map) {
	if d.maps == nil {
		if m == nil {
			return
		}
		d.maps = new([numFields]*fold.Map)
	}
	d.maps[f] = m
}

// parallel runs fn over [0, n) split into contiguous parts, one goroutine
// per part, as many parts as there are processors and enough work for.
func parallel(n int, fn func(lo, hi int)) {
	parallelParts(n, partsFor(n), func(_, lo, hi int) { fn(lo, hi) })
}

// partsFor returns how many goroutines share n records: one per processor,
// at most 64 (rank packs the part into 6 bits), each with partSize or more.
func partsFor(n int) int { return max(1, min(runtime.GOMAXPROCS(0), 64, n/partSize)) }

// Len returns the number of records in the index.
func (ix *Index) Len() int { return len(ix.recs) }

// Search returns the records matching query, best first; equal scores list
// newer records first. An empty or all-space query returns every record,
// newest first.
//
// The query is split into words at spaces and every word must match
// somewhere in the record. Query and text are compared in Unicode NFC and
// case-folded. A word matches the id, organisation, titles and tags as a
// substring or, failing that, as a sahilm/fuzzy subsequence whose matched
// runes lie close together; it matches a summary only as a substring of at
// least two runes that, for a word starting with an ASCII letter or digit,
// begins a word of the summary. A title hit outranks any summary hit; an
// exact or prefix id or organisation match outranks a title hit.
//
// When query extends a recent query (more letters on its last word, or
// more words), only that query's matches are searched again.
func (ix *Index) Search(query string) []Match {
	if !isPlain(query) {
		q, _ := ParseQuery(query)
		if words, ok := q.plainWords(); ok {
			return ix.searchWords(words)
		}
		return ix.searchQuery(q)
	}
	return ix.searchWords(fold.Query(query))
}

// searchWords searches for plain words, each of which must match.
func (ix *Index) searchWords(words []string) []Match {
	return ix.searchWordsInto(nil, words, true)
}

// searchWordsInto is searchWords appending to dst[:0], with the matches'
// hits only when hits is set.
func (ix *Index) searchWordsInto(dst []Match, words []string, hits bool) []Match {
	if len(words) == 0 {
		out := slices.Grow(dst[:0], len(ix.recs))[:len(ix.recs)]
		for i, r := range ix.recs {
			out[i] = Match{Record: r}
		}
		return out
	}
	cand, ok := ix.candidates(words)
	found := ix.runHits(prepare(words), cand, ok, hits)
	defer ix.release(found)
	ix.remember(words, newCandSet(found, len(ix.recs)))
	return rankInto(dst, ix.recs, found)
}

// candSet is the records a search matched, for a longer query to search
// again: their positions in the index, in order, or a bitmap over the
// index when that is smaller (when more than one in 32 matched).
type candSet struct {
	ords []int32
	bits []uint64
	n    int
}

func newCandSet(found parts, total int) candSet {
	c := candSet{n: found.len()}
	if c.n*32 > total {
		c.bits = make([]uint64, (total+63)/64)
		for _, part := range found {
			for _, f := range part {
				c.bits[f.ord>>6] |= 1 << (f.ord & 63)
			}
		}
		return c
	}
	c.ords = make([]int32, 0, c.n)
	for _, part := range found {
		for _, f := range part {
			c.ords = append(c.ords, f.ord)
		}
	}
	return c
}

// searchFresh is Search without reuse of recent queries, for tests.
func (ix *Index) searchFresh(query string) []Match {
	words, ok := fold.Query(query), isPlain(query)
	if !ok {
		q, _ := ParseQuery(query)
		words, ok = q.plainWords()
	}
	if !ok || len(words) == 0 {
		return ix.Search(query)
	}
	found := ix.run(prepare(words), candSet{}, false)
	defer found.free()
	return rank(ix.recs, found)
}

// candidates returns the matches of the smallest recent query that words
// extends. Every match of words is among them: a longer word or an extra
// word can only narrow a search.
func (ix *Index) candidates(words []string) (candSet, bool) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	var best candSet
	ok := false
	for _, p := range ix.recent {
		if extends(words, p.words) && (!ok || p.cand.n < best.n) {
			best, ok = p.cand, true
		}
	}
	return best, ok
}

// extends reports whether every record matching words also matches prev:
// prev's words are words' leading words, except that the last of them may
// have been cut short. A one-rune last word never matches summaries while a
// longer one may, so it only extends to itself.
func extends(words, prev []string) bool {
	k := len(prev)
	if k == 0 || k > len(words) || !slices.Equal(words[:k-1], prev[:k-1]) {
		return false
	}
	last, cur := prev[k-1], words[k-1]
	if last == cur {
		return true
	}
	if !strings.HasPrefix(cur, last) || runeCount(last) < minLongRunes || !hasWordRune(last) {
		return false
	}
	// A word with punctuation may be matched by its parts, and a one-rune
	// part never matches summaries while a longer one may ("\xd44" is "4",
	// "\xd442" is "42"): its last part must be long enough too.
	if ps := splitWords(last); len(ps) != 1 || ps[0] != last {
		return len(ps) > 0 && runeCount(ps[len(ps)-1]) >= minLongRunes
	}
	return true
}

// hasWordRune reports whether w holds a letter or a digit. A word of
// punctuation alone is matched as written, but once a letter follows it the
// word splits at its punctuation ("%-x" is "x"), which can match more: such
// a word is extended by nothing but itself.
func hasWordRune(w string) bool {
	return strings.IndexFunc(w, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }) >= 0
}

func (ix *Index) remember(words []string, cand candSet) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	ix.recent = slices.DeleteFunc(ix.recent, func(p prior) bool { return slices.Equal(p.words, words) })
	ix.recent = slices.Insert(ix.recent, 0, prior{words: words, cand: cand})
	if len(ix.recent) > recentQueries {
		ix.recent = ix.recent[:recentQueries]
	}
}
