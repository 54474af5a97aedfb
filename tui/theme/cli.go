package theme

import "github.com/charmbracelet/lipgloss"

// CLIStyles are the styles of the non-interactive commands (list, search,
// validate). They sit apart from Styles because the commands print lines, not
// screens.
type CLIStyles struct {
	ID, Date, Org, Faint, Match, Error, Warning lipgloss.Style
}

// CLI builds the command-line styles from a palette, for the output that r
// renders to.
func CLI(r *lipgloss.Renderer, p Palette) CLIStyles {
	s := r.NewStyle()
	return CLIStyles{
		ID:      s.Foreground(p.Accent).Bold(true),
		Date:    s.Foreground(p.Faint),
		Org:     s.Foreground(p.Text),
		Faint:   s.Foreground(p.Faint),
		Match:   s.Foreground(p.Match).Bold(true),
		Error:   s.Foreground(p.Error),
		Warning: s.Foreground(p.Warning),
	}
}

// PlainCLI returns command-line styles that add nothing: for pipes and NO_COLOR.
func PlainCLI() CLIStyles {
	s := Ascii().NewStyle()
	return CLIStyles{ID: s, Date: s, Org: s, Faint: s, Match: s, Error: s, Warning: s}
}
