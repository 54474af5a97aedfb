package data

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Text folding for search: NFC, then each rune case-folded to one lower-case
// representative, so that "ETCD", "etcd", decomposed Hangul jamo and
// precomposed syllables compare equal byte for byte.

// posMap maps byte offsets in a folded text back to the text it came from.
// It exists only for texts whose folding moved bytes (decomposed Hangul,
// combining accents, the Kelvin sign…); for all others offsets are equal.
type posMap struct {
	// start and end give, for each byte offset i of the folded text that
	// starts a rune, the source bytes [start[i], end[i]) of the
	// normalisation segment that rune came from.
	start, end []int32
	src        string
}

// foldRune returns the lower-case representative of r's case-fold orbit, so
// that every spelling that fuzzy's equalFold would accept folds to one rune.
func foldRune(r rune) rune {
	switch {
	case r < utf8.RuneSelf:
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	case r >= 0xAC00 && r <= 0xD7A3, r >= 0x1100 && r <= 0x11FF, r >= 0x3130 && r <= 0x318F, r >= 0x4E00 && r <= 0x9FFF:
		return r // Hangul and CJK have no case
	}
	low := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f < low {
			low = f
		}
	}
	return unicode.ToLower(low)
}

// fold returns s folded for search, and a map back to s when byte offsets
// differ between the two.
func fold(s string) (string, *posMap) {
	ascii, upper := true, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			ascii = false
			break
		}
		if 'A' <= c && c <= 'Z' {
			upper = true
		}
	}
	if ascii {
		if !upper {
			return s, nil
		}
		return strings.ToLower(s), nil
	}
	if norm.NFC.IsNormalString(s) {
		if out, ok := foldSameSize(s); ok {
			return out, nil
		}
	}
	return foldMapped(s)
}

// foldSameSize folds an NFC string whose runes all keep their encoded size,
// the common case (Hangul, accented Latin), so offsets need no map. It
// reports false when some rune changes size.
func foldSameSize(s string) (string, bool) {
	changed := false
	for _, r := range s {
		f := foldRune(r)
		if f == r {
			continue
		}
		if utf8.RuneLen(f) != utf8.RuneLen(r) {
			return "", false
		}
		changed = true
	}
	if !changed {
		return s, true
	}
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		b.WriteRune(foldRune(r))
	}
	return b.String(), true
}

// foldMapped folds s segment by segment, recording where each folded rune
// came from.
func foldMapped(s string) (string, *posMap) {
	var b strings.Builder
	b.Grow(len(s))
	m := &posMap{src: s}
	var it norm.Iter
	it.InitString(norm.NFC, s)
	for !it.Done() {
		from := it.Pos()
		seg := it.Next()
		to := it.Pos()
		for _, r := range string(seg) {
			b.WriteRune(foldRune(r))
			for len(m.start) < b.Len() {
				m.start = append(m.start, int32(from))
				m.end = append(m.end, int32(to))
			}
		}
	}
	return b.String(), m
}

// foldQuery folds a query and splits it into words at white space. Invalid
// UTF-8 becomes U+FFFD first: a stray byte could otherwise match inside a
// rune of the text, and a word's byte prefix would not be a rune prefix,
// which reuse of recent results relies on.
func foldQuery(q string) []string {
	f, _ := fold(strings.ToValidUTF8(q, "\uFFFD"))
	return strings.Fields(f)
}

// mask is a 128-bit summary of which runes a text holds: one bit per ASCII
// letter and digit, a few shared bits for other ASCII, and the rest hashed
// from other runes. A text that lacks a bit of a word cannot contain it.
type mask [2]uint64

func runeBit(r rune) uint {
	switch {
	case 'a' <= r && r <= 'z':
		return uint(r - 'a')
	case '0' <= r && r <= '9':
		return 26 + uint(r-'0')
	case r < utf8.RuneSelf:
		return 36 + uint(r)%4
	}
	return 40 + uint(uint32(r)*2654435761>>16)%88
}

func (m *mask) add(r rune) {
	b := runeBit(r)
	m[b>>6] |= 1 << (b & 63)
}

func (m mask) covers(w mask) bool { return m[0]&w[0] == w[0] && m[1]&w[1] == w[1] }

func (m mask) or(w mask) mask { return mask{m[0] | w[0], m[1] | w[1]} }

func maskOf(s string) mask {
	var m mask
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c != ' ' {
				m.add(rune(c))
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		m.add(r)
		i += n
	}
	return m
}

// isWordRune reports whether r is part of a word (letters and digits).
func isWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || 'A' <= r && r <= 'Z'
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// startsWord reports whether byte offset i of s begins a word.
func startsWord(s string, i int) bool {
	if i == 0 {
		return true
	}
	if c := s[i-1]; c < utf8.RuneSelf {
		return !isWordRune(rune(c))
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return !isWordRune(r)
}

// endsWord reports whether byte offset i of s ends a word.
func endsWord(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	if c := s[i]; c < utf8.RuneSelf {
		return !isWordRune(rune(c))
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return !isWordRune(r)
}

// grams is a 1024-bit Bloom filter (three bits per gram) over a summary's rune pairs and triples,
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

// gramBits returns the three filter bits of a gram of up to four runes (pass 0
// for those it lacks): splitmix64's finaliser over the runes (21 bits each,
// the fourth mixed in) and the kind, cut in three.
func gramBits(kind uint64, a, b, c, d rune) gram {
	x := (uint64(a)<<42 | uint64(b)<<21 | uint64(c)) ^ uint64(d)*0xD6E8FEB86659FD93 ^ kind*0x9E3779B97F4A7C15
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	x ^= x >> 31
	const m = 1<<gramLog - 1
	return gram{uint16(x >> (64 - gramLog)), uint16(x>>32) & m, uint16(x) & m}
}

// gram is a gram's bit positions in a filter.
type gram [3]uint16

func (g *grams) add(b gram) {
	for _, i := range b {
		g[i>>6] |= 1 << (i & 63)
	}
}

func (g *grams) has(b gram) bool {
	return g[b[0]>>6]&(1<<(b[0]&63)) != 0 && g[b[1]>>6]&(1<<(b[1]&63)) != 0 && g[b[2]>>6]&(1<<(b[2]&63)) != 0
}

func newSummary(s string) summary {
	var sm summary
	sm.far = len(s) > 1<<16-1
	var heads, seconds []byte
	var prev rune = ' '
	for i := 0; i < len(s); {
		a, n := decodeAt(s, i)
		next := i + n
		switch {
		case a >= utf8.RuneSelf:
			if b, m := decodeAt(s, next); m > 0 {
				sm.grams.add(gramBits(gramPair, a, b, 0, 0))
			}
		case isWordRune(a) && !isWordRune(prev):
			if !sm.far {
				sm.starts = append(sm.starts, uint16(i))
				heads = append(heads, byte(a))
				second := byte(0)
				if next < len(s) {
					second = s[next]
				}
				seconds = append(seconds, second)
			}
			b, m := decodeAt(s, next)
			if m == 0 {
				break
			}
			sm.grams.add(gramBits(gramStart2, a, b, 0, 0))
			c, k := decodeAt(s, next+m)
			if k == 0 {
				break
			}
			sm.grams.add(gramBits(gramStart3, a, b, c, 0))
			if d, l := decodeAt(s, next+m+k); l > 0 {
				sm.grams.add(gramBits(gramStart4, a, b, c, d))
			}
		}
		prev = a
		i = next
	}
	sm.starts = slices.Clip(sm.starts)
	sm.heads, sm.seconds = string(heads), string(seconds)
	return sm
}

func decodeAt(s string, i int) (rune, int) {
	if i >= len(s) {
		return 0, 0
	}
	if s[i] < utf8.RuneSelf {
		return rune(s[i]), 1
	}
	return utf8.DecodeRuneInString(s[i:])
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
