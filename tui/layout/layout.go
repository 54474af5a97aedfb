// Package layout holds width helpers. Widths are display cells, measured
// with lipgloss.Width: Korean and emoji take two cells, so len, rune counts
// and byte slicing are never used for anything shown on screen.
package layout

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Fit cuts s to w cells and pads it with spaces to exactly w.
func Fit(s string, w int) string {
	s = Truncate(s, w)
	return s + strings.Repeat(" ", max(0, w-lipgloss.Width(s)))
}

// PadLines returns exactly h lines, each exactly w cells wide: longer lines
// are cut with "…", shorter ones padded with spaces, missing lines added
// blank and extra lines dropped. A negative h keeps the number of lines.
func PadLines(lines []string, w, h int) []string {
	if h < 0 {
		h = len(lines)
	}
	out := make([]string, h)
	blank := strings.Repeat(" ", max(w, 0))
	for i := range out {
		if i < len(lines) {
			out[i] = Fit(lines[i], w)
		} else {
			out[i] = blank
		}
	}
	return out
}

// Columns puts two blocks of lines side by side: left fitted to lw cells,
// then gap, then right fitted to rw cells. The result has as many lines as
// the longer block; the shorter one is padded with blank lines.
func Columns(left []string, lw int, gap string, right []string, rw int) []string {
	n := max(len(left), len(right))
	left, right = PadLines(left, lw, n), PadLines(right, rw, n)
	out := make([]string, n)
	for i := range out {
		out[i] = left[i] + gap + right[i]
	}
	return out
}

// Lines splits s into its lines; the empty string has no lines.
func Lines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}
