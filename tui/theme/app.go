package theme

import "github.com/charmbracelet/lipgloss"

// AppStyles are the styles of the root app: the header line, the pane
// divider, the hint bar and full help, the status line and the
// "terminal too small" message.
type AppStyles struct {
	// Title is the app's name at the left of the header.
	Title lipgloss.Style
	// Header is the rest of the header line (screen name, counts).
	Header lipgloss.Style
	// Lang marks the current language in the header.
	Lang lipgloss.Style
	// Divider is the vertical line between the two panes.
	Divider lipgloss.Style
	// HelpKey, HelpDesc and HelpSep style the hint bar and the full help.
	HelpKey, HelpDesc, HelpSep lipgloss.Style
	// Error is a message in the status line that says something failed.
	Error lipgloss.Style
	// TooSmall is the message shown when the window is under the minimum.
	TooSmall lipgloss.Style
}

func newAppStyles(r *lipgloss.Renderer, p Palette) *AppStyles {
	s := r.NewStyle()
	return &AppStyles{
		Title:    s.Bold(true).Foreground(p.Accent),
		Header:   s.Foreground(p.Faint),
		Lang:     s.Bold(true).Foreground(p.Text),
		Divider:  s.Foreground(p.Border),
		HelpKey:  s.Foreground(p.Accent),
		HelpDesc: s.Foreground(p.Faint),
		HelpSep:  s.Foreground(p.Border),
		Error:    s.Foreground(p.Error),
		TooSmall: s.Foreground(p.Warning),
	}
}

func plainAppStyles(r *lipgloss.Renderer) *AppStyles {
	s := r.NewStyle()
	return &AppStyles{
		Title: s.Bold(true), Header: s, Lang: s.Bold(true), Divider: s,
		HelpKey: s.Bold(true), HelpDesc: s, HelpSep: s, Error: s.Bold(true), TooSmall: s,
	}
}
