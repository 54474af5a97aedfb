package serve

import (
	"fmt"
	"testing"

	"github.com/incidents-dev/incidents/tui/theme"
)

// TestSessionBackground checks a session's background over all 256
// COLORFGBG backgrounds: with --theme auto it is theme.GuessDark's, which
// the local terminal uses too (cmd/incidents TestLocalBackground), so a
// grey reads the same locally and served; --theme and INCIDENTS_THEME win.
func TestSessionBackground(t *testing.T) {
	for n := range 256 {
		env := []string{"COLORFGBG=0;99", fmt.Sprintf("COLORFGBG=15;%d", n)} // the last value wins
		want := theme.GuessDark(fmt.Sprintf("15;%d", n))
		for _, th := range []string{"", "auto"} {
			if got := sessionDark(env, request{theme: th}); got != want {
				t.Errorf("COLORFGBG=15;%d, theme %q: dark = %v, want %v", n, th, got, want)
			}
		}
		if !sessionDark(env, request{theme: "dark"}) || sessionDark(env, request{theme: "light"}) {
			t.Errorf("COLORFGBG=15;%d: --theme did not win", n)
		}
	}
	rq, err := parseRequest(nil, []string{"INCIDENTS_THEME=light", "COLORFGBG=15;0"}, 0, "auto")
	if err != nil || sessionDark(nil, rq) {
		t.Errorf("INCIDENTS_THEME=light: dark (err %v)", err)
	}
}
