package explorer

import (
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/incidents-dev/incidents/tui/theme"
)

// TestPaintIsRender checks that every row style, painted, writes what
// lipgloss writes, in colour and without, on light and dark backgrounds,
// over plain, Korean, spaced, padded and multi-line text.
func TestPaintIsRender(t *testing.T) {
	texts := []string{"", "x", "etcd key", "세션 서버가 멈췄다", "  ", "a\tb", "two\nlines", "…", "SEV1"}
	for _, prof := range []termenv.Profile{termenv.Ascii, termenv.ANSI256, termenv.TrueColor} {
		for _, dark := range []bool{false, true} {
			r := lipgloss.NewRenderer(nil)
			r.SetColorProfile(prof)
			r.SetHasDarkBackground(dark)
			st := *theme.New(r, theme.DefaultPalette()).Explorer
			for _, sel := range []bool{false, true} {
				rs := newRowStyles(st, sel)
				for _, p := range []paint{rs.id, rs.date, rs.org, rs.text, rs.faint, rs.match, rs.sev1, rs.sev2, rs.sev3, rs.sevUnknown, rs.dur, rs.gap} {
					for _, s := range texts {
						if got, want := p.Render(s), p.st.Render(s); got != want {
							t.Errorf("profile %v dark %v: %q painted %q, rendered %q", prof, dark, s, got, want)
						}
					}
				}
			}
		}
	}
	up := newPaint(lipgloss.NewStyle().Width(6).Transform(func(s string) string { return s + "!" }))
	if got, want := up.Render("ab"), up.st.Render("ab"); got != want {
		t.Errorf("a sized, transformed style painted %q, rendered %q", got, want)
	}
}
