// Package grams is search's prefilter for summaries: a small blocked Bloom
// filter of the rune pairs and word starts a summary holds, which a word
// must find there before the summary is scanned. It imports the standard
// library and the fold kernel alone.
package grams

import (
	"unicode/utf8"

	"github.com/incidents-dev/incidents/data/internal/fold"
)

// Filter is a 1024-bit blocked Bloom filter (three bits per gram) over a
// summary's rune pairs and triples, the ones a summary match needs: at each word start of an ASCII letter or
// digit, its first two, three and four runes; after every other non-ASCII
// rune, that rune and the next. A summary lacking any gram of a word cannot
// match it, which spares scanning most summaries for most words.
type Filter [1 << log / 64]uint64

// log is log2 of the filter's size in bits.
const log = 10

// Gram kinds (the kind argument of Bits), salted apart.
const (
	Pair   = 1 // a non-ASCII rune and the next, anywhere
	Start2 = 2 // the first two runes of a word
	Start3 = 3 // the first three runes of a word
	Start4 = 4 // the first four runes of a word
)

// Bits returns where a gram of up to four runes (0 for those it lacks)
// sets its bits: splitmix64's finaliser over the runes (21 bits each, the
// fourth mixed in) and the kind picks one 64-bit word of the filter and
// three bits in it. Keeping a gram's bits in one word (a blocked Bloom
// filter) makes adding and testing one memory access each.
func Bits(kind uint64, a, b, c, d rune) Gram {
	x := (uint64(a)<<42 | uint64(b)<<21 | uint64(c)) ^ uint64(d)*0xD6E8FEB86659FD93 ^ kind*0x9E3779B97F4A7C15
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	x ^= x >> 31
	return Gram{
		word: uint8(x >> (64 - log + 6)),
		bits: 1<<(x&63) | 1<<(x>>6&63) | 1<<(x>>12&63),
	}
}

// Gram is where a gram sits in a filter: a word and the bits set in it.
type Gram struct {
	word uint8
	bits uint64
}

// Add sets gram b in g.
func (g *Filter) Add(b Gram) { g[b.word%uint8(len(g))] |= b.bits }

// Has reports whether g holds gram b (or, rarely, others that share its bits).
func (g *Filter) Has(b Gram) bool { return g[b.word%uint8(len(g))]&b.bits == b.bits }

// AddStarts adds to g the grams of the word starting at byte i of s with an
// ASCII letter or digit: its first two, three and four runes.
func AddStarts(g *Filter, s string, i int) {
	a := rune(s[i])
	b, m := fold.DecodeAt(s, i+1)
	if m == 0 {
		return
	}
	g.Add(Bits(Start2, a, b, 0, 0))
	c, k := fold.DecodeAt(s, i+1+m)
	if k == 0 {
		return
	}
	g.Add(Bits(Start3, a, b, c, 0))
	if d, l := fold.DecodeAt(s, i+1+m+k); l > 0 {
		g.Add(Bits(Start4, a, b, c, d))
	}
}

// Need returns the grams a summary must hold to contain word rs (folded) as a summary
// match: as a word start for a bounded word, anywhere otherwise.
func Need(rs []rune, bounded bool) []Gram {
	if len(rs) < 2 {
		return nil
	}
	if bounded {
		need := []Gram{Bits(Start2, rs[0], rs[1], 0, 0)}
		if len(rs) >= 3 {
			need = append(need, Bits(Start3, rs[0], rs[1], rs[2], 0))
		}
		if len(rs) >= 4 {
			need = append(need, Bits(Start4, rs[0], rs[1], rs[2], rs[3]))
		}
		return need
	}
	var need []Gram
	for i := 0; i+1 < len(rs); i++ {
		if rs[i] >= utf8.RuneSelf {
			need = append(need, Bits(Pair, rs[i], rs[i+1], 0, 0))
		}
	}
	return need
}
