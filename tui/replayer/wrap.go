package replayer

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
	"github.com/rivo/uniseg"
)

// token is a piece of text the wrapper keeps on one line.
type token struct {
	text  string
	width int
	space bool // preceded by a space
}

// noBreakBefore holds the punctuation that stays with the character before
// it, so a Korean sentence never starts a line with "." or ",".
const noBreakBefore = ".,;:!?)]}%·…」』、。”’"

// tokens splits a paragraph at its break opportunities: spaces, and after
// every wide character (Hangul and CJK wrap between syllables), except before
// closing punctuation.
func tokens(s string) []token {
	var out []token
	var cur strings.Builder
	curW := 0
	space := false
	prevWide := false
	flush := func() {
		if cur.Len() > 0 {
			out = append(out, token{text: cur.String(), width: curW, space: space})
			cur.Reset()
			curW, space = 0, false
		}
	}
	state := -1
	for s != "" {
		var g string
		g, s, _, state = uniseg.FirstGraphemeClusterInString(s, state)
		if g == " " || g == "\t" {
			flush()
			space = true
			prevWide = false
			continue
		}
		w := ansi.StringWidth(g)
		if prevWide && !strings.Contains(noBreakBefore, g) {
			flush()
		}
		cur.WriteString(g)
		curW += w
		prevWide = w > 1
	}
	flush()
	return out
}

// wrap breaks s into lines of at most w cells: English between words,
// Korean between syllables; a word longer than a line is cut between
// characters. Newlines in s start new paragraphs. It returns nil for w ≤ 0.
func wrap(s string, w int) []string {
	if w <= 0 {
		return nil
	}
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		var line strings.Builder
		lineW := 0
		emit := func() {
			lines = append(lines, line.String())
			line.Reset()
			lineW = 0
		}
		for _, t := range tokens(para) {
			sep := 0
			if t.space && lineW > 0 {
				sep = 1
			}
			if lineW > 0 && lineW+sep+t.width > w {
				emit()
				sep = 0
			}
			if t.width > w { // cut a word longer than a line between its characters
				for _, piece := range hardSplit(t.text, w, w-lineW-sep) {
					if lineW > 0 && lineW+sep+ansi.StringWidth(piece) > w {
						emit()
						sep = 0
					}
					line.WriteString(strings.Repeat(" ", sep) + piece)
					lineW += sep + ansi.StringWidth(piece)
					sep = 0
				}
				continue
			}
			line.WriteString(strings.Repeat(" ", sep) + t.text)
			lineW += sep + t.width
		}
		emit()
	}
	return lines
}

// hardSplit cuts s into pieces of at most w cells, the first at most first
// cells (when that leaves room for at least one character).
func hardSplit(s string, w, first int) []string {
	var out []string
	limit := w
	if first > 0 {
		limit = first
	}
	var cur strings.Builder
	curW := 0
	state := -1
	for s != "" {
		var g string
		g, s, _, state = uniseg.FirstGraphemeClusterInString(s, state)
		gw := ansi.StringWidth(g)
		if curW > 0 && curW+gw > limit {
			out = append(out, cur.String())
			cur.Reset()
			curW = 0
			limit = w
		}
		cur.WriteString(g)
		curW += gw
	}
	if cur.Len() > 0 {
		out = append(out, cur.String())
	}
	return out
}
