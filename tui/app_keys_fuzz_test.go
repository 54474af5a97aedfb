package tui

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

// fuzzKeys are the keys FuzzTypedKeys chooses from: every key the contract
// gives a screen, and the ways in and out of each screen.
var fuzzKeys = []string{
	"j", "k", "g", "G", "/", "f", "t", "?", "r", "n", "N", "p", "[", "]", "h", "l", "+", "-", "q",
	"a", "*", "c", "y", "m", "w", "b", ":", "s", "x", "1", "5", "0",
	"space", "enter", "esc", "tab", "shift+tab", "up", "down", "left", "right",
	"pgup", "pgdown", "home", "end", "backspace", "ctrl+n", "alt+esc",
}

// FuzzTypedKeys drives the app over the bundled library with a key
// sequence the fuzzer chooses: keys of every screen, text typed or pasted
// as it comes (escapes, bidirectional controls and invalid UTF-8
// included), and window sizes from 0×0 up. It must never panic, the view
// must fit the window, and nothing typed may reach the view raw: text a
// user types is cleaned by the function that cleans data (issue 29).
func FuzzTypedKeys(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3}, "etcd", uint16(120), uint8(40))
	f.Add([]byte{4, 200, 5, 6, 200}, "\x1b]2;owned\x07\u202e", uint16(80), uint8(24))
	f.Add([]byte{34, 200, 10, 12, 200, 34}, "a\xffb\x9b31m", uint16(0), uint8(0))
	f.Add([]byte{1, 34, 34, 33, 200, 2}, "ㅁㅇㅂㅅ", uint16(1000), uint8(200))
	lib := fixture(f)
	f.Fuzz(func(t *testing.T, seq []byte, typed string, w16 uint16, h8 uint8) {
		if len(seq) > 64 {
			seq = seq[:64]
		}
		w, h := int(w16%400), int(h8%120)
		d := &driver{t: t, app: New(lib, Options{Lang: data.Lang(len(typed) % 3),
			Styles: theme.New(theme.Ascii(), theme.DefaultPalette()), Tick: instantTick})}
		d.send(tea.WindowSizeMsg{Width: w, Height: h})
		d.run(d.app.Init())
		for i, b := range seq {
			if d.quit {
				return
			}
			what := ""
			switch {
			case b >= 250: // a resize, from the next byte
				w, h = int(b-250)*37%400, int(b-250)*11%120
				what = fmt.Sprintf("resize %dx%d", w, h)
				d.send(tea.WindowSizeMsg{Width: w, Height: h})
			case b >= 200: // type or paste the fuzzer's text
				what = fmt.Sprintf("type %q", typed)
				d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(typed), Paste: b%2 == 1})
			case b >= 150:
				what = "ticks"
				d.fireTicks()
			default:
				k := fuzzKeys[int(b)%len(fuzzKeys)]
				if k == "q" && i < len(seq)-1 {
					k = "esc" // q quits the list; keep exploring most of the time
				}
				what = "key " + k
				d.send(keyMsg(k))
			}
			view := d.app.View()
			checkFits(t, view, w, h, fmt.Sprintf("step %d (%s)", i, what))
			if err := unsafeView(view); err != nil {
				t.Fatalf("step %d (%s): %v", i, what, err)
			}
		}
	})
}
