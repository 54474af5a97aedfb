package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/tui/replayer"
)

// TestRhymeOpensReplay checks a replayer's RhymeMsg opens that incident's
// replay at the rhyme's moment over it, and esc comes back to where it was.
func TestRhymeOpensReplay(t *testing.T) {
	d := newDriver(t, Options{Replay: "fx-0007", ReplayAt: "09:16"}, 120, 40)
	depth := len(d.app.stack)
	at := time.Date(2025, 11, 4, 11, 0, 0, 0, time.FixedZone("", 3600))
	d.send(screenMsg{to: d.app.top(), msg: replayer.RhymeMsg{Incident: "FX-0007", At: at}})
	if len(d.app.stack) != depth+1 {
		t.Fatalf("stack %d deep, want %d", len(d.app.stack), depth+1)
	}
	if v := d.app.View(); !strings.Contains(replayHeaderLine(v), "11:00") {
		t.Fatalf("not on the replay at 11:00:\n%s", v)
	}
	d.press("esc")
	if v := d.app.View(); len(d.app.stack) != depth || !strings.Contains(replayHeaderLine(v), "09:16") {
		t.Fatalf("esc did not come back to the replay at 09:16:\n%s", v)
	}
	d.send(screenMsg{to: d.app.top(), msg: replayer.RhymeMsg{Incident: "NOPE-1", At: at}})
	if v := d.app.View(); len(d.app.stack) != depth || !strings.Contains(v, `"NOPE-1": incident not found`) {
		t.Fatalf("a rhyme to an unknown incident is not reported:\n%s", v)
	}
}

// replayHeaderLine is the replayer's header: the view's second line.
func replayHeaderLine(v string) string {
	lines := strings.Split(v, "\n")
	if len(lines) < 2 {
		return ""
	}
	return lines[1]
}
