package widget

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// Painter applies one style by wrapping text in the style's escape codes,
// found once by rendering a probe. This gives what Style.Render gives for
// one-line, unpadded text without measuring the text each frame, which is
// most of the cost of a frame.
type Painter struct {
	pre, post string
}

// NewPainter captures st; with plain set the painter leaves text as is, so
// plain output carries no escape codes whatever the colour profile.
func NewPainter(st lipgloss.Style, plain bool) Painter {
	if plain {
		return Painter{}
	}
	const probe = "\x00"
	pre, post, ok := strings.Cut(st.Render(probe), probe)
	if !ok {
		return Painter{}
	}
	return Painter{pre: pre, post: post}
}

// Paint returns s in the painter's style.
func (p Painter) Paint(s string) string {
	if s == "" || p.pre == "" && p.post == "" {
		return s
	}
	return p.pre + s + p.post
}
