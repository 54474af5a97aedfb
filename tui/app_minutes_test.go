package tui

import (
	"strings"
	"testing"
)

// TestMinutesOnQuit types the group's answer at the fixture's study stop,
// stars the moment, then quits with ctrl+c: the app still hands over the
// minutes (cmd writes them to --minutes), with the answer and the star.
// Typing q in the answer does not quit.
func TestMinutesOnQuit(t *testing.T) {
	d := newDriver(t, Options{Replay: "FX-0007", ReplayStudy: true, ReplayAt: "11:00"}, 100, 30)
	d.press("a", "q", "u", "o", "t", "a", "enter", "*")
	if d.quit {
		t.Fatal("q in the answer quit the app")
	}
	d.press("ctrl+c")
	if !d.quit {
		t.Fatal("ctrl+c did not quit")
	}
	md := d.app.Minutes()
	if !strings.Contains(md, "quota") || !strings.Contains(md, "★ 11:00") {
		t.Errorf("minutes after ctrl+c lack the answer or the star:\n%s", md)
	}
}

// TestMinutesKeptAfterBack: leaving the replayer keeps its minutes.
func TestMinutesKeptAfterBack(t *testing.T) {
	d := newDriver(t, Options{Replay: "FX-0007", ReplayStudy: true, ReplayAt: "11:00"}, 100, 30)
	d.press("*", "esc")
	if md := d.app.Minutes(); !strings.Contains(md, "★ 11:00") {
		t.Errorf("the minutes were lost with the replayer:\n%s", md)
	}
}
