package theme

import (
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/muesli/termenv"
)

// TestRenderersSideBySide builds a dark and a light theme in one process, as
// a server with two terminals does, and checks that each keeps its own
// background: the same style renders each side's colour of the palette.
func TestRenderersSideBySide(t *testing.T) {
	p := DefaultPalette()
	dark := New(NewRenderer(io.Discard, termenv.TrueColor, true), p)
	light := New(NewRenderer(io.Discard, termenv.TrueColor, false), p)
	seq := func(hex string) string {
		return termenv.TrueColor.Color(hex).Sequence(false)
	}
	d, l := dark.Detail.Body.Render("x"), light.Detail.Body.Render("x")
	if d == l {
		t.Fatalf("dark and light render alike: %q", d)
	}
	if want := seq(p.Text.Dark); !strings.Contains(d, want) {
		t.Errorf("dark body %q lacks the dark text colour %q", d, want)
	}
	if want := seq(p.Text.Light); !strings.Contains(l, want) {
		t.Errorf("light body %q lacks the light text colour %q", l, want)
	}
	// Building one does not change the other, in any order, concurrently.
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = New(NewRenderer(io.Discard, termenv.TrueColor, i%2 == 0), p)
		}()
	}
	wg.Wait()
	if got := dark.Detail.Body.Render("x"); got != d {
		t.Errorf("dark body changed to %q after building other themes", got)
	}
	if got := light.Detail.Body.Render("x"); got != l {
		t.Errorf("light body changed to %q after building other themes", got)
	}
}

// TestPlainAndMono checks the two colourless sets: Plain writes no escape
// codes at all; Mono on an ANSI renderer keeps reverse video for the
// selection but adds no colour.
func TestPlainAndMono(t *testing.T) {
	plain := Plain()
	if got := plain.Explorer.Selected.Render("row"); got != "row" {
		t.Errorf("plain selection = %q, want no escape codes", got)
	}
	mono := Mono(NewRenderer(io.Discard, termenv.ANSI, true))
	got := mono.Explorer.Selected.Render("row")
	if !strings.Contains(got, "\x1b[7m") {
		t.Errorf("mono selection = %q, want reverse video", got)
	}
	if strings.Contains(got, "38;") || strings.Contains(got, "48;") {
		t.Errorf("mono selection = %q has colour", got)
	}
	if !plain.Plain || !mono.Plain {
		t.Error("Plain and Mono must report Plain")
	}
	colour := New(NewRenderer(io.Discard, termenv.ANSI256, true), DefaultPalette())
	if colour.Plain || !strings.Contains(colour.Explorer.Match.Render("m"), "38;5;") {
		t.Errorf("colour match = %q, want a 256-colour foreground", colour.Explorer.Match.Render("m"))
	}
}
