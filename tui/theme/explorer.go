package theme

import "github.com/charmbracelet/lipgloss"

// ExplorerStyles are the styles of the explorer: the incident list, the
// search box, the filter chips and the facet panel.
type ExplorerStyles struct {
	// Title heads the explorer pane.
	Title lipgloss.Style
	// ID, Date, Org and Text style the cells of a list row.
	ID, Date, Org, Text lipgloss.Style
	// Faint is for secondary text: the Korean line under an English title,
	// counts, placeholders.
	Faint lipgloss.Style
	// Match marks the characters a search matched.
	Match lipgloss.Style
	// Selected styles every cell of the selected row, and SelectedMatch the
	// matched characters inside it, so the bar reads as one piece.
	Selected, SelectedMatch lipgloss.Style
	// Sev1, Sev2, Sev3 and SevUnknown are the severity badges.
	Sev1, Sev2, Sev3, SevUnknown lipgloss.Style
	// Duration is the resolved-after badge.
	Duration lipgloss.Style
	// Prompt, Input and Placeholder style the search box.
	Prompt, Input, Placeholder lipgloss.Style
	// Count is the "3 of 31" result count.
	Count lipgloss.Style
	// Chip is one active filter above the list.
	Chip lipgloss.Style
	// FacetHeading names a facet group in the facet panel; FacetValue is
	// a value, FacetChosen a chosen value, FacetCursor the value under the
	// cursor, FacetCount its count.
	FacetHeading, FacetValue, FacetChosen, FacetCursor, FacetCount lipgloss.Style
	// Empty is the message shown when nothing matches.
	Empty lipgloss.Style
}

func newExplorerStyles(r *lipgloss.Renderer, p Palette) *ExplorerStyles {
	s := r.NewStyle()
	sel := s.Background(p.Selected).Foreground(p.SelectedText)
	badge := s.Bold(true)
	return &ExplorerStyles{
		Title:         s.Bold(true).Foreground(p.Accent),
		ID:            s.Foreground(p.Accent),
		Date:          s.Foreground(p.Faint),
		Org:           s.Foreground(p.Text).Bold(true),
		Text:          s.Foreground(p.Text),
		Faint:         s.Foreground(p.Faint),
		Match:         s.Foreground(p.Match).Bold(true),
		Selected:      sel,
		SelectedMatch: sel.Foreground(p.Match).Bold(true),
		Sev1:          badge.Foreground(p.Sev1),
		Sev2:          badge.Foreground(p.Sev2),
		Sev3:          badge.Foreground(p.Sev3),
		SevUnknown:    s.Foreground(p.SevUnknown),
		Duration:      s.Foreground(p.Faint),
		Prompt:        s.Foreground(p.Accent).Bold(true),
		Input:         s.Foreground(p.Text),
		Placeholder:   s.Foreground(p.Faint),
		Count:         s.Foreground(p.Faint),
		Chip:          s.Foreground(p.Accent),
		FacetHeading:  s.Bold(true).Foreground(p.Text),
		FacetValue:    s.Foreground(p.Text),
		FacetChosen:   s.Foreground(p.Accent).Bold(true),
		FacetCursor:   sel,
		FacetCount:    s.Foreground(p.Faint),
		Empty:         s.Foreground(p.Faint),
	}
}

func plainExplorerStyles(r *lipgloss.Renderer) *ExplorerStyles {
	s := r.NewStyle()
	rev := s.Reverse(true)
	return &ExplorerStyles{
		Title: s.Bold(true), ID: s, Date: s, Org: s, Text: s, Faint: s,
		Match:    s.Underline(true),
		Selected: rev, SelectedMatch: rev.Underline(true),
		Sev1: s.Bold(true), Sev2: s.Bold(true), Sev3: s, SevUnknown: s,
		Duration: s, Prompt: s.Bold(true), Input: s, Placeholder: s, Count: s, Chip: s,
		FacetHeading: s.Bold(true), FacetValue: s, FacetChosen: s.Bold(true), FacetCursor: rev, FacetCount: s,
		Empty: s,
	}
}
