package data

import (
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/incidents-dev/incidents/data/internal/fold"
	"github.com/incidents-dev/incidents/data/internal/grams"
	"github.com/incidents-dev/incidents/data/internal/jamo"
)

// Matching one query word against one folded field, and scoring it.

const (
	// minLongRunes is the shortest word that is looked for in summaries:
	// one letter is in nearly every summary and says nothing.
	minLongRunes = 2
	// maxGap is how many unmatched runes a fuzzy match in a short field may
	// skip in all; more is a scatter of letters, not a match worth showing.
	maxGap = 4
	// maxLongHits caps the occurrences of one word marked in one summary.
	maxLongHits = 16
)

// Match qualities of one word in one field, before the field's weight.
const (
	qExact     = 1000 // the whole field
	qStartWord = 550  // at the field's start, a whole word
	qStart     = 450  // at the field's start
	qWord      = 500  // a whole word
	qWordStart = 400  // the start of a word
	qInner     = 250  // inside a word
	qFuzzy     = 120  // subsequence, plus fuzzy's bonus, less per gap
	fuzzyBonus = 100  // the most of fuzzy's own score that counts
	gapCost    = 8
	// fuzzyDiv puts a word found only as a scattered subsequence below any
	// record where it stands as written, even in a summary alone: the best
	// fuzzy score (qFuzzy + fuzzyBonus on the id) divided by it is below the
	// worst summary score (qInner times the summary weight). Searching
	// "etcd" must rank the incidents that mention etcd above a title that
	// happens to hold e, t, c and d in order.
	fuzzyDiv = 20
)

// fieldWeight scales a word's quality by where it matched. A summary hit
// never outranks a title hit as written: the best summary quality
// (qStartWord, the cap) times its weight, even in both summaries, is below
// the worst title quality (qInner) times the title weight.
var fieldWeight = [numFields]int{
	FieldID:        40,
	FieldOrg:       20,
	FieldTitleEN:   15,
	FieldTitleKO:   15,
	FieldTags:      10,
	FieldAliases:   10,
	FieldSummaryEN: 2,
	FieldSummaryKO: 2,
}

// qword is one folded query word, ready to match.
type qword struct {
	s    string
	rs   []rune
	mask fold.Mask
	// grams are the bits a summary's gram filter must hold.
	grams []grams.Gram
	// bounded is set for a word starting with an ASCII letter or digit:
	// in a summary it must begin a word ("dns" does not match "kdns").
	bounded bool
	// parts are the word split at punctuation, when it holds some:
	// searched when the word is not found as written.
	parts []qword
	// jamo is set for a word holding Hangul initial consonants (초성),
	// matched by matchJamo.
	jamo bool
}

// prepare readies the words for matching, longest first: a longer word
// rules more records out, and the order does not change any score.
func prepare(words []string) []qword {
	ws := make([]qword, len(words))
	for i, w := range words {
		ws[i] = prepareWord(w)
	}
	slices.SortStableFunc(ws, func(a, b qword) int { return len(b.rs) - len(a.rs) })
	return ws
}

// prepareWord readies one folded word.
func prepareWord(w string) qword {
	rs := []rune(w)
	var parts []qword
	if ps := splitWords(w); len(ps) != 1 || ps[0] != w {
		parts = make([]qword, len(ps))
		for i, p := range ps {
			parts[i] = prepareWord(p)
		}
	}
	var wm fold.Mask
	for _, p := range parts {
		wm = wm.Or(p.mask)
	}
	if jamo.HasJamo(rs) {
		return qword{s: w, rs: rs, mask: jamoMask(rs).Or(wm), jamo: true, parts: parts}
	}
	bounded := rs[0] < utf8.RuneSelf && fold.IsWordRune(rs[0])
	m := fold.MaskOf(w)
	if len(parts) > 0 {
		m = wm // the parts may stand apart, without the punctuation
	}
	return qword{s: w, rs: rs, mask: m, bounded: bounded, grams: grams.Need(rs, bounded), parts: parts}
}

// mayHave reports whether gram filter g allows summary matches of w.
func (w *qword) mayHave(g *grams.Filter) bool {
	for _, b := range w.grams {
		if !g.Has(b) {
			return false
		}
	}
	return true
}

func runeCount(s string) int { return utf8.RuneCountInString(s) }

func isLong(f Field) bool { return f == FieldSummaryEN || f == FieldSummaryKO }

// scratch is one goroutine's working memory for a search: matched offsets
// for the record at hand, and arenas that the results' Hits are cut from.
type scratch struct {
	pos  [numFields][]int
	tmp  []int
	ints []int
	hits []Hit
	fz   []int // fuzzy.Score's offsets
	// one says the scratch serves a single record (Index.HitsOf): its
	// arenas are cut to size rather than grown in blocks.
	one bool
	// outDoc is the record whose spilled summaries outText holds, read
	// into outBuf (see scratch.text).
	outDoc  *doc
	outBuf  []byte
	outText [2]string
}

// match scores doc d against every word, leaving the matched offsets (in the
// folded texts) in sc.pos. It reports false unless every word matched.
func (sc *scratch) match(d *doc, ws []qword) (int, bool) {
	for i := range ws {
		if !d.all.Covers(ws[i].mask) {
			return 0, false
		}
	}
	for f := range sc.pos {
		sc.pos[f] = sc.pos[f][:0]
	}
	total := 0
	for i := range ws {
		best, sum := sc.word(d, &ws[i], true)
		if best == 0 {
			return 0, false
		}
		// The best field decides; matching elsewhere as well adds a little.
		total += best + (sum-best)/8
	}
	return total, true
}

// word scores one word against doc d: its best field's score and the sum
// over every field, 0 when it matched nowhere. Without fuzzy, only matches
// as written count.
func (sc *scratch) word(d *doc, w *qword, fuzzy bool) (best, sum int) {
	for f := range numFields {
		if !d.mask[f].Covers(w.mask) {
			continue
		}
		var q int
		switch {
		case w.jamo:
			if isLong(f) && (len(w.rs) < minLongRunes || !w.mayHaveJamo(d.long[f-FieldSummaryEN].inits)) {
				continue
			}
			q = matchJamo(sc.text(d, f), w, &sc.pos[f], isLong(f))
		case isLong(f):
			sm := &d.long[f-FieldSummaryEN]
			if len(w.rs) < minLongRunes || !w.mayHave(&sm.grams) {
				continue
			}
			q = matchEvery(sc.text(d, f), sm, w, &sc.pos[f])
		default:
			q = matchSub(d.text[f], w, &sc.pos[f])
		}
		if q > 0 {
			s := q * fieldWeight[f]
			sum += s
			best = max(best, s)
		}
	}
	if best == 0 && len(w.parts) > 0 {
		// "power-peg" not found as written: its parts, power and peg,
		// each anywhere as written, as "power peg" would be searched.
		var lens [numFields]int
		for f := range sc.pos {
			lens[f] = len(sc.pos[f])
		}
		all := 0
		for i := range w.parts {
			b, s := sc.word(d, &w.parts[i], false)
			if b == 0 {
				all = 0
				break
			}
			all += b + (s-b)/8
		}
		if all > 0 {
			return all, all
		}
		for f := range sc.pos {
			sc.pos[f] = sc.pos[f][:lens[f]]
		}
	}
	if best == 0 && fuzzy && !w.jamo {
		// Only a word found nowhere as written is looked for as a
		// fuzzy subsequence, so letters scattered through one field
		// are not marked when the word stands whole in another.
		for f := range FieldSummaryEN {
			if d.mask[f].Covers(w.mask) {
				if q := matchFuzzy(d.text[f], w, &sc.pos[f], &sc.fz); q > 0 {
					s := max(q*fieldWeight[f]/fuzzyDiv, 1)
					sum += s
					best = max(best, s)
				}
			}
		}
	}
	return best, sum
}

// collect turns the offsets left by match into Hits over the records' own
// field texts.
func (sc *scratch) collect(d *doc) []Hit {
	n := 0
	for f := range sc.pos {
		if len(sc.pos[f]) > 0 {
			n++
		}
	}
	hits := sc.takeHits(n)
	n = 0
	for f := range numFields {
		p := sc.pos[f]
		if len(p) == 0 {
			continue
		}
		if len(p) > 1 {
			slices.Sort(p)
			p = slices.Compact(p)
		}
		if m := d.mapOf(f); m != nil {
			sc.tmp = m.Source(sc.tmp[:0], p)
			p = sc.tmp
		}
		idx := sc.takeInts(len(p))
		copy(idx, p)
		hits[n] = Hit{Field: f, Index: idx}
		n++
	}
	return hits
}

func (sc *scratch) takeInts(n int) []int { return take(&sc.ints, n, sc.block(4096)) }

func (sc *scratch) takeHits(n int) []Hit { return take(&sc.hits, n, sc.block(1024)) }

func (sc *scratch) block(n int) int {
	if sc.one {
		return 0
	}
	return n
}

// take hands out the next n elements of *arena, capped so that appending to
// them cannot reach the next caller's. A full arena is replaced by a new
// block of at least block elements; what was handed out keeps the old one.
func take[T any](arena *[]T, n, block int) []T {
	if cap(*arena)-len(*arena) < n {
		*arena = make([]T, 0, max(n, block))
	}
	l := len(*arena)
	*arena = (*arena)[:l+n]
	return (*arena)[l : l+n : l+n]
}

// quality rates a substring match at [i, i+n) of text.
func quality(text string, i, n int) int {
	start, end := fold.StartsWord(text, i), fold.EndsWord(text, i+n)
	switch {
	case i == 0 && n == len(text):
		return qExact
	case i == 0 && end:
		return qStartWord
	case i == 0:
		return qStart
	case start && end:
		return qWord
	case start:
		return qWordStart
	}
	return qInner
}

// matchSub finds w as a substring of a short field, preferring an occurrence
// at a word's start, and marks that one.
func matchSub(text string, w *qword, out *[]int) int {
	at, best := -1, 0
	for off := 0; off < len(text); {
		i := strings.Index(text[off:], w.s)
		if i < 0 {
			break
		}
		i += off
		if q := quality(text, i, len(w.s)); q > best {
			at, best = i, q
			if q >= qWord {
				break
			}
		}
		off = i + 1
	}
	if at >= 0 {
		*out = fold.AppendRuneStarts(*out, text, at, at+len(w.s))
	}
	return best
}

// matchEvery finds every occurrence of w in a summary (up to maxLongHits),
// only those at a word's start for a bounded word, and marks them all.
func matchEvery(text string, sm *summary, w *qword, out *[]int) int {
	best, hits := 0, 0
	if ws := sm.words; w.bounded && ws != nil {
		c, c2 := w.s[0], w.s[1] // a bounded word of two runes has two bytes
		for k := 0; k < len(ws.heads); k++ {
			j := strings.IndexByte(ws.heads[k:], c)
			if j < 0 {
				break
			}
			k += j
			i := int(ws.starts[k])
			if ws.seconds[k] != c2 || !strings.HasPrefix(text[i:], w.s) {
				continue
			}
			best = max(best, min(quality(text, i, len(w.s)), qStartWord))
			*out = fold.AppendRuneStarts(*out, text, i, i+len(w.s))
			if hits++; hits == maxLongHits {
				break
			}
		}
		return best
	}
	for off := 0; off < len(text) && hits < maxLongHits; {
		i := strings.Index(text[off:], w.s)
		if i < 0 {
			break
		}
		i += off
		off = i + 1
		if w.bounded && !fold.StartsWord(text, i) {
			continue
		}
		best = max(best, min(quality(text, i, len(w.s)), qStartWord))
		*out = fold.AppendRuneStarts(*out, text, i, i+len(w.s))
		hits++
	}
	return best
}
