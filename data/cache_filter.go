package data

// A search cache file keeps, for each record, a filter of its folded
// summaries' text: a Bloom filter of every two and three bytes in a row.
// A word matches a summary only where the summary holds it as written
// (matchEvery, matchJamo aside), so its pairs and triples are all in the
// filter; a word one of whose is missing cannot match either summary,
// and the record's summaries need not be read for it.

// filterLog is log2 of the size in bits of a record's filter.
const filterLog = 11

// filterBytes is how many bytes a record's filter takes in a cache file.
const filterBytes = 1 << filterLog / 8

// textFilter is a record's filter, as stored: filterBytes bytes.
type textFilter []byte

// gramBit is the filter bit of the pair a, b (c < 0) or the triple a, b,
// c of bytes.
func gramBit(a, b byte, c int) uint32 {
	h := uint32(a)<<16 | uint32(b)<<8 | 1<<25
	if c >= 0 {
		h = uint32(a)<<16 | uint32(b)<<8 | uint32(c) | 1<<24
	}
	h *= 0x9E3779B1
	h ^= h >> 15
	h *= 0x85EBCA77
	return h >> (32 - filterLog)
}

// addText sets the bits of s's pairs and triples in f.
func (f textFilter) addText(s string) {
	for i := 0; i+1 < len(s); i++ {
		f.set(gramBit(s[i], s[i+1], -1))
		if i+2 < len(s) {
			f.set(gramBit(s[i], s[i+1], int(s[i+2])))
		}
	}
}

func (f textFilter) set(b uint32) { f[b>>3] |= 1 << (b & 7) }

func (f textFilter) has(b uint32) bool { return f[b>>3]&(1<<(b&7)) != 0 }

// filterWord is what a query word needs of a record's filter for the word
// to be looked for in the record's summaries.
type filterWord struct {
	// bits are the word's pairs and triples; nil when the word itself is
	// never looked for in a summary (it is too short).
	bits []uint32
	// always is set for a word the filter cannot rule out (초성).
	always bool
	// parts are the word's parts, looked for when it is not found.
	parts []filterWord
}

// newFilterWord readies w for filters, following scratch.word: a word of
// fewer than minLongRunes runes is not looked for in summaries, a 초성
// word is matched otherwise than as written, and the parts of a word with
// punctuation are looked for on their own.
func newFilterWord(w *qword) filterWord {
	var fw filterWord
	if len(w.rs) >= minLongRunes {
		if w.jamo {
			fw.always = true
		} else {
			s := w.s
			for i := 0; i+1 < len(s); i++ {
				fw.bits = append(fw.bits, gramBit(s[i], s[i+1], -1))
				if i+2 < len(s) {
					fw.bits = append(fw.bits, gramBit(s[i], s[i+1], int(s[i+2])))
				}
			}
		}
	}
	for i := range w.parts {
		fw.parts = append(fw.parts, newFilterWord(&w.parts[i]))
	}
	return fw
}

// may reports whether the word, or one of its parts, may match a summary
// of the record whose filter is f (nil for a record without summaries).
func (fw *filterWord) may(f textFilter) bool {
	if f == nil {
		return false
	}
	if fw.always {
		return true
	}
	if fw.bits != nil {
		all := true
		for _, b := range fw.bits {
			if !f.has(b) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	for i := range fw.parts {
		if fw.parts[i].may(f) {
			return true
		}
	}
	return false
}
