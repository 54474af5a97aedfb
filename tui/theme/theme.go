// Package theme holds every colour and style of the interface: a palette of
// semantic adaptive colours that read on light and dark terminals, and one
// Styles value built from it, grouped by screen.
package theme

import (
	"io"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
)

// Palette names colours by what they mean, never by how they look. Each is
// adaptive: lipgloss picks the Light or Dark side from the terminal's
// background (or from --theme, which sets it explicitly).
type Palette struct {
	Text, Faint, Accent, Border, Selected, SelectedText, Match lipgloss.AdaptiveColor
	Error, Warning, OK                                         lipgloss.AdaptiveColor
	// Severity colours, most to least severe.
	Sev1, Sev2, Sev3, SevUnknown lipgloss.AdaptiveColor
	// Outcome colours for replay events.
	Worked, Failed, Partly lipgloss.AdaptiveColor
	// Provenance colours for series labels.
	Reported, Modelled, Illustrative lipgloss.AdaptiveColor
	// Past and Future dim or lift replay events around the cursor.
	Past, Future lipgloss.AdaptiveColor
}

// DefaultPalette is the palette used on colour terminals. The Light sides
// are dark enough to read on white; the Dark sides light enough for black.
func DefaultPalette() Palette {
	c := func(light, dark string) lipgloss.AdaptiveColor {
		return lipgloss.AdaptiveColor{Light: light, Dark: dark}
	}
	return Palette{
		Text:         c("#1F2328", "#E6EDF3"),
		Faint:        c("#6E7781", "#8B949E"),
		Accent:       c("#0550AE", "#79C0FF"),
		Border:       c("#AFB8C1", "#484F58"),
		Selected:     c("#DDF4FF", "#1F3A5F"),
		SelectedText: c("#0A3069", "#FFFFFF"),
		Match:        c("#953800", "#FFA657"),
		Error:        c("#CF222E", "#FF7B72"),
		Warning:      c("#9A6700", "#D29922"),
		OK:           c("#1A7F37", "#3FB950"),
		Sev1:         c("#CF222E", "#FF7B72"),
		Sev2:         c("#BC4C00", "#FFA657"),
		Sev3:         c("#9A6700", "#D29922"),
		SevUnknown:   c("#6E7781", "#8B949E"),
		Worked:       c("#1A7F37", "#3FB950"),
		Failed:       c("#CF222E", "#FF7B72"),
		Partly:       c("#9A6700", "#D29922"),
		Reported:     c("#1A7F37", "#3FB950"),
		Modelled:     c("#8250DF", "#D2A8FF"),
		Illustrative: c("#9A6700", "#D29922"),
		Past:         c("#6E7781", "#8B949E"),
		Future:       c("#1F2328", "#E6EDF3"),
	}
}

// Styles is every style of the interface, grouped by screen, for one output:
// every style in it was made by that output's renderer, so two terminals
// served by one process each get their own colours and background. The
// groups are pointers: a screen receives its own group and keeps it by
// pointer, and a Styles value stays small enough to copy.
type Styles struct {
	// Plain is true for the monochrome rendering (pipes, NO_COLOR): screens
	// then mark the selection and the cursor with reverse video or glyphs.
	Plain bool
	// Base is the renderer's empty style, for drawing that needs a style
	// without colour (padding, wrapping).
	Base     lipgloss.Style
	App      *AppStyles
	Explorer *ExplorerStyles
	Detail   *DetailStyles
	Replay   *ReplayStyles
	// Model styles the heatmap and the what-if panel of the replayer.
	Model *ModelStyles
}

// New builds the styles from a palette for the output that r renders to:
// r's colour profile and background decide what the adaptive colours
// become. Nothing global is read or set.
func New(r *lipgloss.Renderer, p Palette) Styles {
	return Styles{
		Base:     r.NewStyle(),
		App:      newAppStyles(r, p),
		Explorer: newExplorerStyles(r, p),
		Detail:   newDetailStyles(r, p),
		Replay:   newReplayStyles(r, p),
		Model:    newModelStyles(r, p),
	}
}

// Mono returns styles without colour for the output that r renders to, for
// a terminal under NO_COLOR. Emphasis that carries meaning (the selection,
// the replay cursor) uses reverse video or bold, which survive without
// colour when r's profile keeps them (termenv.ANSI does; termenv.Ascii drops
// every escape).
func Mono(r *lipgloss.Renderer) Styles {
	return Styles{
		Plain:    true,
		Base:     r.NewStyle(),
		App:      plainAppStyles(r),
		Explorer: plainExplorerStyles(r),
		Detail:   plainDetailStyles(r),
		Replay:   plainReplayStyles(r),
		Model:    plainModelStyles(r),
	}
}

// Plain returns the monochrome styles on an Ascii renderer: text with no
// escape codes at all, for pipes and for tests.
func Plain() Styles { return Mono(Ascii()) }

// Ascii returns a renderer that writes no escape codes, on a dark
// background: the output of pipes, NO_COLOR text and tests.
func Ascii() *lipgloss.Renderer {
	return NewRenderer(io.Discard, termenv.Ascii, true)
}

// NewRenderer returns a renderer for w with a fixed colour profile and
// background, so that nothing queries the terminal later: the caller has
// decided both before the program starts (a local terminal) or from the
// session (a served one).
func NewRenderer(w io.Writer, profile termenv.Profile, dark bool) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(w, termenv.WithProfile(profile))
	r.SetColorProfile(profile)
	r.SetHasDarkBackground(dark)
	return r
}
