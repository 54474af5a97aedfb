package theme

import "github.com/charmbracelet/lipgloss"

// DetailStyles are the styles of the detail view of one record. The plain
// variant adds no escape codes at all except RelatedFocus (reverse video),
// which only the interactive screen uses, so `incidents show` output is
// clean text.
type DetailStyles struct {
	// Title is the record's title; Meta the id, organisation and date line.
	Title, Meta lipgloss.Style
	// Heading is a section heading.
	Heading lipgloss.Style
	// Label and Value style the facts grid.
	Label, Value lipgloss.Style
	// Body is section text.
	Body lipgloss.Style
	// Missing is the "–" shown for a missing or null field.
	Missing lipgloss.Style
	// Marker flags text shown in the other language because its
	// translation is missing.
	Marker lipgloss.Style
	// Link is a source URL; Faint secondary text such as a source's kind.
	Link, Faint lipgloss.Style
	// Tag is one tag.
	Tag lipgloss.Style
	// RelatedID is a related incident's id; RelatedFocus the one that
	// enter would open.
	RelatedID, RelatedFocus lipgloss.Style
	// Divider separates the English and Korean columns.
	Divider lipgloss.Style
	// Position is the scroll position indicator.
	Position lipgloss.Style
}

func newDetailStyles(r *lipgloss.Renderer, p Palette) *DetailStyles {
	s := r.NewStyle()
	return &DetailStyles{
		Title:        s.Bold(true).Foreground(p.Text),
		Meta:         s.Foreground(p.Faint),
		Heading:      s.Bold(true).Foreground(p.Accent),
		Label:        s.Foreground(p.Faint),
		Value:        s.Foreground(p.Text),
		Body:         s.Foreground(p.Text),
		Missing:      s.Foreground(p.Faint),
		Marker:       s.Foreground(p.Warning),
		Link:         s.Foreground(p.Accent).Underline(true),
		Faint:        s.Foreground(p.Faint),
		Tag:          s.Foreground(p.Accent),
		RelatedID:    s.Foreground(p.Accent).Bold(true),
		RelatedFocus: s.Background(p.Selected).Foreground(p.SelectedText).Bold(true),
		Divider:      s.Foreground(p.Border),
		Position:     s.Foreground(p.Faint),
	}
}

func plainDetailStyles(r *lipgloss.Renderer) *DetailStyles {
	s := r.NewStyle()
	return &DetailStyles{
		Title: s, Meta: s, Heading: s, Label: s, Value: s, Body: s, Missing: s, Marker: s,
		Link: s, Faint: s, Tag: s, RelatedID: s, RelatedFocus: s.Reverse(true), Divider: s, Position: s,
	}
}
