package layout

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// cluster returns the first grapheme cluster of the plain text s and its
// width in cells, as lipgloss.Width counts it. Printable ASCII followed by
// ASCII is one cell and one byte, and a precomposed Hangul syllable
// followed by another, a space or ASCII is two cells and three bytes (no
// such neighbour joins a cluster with it), which spares the Unicode tables
// for most English and Korean text. s must not be empty.
func cluster(s string) (string, int) {
	if c := s[0]; c >= 0x20 && c < 0x7f && (len(s) == 1 || s[1] < utf8.RuneSelf) {
		return s[:1], 1
	}
	if len(s) >= 3 && syllable(s) && (len(s) == 3 || s[3] < utf8.RuneSelf && s[3] >= 0x20 || len(s) >= 6 && syllable(s[3:])) {
		return s[:3], 2
	}
	return ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
}

// syllable reports whether s starts with a precomposed Hangul syllable
// (U+AC00 to U+D7A3).
func syllable(s string) bool {
	if s[0] < 0xea || s[0] > 0xed {
		return false
	}
	r, n := utf8.DecodeRuneInString(s)
	return n == 3 && r >= 0xac00 && r <= 0xd7a3
}

// width is the width of the plain text s in cells.
func width(s string) int {
	n := 0
	for i := 0; i < len(s); {
		g, w := cluster(s[i:])
		i += len(g)
		n += w
	}
	return n
}

// Truncate cuts s to at most w cells, ending with "…" when it cut. Plain
// text is read only as far as the cut, so a cell cut from a long text
// costs the cell, not the text; styled text is cut by ansi.Truncate, which
// keeps the escape sequences (hyperlinks included) and reads the whole
// string once.
func Truncate(s string, w int) string {
	w = max(w, 0)
	if strings.IndexByte(s, ansi.ESC) >= 0 {
		return ansi.Truncate(s, w, "…")
	}
	n, keep, full := 0, 0, false
	for i := 0; i < len(s); {
		g, gw := cluster(s[i:])
		n += gw
		if n > w {
			if w == 0 {
				return ""
			}
			return s[:keep] + "…"
		}
		i += len(g)
		if !full && n <= w-1 {
			keep = i // the longest prefix that leaves a cell for "…"
		} else {
			full = true
		}
	}
	return s
}
