package data

import (
	"strings"
	"unicode/utf8"

	"github.com/incidents-dev/incidents/data/internal/fuzzy"
)

// matchFuzzy matches w as a subsequence of a short field whose matched runes
// skip at most maxGap others in all. sahilm/fuzzy (fuzzy.Score, its steps
// without its allocations; buf is its reused memory) picks the positions and
// supplies its bonus (separator, camel case and adjacency), run over the
// most compact embedding and the rune before it, not the whole field: the
// match cannot lie elsewhere, and fuzzy scans every byte it is given.
func matchFuzzy(text string, w *qword, out, buf *[]int) int {
	if len(w.rs) < 2 {
		return 0 // one rune: a substring search already failed
	}
	start, end, gaps := compact(text, w.rs)
	if start < 0 {
		return 0
	}
	from := start
	if from > 0 {
		_, n := utf8.DecodeLastRuneInString(text[:from])
		from -= n
	}
	window := text[from:end]
	score, idx, ok := fuzzy.Score(w.rs, window, *buf)
	*buf = idx
	if ok {
		last := idx[len(idx)-1]
		_, n := utf8.DecodeRuneInString(window[last:])
		if g := runeCount(window[idx[0]:last+n]) - len(idx); g <= maxGap {
			// fuzzy's score less its penalty for unmatched runes, which
			// only measures the window's length.
			bonus := score + len(window) - len(idx)
			for _, i := range idx {
				*out = append(*out, from+i)
			}
			return qFuzzy + min(max(bonus, 0), fuzzyBonus) - gapCost*g
		}
	}
	*out = appendEmbedding(*out, text, start, w.rs)
	return qFuzzy - gapCost*gaps
}

// compact returns the subsequence embedding of rs in text that skips the
// fewest runes: the byte range [start, end) from its first to past its last
// matched rune, and how many runes it skips. start is -1 when every
// embedding skips more than maxGap.
func compact(text string, rs []rune) (start, end, gaps int) {
	start, gaps = -1, maxGap+1
	for off := 0; off < len(text); {
		i := strings.IndexRune(text[off:], rs[0])
		if i < 0 {
			break
		}
		i += off
		g, e, complete := embedGaps(text, i, rs, gaps-1)
		if !complete {
			break // no later start can complete either
		}
		if g >= 0 {
			start, end, gaps = i, e, g
			if g <= 1 {
				break
			}
		}
		off = i + utf8.RuneLen(rs[0])
	}
	if start < 0 {
		return -1, 0, 0
	}
	return start, end, gaps
}

// embedGaps matches rs greedily from text[i] (which is rs[0]) and returns the
// runes skipped and the end of the last matched rune, or gaps -1 when they
// exceed limit. complete is false when rs does not fit in text[i:] at all.
func embedGaps(text string, i int, rs []rune, limit int) (gaps, end int, complete bool) {
	j := i + utf8.RuneLen(rs[0])
	k := 1
	for k < len(rs) && j < len(text) {
		r, n := rune(text[j]), 1
		if r >= utf8.RuneSelf {
			r, n = utf8.DecodeRuneInString(text[j:])
		}
		j += n
		if r == rs[k] {
			k++
			continue
		}
		if gaps >= limit {
			return -1, 0, true // too spread out from here; a later start may do
		}
		gaps++
	}
	if k < len(rs) {
		return -1, 0, false
	}
	return gaps, j, true
}

// appendEmbedding appends the offsets of the greedy embedding of rs in text
// starting at i.
func appendEmbedding(out []int, text string, i int, rs []rune) []int {
	k := 0
	for j := i; k < len(rs) && j < len(text); {
		r, n := utf8.DecodeRuneInString(text[j:])
		if r == rs[k] {
			out = append(out, j)
			k++
		}
		j += n
	}
	return out
}
