package data

import (
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"unsafe"

	"github.com/incidents-dev/incidents/data/internal/fold"
	"github.com/incidents-dev/incidents/data/internal/grams"
	"github.com/incidents-dev/incidents/data/internal/jamo"
)

// Search returns the records of recs matching query, exactly as
// NewIndex(recs).Search(query) does, without building the index: it folds
// each record's text once, matches it and drops it. It suits one query
// over many records, as `incidents search` runs; a search box that asks
// again at every keystroke wants an Index.
//
// It skips the structures that let an Index rule records out cheaply
// query after query (masks and gram filters of the summaries, their word
// starts): building them costs more than one scan of the text they
// describe. They only ever rule out records that cannot match, so the
// results are the same.
func Search(recs []*Record, query string) []Match {
	recs = byRecency(recs)
	words := fold.Query(query)
	if !isPlain(query) {
		q, _ := ParseQuery(query)
		var ok bool
		if words, ok = q.plainWords(); !ok {
			// Syntax is rare on the command line; the index handles it.
			return NewIndex(recs).searchQuery(q)
		}
	}
	if len(words) == 0 {
		out := make([]Match, len(recs))
		for i, r := range recs {
			out[i] = Match{Record: r}
		}
		return out
	}
	ws := prepare(words)
	n := len(recs)
	// Many small parts, taken in turn by one worker per processor, keep
	// every core busy to the end however the matches fall.
	ps := make(parts, max(1, min(64, n/onceChunk)))
	var next atomic.Int32
	workers := min(runtime.GOMAXPROCS(0), len(ps))
	run := func() {
		var sc scratch
		var osc onceScratch
		d := onceDoc()
		for {
			p := int(next.Add(1)) - 1
			if p >= len(ps) {
				return
			}
			lo, hi := p*n/len(ps), (p+1)*n/len(ps)
			out := *foundPool.Get().(*[]found)
			for k := lo; k < hi; k++ {
				d.fillOnce(recs[k], &osc)
				if score, ok := sc.match(d, ws); ok {
					out = append(out, found{ord: int32(k), score: score, hits: sc.collect(d)})
				}
			}
			ps[p] = out
		}
	}
	parallelParts(workers, workers, func(int, int, int) { run() })
	defer ps.free()
	return rank(recs, ps)
}

// onceChunk is how many records Search hands a worker at a time.
const onceChunk = 256

// byRecency returns recs in the order NewIndex keeps them: newest first,
// then by id. Library.Records is in that order already, and is returned
// as it is.
func byRecency(recs []*Record) []*Record {
	cmp := func(a, b *Record) int {
		if c := b.Day.Compare(a.Day); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	}
	if slices.IsSortedFunc(recs, cmp) {
		return recs
	}
	recs = slices.Clone(recs)
	slices.SortStableFunc(recs, cmp)
	return recs
}

// everyRune is the mask of a text that may hold any rune, and everyGram
// the filter of one that may hold any gram: they rule nothing out.
var (
	everyRune = fold.Mask{^uint64(0), ^uint64(0)}
	everyGram = func() (g grams.Filter) {
		for i := range g {
			g[i] = ^uint64(0)
		}
		return g
	}()
)

// onceDoc returns a doc for fillOnce, whose summaries rule nothing out.
func onceDoc() *doc {
	d := new(doc)
	d.all = everyRune
	for f := FieldSummaryEN; f < numFields; f++ {
		d.mask[f] = everyRune
		d.long[f-FieldSummaryEN] = summary{grams: everyGram, inits: &jamo.EveryPair}
	}
	return d
}

// onceScratch is one Search worker's memory for folded text, reused from
// record to record.
type onceScratch struct {
	tags  []byte
	short [FieldSummaryEN][]byte
	long  [2][]byte
}

// fillOnce folds r's text into d (from onceDoc) for one match: the short
// fields with their masks, the summaries alone. d's text may share sc's
// memory until the next call.
func (d *doc) fillOnce(r *Record, sc *onceScratch) { d.fillOnceWith(r, r.aliasText(), sc) }

// fillOnceWith is fillOnce with alias as the record's FieldAliases text.
func (d *doc) fillOnceWith(r *Record, alias string, sc *onceScratch) {
	for f := range FieldSummaryEN {
		var s string
		switch f {
		case FieldTags:
			sc.tags = r.appendTags(sc.tags[:0])
			if len(sc.tags) > 0 {
				s = unsafe.String(&sc.tags[0], len(sc.tags))
			}
		case FieldAliases:
			s = alias
		default:
			s = r.FieldText(f)
		}
		var m *fold.Map
		d.text[f], m, d.mask[f] = fold.Short(s, &sc.short[f])
		d.setMap(f, m)
	}
	for f := FieldSummaryEN; f < numFields; f++ {
		var m *fold.Map
		d.text[f], m = fold.Long(r.FieldText(f), &sc.long[f-FieldSummaryEN])
		d.setMap(f, m)
	}
}
