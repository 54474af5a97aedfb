// Package fold is search's text folding: NFC, then each rune case-folded
// to one lower-case representative, with a map back to the source's
// offsets, a 128-bit mask of the runes a text holds, and the word and
// Hangul tests the matchers share. It imports the standard library and
// golang.org/x/text alone.
package fold

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Text folding for search: NFC, then each rune case-folded to one lower-case
// representative, so that "ETCD", "etcd", decomposed Hangul jamo and
// precomposed syllables compare equal byte for byte.

// Map maps byte offsets in a folded text back to the text it came from.
// It exists only for texts whose folding moved bytes (decomposed Hangul,
// combining accents, the Kelvin sign…); for all others offsets are equal.
type Map struct {
	// start and end give, for each byte offset i of the folded text that
	// starts a rune, the source bytes [start[i], end[i]) of the
	// normalisation segment that rune came from.
	Start, End []int32
	Src        string
}

// Rune returns the lower-case representative of r's case-fold orbit, so
// that every spelling that fuzzy's equalFold would accept folds to one rune.
func Rune(r rune) rune {
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
func String(s string) (string, *Map) {
	f, m, _ := WithMask(s)
	return f, m
}

// WithMask is fold that also returns the Mask of the folded text.
//
// One pass classifies s and gathers the Mask. Text made only of ASCII,
// Latin-1 and precomposed Hangul syllables (nearly all of it) is NFC as it
// stands, which spares the normaliser's tables; anything else asks norm
// whether it is NFC.
func WithMask(s string) (string, *Map, Mask) {
	var msk Mask
	plain := true    // only runes that are NFC on their own and never combine
	changed := false // some rune folds to another
	resized := false // some rune folds to one of another size
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				changed = true
				c += 'a' - 'A'
			}
			if c != ' ' {
				msk.Add(rune(c))
			}
			i++
			continue
		}
		if HangulAt(s, i) {
			msk.Add(rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F))
			i += 3
			continue // no case, and NFC
		}
		r, n := DecodeAt(s, i)
		i += n
		if r < 0xA0 || r > 0xFF {
			plain = false
		}
		f := Rune(r)
		if f != r {
			changed = true
			resized = resized || utf8.RuneLen(f) != n
		}
		msk.Add(f)
	}
	switch {
	case resized || !plain && !norm.NFC.IsNormalString(s):
		f, m := Mapped(s)
		return f, m, MaskOf(f)
	case !changed:
		return s, nil, msk
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			b = append(b, c)
			i++
			continue
		}
		r, n := DecodeAt(s, i)
		if f := Rune(r); f != r {
			b = utf8.AppendRune(b, f)
		} else {
			b = append(b, s[i:i+n]...) // as it was, invalid bytes included
		}
		i += n
	}
	return string(b), nil, msk
}

// Mapped folds s segment by segment, recording where each folded rune
// came from.
func Mapped(s string) (string, *Map) {
	var b strings.Builder
	b.Grow(len(s))
	m := &Map{Src: s}
	var it norm.Iter
	it.InitString(norm.NFC, s)
	for !it.Done() {
		from := it.Pos()
		seg := it.Next()
		to := it.Pos()
		for _, r := range string(seg) {
			b.WriteRune(Rune(r))
			for len(m.Start) < b.Len() {
				m.Start = append(m.Start, int32(from))
				m.End = append(m.End, int32(to))
			}
		}
	}
	return b.String(), m
}

// Query folds a query and splits it into words at white space. Invalid
// UTF-8 becomes U+FFFD first: a stray byte could otherwise match inside a
// rune of the text, and a word's byte prefix would not be a rune prefix,
// which reuse of recent results relies on.
func Query(q string) []string {
	f, _ := String(strings.ToValidUTF8(q, "\uFFFD"))
	return strings.Fields(f)
}

// Mask is a 128-bit summary of which runes a text holds: one bit per ASCII
// letter and digit, a few shared bits for other ASCII, and the rest hashed
// from other runes. A text that lacks a bit of a word cannot contain it.
type Mask [2]uint64

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

func (m *Mask) Add(r rune) {
	b := runeBit(r)
	m[b>>6] |= 1 << (b & 63)
}

func (m Mask) Covers(w Mask) bool { return m[0]&w[0] == w[0] && m[1]&w[1] == w[1] }

func (m Mask) Or(w Mask) Mask { return Mask{m[0] | w[0], m[1] | w[1]} }

func MaskOf(s string) Mask {
	var m Mask
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c != ' ' {
				m.Add(rune(c))
			}
			i++
			continue
		}
		r, n := DecodeAt(s, i)
		m.Add(r)
		i += n
	}
	return m
}

// HangulAt reports whether a precomposed Hangul syllable (U+AC00–U+D7A3,
// lead bytes EA–ED) starts at byte i of s, which holds at least one byte
// there.
func HangulAt(s string, i int) bool {
	if c := s[i]; c < 0xEA || c > 0xED || i+2 >= len(s) {
		return false
	}
	r := rune(s[i]&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F)
	return s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 && IsHangulSyllable(r)
}

func IsHangulSyllable(r rune) bool { return r >= 0xAC00 && r <= 0xD7A3 }

// IsWordRune reports whether r is part of a word (letters and digits).
func IsWordRune(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || '0' <= r && r <= '9' || 'A' <= r && r <= 'Z'
	}
	if IsHangulSyllable(r) {
		return true
	}
	return unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.Is(unicode.Mn, r)
}

// StartsWord reports whether byte offset i of s begins a word.
func StartsWord(s string, i int) bool {
	if i == 0 {
		return true
	}
	if c := s[i-1]; c < utf8.RuneSelf {
		return !IsWordRune(rune(c))
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return !IsWordRune(r)
}

// EndsWord reports whether byte offset i of s ends a word.
func EndsWord(s string, i int) bool {
	if i >= len(s) {
		return true
	}
	if c := s[i]; c < utf8.RuneSelf {
		return !IsWordRune(rune(c))
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return !IsWordRune(r)
}

// ASCIIWord marks the ASCII bytes that are word runes.
var ASCIIWord = func() (t [utf8.RuneSelf]bool) {
	for c := range t {
		t[c] = IsWordRune(rune(c))
	}
	return t
}()

// DecodeAt decodes the rune at byte i of s (0, 0 past the end), with the
// three-byte runes that make up Korean text decoded inline.
func DecodeAt(s string, i int) (rune, int) {
	if i >= len(s) {
		return 0, 0
	}
	c := s[i]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	if c >= 0xE1 && c <= 0xEC && i+2 < len(s) && s[i+1]&0xC0 == 0x80 && s[i+2]&0xC0 == 0x80 {
		// E1–EC lead bytes cannot start overlong or surrogate forms.
		return rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F), 3
	}
	return utf8.DecodeRuneInString(s[i:])
}

// AppendRuneStarts appends the offsets of the runes of text[from:to].
func AppendRuneStarts(out []int, text string, from, to int) []int {
	for i := from; i < to; {
		out = append(out, i)
		if text[i] < utf8.RuneSelf {
			i++
			continue
		}
		_, n := utf8.DecodeRuneInString(text[i:])
		i += n
	}
	return out
}

// Source maps folded offsets p (sorted) to the rune starts of the source
// segments they came from.
func (m *Map) Source(dst, p []int) []int {
	last := -1
	for _, i := range p {
		from, to := int(m.Start[i]), int(m.End[i])
		for j := from; j < to; {
			if j > last {
				dst = append(dst, j)
				last = j
			}
			_, n := utf8.DecodeRuneInString(m.Src[j:])
			j += n
		}
	}
	return dst
}
