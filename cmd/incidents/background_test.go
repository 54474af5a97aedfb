package main

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/incidents-dev/incidents/tui/theme"
)

// TestLocalBackground checks the local terminal's guess over all 256
// COLORFGBG backgrounds: theme.GuessDark's, which every SSH session uses
// too (serve TestSessionBackground).
func TestLocalBackground(t *testing.T) {
	for n := range 256 {
		v := fmt.Sprintf("15;%d", n)
		e := &env{stdout: &bytes.Buffer{}, isTerminal: true, getenv: func(k string) string {
			if k == "COLORFGBG" {
				return v
			}
			return ""
		}}
		if got, want := e.renderer(options{theme: "auto"}, false).HasDarkBackground(), theme.GuessDark(v); got != want {
			t.Errorf("COLORFGBG=%s: dark = %v, want %v", v, got, want)
		}
	}
}
