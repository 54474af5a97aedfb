package explorer

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// paint is a row style reduced to the escape codes it writes around one
// line of text, worked out once: lipgloss's Render costs a dozen
// allocations a call, and a screenful of rows makes hundreds of calls at
// every keystroke. The styles of rows only set colours and weight, which
// lipgloss writes as one prefix and one suffix, so both give the same text
// (TestPaintIsRender).
type paint struct {
	st        lipgloss.Style
	pre, post string
	// exact says pre and post are all the style adds (no size, frame or
	// transform), so Render can write them itself.
	exact bool
	// bg says the style paints a background, so padding is styled too.
	bg bool
}

func newPaint(st lipgloss.Style) paint {
	out := st.Render("x")
	i := strings.Index(out, "x")
	_, none := st.GetBackground().(lipgloss.NoColor)
	p := paint{st: st, bg: !none || st.GetReverse()}
	p.exact = i >= 0 && st.GetTransform() == nil && st.GetWidth() == 0 && st.GetHeight() == 0 &&
		st.GetMaxWidth() == 0 && st.GetMaxHeight() == 0 &&
		st.GetHorizontalFrameSize() == 0 && st.GetVerticalFrameSize() == 0
	if p.exact {
		p.pre, p.post = out[:i], out[i+1:]
	}
	return p
}

// Render styles s as lipgloss.Style.Render does.
func (p paint) Render(s string) string {
	if !p.exact || s == "" || strings.ContainsAny(s, "\n\t\r") {
		return p.st.Render(s)
	}
	if p.pre == "" && p.post == "" {
		return s
	}
	return p.pre + s + p.post
}

// lineWidth is lipgloss.Width without splitting s into lines first when it
// is one line: the same count in cells (lipgloss.Width takes the widest
// line's ansi.StringWidth).
func lineWidth(s string) int {
	if strings.IndexByte(s, '\n') >= 0 {
		return lipgloss.Width(s)
	}
	return ansi.StringWidth(s)
}
