package fold

import (
	"encoding/binary"
	"unicode/utf8"
	"unsafe"
)

// Short is WithMask, the same text, map and Mask, for a short field:
// text of ASCII and precomposed Hangul alone (nearly all of it) is folded
// in one pass into *buf, without allocating, when its capitals must be
// lowered. The result may share buf's memory until the next call with the
// same buf.
func Short(s string, buf *[]byte) (string, *Map, Mask) {
	var msk Mask
	var ascii uint64 // the Mask's bits of the ASCII runes, all in msk[0]
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
			msk.Add(0xB7) // the middle dot between aliases: no case, and NFC
			i += 2
			continue
		}
		if !HangulAt(s, i) {
			return WithMask(s)
		}
		msk.Add(rune(c&0x0F)<<12 | rune(s[i+1]&0x3F)<<6 | rune(s[i+2]&0x3F))
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
// folded (none for a space): all of them fall in a Mask's first word.
var asciiBits = func() (t [utf8.RuneSelf]uint64) {
	for c := range rune(utf8.RuneSelf) {
		var m Mask
		if f := Rune(c); f != ' ' {
			m.Add(f)
		}
		t[c] = m[0]
	}
	return t
}()

// Long is fold for a long text: text of ASCII and precomposed Hangul
// alone (nearly all of it) needs only its capitals lowered, which it does
// in *buf when it must. The result may share buf's memory: it lasts until
// the next call with the same buf.
func Long(s string, buf *[]byte) (string, *Map) {
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
			HangulAt(s, i):
			i += 3 // U+B000–U+CFFF, or another precomposed syllable
		default:
			return String(s)
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
