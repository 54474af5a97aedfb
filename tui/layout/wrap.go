package layout

import (
	"strings"
)

// Wrap breaks plain text s into lines of at most w cells, for the screen.
//
// Every language breaks at the spaces between words: Korean is written with
// spaces and broken at them, as CSS word-break: keep-all does, so a particle
// or an ending stays with its word ("AWS는", "멈췄다."). Only a word wider
// than the line is cut, between syllables or grapheme clusters (see
// cutWord). A word of punctuation alone ("–", "…") never starts a line when
// the word before it can come down with it. A URL is never cut across
// lines: one wider than the line gets a line of its own, cut with "…" (use
// WrapText where a line may be wider). Each "\n" in s starts a new line, so
// blank lines between paragraphs are kept; the indent of a paragraph is
// kept; spaces at a break are dropped.
//
// s must be plain text (data text is sanitised at load); w <= 0 gives no
// lines. At w == 1 a two-cell character cannot fit and is shown as "…".
// The time taken is linear in the length of s.
func Wrap(s string, w int) []string { return wrap(s, w, false) }

// WrapText is Wrap for printed text: a URL wider than the line is printed
// whole on a line of its own, which is then wider than w, so that it can be
// copied. Every other line fits w.
func WrapText(s string, w int) []string { return wrap(s, w, true) }

func wrap(s string, w int, wideURLs bool) []string {
	if w <= 0 {
		return nil
	}
	if strings.ContainsAny(s, "\r\t") {
		s = strings.NewReplacer("\r", "", "\t", " ").Replace(s)
	}
	wr := wrapper{w: w, wideURLs: wideURLs}
	for para := range strings.SplitSeq(s, "\n") {
		wr.paragraph(para)
	}
	return wr.out
}

// wrapper builds the lines of one call to Wrap.
type wrapper struct {
	w        int
	wideURLs bool
	out      []string
	line     strings.Builder
	lw       int // width of line
	// last is where the last word on the line starts (bytes) and lastW the
	// width up to there, so a punctuation word can take it to the next line.
	last, lastW int
	words       int // words on the line
}

// flush ends the line.
func (wr *wrapper) flush() {
	wr.out = append(wr.out, wr.line.String())
	wr.reset()
}

func (wr *wrapper) reset() {
	wr.line.Reset()
	wr.lw, wr.last, wr.lastW, wr.words = 0, 0, 0, 0
}

// put appends sep and word (ww cells) to the line.
func (wr *wrapper) put(sep, word string, ww int) {
	wr.line.WriteString(sep)
	wr.last, wr.lastW = wr.line.Len(), wr.lw+len(sep)
	wr.line.WriteString(word)
	wr.lw += len(sep) + ww // spaces are one cell and one byte each
	wr.words++
}

func (wr *wrapper) paragraph(para string) {
	// The indent of a paragraph is kept; the spaces between words are kept
	// within a line and dropped at a break.
	i := 0
	for i < len(para) && para[i] == ' ' {
		i++
	}
	sep, first, start := para[:i], true, len(wr.out)
	for i < len(para) {
		j := i
		for j < len(para) && para[j] != ' ' {
			j++
		}
		if !first && wr.line.Len() == 0 {
			sep = ""
		}
		wr.word(sep, para[i:j])
		first = false
		i = j
		for j < len(para) && para[j] == ' ' {
			j++
		}
		sep, i = para[i:j], j
	}
	if first || wr.line.Len() > 0 {
		// An empty paragraph, or the last line of one.
		wr.widow(start)
		wr.out = append(wr.out, wr.line.String())
		wr.reset()
	}
}

// widow keeps the last line of a paragraph from being a lone letter or
// syllable ("d" of "us-east1-c and d", "배" of "두 배"): the last word of
// the line before comes down with it when the two fit. start is the
// paragraph's first line in out.
func (wr *wrapper) widow(start int) {
	n := len(wr.out)
	if wr.words != 1 || n <= start {
		return
	}
	if g, _ := cluster(wr.line.String()); len(g) != wr.line.Len() {
		return // more than one cluster
	}
	prev := wr.out[n-1]
	i := strings.LastIndexByte(prev, ' ')
	if i < 0 || strings.TrimSpace(prev[:i]) == "" {
		return
	}
	head, tail := strings.TrimRight(prev[:i], " "), prev[i+1:]
	tw := width(tail)
	if tw+1+wr.lw > wr.w || isURL(tail) || punctuationOnly(tail) {
		return
	}
	word, ww := wr.line.String(), wr.lw
	wr.out[n-1] = head
	wr.reset()
	wr.put("", tail, tw)
	wr.put(" ", word, ww)
}

// word places one word, with the spaces sep before it.
func (wr *wrapper) word(sep, word string) {
	ww := width(word)
	if wr.lw+len(sep)+ww <= wr.w {
		wr.put(sep, word, ww)
		return
	}
	if wr.line.Len() > 0 {
		if punctuationOnly(word) && wr.words > 1 && wr.lw-wr.lastW+len(sep)+ww <= wr.w {
			// Bring the word before down with it.
			line := wr.line.String()
			prev, pw := line[wr.last:], wr.lw-wr.lastW
			wr.out = append(wr.out, strings.TrimRight(line[:wr.last], " "))
			wr.reset()
			wr.put("", prev, pw)
			wr.put(sep, word, ww)
			return
		}
		wr.flush()
	}
	switch {
	case ww <= wr.w:
		wr.put("", word, ww)
	case isURL(word) && wr.wideURLs:
		wr.put("", word, ww)
		wr.flush()
	case isURL(word):
		wr.put("", Truncate(word, wr.w), wr.w)
		wr.flush()
	default:
		wr.cutWord(word)
	}
}

// IsURL reports whether a word is (or holds) a URL, which Wrap never cuts
// across lines.
func IsURL(word string) bool { return isURL(word) }

func isURL(word string) bool {
	return strings.Contains(word, "://") || strings.HasPrefix(word, "www.")
}

// punctuationOnly reports whether word is made of punctuation that must
// not begin a line (a dash or a closing mark set apart by a space).
func punctuationOnly(word string) bool {
	for _, r := range word {
		if !strings.ContainsRune(closing+dashes, r) {
			return false
		}
	}
	return word != ""
}
