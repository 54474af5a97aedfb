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
	if r := e.renderer(options{theme: "light"}, true); r.HasDarkBackground() {
		t.Error("--theme light gave a dark background")
	}
	if r := e.renderer(options{theme: "dark"}, true); !r.HasDarkBackground() {
		t.Error("--theme dark gave a light background")
	}
	if st := e.styles(options{theme: "dark", noColor: true}); !st.Plain {
		t.Error("NO_COLOR gave colour styles")
	}
	if st := e.tuiStyles(options{noColor: true}); !st.Plain || st.Explorer.Selected.Render("x") == "x" {
		t.Error("NO_COLOR in the explorer must be monochrome with reverse video for the selection")
	}
	for v, dark := range map[string]bool{"": true, "15;0": true, "0;15": false, "0;7": false, "junk": true} {
		g := &env{stdout: &bytes.Buffer{}, isTerminal: true, getenv: func(k string) string {
			if k == "COLORFGBG" {
				return v
			}
			return ""
		}}
		if got := g.renderer(options{theme: "auto"}, false).HasDarkBackground(); got != dark {
			t.Errorf("COLORFGBG=%q: dark = %v, want %v", v, got, dark)
		}
	}
	pipe := &env{stdout: &bytes.Buffer{}}
	if st := pipe.styles(options{theme: "dark"}); !st.Plain {
		t.Error("a pipe gave colour styles")
	}
	if st := e.styles(options{theme: "dark"}); st.Plain {
		t.Error("a terminal gave plain styles")
	}
}
