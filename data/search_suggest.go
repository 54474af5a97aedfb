package data

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/incidents-dev/incidents/data/internal/fold"
	"github.com/incidents-dev/incidents/internal/editdist"
)

// Typo tolerance: a query that matches nothing gets the nearest names the
// library holds ("discrod" → Discord).

// name is one entry of the suggestion dictionary.
type name struct {
	folded  string
	rs      []rune
	display string
	count   int
}

// dictionary is built on the first suggestion an index is asked for.
type dictionary struct {
	once  sync.Once
	names []name
}

// Suggest returns up to n queries close to query that match something,
// best first, for a query that matches nothing: each plain word that
// matches no record on its own is replaced by the nearest name the index
// holds (an id, organisation, tag, label, alias, title or summary word) within a
// small edit distance, transpositions counting as one. It returns nil when
// query matches, or nothing is close.
func (ix *Index) Suggest(query string, n int) []string {
	if n <= 0 || len(ix.Search(query)) > 0 {
		return nil
	}
	raw := strings.Fields(query)
	words := strings.Fields(foldKeepSpace(query))
	if len(raw) != len(words) {
		return nil
	}
	cands := candidates(raw, words, ix.dict(), func(i int, w string) bool { return isPlain(w) && len(ix.Search(w)) == 0 })
	var out []string
	for _, s := range cands {
		if len(out) < n && len(ix.Search(s)) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// candidates returns the queries that might replace raw (folded: words),
// which matched nothing: bad says which words to replace, each by its
// nearest names in dict. One bad word: its nearest names each make a
// candidate. Several: the nearest name of each, in one. None when a bad
// word has no name near it, as no query would then match.
func candidates(raw, words []string, dict []name, bad func(i int, w string) bool) []string {
	var which []int
	choices := map[int][]name{}
	for i, w := range words {
		if !bad(i, w) {
			continue
		}
		near := nearest(dict, w)
		if len(near) == 0 {
			return nil
		}
		which = append(which, i)
		choices[i] = near
	}
	if len(which) == 0 {
		return nil
	}
	alts := 1
	if len(which) == 1 {
		alts = len(choices[which[0]])
	}
	var cands []string
	for a := range alts {
		q := slices.Clone(raw)
		for _, i := range which {
			q[i] = choices[i][min(a, len(choices[i])-1)].display
		}
		if s := strings.Join(q, " "); !slices.Contains(cands, s) {
			cands = append(cands, s)
		}
	}
	return cands
}

// Suggest is Index.Suggest over recs, without keeping an index.
func Suggest(recs []*Record, query string, n int) []string {
	return NewIndex(recs).Suggest(query, n)
}

func foldKeepSpace(s string) string {
	f, _ := fold.String(strings.ToValidUTF8(s, "\uFFFD"))
	return f
}

// maxDistance is how far a word of n runes may be from a name: none for
// the shortest words, which are close to too much.
func maxDistance(n int) int {
	switch {
	case n <= 3:
		return 0
	case n <= 5:
		return 1
	}
	return 2
}

// nearest returns the names closest to w (at most three), nearest first,
// then most used.
func nearest(dict []name, w string) []name {
	rs := []rune(w)
	limit := maxDistance(len(rs))
	if limit == 0 {
		return nil
	}
	type cand struct {
		n name
		d int
	}
	var cs []cand
	for _, nm := range dict {
		if abs(len(nm.rs)-len(rs)) > limit {
			continue
		}
		if d := editdist.Distance(rs, nm.rs, limit); d <= limit {
			cs = append(cs, cand{nm, d})
		}
	}
	slices.SortFunc(cs, func(a, b cand) int {
		return cmp.Or(a.d-b.d, b.n.count-a.n.count, strings.Compare(a.n.folded, b.n.folded))
	})
	var out []name
	for _, c := range cs {
		if len(out) == 3 {
			break
		}
		out = append(out, c.n)
	}
	return out
}

func abs(n int) int { return max(n, -n) }

// dict returns the index's names, built once.
func (ix *Index) dict() []name {
	ix.names.once.Do(func() {
		at := map[string]int{}
		add := func(s string) {
			s = strings.TrimSpace(s)
			f := foldKeepSpace(s)
			if runeCount(f) < 3 {
				return
			}
			if i, ok := at[f]; ok {
				ix.names.names[i].count++
				return
			}
			at[f] = len(ix.names.names)
			ix.names.names = append(ix.names.names, name{folded: f, rs: []rune(f), display: s, count: 1})
		}
		var buf [24]string
		for _, r := range ix.recs {
			add(r.ID)
			add(r.Org)
			for _, w := range strings.Fields(r.Org) {
				add(w)
			}
			for _, t := range r.appendTagList(buf[:0]) {
				add(t)
			}
			for _, a := range strings.Split(r.aliasText(), " · ") {
				add(a)
			}
			// The summaries' words too: a search matches them, so a typo
			// of one ("etdc") deserves its suggestion.
			for _, t := range []string{r.Title.EN, r.Title.KO, r.summaryText(0), r.summaryText(1)} {
				for _, w := range strings.FieldsFunc(t, isQueryBreak) {
					add(stem(w))
				}
			}
		}
	})
	return ix.names.names
}

// stem drops the Korean particle written onto a Latin word ("Discord의" →
// Discord), so that it is not offered beside the bare word.
func stem(w string) string {
	for i, r := range w {
		if i > 0 && fold.IsHangulSyllable(r) {
			if c := w[0]; c < 0x80 {
				return w[:i]
			}
			break
		}
	}
	return w
}
