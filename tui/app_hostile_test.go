package tui

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/hostile"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/theme"
)

// hostileLibrary loads the bundle and the hostile cases that make records
// and timelines the explorer shows: escapes and forged lines in every
// field, Unicode at its limits, broken structure, hostile timelines, a
// record with 100k tags, titles of 200k and 1M characters without a
// break, a span from year 1 to 9999.
func hostileLibrary(t *testing.T) *library.Library {
	t.Helper()
	root := t.TempDir()
	var paths []string
	for i, c := range hostile.Cases() {
		switch {
		case c.Owner == "model":
			continue // its run takes a minute; the replayer would wait on it
		case c.Owner == "text", c.Class == "injection", c.Class == "unicode", c.Class == "structure", c.Class == "timeline",
			c.Class == "time", c.Class == "number", c.Name == "100k tags, 5k distinct":
		default:
			continue
		}
		dir := filepath.Join(root, fmt.Sprint(i))
		release, err := c.Write(dir)
		release()
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, dir)
	}
	lib, _ := library.Open(library.Options{Paths: paths})
	if n := len(lib.Records()); n < 80 {
		t.Fatalf("only %d records loaded", n)
	}
	return lib
}

// hostileRunes is text typed into the search box: what the records hold,
// without the escapes a user would have to type on purpose.
var hostileRunes = []string{
	"e\u0301\u0301", "\U0001F469\u200D\U0001F469\u200D\U0001F467", "\U0001F1F0\U0001F1F7", "מרחב", "مرحبا",
	"漢字", "ｱ", "\u200B", "\uFEFF", "\uFFFD", "𝔥", "\u1100\u1161", "세션", "x", "HX", "-", "%",
}

// TestHostileRandomKeys drives the explorer over hostile records with
// random keys, hostile typed text and random window sizes, 0×0 included
// (seeded). It must never panic, no line may be wider than the window or
// the view taller, and nothing from the data may reach the view as an
// escape, control, bidirectional control or separator.
func TestHostileRandomKeys(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the hostile corpus")
	}
	lib := hostileLibrary(t)
	keys := []string{
		"j", "k", "g", "G", "/", "f", "t", "?", "r", "n", "p", "[", "]", "h", "l", "+", "-",
		"space", "enter", "enter", "esc", "tab", "shift+tab", "up", "down", "left", "right",
		"pgup", "pgdown", "pgdown", "home", "end", "backspace", "ctrl+n",
	}
	const steps = 800
	total := 0
	for seed := uint64(1); seed <= 3; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := newRand(seed)
			w, h := 0, 0
			d := &driver{t: t, app: New(lib, Options{Lang: data.Lang(seed % 3), Styles: theme.New(theme.Ascii(), theme.DefaultPalette()), Tick: instantTick})}
			d.send(tea.WindowSizeMsg{Width: w, Height: h})
			d.run(d.app.Init())
			for i := 0; i < steps && !d.quit; i++ {
				what := ""
				switch r := rng.IntN(40); {
				case r < 3:
					w, h = rng.IntN(160), rng.IntN(50)
					if r == 0 {
						w, h = 0, 0
					}
					what = fmt.Sprintf("resize %dx%d", w, h)
					d.send(tea.WindowSizeMsg{Width: w, Height: h})
				case r < 6:
					s := hostileRunes[rng.IntN(len(hostileRunes))]
					what = fmt.Sprintf("type %q", s)
					d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)})
				default:
					k := keys[rng.IntN(len(keys))]
					what = "key " + k
					d.send(keyMsg(k))
				}
				total++
				view := d.app.View()
				checkFits(t, view, w, h, fmt.Sprintf("step %d (%s)", i, what))
				if err := unsafeView(view); err != nil {
					t.Fatalf("step %d (%s): %v", i, what, err)
				}
			}
		})
	}
	t.Logf("%d random steps over %d hostile records", total, len(lib.Records()))
}

var hyperlink = regexp.MustCompile("\x1b\\]8;[^;\x1b\x07]*;([^\x1b\x07]*)(?:\x1b\\\\|\x07)")

// unsafeView reports a rune in the view that data must never put on the
// screen. The view is drawn with the Ascii profile, so it holds no escape
// codes of its own either.
func unsafeView(v string) error {
	// The app's own hyperlinks (OSC 8) around a source's URL are not
	// data; the URL inside them is checked like the rest.
	v = hyperlink.ReplaceAllString(v, "$1")
	for i, r := range v {
		switch {
		case r == utf8.RuneError:
			if _, size := utf8.DecodeRuneInString(v[i:]); size == 1 {
				return fmt.Errorf("byte 0x%02x that is not UTF-8", v[i])
			}
		case r == '\n':
		case r < 0x20 || (r >= 0x7f && r <= 0x9f):
			return fmt.Errorf("control %U near %q", r, v[max(0, i-20):min(len(v), i+20)])
		case r == 0x200e || r == 0x200f || r == 0x061c || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069):
			return fmt.Errorf("bidirectional control %U", r)
		case r == 0x2028 || r == 0x2029:
			return fmt.Errorf("separator %U", r)
		}
	}
	if strings.Contains(v, "\n"+hostile.Forged) {
		return fmt.Errorf("a line starts with %s", hostile.Forged)
	}
	return nil
}
