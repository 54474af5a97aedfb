package layout

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Wrap breaks plain text s into lines of at most w cells.
//
// English wraps between words. Korean (and any other wide script) may also
// break between any two syllables, as Korean typesetting allows, but never
// before closing punctuation ("다." stays together) or after opening
// punctuation. A word longer than a line is cut between grapheme clusters;
// a wide rune is never split. Each "\n" in s starts a new line, so blank
// lines between paragraphs are kept. Spaces at a break are dropped.
//
// s must be plain text (data text is sanitised at load); w <= 0 gives no
// lines. At w == 1 a two-cell character cannot fit and is shown as "…".
func Wrap(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	s = strings.ReplaceAll(s, "\r", "")
	s = strings.ReplaceAll(s, "\t", " ")
	var out []string
	for _, para := range strings.Split(s, "\n") {
		out = wrapParagraph(out, para, w)
	}
	return out
}

// unit is an unbreakable run of graphemes, or a run of spaces.
type unit struct {
	text  string
	width int
	space bool
}

func wrapParagraph(out []string, para string, w int) []string {
	if para == "" {
		return append(out, "")
	}
	var (
		line  strings.Builder
		lw    int    // width of line
		space string // spaces waiting between the line and the next unit
		start = len(out)
	)
	flush := func() {
		out = append(out, line.String())
		line.Reset()
		lw, space = 0, ""
	}
	for _, u := range units(para) {
		if u.space {
			if lw > 0 || len(out) == start {
				space += u.text // leading spaces of a paragraph are kept
			}
			continue
		}
		if lw+len(space)+u.width <= w {
			line.WriteString(space)
			line.WriteString(u.text)
			lw += len(space) + u.width // spaces are one cell and one byte each
			space = ""
			continue
		}
		if lw > 0 {
			flush()
		}
		space = ""
		if u.width <= w {
			line.WriteString(u.text)
			lw = u.width
			continue
		}
		// A word longer than the line: cut it between grapheme clusters.
		rest := u.text
		for rest != "" {
			g, gw := ansi.FirstGraphemeCluster(rest, ansi.GraphemeWidth)
			rest = rest[len(g):]
			if gw > w {
				g, gw = "…", 1
			}
			if lw+gw > w {
				flush()
			}
			line.WriteString(g)
			lw += gw
		}
	}
	if lw > 0 || len(out) == start {
		out = append(out, strings.TrimRight(line.String(), " "))
	}
	return out
}

// units splits a paragraph into space runs and unbreakable runs.
func units(para string) []unit {
	var (
		us   []unit
		cur  unit
		prev string
		pw   int
	)
	push := func() {
		if cur.text != "" {
			us = append(us, cur)
		}
		cur = unit{}
	}
	for rest := para; rest != ""; {
		g, gw := ansi.FirstGraphemeCluster(rest, ansi.GraphemeWidth)
		rest = rest[len(g):]
		sp := g == " "
		switch {
		case cur.text == "":
		case sp != cur.space:
			push()
		case !sp && canBreak(prev, pw, g, gw):
			push()
		}
		cur.text += g
		cur.width += gw
		cur.space = sp
		prev, pw = g, gw
	}
	push()
	return us
}

// canBreak reports whether a line may break between grapheme a (aw cells)
// and grapheme b (bw cells), neither of them a space.
func canBreak(a string, aw int, b string, bw int) bool {
	switch {
	case strings.Contains(closing, b):
		return false
	case strings.Contains(opening, a):
		return false
	}
	if aw > 1 && bw > 1 {
		return true
	}
	if aw > 1 || bw > 1 {
		// Between a wide and a narrow character: a letter or digit stays
		// with the syllable beside it ("5분", "etcd에서"), as Korean
		// writes a word and its particle together.
		return !alnum(a) && !alnum(b)
	}
	return false
}

func alnum(g string) bool {
	r, _ := utf8.DecodeRuneInString(g)
	return unicode.IsLetter(r) && !unicode.Is(unicode.Hangul, r) && !unicode.Is(unicode.Han, r) || unicode.IsDigit(r)
}

// Punctuation that must not start a line, and that must not end one.
const (
	closing = ".,;:!?)]}%'\"…·、。，．！？：；）」』】〉》”’"
	opening = "([{\"'（「『【〈《“‘"
)
