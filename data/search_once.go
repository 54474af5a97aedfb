package data

import (
	"encoding/binary"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
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
	words := foldQuery(query)
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
	everyRune = mask{^uint64(0), ^uint64(0)}
	everyGram = func() (g grams) {
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
		d.long[f-FieldSummaryEN] = summary{grams: everyGram, inits: &everyPair}
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
		var m *posMap
		d.text[f], m, d.mask[f] = foldShort(s, &sc.short[f])
		d.setMap(f, m)
	}
	for f := FieldSummaryEN; f < numFields; f++ {
		var m *posMap
		d.text[f], m = foldLong(r.FieldText(f), &sc.long[f-FieldSummaryEN])
		d.setMap(f, m)
	}
}

// foldShort is foldMask, the same text, map and mask, for a short field:
// text of ASCII and precomposed Hangul alone (nearly all of it) is folded
// in one pass into *buf, without allocating, when its capitals must be
// lowered. The result may share buf's memory until the next call with the
// same buf.
func foldShort(s string, buf *[]byte) (string, *posMap, mask) {
	var msk mask
	var ascii uint64 // the mask's bits of the ASCII runes, all in msk[0]
	upper := false
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			upper = upper || 'A' <= c && c <= 'Z'
			ascii |= asciiBits[c]
			i++
			continue
		}
		if c == 0xC2 && i+1 < len(s) && s[i+1] == 0xB7 {
			msk.add(0xB7) // the middle dot between aliases: no case, and NFC
			i += 2
			continue
		}
		if !hangulAt(s, i) {
			return foldMask(s)
		}
		msk.add(rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F))
		i += 3
	}
	msk[0] |= ascii
	if !upper {
		return s, nil, msk
	}
	b := append((*buf)[:0], s...)
	*buf = b
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return unsafe.String(&b[0], len(b)), nil, msk
}

// asciiBits holds, for each ASCII byte, the bit mask.add sets for it once
// folded (none for a space): all of them fall in a mask's first word.
var asciiBits = func() (t [utf8.RuneSelf]uint64) {
	for c := range rune(utf8.RuneSelf) {
		var m mask
		if f := foldRune(c); f != ' ' {
			m.add(f)
		}
		t[c] = m[0]
	}
	return t
}()

// foldLong is fold for a long text: text of ASCII and precomposed Hangul
// alone (nearly all of it) needs only its capitals lowered, which it does
// in *buf when it must. The result may share buf's memory: it lasts until
// the next call with the same buf.
func foldLong(s string, buf *[]byte) (string, *posMap) {
	const (
		high = 0x8080808080808080
		// Added to eight ASCII bytes, these set a byte's top bit from 'A'
		// and from past 'Z' up: no byte carries into the next.
		fromA    = 0x3f3f3f3f3f3f3f3f
		pastZ    = 0x2525252525252525
		lowerBit = 0x20
	)
	upper := false
	for i := 0; i < len(s); {
		if i+8 <= len(s) {
			x := load64(s, i)
			if x&high == 0 {
				upper = upper || (x+fromA)&^(x+pastZ)&high != 0
				i += 8
				continue
			}
		}
		c := s[i]
		switch {
		case c < 0x80:
			upper = upper || 'A' <= c && c <= 'Z'
			i++
		case (c == 0xEB || c == 0xEC) && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80,
			hangulAt(s, i):
			i += 3 // U+B000–U+CFFF, or another precomposed syllable
		default:
			return fold(s)
		}
	}
	if !upper {
		return s, nil
	}
	b := append((*buf)[:0], s...)
	*buf = b
	i := 0
	for ; i+8 <= len(b); i += 8 {
		x := load64(s, i)
		if x&high == 0 {
			x |= (x + fromA) &^ (x + pastZ) & high >> 2
			putLE64(b[i:], x)
			continue
		}
		for j := i; j < i+8; j++ {
			if c := b[j]; 'A' <= c && c <= 'Z' {
				b[j] = c + lowerBit
			}
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; 'A' <= c && c <= 'Z' {
			b[i] = c + lowerBit
		}
	}
	return unsafe.String(&b[0], len(b)), nil
}

// load64 reads eight bytes of s at i, little-endian.
func load64(s string, i int) uint64 {
	s = s[i : i+8]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

func putLE64(b []byte, x uint64) { binary.LittleEndian.PutUint64(b, x) }
