package data

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/incidents-dev/incidents/data/internal/fold"
)

// Queries with syntax (filters, marks, negation, alternatives) take this
// path: the plain words, which every match must hold, are searched as
// usual, and the other groups then test each match.

// compiled is a query term ready to test records.
type compiled struct {
	QueryTerm
	ws []qword // the prepared words of a QueryFuzzy term
}

// searchQuery runs a parsed query that is not plain words alone.
func (ix *Index) searchQuery(q Query) []Match {
	words, groups := compileGroups(q)
	var base []Match
	if len(words) > 0 {
		base = ix.searchWords(words)
	} else {
		base = make([]Match, len(ix.recs))
		for i, r := range ix.recs {
			base[i] = Match{Record: r}
		}
	}
	ords := ix.ordMap()
	type ranked struct {
		m   Match
		ord int32
	}
	var out []ranked
	var sc scratch
	for _, m := range base {
		ord := ords[m.Record]
		score, hits, ok := sc.evalGroups(ix.docs[ord], m.Record, groups)
		if !ok {
			continue
		}
		m.Score += score
		m.Hits = mergeHits(m.Hits, hits)
		out = append(out, ranked{m, ord})
	}
	slices.SortFunc(out, func(a, b ranked) int { return cmp.Or(b.m.Score-a.m.Score, int(a.ord-b.ord)) })
	ms := make([]Match, len(out))
	for i, r := range out {
		ms[i] = r.m
	}
	return ms
}

// compileGroups splits q into its plain words, which every match must
// hold, and the other groups, ready to test records.
func compileGroups(q Query) (words []string, groups [][]compiled) {
	for _, g := range q.Groups {
		if len(g) == 1 && g[0].Kind == QueryFuzzy && !g[0].Negate {
			words = append(words, g[0].Words...)
			continue
		}
		cg := make([]compiled, len(g))
		for i, t := range g {
			cg[i] = compiled{QueryTerm: t}
			if t.Kind == QueryFuzzy {
				cg[i].ws = prepare(t.Words)
			}
		}
		groups = append(groups, cg)
	}
	return words, groups
}

// ordMap returns each record's position in the index, built on first use.
func (ix *Index) ordMap() map[*Record]int32 {
	ix.ordsOnce.Do(func() {
		ix.ords = make(map[*Record]int32, len(ix.recs))
		for i, r := range ix.recs {
			ix.ords[r] = int32(i)
		}
	})
	return ix.ords
}

// ordsLazy is the part of Index that only queries with syntax use.
type ordsLazy struct {
	ordsOnce sync.Once
	ords     map[*Record]int32
}

// evalGroups tests every group against one record: each must have a term
// that matches. It returns the score the groups add and their hits.
func (sc *scratch) evalGroups(d *doc, r *Record, groups [][]compiled) (int, []Hit, bool) {
	total := 0
	var hits []Hit
	for _, g := range groups {
		best, any := 0, false
		for i := range g {
			score, h, ok := sc.evalTerm(d, r, &g[i])
			if g[i].Negate {
				ok, score, h = !ok, 0, nil
			}
			if ok {
				any = true
				best = max(best, score)
				hits = mergeHits(hits, h)
			}
		}
		if !any {
			return 0, nil, false
		}
		total += best
	}
	return total, hits, true
}

// evalTerm tests one term against a record.
func (sc *scratch) evalTerm(d *doc, r *Record, t *compiled) (int, []Hit, bool) {
	switch t.Kind {
	case QueryHas:
		return 0, nil, r.HasTimeline()
	case QueryFilter:
		return 0, nil, r.matchesFilter(t.Facet, t.Text)
	case QueryFuzzy:
		if t.Negate {
			// fzf's !word is an inverse exact match: every word as written.
			for _, w := range splitWords(t.Text) {
				if !sc.containsAnywhere(d, w) {
					return 0, nil, false
				}
			}
			return 0, nil, true
		}
		score, ok := sc.match(d, t.ws)
		if !ok {
			return 0, nil, false
		}
		return score, sc.collect(d), true
	}
	for f := range sc.pos {
		sc.pos[f] = sc.pos[f][:0]
	}
	best := 0
	for f := range numFields {
		if isLong(f) && (t.Kind != QueryExact || !sc.mayHold(d, f, t.Text)) {
			continue // a summary holds exact terms alone
		}
		if q := anchored(sc.text(d, f), t.Kind, t.Text, f, &sc.pos[f]); q > 0 {
			best = max(best, q*fieldWeight[f])
		}
	}
	if best == 0 {
		return 0, nil, false
	}
	return best, sc.collect(d), true
}

// containsAnywhere reports whether folded word w stands in any field.
func (sc *scratch) containsAnywhere(d *doc, w string) bool {
	for f := range numFields {
		if sc.mayHold(d, f, w) && strings.Contains(sc.text(d, f), w) {
			return true
		}
	}
	return false
}

// mayHold reports whether field f of d may hold folded text s, by its
// runes' mask: a summary kept in a spill file is read for those alone.
func (sc *scratch) mayHold(d *doc, f Field, s string) bool {
	return d.out == nil || !isLong(f) || d.mask[f].Covers(fold.MaskOf(s))
}

// anchored matches an exact, prefix or suffix term in one folded field,
// marking what matched. A prefix or suffix may stand at either end of the
// field or of one of its tags; an exact term anywhere, in summaries too.
func anchored(text string, kind QueryKind, s string, f Field, out *[]int) int {
	best := 0
	listed := f == FieldTags || f == FieldAliases
	for off := 0; off <= len(text)-len(s); {
		i := strings.Index(text[off:], s)
		if i < 0 {
			break
		}
		i += off
		off = i + 1
		end := i + len(s)
		ok := false
		switch kind {
		case QueryExact:
			ok = true
		case QueryPrefix:
			ok = !isLong(f) && (i == 0 || listed && isListBreak(text[i-1]))
		case QuerySuffix:
			ok = !isLong(f) && (end == len(text) || listed && isListBreak(text[end]))
		}
		if !ok {
			continue
		}
		best = max(best, min(quality(text, i, len(s)), qStartWord))
		*out = fold.AppendRuneStarts(*out, text, i, end)
		if kind != QueryExact || !isLong(f) {
			break
		}
	}
	return best
}

// isListBreak reports whether c separates the entries of a tags or
// aliases field.
func isListBreak(c byte) bool { return c == ' ' }

// matchesFilter reports whether one of r's values of facet f, or one of
// their labels and aliases, starts with v (folded by normName).
func (r *Record) matchesFilter(f Facet, v string) bool {
	var buf [8]string
	for _, val := range r.appendFacetValues(buf[:0], f) {
		if strings.HasPrefix(normName(val), v) {
			return true
		}
		for _, n := range r.termNames(val) {
			if strings.HasPrefix(normName(n), v) {
				return true
			}
		}
	}
	if f == FacetOrg {
		for _, n := range r.names.org {
			if strings.HasPrefix(normName(n), v) {
				return true
			}
		}
	}
	return false
}

// mergeHits joins two hit lists, field by field, offsets sorted and once.
func mergeHits(a, b []Hit) []Hit {
	if len(b) == 0 {
		return a
	}
	if len(a) == 0 {
		return b
	}
	var out []Hit
	for f := range numFields {
		x, y := hitIndex(a, f), hitIndex(b, f)
		if x == nil && y == nil {
			continue
		}
		idx := append(append(make([]int, 0, len(x)+len(y)), x...), y...)
		slices.Sort(idx)
		out = append(out, Hit{Field: f, Index: slices.Compact(idx)})
	}
	return out
}

func hitIndex(hs []Hit, f Field) []int {
	for _, h := range hs {
		if h.Field == f {
			return h.Index
		}
	}
	return nil
}
