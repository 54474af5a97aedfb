package theme

import "github.com/charmbracelet/lipgloss"

// AppStyles are the styles of the app screen.
type AppStyles struct {
	Title lipgloss.Style
}

func newAppStyles(p Palette) AppStyles {
	return AppStyles{Title: lipgloss.NewStyle().Bold(true).Foreground(p.Accent)}
}

func plainAppStyles() AppStyles {
	return AppStyles{Title: lipgloss.NewStyle().Bold(true)}
}
