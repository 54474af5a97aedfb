package cast

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/muesli/termenv"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/asciicast"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui"
	"github.com/incidents-dev/incidents/tui/theme"
)

// The cast of IL-0499 is the subject here: the bundled library's.
func bundled(t *testing.T) *library.Library {
	t.Helper()
	lib, err := library.Open(library.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return lib
}

func colour() theme.Styles {
	return theme.New(theme.NewRenderer(nil, termenv.ANSI256, true), theme.DefaultPalette())
}

func render(t *testing.T, lib *library.Library, o Options) ([]byte, Stats) {
	t.Helper()
	var b bytes.Buffer
	st, err := Render(&b, lib, o)
	if err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), st
}

func TestRenderIL0499(t *testing.T) {
	lib := bundled(t)
	_, tl, err := lib.Timeline("IL-0499")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		o     Options
		w, h  int
		stops int
	}{
		{"en", Options{ID: "IL-0499", Lang: data.EN, Styles: colour()}, 120, 40, 0},
		{"ko study", Options{ID: "il-0499", Lang: data.KO, Styles: colour(), Study: true, Width: 80, Height: 24}, 80, 24, len(replay.Stops(tl))},
		{"en study plain", Options{ID: "IL-0499", Lang: data.EN, Study: true, Speed: 600}, 120, 40, len(replay.Stops(tl))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, st := render(t, lib, tc.o)
			again, _ := render(t, lib, tc.o)
			if !bytes.Equal(b, again) {
				t.Fatal("the same arguments gave different bytes")
			}
			for i, line := range bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n")) {
				if !utf8.Valid(line) || !json.Valid(line) {
					t.Fatalf("line %d is not valid UTF-8 JSON: %.200q", i+1, line)
				}
			}
			h, evs, err := asciicast.Parse(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			if h.Width != tc.w || h.Height != tc.h || h.Timestamp != 0 || !strings.HasPrefix(h.Title, "IL-0499 · ") {
				t.Errorf("header %+v", h)
			}
			var marks []string
			frames := 0
			for _, e := range evs {
				switch e.Code {
				case asciicast.Mark:
					marks = append(marks, e.Data)
				case asciicast.Output:
					frames++
				default:
					t.Errorf("unexpected event %+v", e)
				}
			}
			// A marker for every event, in order, and for every stop
			// just before its event's.
			var want []string
			stops := replay.Stops(tl)
			for i := range tl.Events {
				for k, s := range stops {
					if tc.o.Study && s.First == i {
						want = append(want, StopLabel(k, tl, tl.Events[i].At, tc.o.Lang))
					}
				}
				want = append(want, EventLabel(tl, i, tc.o.Lang))
			}
			if strings.Join(marks, "\n") != strings.Join(want, "\n") {
				t.Errorf("markers:\n%s\nwant:\n%s", strings.Join(marks, "\n"), strings.Join(want, "\n"))
			}
			if end := evs[len(evs)-1]; end.Code != asciicast.Output || end.Data != showCursor {
				t.Errorf("the file ends with %+v, not the cursor shown again", end)
			}
			frames-- // that last output is not a frame
			if st.Events != len(tl.Events) || st.Stops != tc.stops || st.Frames != frames {
				t.Errorf("stats %+v, want %d events, %d stops, %d frames", st, len(tl.Events), tc.stops, frames)
			}
			if tc.o.Lang == data.KO && !strings.Contains(marks[0], "쿠버네티스") {
				t.Errorf("Korean markers are not Korean: %q", marks[0])
			}
			if tc.o.Styles.App != nil && !bytes.Contains(b, []byte(`\u001b[38;5;`)) {
				t.Error("no 256-colour escape in a colour cast")
			}
			last := time.Duration(evs[len(evs)-1].Time * float64(time.Second))
			if last < time.Duration(len(tl.Events))*MinStep || last > time.Duration(len(tl.Events)+2*tc.stops+2)*MaxStep {
				t.Errorf("duration %v out of the steps' bounds", last)
			}
			asciinemaCat(t, b)
		})
	}
}

// asciinemaCat replays the file with asciinema, when it is installed (CI
// installs Debian's package). asciinema 2.2 reads /dev/tty, so it runs
// under script(1), which gives it a terminal.
func asciinemaCat(t *testing.T, b []byte) {
	t.Helper()
	bin, err := exec.LookPath("asciinema")
	if err != nil {
		t.Skip("asciinema is not installed: skipping 'asciinema cat' (the format checks above ran)")
	}
	scr, err := exec.LookPath("script")
	if err != nil {
		t.Skip("script(1) is not installed: skipping 'asciinema cat' (the format checks above ran)")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "il-0499.cast"), filepath.Join(dir, "out")
	if err := os.WriteFile(in, b, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(scr, "-q", "-e", "-c", bin+" cat "+in+" > "+out, os.DevNull)
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("asciinema cat: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(got, []byte("IL-0499")) {
		t.Errorf("asciinema cat wrote %d bytes without the incident's id", len(got))
	}
}

func TestRenderRefuses(t *testing.T) {
	lib := bundled(t)
	for _, o := range []Options{
		{ID: "IL-0499", Width: 100000, Height: 100000}, {ID: "IL-0499", Width: -1, Height: 10},
		{ID: "IL-0499", Width: 39, Height: 10}, {ID: "IL-0499", Speed: -1}, {ID: "IL-0499", Speed: 1e308},
	} {
		if _, err := Render(&bytes.Buffer{}, lib, o); err == nil {
			t.Errorf("%+v rendered", o)
		}
	}
	if _, err := Render(&bytes.Buffer{}, lib, Options{ID: "IL-9999"}); err == nil {
		t.Error("an unknown id rendered")
	}
}

// fakeClock moves only when told.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time { return c.t }

// TestRecordSession records a scripted replay session through the
// recorder, as `replay --record` does: the keys are input events, and the
// events and stops reached have markers.
func TestRecordSession(t *testing.T) {
	lib := bundled(t)
	_, tl, _ := lib.Timeline("IL-0499")
	clk := &fakeClock{t: time.Date(2026, 3, 25, 0, 0, 0, 0, time.UTC)}
	var file bytes.Buffer
	rec, err := asciicast.NewRecorder(&file, asciicast.Header{Width: 80, Height: 24}, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	noTick := func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	var m tea.Model = Record(tui.New(lib, tui.Options{Lang: data.EN, Replay: "IL-0499", ReplayStudy: true, Tick: noTick}),
		lib, rec, data.EN)
	out := rec.Tee(&bytes.Buffer{})
	send := func(msg tea.Msg) {
		clk.t = clk.t.Add(time.Second)
		m, _ = m.Update(msg)
		_, _ = out.Write([]byte(m.View()))
	}
	send(tea.WindowSizeMsg{Width: 100, Height: 30})
	n := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'n'}}
	for range 9 { // the nine events of 12:13, then the first stop asks
		send(n)
	}
	send(n)
	send(tea.KeyMsg{Type: tea.KeyEnter})
	send(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
	send(tea.KeyMsg{Type: tea.KeyRight})
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	_, evs, err := asciicast.Parse(&file)
	if err != nil {
		t.Fatal(err)
	}
	var keys, marks []string
	for _, e := range evs {
		switch e.Code {
		case asciicast.Input:
			keys = append(keys, e.Data)
		case asciicast.Mark:
			marks = append(marks, e.Data)
		}
	}
	if got := strings.Join(keys, ""); got != "nnnnnnnnnn\r \x1b[C" {
		t.Errorf("input %q", got)
	}
	var want []string
	for i := range 9 {
		want = append(want, EventLabel(tl, i, data.EN))
	}
	want = append(want, "stop 1 · 12:43", EventLabel(tl, 9, data.EN))
	if strings.Join(marks, "\n") != strings.Join(want, "\n") {
		t.Errorf("markers:\n%s\nwant:\n%s", strings.Join(marks, "\n"), strings.Join(want, "\n"))
	}
	if evs[0].Code != asciicast.Resize || evs[0].Data != "100x30" || evs[0].Time != 1 {
		t.Errorf("first event %+v, want the size at 1 s", evs[0])
	}
}

func TestKeyBytes(t *testing.T) {
	for _, tc := range []struct {
		k    tea.KeyMsg
		want string
	}{
		{tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("한")}, "한"},
		{tea.KeyMsg{Type: tea.KeyCtrlC}, "\x03"},
		{tea.KeyMsg{Type: tea.KeyEnter}, "\r"},
		{tea.KeyMsg{Type: tea.KeyEsc}, "\x1b"},
		{tea.KeyMsg{Type: tea.KeyBackspace}, "\x7f"},
		{tea.KeyMsg{Type: tea.KeyPgDown}, "\x1b[6~"},
		{tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("b"), Alt: true}, "\x1bb"},
		{tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("a\x1b[31mb"), Paste: true}, `a\x1b[31mb`},
	} {
		if got := KeyBytes(tc.k); got != tc.want {
			t.Errorf("%v: got %q, want %q", tc.k, got, tc.want)
		}
	}
}

func TestLabel(t *testing.T) {
	for in, want := range map[string]string{
		"12:13  two\nlines\t\x1b[31mred\x1b[0m": "12:13 two lines red",
		"\u202eevil":                            "evil",
		strings.Repeat("가", 200):                strings.Repeat("가", maxLabel-1) + "…",
	} {
		if got := Label(in); got != want {
			t.Errorf("Label(%q) = %q, want %q", in, got, want)
		}
	}
}
