package data

import (
	"github.com/incidents-dev/incidents/data/internal/fold"

	"github.com/incidents-dev/incidents/data/internal/jamo"
)

// jamoMask is the mask of a jamo word's other runes: the jamo stand for
// syllables the mask cannot name.
func jamoMask(rs []rune) fold.Mask {
	var m fold.Mask
	for _, r := range rs {
		if !jamo.IsJamo(r) {
			m.Add(r)
		}
	}
	return m
}

// matchJamo finds jamo word w in text: the best occurrence only, or every
// one (up to maxLongHits) when every is set, as for summaries. Matched
// runes must follow one another within one word ("ㅁㅇㅂㅅ" matches
// 메일박스, not "메일 박스"). It marks the matched runes' byte offsets and
// returns the best quality.
func matchJamo(text string, w *qword, out *[]int, every bool) int {
	best, hits := 0, 0
	var at [64]int
	for i := 0; i < len(text); {
		r, n := fold.DecodeAt(text, i)
		if !jamo.RuneMatches(w.rs[0], r) {
			i += n
			continue
		}
		pos, end, ok := jamo.Embed(text, i, w.rs, at[:0])
		if ok {
			q := quality(text, i, end-i)
			if every {
				best = max(best, min(q, qStartWord))
				*out = append(*out, pos...)
				if hits++; hits == maxLongHits {
					break
				}
			} else if q > best {
				best = q
				*out = appendBest(*out, pos, &hits)
			}
		}
		i += n
	}
	return best
}

// appendBest replaces the occurrence appended last by appendBest (hits
// runes of it) with pos.
func appendBest(out, pos []int, hits *int) []int {
	out = append(out[:len(out)-*hits], pos...)
	*hits = len(pos)
	return out
}

// mayHaveJamo reports whether a summary with initial pairs p (nil for
// none) can hold jamo word w: every pair of neighbouring syllables w asks
// for must be there.
func (w *qword) mayHaveJamo(p *jamo.Pairs) bool {
	for i := 0; i+1 < len(w.rs); i++ {
		a, b := jamo.InitialIndex(w.rs[i]), jamo.InitialIndex(w.rs[i+1])
		if a >= 0 && b >= 0 && (p == nil || !p.Has(a, b)) {
			return false
		}
	}
	return true
}
