package main

import (
	"errors"
	"os"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui"
)

// runExplorer opens the full-screen explorer, or prints the list when
// stdout is not a terminal (so `incidents | grep etcd` works).
func runExplorer(e *env, o options) (int, error) {
	if !e.isTerminal {
		return runList(e, o)
	}
	if len(o.data) == 0 {
		return e.runTUI(o, e.load(o), "", nil)
	}
	// The user's files load behind the explorer, which opens at once on
	// the bundled library; their problems are printed once it closes.
	bundled, _ := library.Open(library.Options{})
	ld := library.OpenAsync(library.Options{Paths: o.data, LimitMemory: true, Spill: e.spillDir()})
	code, err := e.runTUI(o, bundled, "", ld)
	if lib, done, lerr := ld.Result(); done {
		e.report(lib, lerr, o.lang)
	}
	return code, err
}

func runReplay(e *env, o options) (int, error) {
	lib := e.load(o)
	rec, _, err := lib.Timeline(o.args[0])
	if errors.Is(err, data.ErrNotFound) || errors.Is(err, library.ErrNoTimeline) {
		return exitFail, err
	}
	if len(o.set) > 0 {
		// --set: the replayer opens with the what-if run drawn beside
		// the incident's series, as its what-if panel would draw it.
		set, err := parseSets(o.set, o.lang)
		if err != nil {
			return exitUsage, err
		}
		_, tl, _ := lib.Timeline(rec.ID)
		if o.replaySet, err = lib.WhatIf(tl, set); err != nil {
			return exitUsage, usageErrorf("--set: %v", err)
		}
	}
	if !e.isTerminal {
		return exitUsage, usageErrorf(errWords.replayTerminal.In(o.lang), rec.ID)
	}
	return e.runTUI(o, lib, rec.ID, nil)
}

// runTUI runs the Bubble Tea program. Everything that reads the terminal
// (its background colour) happens before the program owns stdin. The
// timelines' modelled series are computed in the background, so the first
// frame never waits for them; a screen that needs one before it is ready
// waits for that one alone.
func (e *env) runTUI(o options, lib *library.Library, replayID string, loading *library.Loading) (int, error) {
	go lib.Prepare() //nolint:errcheck // a replayer shows its own timeline's error
	app := tui.New(lib, tui.Options{
		Lang:        o.lang,
		Styles:      e.tuiStyles(o),
		Mouse:       o.mouse,
		Replay:      replayID,
		ReplayAt:    o.at,
		ReplaySpeed: o.speed,
		ReplayStudy: o.study, ReplayPresent: o.present,
		ReplayUntil: untilTime(o.until, time.Now()),
		Problems:    e.problems,
		Notices:     e.notices,
		Loading:     loading,
		Zone:        o.tz,

		ReplayWhatIf: o.replaySet, // --set
	})
	// --record (record.go)
	rec, err := e.startRecording(o, lib, "incidents replay "+replayID)
	if err != nil {
		return exitUsage, err
	}
	defer rec.close(e.stderr)
	popts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithInput(e.stdin), tea.WithOutput(rec.out(e.stdout))}
	if o.mouse {
		popts = append(popts, tea.WithMouseCellMotion())
	}
	final, err := tea.NewProgram(rec.wrap(app), popts...).Run()
	// The minutes are written however the program ended, ctrl+c included.
	if werr := writeMinutes(o.minutes, final); werr != nil && err == nil {
		return exitFail, werr
	}
	if err != nil {
		if errors.Is(err, tea.ErrInterrupted) {
			return exitInterrupted, nil
		}
		return exitFail, err
	}
	return exitOK, nil
}

// spillDir is where the explorer keeps most of a large library's summary
// search text out of memory (library.Options.Spill): the cache folder,
// which is on disk where the temporary folder may be memory, or the
// temporary folder when there is no cache folder.
func (e *env) spillDir() string {
	if d := e.cacheDir(); d != "" {
		return d
	}
	return os.TempDir()
}
