package theme

import "github.com/charmbracelet/lipgloss"

// HeatLevels is the number of intensity levels of the heatmap.
const HeatLevels = 5

// ModelStyles are the styles of the replayer's per-instance heatmap and of
// its what-if panel.
//
// The heatmap's levels read without colour: the replayer draws each level
// with a denser glyph (· ░ ▒ ▓ █), and Heat only adds a colour ramp on top.
// The cursor and the instances out of the ring are marked with glyphs too.
type ModelStyles struct {
	// Title heads the heatmap and the panel.
	Title lipgloss.Style
	// Heat colours the intensity levels, lowest first.
	Heat [HeatLevels]lipgloss.Style
	// Label is an instance name or a parameter label; Faint the axis, the
	// legend and other secondary text.
	Label, Faint lipgloss.Style
	// Cursor marks the current moment: the marker above the grid and the
	// cells of its column.
	Cursor lipgloss.Style
	// OutOfRing is the gutter mark of an instance out of the hash ring, and
	// tints its cells while it is out.
	OutOfRing lipgloss.Style
	// Hypothetical marks what comes from a what-if run, never from the
	// incident itself.
	Hypothetical lipgloss.Style
	// Selected is the parameter row under the selection; Value a parameter's
	// value; Changed a value changed but not yet applied.
	Selected, Value, Changed lipgloss.Style
	// Note is a parameter's note; Error a value the model refused.
	Note, Error lipgloss.Style
}

func newModelStyles(r *lipgloss.Renderer, p Palette) *ModelStyles {
	base := r.NewStyle()
	return &ModelStyles{
		Title: base.Bold(true).Foreground(p.Accent),
		Heat: [HeatLevels]lipgloss.Style{
			base.Foreground(p.Faint),
			base.Foreground(p.OK),
			base.Foreground(p.Sev3),
			base.Foreground(p.Sev2),
			base.Bold(true).Foreground(p.Sev1),
		},
		Label:        base.Foreground(p.Text),
		Faint:        base.Foreground(p.Faint),
		Cursor:       base.Reverse(true),
		OutOfRing:    base.Bold(true).Foreground(p.Error),
		Hypothetical: base.Italic(true).Foreground(p.Modelled),
		Selected:     base.Bold(true).Foreground(p.SelectedText).Background(p.Selected),
		Value:        base.Bold(true).Foreground(p.Text),
		Changed:      base.Bold(true).Foreground(p.Match),
		Note:         base.Foreground(p.Faint),
		Error:        base.Foreground(p.Error),
	}
}

func plainModelStyles(r *lipgloss.Renderer) *ModelStyles {
	base := r.NewStyle()
	bold := base.Bold(true)
	return &ModelStyles{
		Title:        bold,
		Heat:         [HeatLevels]lipgloss.Style{base, base, base, base, base},
		Label:        base,
		Faint:        base,
		Cursor:       base.Reverse(true),
		OutOfRing:    bold,
		Hypothetical: base.Italic(true),
		Selected:     base.Reverse(true),
		Value:        bold,
		Changed:      bold,
		Note:         base,
		Error:        bold,
	}
}
