package explorer

import "github.com/incidents-dev/incidents/tui/internal/tuitest"

// The fixture library the screen tests share (tui/testdata/lib).
var (
	fixture = tuitest.Records
	labels  = tuitest.Label
)
