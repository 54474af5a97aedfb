package theme

import "github.com/charmbracelet/lipgloss"

// ModelStyles are the styles of the heatmap and what-if panel.
type ModelStyles struct {
	Title lipgloss.Style
}

func newModelStyles(p Palette) ModelStyles {
	return ModelStyles{Title: lipgloss.NewStyle().Bold(true).Foreground(p.Accent)}
}

func plainModelStyles() ModelStyles {
	return ModelStyles{Title: lipgloss.NewStyle().Bold(true)}
}
