package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/library"
)

// TestReplayWhatIf: `replay --set` opens the replayer with the what-if run
// drawn beside the incident's modelled series and labelled hypothetical.
// It uses the bundled library because the fixture library has no model;
// it checks words, not a golden.
func TestReplayWhatIf(t *testing.T) {
	lib, err := library.Open(library.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, tl, err := lib.Timeline("IX-0020")
	if err != nil {
		t.Fatal(err)
	}
	hyp, err := lib.WhatIf(tl, map[string]string{"lock_cut": "0"})
	if err != nil {
		t.Fatal(err)
	}
	d := &driver{t: t, app: New(lib, Options{Replay: "IX-0020", ReplayAt: "09:15", ReplayWhatIf: hyp, Tick: instantTick})}
	d.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	d.run(d.app.Init())
	out := ansi.Strip(d.app.View())
	if !strings.Contains(out, "hyp") {
		t.Errorf("no hypothetical series on the replayer:\n%s", out)
	}
}
