// Package layout holds width helpers. Widths are display cells, measured
// with lipgloss.Width: Korean and emoji take two cells, so len, rune counts
// and byte slicing are never used for anything shown on screen.
package layout

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// Fit cuts s to w cells and pads it with spaces to exactly w.
func Fit(s string, w int) string {
	s = ansi.Truncate(s, max(w, 0), "…")
	return s + strings.Repeat(" ", max(0, w-lipgloss.Width(s)))
}

// Truncate cuts s to at most w cells, ending with "…" when it cut.
func Truncate(s string, w int) string { return ansi.Truncate(s, max(w, 0), "…") }
