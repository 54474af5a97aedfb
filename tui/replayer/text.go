package replayer

import (
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

// TextOptions configure RenderText.
type TextOptions struct {
	// Lang is the reader's language; Both prints each text in both.
	Lang data.Lang
	// Width is the line width in cells; 0 means 80.
	Width int
	// Styles are the styles; with theme.Plain() the text has no escape codes.
	Styles theme.Styles
}

// RenderText returns rec's timeline tl as text for `incidents timeline`:
// a header, each stage with its events and annotations, then the series as
// full-width sparklines with their provenance, minimum and maximum.
func RenderText(rec *data.Record, tl *data.Timeline, opts TextOptions) string {
	return ""
}
