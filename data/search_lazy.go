package data

import "github.com/incidents-dev/incidents/data/internal/fold"

// Ranking without hits, for a list that shows a screenful of results at a
// time: working out where every match matched costs more than the search,
// and only the rows on screen need it.

// Rank returns the matches of query as Search does, in the same order with
// the same scores, appended to dst[:0] (reused when it has room, so a
// caller may hand back a buffer it no longer reads), but without their
// Hits: HitsOf gives them for one record at a time. Queries with syntax
// keep their hits.
func (ix *Index) Rank(dst []Match, query string) []Match {
	words, ok := ix.plainWords(query)
	if !ok {
		return append(dst[:0], ix.Search(query)...)
	}
	ix.ordMap() // here, off the UI loop, rather than in HitsOf
	if cap(dst) < len(ix.recs) {
		// Room for every record: a buffer handed back is then always
		// large enough, whatever the next query finds.
		dst = make([]Match, 0, len(ix.recs))
	}
	return ix.searchWordsInto(dst, words, false)
}

// HitsOf returns the hits that Search(query) reports for record r, nil
// when r does not match or is not in the index.
func (ix *Index) HitsOf(query string, r *Record) []Hit {
	ord, ok := ix.ordMap()[r]
	if !ok {
		return nil
	}
	d := ix.docs[ord]
	sc := scratch{one: true}
	if words, ok := ix.plainWords(query); ok {
		if len(words) == 0 {
			return nil
		}
		if _, ok := sc.match(d, prepare(words)); !ok {
			return nil
		}
		return sc.collect(d)
	}
	q, _ := ParseQuery(query)
	words, groups := compileGroups(q)
	var hits []Hit
	if len(words) > 0 {
		if _, ok := sc.match(d, prepare(words)); !ok {
			return nil
		}
		hits = sc.collect(d)
	}
	_, h, ok := sc.evalGroups(d, r, groups)
	if !ok {
		return nil
	}
	return mergeHits(hits, h)
}

// plainWords returns the folded words of query when it is plain words
// alone, as Search reads them.
func (ix *Index) plainWords(query string) ([]string, bool) {
	if isPlain(query) {
		return fold.Query(query), true
	}
	q, _ := ParseQuery(query)
	return q.plainWords()
}
