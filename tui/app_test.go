package tui

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

var langs = []data.Lang{data.EN, data.KO, data.Both}

// driver feeds an App messages the way the program would, running every
// command it returns to the end. Playback ticks are scheduled through a
// Tick that returns at once with a dueTick, which the driver recognises by
// its type and holds instead of sending, so tests never wait on the clock;
// fireTicks sends them.
type driver struct {
	t    testing.TB
	app  App
	quit bool
	// ticks are the playback ticks scheduled and not yet sent.
	ticks []tea.Msg
}

// dueTick is a tick the driver's clock would deliver after wait.
type dueTick struct {
	wait time.Duration
	msg  tea.Msg
}

func instantTick(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	return func() tea.Msg { return dueTick{wait: d, msg: fn(time.Time{})} }
}

func newDriver(t testing.TB, opts Options, w, h int) *driver {
	t.Helper()
	if opts.Tick == nil {
		opts.Tick = instantTick
	}
	d := &driver{t: t, app: New(fixture(t), opts)}
	d.send(tea.WindowSizeMsg{Width: w, Height: h})
	d.run(d.app.Init())
	return d
}

// fireTicks sends the ticks scheduled so far, as if their time had come.
func (d *driver) fireTicks() {
	ticks := d.ticks
	d.ticks = nil
	for _, m := range ticks {
		d.send(m)
	}
}

func (d *driver) send(msg tea.Msg) {
	m, cmd := d.app.Update(msg)
	d.app = m.(App)
	d.run(cmd)
}

func (d *driver) run(cmd tea.Cmd) {
	for _, msg := range collect(cmd) {
		switch msg.(type) {
		case tea.QuitMsg, tea.InterruptMsg:
			d.quit = true
			continue
		}
		if t, ok := msg.(dueTick); ok { // the App's own clock (room notices)
			d.ticks = append(d.ticks, t.msg)
			continue
		}
		if sm, ok := msg.(screenMsg); ok {
			if t, ok := sm.msg.(dueTick); ok {
				d.ticks = append(d.ticks, screenMsg{to: sm.to, msg: t.msg})
				continue
			}
		}
		d.send(msg)
	}
}

// collect runs cmd and returns the messages it produced, a batch's one by
// one.
func collect(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if cmds, ok := sequence(msg); ok {
		var out []tea.Msg
		for _, c := range cmds {
			out = append(out, collect(c)...)
		}
		return out
	}
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, collect(c)...)
		}
		return out
	}
	if msg == nil {
		return nil
	}
	return []tea.Msg{msg}
}

// press sends keys by name: "enter", "esc", "tab", … or runes.
func (d *driver) press(keys ...string) *driver {
	for _, k := range keys {
		d.send(keyMsg(k))
	}
	return d
}

var specialKeys = map[string]tea.KeyType{
	"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
	"backspace": tea.KeyBackspace, "ctrl+c": tea.KeyCtrlC, "ctrl+n": tea.KeyCtrlN,
}

func keyMsg(k string) tea.KeyMsg {
	if t, ok := specialKeys[k]; ok {
		return tea.KeyMsg{Type: t}
	}
	if k == "space" {
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	}
	if k == "alt+esc" { // two escs in one read, as Bubble Tea v1 reports them
		return tea.KeyMsg{Type: tea.KeyEsc, Alt: true}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

// checkFits fails when a line of the view is wider than w or there are
// more than h lines.
func checkFits(t testing.TB, view string, w, h int, what string) {
	t.Helper()
	if view == "" {
		return
	}
	lines := strings.Split(view, "\n")
	if len(lines) > max(h, 0) {
		t.Fatalf("%s: %d lines in a %dx%d window", what, len(lines), w, h)
	}
	for i, l := range lines {
		if lw := lipgloss.Width(l); lw > w {
			t.Fatalf("%s: line %d is %d cells in a %dx%d window: %q", what, i, lw, w, h, l)
		}
	}
}

// screens are the states the goldens and the width tests visit.
var screens = []struct {
	name string
	keys []string
}{
	{"list", []string{"j"}},
	{"search", []string{"/", "n", "o", "r", "t", "h", "w"}},
	{"search_korean", []string{"/", "세", "션"}},
	{"facets", []string{"f", "space", "tab", "j", "space"}},
	{"chips", []string{"f", "space", "esc"}},
	{"detail", []string{"enter"}},
	{"detail_scrolled", []string{"enter", "pgdown", "tab"}},
	{"help", []string{"?"}},
	{"replay", []string{"r"}},
	{"replay_no_timeline", []string{"j", "r"}},
}

// TestAppView goldens the whole window at 120×40 and 80×24 in each
// language, on every screen.
func TestAppView(t *testing.T) {
	for _, sc := range screens {
		for _, l := range langs {
			for _, sz := range [][2]int{{120, 40}, {80, 24}} {
				t.Run(fmt.Sprintf("%s_%v_%d", sc.name, l, sz[0]), func(t *testing.T) {
					d := newDriver(t, Options{Lang: l}, sz[0], sz[1])
					d.press(sc.keys...)
					view := d.app.View()
					checkFits(t, view, sz[0], sz[1], sc.name)
					if sc.name == "replay_no_timeline" {
						// r is not offered on an incident without a
						// timeline: the list stays.
						if strings.HasPrefix(view, "incidents · replay") {
							t.Fatalf("r opened the replayer on an incident without a timeline:\n%s", view)
						}
						return
					}
					if strings.HasPrefix(sc.name, "replay") {
						// The replayer's own tests golden its screen; here
						// only that the app opened it.
						if !strings.HasPrefix(view, "incidents · replay") {
							t.Fatalf("replayer not open:\n%s", view)
						}
						return
					}
					golden.RequireEqual(t, []byte(view))
				})
			}
		}
	}
}

// TestTooSmall: under 40×10 the app says so, keeps running and comes back
// when the window grows, with the selection kept.
func TestTooSmall(t *testing.T) {
	d := newDriver(t, Options{}, 80, 24)
	d.press("j", "j")
	for _, sz := range [][2]int{{39, 24}, {80, 9}, {0, 0}, {1, 1}, {39, 9}} {
		d.send(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		v := d.app.View()
		checkFits(t, v, sz[0], sz[1], "too small")
		if sz[0] >= 20 && !strings.Contains(v, "Terminal too small") {
			t.Errorf("%v: no message:\n%s", sz, v)
		}
	}
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if !strings.Contains(d.app.View(), "▸ FX-0012") {
		t.Fatalf("selection lost after resizing:\n%s", d.app.View())
	}
}

func TestKeySequences(t *testing.T) {
	tests := []struct {
		name string
		keys []string
		// want must appear in the view, and not must not.
		want, not []string
		quit      bool
	}{
		{"enter opens the detail", []string{"enter"}, []string{"incidents · FX-0007", "Summary ──", "esc back"}, nil, false},
		{"esc returns to the list", []string{"enter", "esc"}, []string{"▸ FX-0007", "11 incidents"}, []string{"incidents · FX-0007"}, false},
		{"q returns from the detail", []string{"enter", "q"}, []string{"▸ FX-0007"}, nil, false},
		{"q on the list quits", []string{"q"}, nil, nil, true},
		{"ctrl+c quits from the search box", []string{"/", "a", "ctrl+c"}, nil, nil, true},
		{"q is typed into the search box", []string{"/", "q"}, []string{"/ q"}, nil, false},
		{"t is typed into the search box", []string{"/", "t"}, []string{"/ t", "EN"}, []string{"한국어"}, false},
		{"t cycles to korean", []string{"t"}, []string{"한국어", "세션 풀 크기를"}, nil, false},
		{"t twice shows both", []string{"t", "t"}, []string{"EN + 한국어", "A resized session", "세션 풀 크기를"}, nil, false},
		{"t thrice is english again", []string{"t", "t", "t"}, []string{"A resized session"}, []string{"세션 풀 크기를"}, false},
		{"language switch in the detail", []string{"enter", "t"}, []string{"요약 ──", "incidents · FX-0007"}, nil, false},
		{"search then open", []string{"/", "f", "j", "o", "r", "d", "enter", "enter"}, []string{"incidents · FX-0012"}, nil, false},
		{"search keeps the filter after the detail", []string{"/", "f", "j", "o", "r", "d", "enter", "enter", "esc"}, []string{"/ fjord", "1 of 11"}, nil, false},
		{"facet filter", []string{"f", "space", "esc"}, []string{"[Organisation: Acme Cloud]", "2 of 11", "▸ FX-0030"}, []string{"FX-0007"}, false},
		{"q closes the facet panel", []string{"f", "q"}, []string{"11 incidents", "▸ FX-0007"}, []string{"Filters"}, false},
		{"follow a related incident", []string{"enter", "tab", "enter"}, []string{"incidents · FX-0003"}, nil, false},
		{"back from the related incident", []string{"enter", "tab", "enter", "esc"}, []string{"incidents · FX-0007"}, nil, false},
		{"help shows every key", []string{"?"}, []string{"pgdn", "home/g", "ctrl+c"}, nil, false},
		{"help hides again", []string{"?", "?"}, []string{"? help"}, []string{"home/g"}, false},
		{"esc closes the help, not the detail", []string{"enter", "?", "esc"}, []string{"incidents · FX-0007", "? help"}, []string{"home/g"}, false},
		{"esc closes the help, not the filter", []string{"f", "space", "esc", "?", "esc"}, []string{"[Organisation: Acme Cloud]", "2 of 11"}, []string{"home/g"}, false},
		{"replay opens and esc returns", []string{"r", "esc"}, []string{"▸ FX-0007"}, nil, false},
		{"replay from the detail returns to it", []string{"enter", "r", "q"}, []string{"incidents · FX-0007", "Summary ──"}, nil, false},
		{"keys typed together are split", []string{"/etcd"}, []string{"/ etcd"}, nil, false},
		{"search inside a record", []string{"enter", "/", "s", "e", "s", "s", "enter"}, []string{"/sess  1/", "incidents · FX-0007"}, nil, false},
		{"typing in the record search takes q and t", []string{"enter", "/", "q", "t"}, []string{"/qt", "incidents · FX-0007"}, []string{"한국어"}, false},
		{"esc clears the record search, not the screen", []string{"enter", "/", "s", "enter", "esc"}, []string{"incidents · FX-0007", "esc back"}, []string{"/s  "}, false},
		{"two quick escs are two backs", []string{"enter", "tab", "enter", "alt+esc"}, []string{"▸ FX-0007", "11 incidents"}, []string{"incidents · FX-"}, false},
		{"two quick escs: back, then clear the list's filter", []string{"/", "f", "j", "o", "r", "d", "enter", "enter", "alt+esc"}, []string{"11 incidents"}, []string{"fjord", "incidents · FX-"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			d := newDriver(t, Options{}, 120, 40)
			d.press(tc.keys...)
			v := d.app.View()
			for _, w := range tc.want {
				if !strings.Contains(v, w) {
					t.Errorf("%q not in view:\n%s", w, v)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(v, w) {
					t.Errorf("%q in view:\n%s", w, v)
				}
			}
			if d.quit != tc.quit {
				t.Errorf("quit = %v, want %v", d.quit, tc.quit)
			}
		})
	}
}

func TestOpenOnReplayer(t *testing.T) {
	d := newDriver(t, Options{Replay: "fx-0007", ReplayAt: "09:16"}, 120, 40)
	v := d.app.View()
	if !strings.Contains(v, "incidents · replay") || !strings.Contains(v, "09:16") {
		t.Fatalf("not on the replayer at 09:16:\n%s", v)
	}
	d.press("esc")
	if v := d.app.View(); !strings.Contains(v, "▸ FX-0007") {
		t.Fatalf("esc did not return to the list with the incident selected:\n%s", v)
	}

	d = newDriver(t, Options{Replay: "NOPE-1"}, 120, 40)
	if v := d.app.View(); !strings.Contains(v, `"NOPE-1": incident not found`) {
		t.Fatalf("unknown id not reported:\n%s", v)
	}
}

// TestScreensFit checks every screen at the widths that catch off-by-one
// and wide-rune mistakes, with Korean content.
func TestScreensFit(t *testing.T) {
	for _, sc := range screens {
		for _, l := range langs {
			for _, w := range []int{0, 39, 40, 41, 80, 99, 100, 101, 120} {
				for _, h := range []int{0, 9, 10, 24, 40} {
					d := newDriver(t, Options{Lang: l, Styles: theme.New(theme.Ascii(), theme.DefaultPalette())}, w, h)
					d.press(sc.keys...)
					checkFits(t, d.app.View(), w, h, fmt.Sprintf("%s %v %dx%d", sc.name, l, w, h))
				}
			}
		}
	}
}

// TestRandomKeys drives the app with thousands of random keys and window
// sizes (seeded): it must never panic, and no line may be wider than the
// window.
func TestRandomKeys(t *testing.T) {
	keys := []string{
		"j", "k", "g", "G", "q", "/", "f", "t", "?", "r", "n", "p", "[", "]", "h", "l", "+", "-",
		"1", "2", "3", "x", "c", "a", "e", "세", "션", "space", "enter", "esc", "tab", "shift+tab",
		"up", "down", "left", "right", "pgup", "pgdown", "home", "end", "backspace", "ctrl+n", "/et",
	}
	for seed := uint64(1); seed <= 3; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := newRand(seed)
			w, h := 120, 40
			d := newDriver(t, Options{Lang: data.Lang(seed % 3), Styles: theme.New(theme.Ascii(), theme.DefaultPalette()), Mouse: seed%2 == 0}, w, h)
			for i := 0; i < 1500; i++ {
				switch r := rng.IntN(50); {
				case r < 2:
					w, h = rng.IntN(170), rng.IntN(55)
					d.send(tea.WindowSizeMsg{Width: w, Height: h})
				case r < 4:
					buttons := []tea.MouseButton{tea.MouseButtonLeft, tea.MouseButtonWheelUp, tea.MouseButtonWheelDown}
					d.send(tea.MouseMsg{X: rng.IntN(w + 2), Y: rng.IntN(h + 2), Action: tea.MouseActionPress, Button: buttons[rng.IntN(3)]})
				default:
					d.send(keyMsg(keys[rng.IntN(len(keys))]))
				}
				checkFits(t, d.app.View(), w, h, fmt.Sprintf("step %d", i))
			}
		})
	}
}

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0)) }

func TestMouse(t *testing.T) {
	click := func(x, y int) tea.MouseMsg {
		return tea.MouseMsg{X: x, Y: y, Action: tea.MouseActionPress, Button: tea.MouseButtonLeft}
	}
	wheel := tea.MouseMsg{X: 5, Y: 5, Action: tea.MouseActionPress, Button: tea.MouseButtonWheelDown}

	d := newDriver(t, Options{}, 120, 40)
	d.send(click(5, 4))
	d.send(wheel)
	if strings.Contains(d.app.View(), "▸ FX-0030") || !strings.Contains(d.app.View(), "▸ FX-0007") {
		t.Fatal("mouse used without --mouse")
	}

	d = newDriver(t, Options{Mouse: true}, 120, 40)
	d.send(click(5, 4)) // header, search line, then FX-0007, FX-0011, FX-0012
	if !strings.Contains(d.app.View(), "▸ FX-0012") {
		t.Fatalf("click did not select:\n%s", d.app.View())
	}
	d.send(wheel)
	if !strings.Contains(d.app.View(), "▸ FX-0030") {
		t.Fatalf("wheel did not move:\n%s", d.app.View())
	}
	d.send(click(5, 5))
	if !strings.Contains(d.app.View(), "incidents · FX-0030") {
		t.Fatalf("click on the selected row did not open it:\n%s", d.app.View())
	}
}

// sequence unpacks the message of tea.Sequence, whose type Bubble Tea
// keeps unexported: its commands, to be run in order.
func sequence(msg tea.Msg) ([]tea.Cmd, bool) {
	v := reflect.ValueOf(msg)
	if !v.IsValid() || v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeFor[tea.Cmd]() {
		return nil, false
	}
	cmds := make([]tea.Cmd, v.Len())
	for i := range cmds {
		cmds[i] = v.Index(i).Interface().(tea.Cmd)
	}
	return cmds, true
}
