package main

import (
	"fmt"
	"strings"

	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/detail"
)

// minWidth is the narrowest --width text is laid out at: below it labels,
// indents and Korean words no longer fit a line.
const minWidth = 40

// maxWidth is the widest text is laid out at, by --width or the terminal's
// own width: the work and memory of a layout grow with it, and the flag
// can come from a participant over SSH.
const maxWidth = 1000

func runShow(e *env, o options) (int, error) {
	lib := e.load(o)
	rec, err := lib.Record(o.args[0])
	if err != nil {
		return exitFail, err
	}
	if o.json {
		return exitOK, library.WriteJSON(e.stdout, lib.ShowView(rec))
	}
	text := detail.Render(rec, detail.RenderOptions{
		Lang:    o.lang,
		Width:   e.width(o, 80),
		Styles:  e.styles(o),
		Related: lib.Find,
		Label:   lib.Label,
	})
	text = strings.TrimRight(text, "\n") + "\n" + rhymesText(lib.ShowView(rec).Rhymes, lib, o.lang, e.width(o, 80), e.styles(o), o.tz)
	fmt.Fprintln(e.stdout, strings.TrimRight(text, "\n"))
	return exitOK, nil
}
