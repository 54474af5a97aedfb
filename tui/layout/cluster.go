package layout

import (
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// cluster returns the first grapheme cluster of the plain text s and its
// width in cells, as lipgloss.Width counts it. Printable ASCII followed by
// ASCII is one cell and one byte, which spares the Unicode tables for most
// text. s must not be empty.
func cluster(s string) (string, int) {
	if c := s[0]; c >= 0x20 && c < 0x7f && (len(s) == 1 || s[1] < utf8.RuneSelf) {
		return s[:1], 1
	}
	return ansi.FirstGraphemeCluster(s, ansi.GraphemeWidth)
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
