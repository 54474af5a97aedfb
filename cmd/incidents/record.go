package main

import (
	"fmt"
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/term"

	"github.com/incidents-dev/incidents/cast"
	"github.com/incidents-dev/incidents/internal/asciicast"
	"github.com/incidents-dev/incidents/library"
)

// recording is --record's file while a TUI runs: the program's output
// goes through out, its model through wrap; close ends the file.
type recording struct {
	rec *asciicast.Recorder
	lib *library.Library
	o   options
}

// startRecording opens --record's file, or returns nil without --record.
// The header has the terminal's size (80x24 when unknown); resizes follow
// as "r" events.
func (e *env) startRecording(o options, lib *library.Library, title string) (*recording, error) {
	if o.cast.record == "" {
		return nil, nil
	}
	w, h := 80, 24
	if f, ok := e.stdout.(*os.File); ok {
		if tw, th, err := term.GetSize(f.Fd()); err == nil && tw > 0 && th > 0 {
			w, h = min(tw, asciicast.MaxSize), min(th, asciicast.MaxSize)
		}
	}
	env := map[string]string{"TERM": "xterm-256color"}
	if t := e.getenv("TERM"); t != "" {
		env["TERM"] = cast.Label(t)
	}
	rec, err := asciicast.Create(o.cast.record, asciicast.Header{Width: w, Height: h, Title: cast.Label(title), Env: env})
	if err != nil {
		return nil, usageErrorf(castWords.record.In(o.lang), err)
	}
	return &recording{rec: rec, lib: lib, o: o}, nil
}

// out is the program's output: the terminal, recorded.
func (r *recording) out(w io.Writer) io.Writer {
	if r == nil {
		return w
	}
	return r.rec.Tee(w)
}

// wrap records the keys and markers of the program's model.
func (r *recording) wrap(m tea.Model) tea.Model {
	if r == nil {
		return m
	}
	return cast.Record(m, r.lib, r.rec, r.o.lang)
}

// close ends the file and says where it is, or why it is incomplete.
func (r *recording) close(stderr io.Writer) {
	if r == nil {
		return
	}
	if err := r.rec.Close(); err != nil {
		fmt.Fprintf(stderr, "incidents: --record %s: %v\n", r.o.cast.record, err)
		return
	}
	fmt.Fprintf(stderr, "incidents: recorded %s (play it with: asciinema play %s)\n", r.o.cast.record, r.o.cast.record)
}

// serveRecording opens --record's file for the presenter's screen of
// `incidents serve`; there is none to record without a presenter.
func (e *env) serveRecording(o options, lib *library.Library, present bool) (*recording, error) {
	if o.cast.record != "" && !present {
		return nil, usageErrorf("%s", castWords.noPresenter.In(o.lang))
	}
	return e.startRecording(o, lib, "incidents serve")
}
