package main

import (
	"fmt"
	"strings"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/detail"
)

// minWidth is the narrowest --width text is laid out at: below it labels,
// indents and Korean words no longer fit a line.
const minWidth = 40

// checkWidth accepts --width unset (0) or at least minWidth columns.
func checkWidth(w int) error {
	if w != 0 && w < minWidth {
		return usageErrorf("--width: %d is too narrow (want at least %d columns)", w, minWidth)
	}
	return nil
}

func runShow(e *env, o options) (int, error) {
	lib := e.load(o)
	rec, err := lib.Record(o.args[0])
	if err != nil {
		return exitFail, notFound(lib, o.args[0], err)
	}
	if o.json {
		return exitOK, writeJSON(e.stdout, rec)
	}
	text := detail.Render(rec, detail.RenderOptions{
		Lang:    o.lang,
		Width:   e.width(o, 80),
		Styles:  e.styles(o),
		Related: relatedLookup(lib),
		Label:   labelLookup(lib),
	})
	fmt.Fprintln(e.stdout, strings.TrimRight(text, "\n"))
	return exitOK, nil
}

// relatedLookup finds related records by id, nil for ids not in the library.
func relatedLookup(lib *data.Library) func(string) *data.Record {
	return func(id string) *data.Record {
		r, err := lib.Record(id)
		if err != nil {
			return nil
		}
		return r
	}
}

// labelLookup returns a tag's label from the vocabulary, so tags print as
// words in the reader's language rather than as terms.
func labelLookup(lib *data.Library) func(string) data.Text {
	return func(term string) data.Text {
		if lib.Vocab == nil {
			return data.Text{}
		}
		t, _ := lib.Vocab.Lookup(term)
		return t.Label
	}
}
