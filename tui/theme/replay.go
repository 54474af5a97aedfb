package theme

import "github.com/charmbracelet/lipgloss"

// ReplayStyles are the styles of the replay screen.
type ReplayStyles struct {
	Title lipgloss.Style
}

func newReplayStyles(p Palette) ReplayStyles {
	return ReplayStyles{Title: lipgloss.NewStyle().Bold(true).Foreground(p.Accent)}
}

func plainReplayStyles() ReplayStyles {
	return ReplayStyles{Title: lipgloss.NewStyle().Bold(true)}
}
