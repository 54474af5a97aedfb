package main

import (
	"errors"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui"
)

// runExplorer opens the full-screen explorer, or prints the list when
// stdout is not a terminal (so `incidents | grep etcd` works).
func runExplorer(e *env, o options) (int, error) {
	if !e.isTerminal {
		return runList(e, o)
	}
	return e.runTUI(o, e.load(o), "")
}

func runReplay(e *env, o options) (int, error) {
	lib := e.load(o)
	rec, err := lib.Record(o.args[0])
	if err != nil {
		return exitFail, notFound(lib, o.args[0], err)
	}
	if _, ok := lib.Timeline(rec.ID); !ok {
		return exitFail, fmt.Errorf("%s has no timeline (incidents with one: %s)", rec.ID, strings.Join(timelineIDs(lib), ", "))
	}
	if !e.isTerminal {
		return exitUsage, usageErrorf("replay needs a terminal; for text, run 'incidents timeline %s'", rec.ID)
	}
	return e.runTUI(o, lib, rec.ID)
}

// runTUI runs the Bubble Tea program. Everything that reads the terminal
// (its background colour) happens before the program owns stdin.
func (e *env) runTUI(o options, lib *data.Library, replayID string) (int, error) {
	for id, tl := range lib.Timelines {
		if err := replay.Prepare(tl); err != nil {
			fmt.Fprintf(e.stderr, "incidents: timeline %s: %v\n", id, err)
		}
	}
	app := tui.New(lib, tui.Options{
		Lang:        o.lang,
		Styles:      e.tuiStyles(o),
		Mouse:       o.mouse,
		Replay:      replayID,
		ReplayAt:    o.at,
		ReplaySpeed: o.speed,
		ReplayStudy: o.study, ReplayPresent: o.present,
	})
	popts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithInput(e.stdin), tea.WithOutput(e.stdout)}
	if o.mouse {
		popts = append(popts, tea.WithMouseCellMotion())
	}
	if _, err := tea.NewProgram(app, popts...).Run(); err != nil {
		if errors.Is(err, tea.ErrInterrupted) {
			return exitInterrupted, nil
		}
		return exitFail, err
	}
	return exitOK, nil
}
