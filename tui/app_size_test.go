package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/internal/hostile"
)

// TestHostileWindowSizes sends every hostile window size (65535×65535,
// 4294967295×1, …) on the list, a record and the replayer: the app lays
// out at most MaxWidth×MaxHeight cells, so each frame stays within those
// bounds whatever the number, and a normal size afterwards draws as usual.
func TestHostileWindowSizes(t *testing.T) {
	for _, keys := range [][]string{nil, {"enter"}, {"r"}} {
		d := newDriver(t, Options{}, 80, 24)
		d.press(keys...)
		for _, w := range hostile.Windows() {
			d.send(tea.WindowSizeMsg{Width: int(w.Width), Height: int(w.Height)})
			v := d.app.View()
			if len(v) > MaxWidth*MaxHeight*16 {
				t.Fatalf("%v %s: a frame of %d bytes", keys, w.Name, len(v))
			}
			checkFits(t, v, min(int(w.Width), MaxWidth), min(int(w.Height), MaxHeight), w.Name)
		}
		d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
		v := d.app.View()
		checkFits(t, v, 80, 24, "back to 80×24")
		if !strings.Contains(v, "incidents") {
			t.Fatalf("%v: nothing drawn at 80×24 after the hostile sizes:\n%s", keys, v)
		}
	}
}
