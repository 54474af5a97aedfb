package data

import (
	"slices"
	"unicode/utf8"

	"github.com/incidents-dev/incidents/data/internal/fold"
)

// grams is a 1024-bit blocked Bloom filter (three bits per gram) over a summary's rune pairs and triples,
// the ones a summary match needs: at each word start of an ASCII letter or
// digit, its first two, three and four runes; after every other non-ASCII
// rune, that rune and the next. A summary lacking any gram of a word cannot
// match it, which spares scanning most summaries for most words.
type grams [1 << gramLog / 64]uint64

// gramLog is log2 of the filter's size in bits.
const gramLog = 10

// Gram kinds, salted apart.
const (
	gramPair   = 1 // a non-ASCII rune and the next, anywhere
	gramStart2 = 2 // the first two runes of a word
	gramStart3 = 3 // the first three runes of a word
	gramStart4 = 4 // the first four runes of a word
)

// gramBits returns where a gram of up to four runes (0 for those it lacks)
// sets its bits: splitmix64's finaliser over the runes (21 bits each, the
// fourth mixed in) and the kind picks one 64-bit word of the filter and
// three bits in it. Keeping a gram's bits in one word (a blocked Bloom
// filter) makes adding and testing one memory access each.
func gramBits(kind uint64, a, b, c, d rune) gram {
	x := (uint64(a)<<42 | uint64(b)<<21 | uint64(c)) ^ uint64(d)*0xD6E8FEB86659FD93 ^ kind*0x9E3779B97F4A7C15
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	x ^= x >> 31
	return gram{
		word: uint8(x >> (64 - gramLog + 6)),
		bits: 1<<(x&63) | 1<<(x>>6&63) | 1<<(x>>12&63),
	}
}

// gram is where a gram sits in a filter: a word and the bits set in it.
type gram struct {
	word uint8
	bits uint64
}

func (g *grams) add(b gram) { g[b.word%uint8(len(g))] |= b.bits }

func (g *grams) has(b gram) bool { return g[b.word%uint8(len(g))]&b.bits == b.bits }

// summaryScratch is reused between newSummary calls by one goroutine.
type summaryScratch struct {
	starts []uint16
	bytes  []byte
}

func newSummary(s string, sc *summaryScratch) summary {
	var g grams
	far := len(s) > 1<<16-1
	starts, heads := sc.starts[:0], sc.bytes[:0]
	prevWord := false
	var inits *initialPairs
	prevInit := -1 // the initial of the syllable before, spaces skipped
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c != ' ' {
				prevInit = -1
			}
			word := fold.ASCIIWord[c]
			if word && !prevWord {
				if !far {
					starts = append(starts, uint16(i))
					heads = append(heads, c)
				}
				addStartGrams(&g, s, i)
			}
			prevWord = word
			i++
			continue
		}
		a, n := fold.DecodeAt(s, i)
		// A query word holds no white space, so pairs ending in it are
		// never asked for.
		if b, m := fold.DecodeAt(s, i+n); m > 0 && b != ' ' && b != '\n' && b != '\t' {
			g.add(gramBits(gramPair, a, b, 0, 0))
		}
		prevWord = fold.IsWordRune(a)
		cur := initialIndex(a)
		if cur >= 0 && prevInit >= 0 {
			if inits == nil {
				inits = new(initialPairs)
			}
			inits.add(prevInit, cur)
		}
		prevInit = cur
		i += n
	}
	// heads, then the second byte of each word (0 for none), in one string.
	for _, o := range starts {
		second := byte(0)
		if int(o)+1 < len(s) {
			second = s[o+1]
		}
		heads = append(heads, second)
	}
	sc.starts, sc.bytes = starts, heads
	sm := summary{grams: g, inits: inits}
	if len(starts) > 0 {
		hs := string(heads)
		sm.words = &wordStarts{starts: slices.Clone(starts), heads: hs[:len(starts)], seconds: hs[len(starts):]}
	}
	return sm
}

// addStartGrams adds the grams of the word starting at byte i of s with an
// ASCII letter or digit: its first two, three and four runes.
func addStartGrams(g *grams, s string, i int) {
	a := rune(s[i])
	b, m := fold.DecodeAt(s, i+1)
	if m == 0 {
		return
	}
	g.add(gramBits(gramStart2, a, b, 0, 0))
	c, k := fold.DecodeAt(s, i+1+m)
	if k == 0 {
		return
	}
	g.add(gramBits(gramStart3, a, b, c, 0))
	if d, l := fold.DecodeAt(s, i+1+m+k); l > 0 {
		g.add(gramBits(gramStart4, a, b, c, d))
	}
}

// needGrams returns the grams a summary must hold to contain w as a summary
// match: as a word start for a bounded word, anywhere otherwise.
func needGrams(rs []rune, bounded bool) []gram {
	if len(rs) < 2 {
		return nil
	}
	if bounded {
		need := []gram{gramBits(gramStart2, rs[0], rs[1], 0, 0)}
		if len(rs) >= 3 {
			need = append(need, gramBits(gramStart3, rs[0], rs[1], rs[2], 0))
		}
		if len(rs) >= 4 {
			need = append(need, gramBits(gramStart4, rs[0], rs[1], rs[2], rs[3]))
		}
		return need
	}
	var need []gram
	for i := 0; i+1 < len(rs); i++ {
		if rs[i] >= utf8.RuneSelf {
			need = append(need, gramBits(gramPair, rs[i], rs[i+1], 0, 0))
		}
	}
	return need
}
