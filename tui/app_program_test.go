package tui

import (
	"bytes"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

// TestProgram runs the app in a real Bubble Tea program: search for an
// incident, open it, switch to Korean, go back and quit; then goldens the
// final model's view.
func TestProgram(t *testing.T) {
	tm := teatest.NewTestModel(t, New(fixture(t), Options{Lang: data.EN, Styles: theme.Plain()}),
		teatest.WithInitialTermSize(120, 40))
	waitFor := func(s string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
			teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	}
	waitFor("11 incidents")
	tm.Type("/")
	tm.Type("fjord")
	waitFor("1 of 11")
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter}) // keep the filter
	tm.Send(tea.KeyMsg{Type: tea.KeyEnter}) // open
	waitFor("incidents · FX-0012")
	tm.Type("t")
	waitFor("[EN] 한국어 번역이 없어")
	tm.Send(tea.KeyMsg{Type: tea.KeyEsc})
	waitFor("11건 중 1건")
	tm.Type("q")
	golden.RequireEqual(t, []byte(tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).View()))
}
