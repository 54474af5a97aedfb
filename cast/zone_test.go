package cast

import (
	"bytes"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // Asia/Seoul on machines without a zone database

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/asciicast"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui"
)

// TestRenderZone: --tz moves the screens and the markers of a cast to the
// zone, and nothing is left in the source's.
func TestRenderZone(t *testing.T) {
	z, err := replay.ParseZone("Asia/Seoul", nil)
	if err != nil {
		t.Fatal(err)
	}
	b, st := render(t, bundled(t), Options{ID: "IL-0499", Lang: data.EN, Speed: 600, Study: true, Zone: z})
	if st.Events == 0 || st.Stops == 0 {
		t.Fatalf("no markers: %+v", st)
	}
	for _, want := range []string{`"m","04:13 `, `04:13 KST`} {
		if !bytes.Contains(b, []byte(want)) {
			t.Errorf("the cast has no %s", want)
		}
	}
	if bytes.Contains(b, []byte(`"m","12:`)) {
		t.Errorf("a marker is still in PDT")
	}
}

// TestRecordZone: a recording's markers name moments in the zone the
// screen shows, and follow the z key mid-session.
func TestRecordZone(t *testing.T) {
	lib := bundled(t)
	clk := &fakeClock{t: time.Date(2026, 3, 25, 0, 0, 0, 0, time.UTC)}
	var file bytes.Buffer
	rec, err := asciicast.NewRecorder(&file, asciicast.Header{Width: 80, Height: 24}, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	noTick := func(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }
	var m tea.Model = Record(tui.New(lib, tui.Options{Lang: data.EN, Replay: "IL-0499", Tick: noTick}), lib, rec, data.EN)
	send := func(msg tea.Msg) {
		clk.t = clk.t.Add(time.Second)
		m, _ = m.Update(msg)
	}
	send(tea.WindowSizeMsg{Width: 100, Height: 30})
	key := func(r rune) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}} }
	send(key('n'))
	send(key('z')) // source → UTC
	send(key('G'))
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	_, evs, err := asciicast.Parse(&file)
	if err != nil {
		t.Fatal(err)
	}
	var marks []string
	for _, e := range evs {
		if e.Code == asciicast.Mark {
			marks = append(marks, e.Data)
		}
	}
	if len(marks) != 2 || !strings.HasPrefix(marks[0], "12:13 ") || !strings.HasPrefix(marks[1], "22:") {
		t.Errorf("markers %q, want the first at 12:13 (PDT) and the last in UTC (22:…)", marks)
	}
}
