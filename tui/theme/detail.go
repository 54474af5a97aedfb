package theme

import "github.com/charmbracelet/lipgloss"

// DetailStyles are the styles of the detail screen.
type DetailStyles struct {
	Title lipgloss.Style
}

func newDetailStyles(p Palette) DetailStyles {
	return DetailStyles{Title: lipgloss.NewStyle().Bold(true).Foreground(p.Accent)}
}

func plainDetailStyles() DetailStyles {
	return DetailStyles{Title: lipgloss.NewStyle().Bold(true)}
}
