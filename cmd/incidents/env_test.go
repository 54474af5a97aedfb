package main

import (
	"bytes"
	"testing"
)

// TestRendererBackground checks that --theme decides the background of the
// output's own renderer, and that NO_COLOR and pipes get styles without
// escape codes.
func TestRendererBackground(t *testing.T) {
	e := &env{stdout: &bytes.Buffer{}, isTerminal: true}
	if r := e.renderer(options{theme: "light"}); r.HasDarkBackground() {
		t.Error("--theme light gave a dark background")
	}
	if r := e.renderer(options{theme: "dark"}); !r.HasDarkBackground() {
		t.Error("--theme dark gave a light background")
	}
	if st := e.styles(options{theme: "dark", noColor: true}); !st.Plain {
		t.Error("NO_COLOR gave colour styles")
	}
	if st := e.tuiStyles(options{noColor: true}); !st.Plain || st.Explorer.Selected.Render("x") == "x" {
		t.Error("NO_COLOR in the explorer must be monochrome with reverse video for the selection")
	}
	pipe := &env{stdout: &bytes.Buffer{}}
	if st := pipe.styles(options{theme: "dark"}); !st.Plain {
		t.Error("a pipe gave colour styles")
	}
	if st := e.styles(options{theme: "dark"}); st.Plain {
		t.Error("a terminal gave plain styles")
	}
}
