package theme

import "github.com/charmbracelet/lipgloss"

// ExplorerStyles are the styles of the explorer screen.
type ExplorerStyles struct {
	Title lipgloss.Style
}

func newExplorerStyles(p Palette) ExplorerStyles {
	return ExplorerStyles{Title: lipgloss.NewStyle().Bold(true).Foreground(p.Accent)}
}

func plainExplorerStyles() ExplorerStyles {
	return ExplorerStyles{Title: lipgloss.NewStyle().Bold(true)}
}
