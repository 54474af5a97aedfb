// Package jamo is the kernel of 초성 (initial consonant) search: Korean
// users type the first consonant of each syllable ("ㅁㅇㅂㅅ" for 메일박스), as every Korean app's search
// accepts. A query word holding Hangul compatibility jamo consonants
// matches text where each jamo stands for a syllable starting with that
// consonant (or the jamo itself), and every other rune for itself:
// "ㅁㅇ박스" matches 메일박스 too.
//
// It imports the standard library and the fold kernel alone.
package jamo

import "github.com/incidents-dev/incidents/data/internal/fold"

// initials are the compatibility jamo of the 19 syllable-initial
// consonants, in the order of Unicode's syllable composition.
var initials = [19]rune{
	'ㄱ', 'ㄲ', 'ㄴ', 'ㄷ', 'ㄸ', 'ㄹ', 'ㅁ', 'ㅂ', 'ㅃ', 'ㅅ',
	'ㅆ', 'ㅇ', 'ㅈ', 'ㅉ', 'ㅊ', 'ㅋ', 'ㅌ', 'ㅍ', 'ㅎ',
}

// IsJamo reports whether r is a Hangul compatibility jamo consonant
// (U+3131 ㄱ to U+314E ㅎ).
func IsJamo(r rune) bool { return r >= 0x3131 && r <= 0x314E }

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

// HasJamo reports whether a folded query word holds a jamo consonant.
func HasJamo(rs []rune) bool {
	for _, r := range rs {
		if IsJamo(r) {
			return true
		}
	}
	return false
}

// RuneMatches reports whether text rune t stands for query rune q.
func RuneMatches(q, t rune) bool {
	if q == t {
		return true
	}
	return IsJamo(q) && fold.IsHangulSyllable(t) && initials[(t-0xAC00)/588] == q
}

// Embed matches rs at byte i of text, rune after rune (a space in the text
// breaks the match: "ㅁㅇㅂㅅ" finds 메일박스, not 메일 박스), appending
// each matched rune's offset to pos; it returns them, the end of the match
// and whether all of rs matched.
func Embed(text string, i int, rs []rune, pos []int) ([]int, int, bool) {
	j := i
	for _, q := range rs {
		// The runes follow one another: a 초성 word matches within one
		// word of the text, never across the space between two.
		r, n := fold.DecodeAt(text, j)
		if n == 0 || !RuneMatches(q, r) {
			return pos, 0, false
		}
		pos = append(pos, j)
		j += n
	}
	return pos, j, true
}

// Pairs is a set of pairs of initial consonants (19 × 19 bits): of
// neighbouring syllables in a summary, spaces between them skipped.
type Pairs [6]uint64

func (p *Pairs) Add(a, b int) {
	i := a*19 + b
	p[i>>6] |= 1 << (i & 63)
}

func (p *Pairs) Has(a, b int) bool {
	i := a*19 + b
	return p[i>>6]&(1<<(i&63)) != 0
}

// EveryPair rules nothing out.
var EveryPair = Pairs{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}

// InitialIndex returns the index (0–18) of r's initial consonant, for a
// Hangul syllable or an initial's compatibility jamo, else -1.
func InitialIndex(r rune) int {
	if fold.IsHangulSyllable(r) {
		return int(r-0xAC00) / 588
	}
	if IsJamo(r) {
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
