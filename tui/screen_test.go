package tui

import (
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
)

// fakeScreen is a Screen that records what it is sent.
type fakeScreen struct {
	got       []tea.Msg
	capturing bool
	reply     tea.Cmd
	w, h      int
}

type pingMsg struct{ n int }

func (f *fakeScreen) Init() tea.Cmd { return nil }
func (f *fakeScreen) Update(msg tea.Msg) tea.Cmd {
	f.got = append(f.got, msg)
	return f.reply
}
func (f *fakeScreen) View() string              { return strings.Repeat("x", f.w) }
func (f *fakeScreen) SetSize(w, h int)          { f.w, f.h = w, h }
func (f *fakeScreen) SetLang(data.Lang)         {}
func (f *fakeScreen) Focus()                    {}
func (f *fakeScreen) Blur()                     {}
func (f *fakeScreen) ShortHelp() []key.Binding  { return nil }
func (f *fakeScreen) FullHelp() [][]key.Binding { return nil }
func (f *fakeScreen) Capturing() bool           { return f.capturing }
func (f *fakeScreen) Back() bool                { return false }
func (f *fakeScreen) Crumb() string             { return "fake" }

// TestAddressedResults checks that a screen's results go to that screen
// only: to it when another is on top, and nowhere once it is closed.
func TestAddressedResults(t *testing.T) {
	d := newDriver(t, Options{}, 120, 40)
	low, high := &fakeScreen{}, &fakeScreen{}
	d.run(d.app.push(low))
	d.run(d.app.push(high))
	ping := func() tea.Msg { return pingMsg{1} }

	d.run(addressTo(low, tea.Batch(ping, ping)))
	if len(low.got) != 2 || len(high.got) != 0 {
		t.Fatalf("results for the lower screen: low got %v, high got %v", low.got, high.got)
	}
	d.send(keyMsg("x"))
	if len(high.got) != 1 || len(low.got) != 2 {
		t.Fatalf("a key went to %v / %v, want the top screen only", low.got, high.got)
	}
	d.app.back()
	d.run(addressTo(high, ping))
	if len(high.got) != 1 {
		t.Fatalf("a closed screen got a result: %v", high.got)
	}
	if v := d.app.View(); !strings.Contains(v, "incidents · fake") {
		t.Fatalf("header lacks the top screen's crumb:\n%s", v)
	}
}

// TestCapturingScreen checks the dispatch order for a screen that takes
// typed keys: every key but ctrl+c goes to it, the global ones included.
func TestCapturingScreen(t *testing.T) {
	d := newDriver(t, Options{}, 120, 40)
	typing := &fakeScreen{capturing: true}
	d.run(d.app.push(typing))
	d.press("q", "t", "?")
	if len(typing.got) != 3 || d.quit || d.app.lang != data.EN || d.app.help.ShowAll {
		t.Fatalf("capturing screen got %v; quit %v, lang %v, help %v", typing.got, d.quit, d.app.lang, d.app.help.ShowAll)
	}
	if h := d.app.helpKeys(); !h.typing {
		t.Error("help offers the global keys while a screen captures typing")
	}
	d.press("ctrl+c")
	if !d.quit {
		t.Error("ctrl+c did not quit while typing")
	}
	typing.capturing = false
	d.quit = false
	d.press("q")
	if len(d.app.stack) != 1 {
		t.Errorf("q left %d screens, want the explorer alone", len(d.app.stack))
	}
}

// TestPlaybackTicks plays the replayer through the driver: ticks are held
// by type, not waited for, and move the clock only when sent.
func TestPlaybackTicks(t *testing.T) {
	d := newDriver(t, Options{}, 120, 40)
	d.press("r", "space")
	if len(d.ticks) != 1 {
		t.Fatalf("%d ticks scheduled after play, want 1", len(d.ticks))
	}
	before := d.app.View()
	for range 20 {
		d.fireTicks()
	}
	if len(d.ticks) != 1 || d.app.View() == before {
		t.Fatalf("ticks did not move the replay (%d pending)", len(d.ticks))
	}
	d.press("space")
	d.fireTicks()
	if len(d.ticks) != 0 {
		t.Errorf("a paused replayer scheduled %d ticks", len(d.ticks))
	}
	d.press("esc")
	if len(d.app.stack) != 1 {
		t.Errorf("esc left %d screens", len(d.app.stack))
	}
}
