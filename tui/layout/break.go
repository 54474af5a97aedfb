package layout

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// cutWord lays out a word wider than the line, starting on an empty line.
// It fills each line and then steps back to the last break a line may end
// on: between two Korean syllables, after a hyphen or slash, never before
// closing punctuation or after opening punctuation, and never between a
// letter or digit and the syllable beside it ("etcd에서" is cut after
// "etcd" only if it must be). Without such a break the word is cut between
// grapheme clusters; a wide rune is never split. The last piece stays on
// the line for the next word, and it is never a lone cluster when the piece
// before can spare one. Linear: each cluster is read at most twice.
func (wr *wrapper) cutWord(word string) {
	if wr.w == 1 {
		wr.cutNarrow(word)
		return
	}
	rest := word
	for {
		end, ew, brk, bw := wr.piece(rest)
		if end == len(rest) {
			wr.put("", rest, ew)
			return
		}
		if brk > 0 {
			end, ew = brk, bw
		}
		wr.put("", rest[:end], ew)
		wr.flush()
		rest = rest[end:]
	}
}

// piece measures the longest prefix of s that fits the line: its end and
// width, and the best place to end it, brk (0 for none) with its width.
func (wr *wrapper) piece(s string) (end, ew, brk, bw int) {
	var (
		prev, prev2   string // the last two clusters
		pw, p2w       int
		lastAt, lastW int // where the last cluster starts
		n             int // clusters
	)
	for end < len(s) {
		g, gw := cluster(s[end:])
		if ew+gw > wr.w {
			if canBreak(prev, pw, g, gw) || (pw > 1) != (gw > 1) && brk == 0 {
				brk, bw = end, ew
			}
			// A lone cluster left over moves down with the one before it.
			// A forced cut may move, but not off the edge of a script (a
			// particle after a Latin word); a break at a syllable only to
			// another.
			forced := brk == 0 && (pw > 1) == (gw > 1)
			lone := end+len(g) == len(s) && (forced || brk == end && canBreak(prev2, p2w, prev, pw))
			if lone && n >= 3 && !isClosing(prev) {
				brk, bw = lastAt, lastW
			}
			return end, ew, brk, bw
		}
		if end > 0 && canBreak(prev, pw, g, gw) {
			brk, bw = end, ew
		}
		prev2, p2w, prev, pw = prev, pw, g, gw
		lastAt, lastW = end, ew
		end += len(g)
		ew += gw
		n++
	}
	return end, ew, 0, 0
}

// cutNarrow lays a word out one cluster a line, for a line of one cell: a
// two-cell cluster cannot fit and is shown as "…".
func (wr *wrapper) cutNarrow(word string) {
	for i := 0; i < len(word); {
		g, gw := cluster(word[i:])
		i += len(g)
		if gw > 1 {
			g, gw = "…", 1
		}
		if wr.lw+gw > wr.w {
			wr.flush()
		}
		wr.put("", g, gw)
	}
}

// canBreak reports whether a word wider than the line may be cut between
// cluster a (aw cells) and cluster b (bw cells).
func canBreak(a string, aw int, b string, bw int) bool {
	switch {
	case a == "" || isClosing(b) || strings.Contains(opening, a):
		return false
	case a == "-" || a == "/" || a == "_":
		return alnum(b) || bw > 1
	case aw > 1 && bw > 1:
		return true
	case aw > 1 || bw > 1:
		// A letter or digit stays with the syllable beside it ("5분",
		// "etcd에서"), as Korean writes a word and its particle together.
		return !alnum(a) && !alnum(b)
	}
	return false
}

func isClosing(g string) bool { return g != "" && strings.Contains(closing, g) }

func alnum(g string) bool {
	r, _ := utf8.DecodeRuneInString(g)
	return unicode.IsLetter(r) && !unicode.Is(unicode.Hangul, r) && !unicode.Is(unicode.Han, r) || unicode.IsDigit(r)
}

// Punctuation that must not start a line, and that must not end one; a
// dash set apart by spaces does not start a line either.
const (
	closing = ".,;:!?)]}%'\"…·、。，．！？：；）」』】〉》”’"
	opening = "([{\"'（「『【〈《“‘"
	dashes  = "–—-"
)
