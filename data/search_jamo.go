package data

import "github.com/incidents-dev/incidents/data/internal/fold"

// 초성 (initial consonant) search: Korean users type the first consonant of
// each syllable ("ㅁㅇㅂㅅ" for 메일박스), as every Korean app's search
// accepts. A query word holding Hangul compatibility jamo consonants
// matches text where each jamo stands for a syllable starting with that
// consonant (or the jamo itself), and every other rune for itself:
// "ㅁㅇ박스" matches 메일박스 too.

// initials are the compatibility jamo of the 19 syllable-initial
// consonants, in the order of Unicode's syllable composition.
var initials = [19]rune{
	'ㄱ', 'ㄲ', 'ㄴ', 'ㄷ', 'ㄸ', 'ㄹ', 'ㅁ', 'ㅂ', 'ㅃ', 'ㅅ',
	'ㅆ', 'ㅇ', 'ㅈ', 'ㅉ', 'ㅊ', 'ㅋ', 'ㅌ', 'ㅍ', 'ㅎ',
}

// isJamo reports whether r is a Hangul compatibility jamo consonant
// (U+3131 ㄱ to U+314E ㅎ).
func isJamo(r rune) bool { return r >= 0x3131 && r <= 0x314E }

// Initial returns the initial consonant of a precomposed Hangul syllable as
// a compatibility jamo (메 → ㅁ), or r itself for any other rune.
func Initial(r rune) rune {
	if !fold.IsHangulSyllable(r) {
		return r
	}
	return initials[(r-0xAC00)/588]
}

// Initials returns the initial consonant of every Hangul syllable of s,
// other runes as they are ("메일박스" → "ㅁㅇㅂㅅ").
func Initials(s string) string {
	b := make([]rune, 0, len(s))
	for _, r := range s {
		b = append(b, Initial(r))
	}
	return string(b)
}

// hasJamo reports whether a folded query word holds a jamo consonant.
func hasJamo(rs []rune) bool {
	for _, r := range rs {
		if isJamo(r) {
			return true
		}
	}
	return false
}

// jamoMask is the mask of a jamo word's other runes: the jamo stand for
// syllables the mask cannot name.
func jamoMask(rs []rune) fold.Mask {
	var m fold.Mask
	for _, r := range rs {
		if !isJamo(r) {
			m.Add(r)
		}
	}
	return m
}

// runeMatches reports whether text rune t stands for query rune q.
func runeMatches(q, t rune) bool {
	if q == t {
		return true
	}
	return isJamo(q) && fold.IsHangulSyllable(t) && initials[(t-0xAC00)/588] == q
}

// matchJamo finds jamo word w in text: the best occurrence only, or every
// one (up to maxLongHits) when every is set, as for summaries. Matched
// runes must follow one another, except that spaces may stand next to a
// jamo ("ㅁㅇㅂㅅ" matches "메일 박스"). It marks the matched runes' byte
// offsets and returns the best quality.
func matchJamo(text string, w *qword, out *[]int, every bool) int {
	best, hits := 0, 0
	var at [64]int
	for i := 0; i < len(text); {
		r, n := fold.DecodeAt(text, i)
		if !runeMatches(w.rs[0], r) {
			i += n
			continue
		}
		pos, end, ok := embedJamo(text, i, w.rs, at[:0])
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

// embedJamo matches rs at byte i of text, appending each matched rune's
// offset to pos; it returns them, the end of the match and whether all of
// rs matched.
func embedJamo(text string, i int, rs []rune, pos []int) ([]int, int, bool) {
	j := i
	for k, q := range rs {
		if k > 0 && (isJamo(q) || isJamo(rs[k-1])) {
			for j < len(text) && text[j] == ' ' {
				j++
			}
		}
		r, n := fold.DecodeAt(text, j)
		if n == 0 || !runeMatches(q, r) {
			return pos, 0, false
		}
		pos = append(pos, j)
		j += n
	}
	return pos, j, true
}

// initialPairs is a set of pairs of initial consonants (19 × 19 bits): of
// neighbouring syllables in a summary, spaces between them skipped.
type initialPairs [6]uint64

func (p *initialPairs) add(a, b int) {
	i := a*19 + b
	p[i>>6] |= 1 << (i & 63)
}

func (p *initialPairs) has(a, b int) bool {
	i := a*19 + b
	return p[i>>6]&(1<<(i&63)) != 0
}

// everyPair rules nothing out.
var everyPair = initialPairs{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}

// initialIndex returns the index (0–18) of r's initial consonant, for a
// Hangul syllable or an initial's compatibility jamo, else -1.
func initialIndex(r rune) int {
	if fold.IsHangulSyllable(r) {
		return int(r-0xAC00) / 588
	}
	if isJamo(r) {
		return jamoIndex[r-0x3131]
	}
	return -1
}

// jamoIndex maps the compatibility consonants ㄱ…ㅎ to their index among
// the initials, -1 for those that never start a syllable (ㄳ, ㄵ…).
var jamoIndex = func() (t [0x314E - 0x3131 + 1]int) {
	for i := range t {
		t[i] = -1
	}
	for i, r := range initials {
		t[r-0x3131] = i
	}
	return t
}()

// mayHaveJamo reports whether a summary with initial pairs p (nil for
// none) can hold jamo word w: every pair of neighbouring syllables w asks
// for must be there.
func (w *qword) mayHaveJamo(p *initialPairs) bool {
	for i := 0; i+1 < len(w.rs); i++ {
		a, b := initialIndex(w.rs[i]), initialIndex(w.rs[i+1])
		if a >= 0 && b >= 0 && (p == nil || !p.has(a, b)) {
			return false
		}
	}
	return true
}
