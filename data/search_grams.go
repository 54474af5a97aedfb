package data

import (
	"slices"
	"unicode/utf8"

	"github.com/incidents-dev/incidents/data/internal/fold"
	"github.com/incidents-dev/incidents/data/internal/grams"
	"github.com/incidents-dev/incidents/data/internal/jamo"
)

// summaryScratch is reused between newSummary calls by one goroutine.
type summaryScratch struct {
	starts []uint16
	bytes  []byte
}

func newSummary(s string, sc *summaryScratch) summary {
	var g grams.Filter
	far := len(s) > 1<<16-1
	starts, heads := sc.starts[:0], sc.bytes[:0]
	prevWord := false
	var inits *jamo.Pairs
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
				grams.AddStarts(&g, s, i)
			}
			prevWord = word
			i++
			continue
		}
		a, n := fold.DecodeAt(s, i)
		// A query word holds no white space, so pairs ending in it are
		// never asked for.
		if b, m := fold.DecodeAt(s, i+n); m > 0 && b != ' ' && b != '\n' && b != '\t' {
			g.Add(grams.Bits(grams.Pair, a, b, 0, 0))
		}
		prevWord = fold.IsWordRune(a)
		cur := jamo.InitialIndex(a)
		if cur >= 0 && prevInit >= 0 {
			if inits == nil {
				inits = new(jamo.Pairs)
			}
			inits.Add(prevInit, cur)
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
