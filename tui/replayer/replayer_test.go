package replayer

import (
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

func styles() theme.Styles { return theme.New(theme.Ascii(), theme.DefaultPalette()) }

func runes(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

var (
	keySpace = tea.KeyMsg{Type: tea.KeySpace, Runes: []rune(" ")}
	keyEsc   = tea.KeyMsg{Type: tea.KeyEsc}
	keyRight = tea.KeyMsg{Type: tea.KeyRight}
	keyLeft  = tea.KeyMsg{Type: tea.KeyLeft}
)

// press feeds keys to m and returns it with the last command.
func press(m Model, keys ...tea.KeyMsg) (Model, tea.Cmd) {
	var cmd tea.Cmd
	for _, k := range keys {
		m, cmd = m.Update(k)
	}
	return m, cmd
}

func clockOf(m Model) string {
	return m.Now().In(m.tl.Location()).Format("15:04")
}

func TestReplayView(t *testing.T) {
	moments := []struct {
		name string
		keys []tea.KeyMsg
	}{
		{"start", nil},
		{"mid", []tea.KeyMsg{runes("4"), runes("n"), keyRight, keyRight}}, // 13:11, stage 4
		{"end", []tea.KeyMsg{runes("G")}},
	}
	sizes := [][2]int{{120, 40}, {80, 24}}
	for _, lang := range []data.Lang{data.EN, data.KO} {
		for _, mo := range moments {
			for _, sz := range sizes {
				name := fmt.Sprintf("%s_%s_%dx%d", lang, mo.name, sz[0], sz[1])
				t.Run(name, func(t *testing.T) {
					rec, tl := fixture(t)
					m := New(rec, tl, Options{Lang: lang, Styles: styles()})
					m.SetSize(sz[0], sz[1])
					m, _ = press(m, mo.keys...)
					golden.RequireEqual(t, []byte(m.View()))
				})
			}
		}
	}
}

// TestReplayViewPlain is the monochrome screen: the current event, past
// events, the current stage and the cursor show without colour.
func TestReplayViewPlain(t *testing.T) {
	rec, tl := fixture(t)
	m := New(rec, tl, Options{Styles: theme.Plain(), At: "13:06"})
	m.SetSize(80, 24)
	golden.RequireEqual(t, []byte(m.View()))
}

func TestReplayViewBoth(t *testing.T) {
	rec, tl := fixture(t)
	m := New(rec, tl, Options{Lang: data.Both, Styles: styles(), At: "12:47"})
	m.SetSize(100, 30)
	golden.RequireEqual(t, []byte(m.View()))
}

// hypothetical returns a what-if copy of tl whose series are scaled by f.
func hypothetical(tl *data.Timeline, f float64) *data.Timeline {
	h := *tl
	h.Series = nil
	for _, s := range tl.Series {
		s.Points = append([]data.Point(nil), s.Points...)
		for i := range s.Points {
			s.Points[i].V *= f
		}
		s.Hypothetical = true
		h.Series = append(h.Series, s)
	}
	return &h
}

func TestReplayViewHypothetical(t *testing.T) {
	for _, lang := range []data.Lang{data.EN, data.KO} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			t.Run(fmt.Sprintf("%s_%dx%d", lang, sz[0], sz[1]), func(t *testing.T) {
				rec, tl := fixture(t)
				m := New(rec, tl, Options{Lang: lang, Styles: styles(), At: "12:47"})
				m.SetSize(sz[0], sz[1])
				m.setHypothetical(hypothetical(tl, 0.25))
				golden.RequireEqual(t, []byte(m.View()))
			})
		}
	}
}

func TestRenderText(t *testing.T) {
	for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
		for _, w := range []int{80, 41} {
			t.Run(fmt.Sprintf("%s_%d", lang, w), func(t *testing.T) {
				rec, tl := fixture(t)
				out := RenderText(rec, tl, TextOptions{Lang: lang, Width: w, Styles: theme.Plain()})
				for i, l := range strings.Split(out, "\n") {
					if lw := lipgloss.Width(l); lw > w {
						t.Errorf("line %d is %d cells wide (> %d): %q", i+1, lw, w, l)
					}
				}
				golden.RequireEqual(t, []byte(out))
			})
		}
	}
}

// TestRenderTextPlain checks that plain styles give no escape codes even on a
// colour terminal, and that the check can fail: colour styles do give some.
func TestRenderTextPlain(t *testing.T) {
	rec, tl := fixture(t)
	r := theme.NewRenderer(io.Discard, termenv.TrueColor, true)
	if out := RenderText(rec, tl, TextOptions{Width: 80, Styles: theme.Mono(r)}); strings.Contains(out, "\x1b") {
		t.Errorf("plain text has escape codes: %q", out[:min(len(out), 200)])
	}
	if out := RenderText(rec, tl, TextOptions{Width: 80, Styles: theme.New(r, theme.DefaultPalette())}); !strings.Contains(out, "\x1b") {
		t.Error("colour text has no escape codes, so the plain check proves nothing")
	}
}

func TestRenderTextNoTimeline(t *testing.T) {
	rec, _ := fixture(t)
	out := RenderText(rec, nil, TextOptions{Width: 60, Styles: theme.Plain()})
	want := "IL-0499 · Discord · 2026-03-25\nVoice outage: connection supervisors backed up\n\n" +
		"No timeline has been written for this incident yet.\n"
	if out != want {
		t.Errorf("got\n%q\nwant\n%q", out, want)
	}
}

// checkView asserts that v has exactly h lines, none wider than w.
func checkView(t *testing.T, v string, w, h int, what string) {
	t.Helper()
	if h <= 0 || w <= 0 {
		if v != "" {
			t.Fatalf("%s: %d×%d view is not empty: %q", what, w, h, v)
		}
		return
	}
	lines := strings.Split(v, "\n")
	if len(lines) != h {
		t.Fatalf("%s: %d lines, want %d", what, len(lines), h)
	}
	for i, l := range lines {
		if lw := lipgloss.Width(l); lw > w {
			t.Fatalf("%s: line %d is %d cells wide (> %d): %q", what, i+1, lw, w, l)
		}
	}
}

func TestViewWidths(t *testing.T) {
	rec, tl := fixture(t)
	widths := []int{0, 1, 2, 5, 39, 40, 41, 80, 99, 100, 119, 120, 200}
	heights := []int{0, 1, 3, 5, 9, 10, 24, 40}
	for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
		for _, tl := range []*data.Timeline{tl, nil} {
			for i, at := range []string{"", "12:31", "13:06", "15:30"} {
				// Study and presenter modes, alone and together, at some of
				// the moments.
				m := New(rec, tl, Options{Lang: lang, Styles: styles(), At: at, Study: i%2 == 1, Present: i >= 2})
				for _, w := range widths {
					for _, h := range heights {
						m.SetSize(w, h)
						checkView(t, m.View(), w, h, fmt.Sprintf("%s at %q, timeline %v", lang, at, tl != nil))
					}
				}
			}
		}
	}
}

func TestKeys(t *testing.T) {
	tests := []struct {
		name  string
		at    string
		keys  []tea.KeyMsg
		clock string
		event int
	}{
		{"start", "", nil, "12:13", 0},
		{"next", "", []tea.KeyMsg{runes("n")}, "12:14", 1},
		{"] is next", "", []tea.KeyMsg{runes("]"), runes("]")}, "12:16", 2},
		{"previous", "13:06", []tea.KeyMsg{runes("p")}, "12:47", 7},
		{"[ is previous", "13:06", []tea.KeyMsg{runes("["), runes("[")}, "12:43", 6},
		{"minute forward", "13:06", []tea.KeyMsg{keyRight, runes("l")}, "13:08", 8},
		{"minute back", "13:06", []tea.KeyMsg{keyLeft, runes("h")}, "13:04", 7},
		{"end", "", []tea.KeyMsg{runes("G")}, "15:30", 14},
		{"start again", "13:06", []tea.KeyMsg{runes("g")}, "12:13", 0},
		{"stage 3", "", []tea.KeyMsg{runes("3")}, "12:43", 6},
		{"stage 5", "", []tea.KeyMsg{runes("5")}, "14:03", 11},
		{"no stage 6", "13:06", []tea.KeyMsg{runes("6")}, "13:06", 8},
		{"next at the last event does nothing", "", []tea.KeyMsg{runes("G"), runes("n")}, "15:30", 14},
		{"back at the start does nothing", "", []tea.KeyMsg{keyLeft}, "12:13", 0},
		{"bad --at starts at the start", "09:00", nil, "12:13", 0},
	}
	rec, tl := fixture(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := New(rec, tl, Options{Styles: styles(), At: tc.at})
			m.SetSize(80, 24)
			m, _ = press(m, tc.keys...)
			if got := clockOf(m); got != tc.clock || m.clock.Event() != tc.event {
				t.Errorf("at %s event %d, want %s event %d", got, m.clock.Event(), tc.clock, tc.event)
			}
		})
	}
}

func TestBadAtShowsNotice(t *testing.T) {
	rec, tl := fixture(t)
	m := New(rec, tl, Options{Styles: styles(), At: "09:00"})
	m.SetSize(120, 10)
	want := "time 09:00 is outside the timeline (12:13–15:30 PDT)"
	if !strings.Contains(m.View(), want) {
		t.Fatalf("view lacks %q:\n%s", want, m.View())
	}
	m, _ = press(m, runes("n"))
	if strings.Contains(m.View(), want) {
		t.Error("the notice stays after a move")
	}
}

func TestSpeedKeys(t *testing.T) {
	rec, tl := fixture(t)
	m := New(rec, tl, Options{Styles: styles(), Speed: 1})
	var got []int
	for range 6 {
		m, _ = press(m, runes("+"))
		got = append(got, m.clock.Speed())
	}
	for range 6 {
		m, _ = press(m, runes("-"))
		got = append(got, m.clock.Speed())
	}
	want := "[10 60 300 600 600 600 300 60 10 1 1 1]"
	if fmt.Sprint(got) != want {
		t.Errorf("speeds %v, want %s", got, want)
	}
}

func TestEnabledKeys(t *testing.T) {
	rec, tl := fixture(t)
	noStages := *tl
	noStages.Stages = nil
	tests := []struct {
		name string
		tl   *data.Timeline
		keys []tea.KeyMsg
		want string // enabled help keys, in FullHelp order
	}{
		{"at the start", tl, nil, "space + - G n/] →/l 1…5 s P K y ctrl+d ctrl+u esc * c / :"},
		{"in the middle", tl, []tea.KeyMsg{runes("4")}, "space + - g G n/] p/[ →/l ←/h 1…5 s P K y ctrl+d ctrl+u esc * c / :"},
		{"at the end", tl, []tea.KeyMsg{runes("G")}, "space + - g p/[ ←/h 1…5 s P K y ctrl+d ctrl+u esc * c / :"},
		{"at the fastest speed", tl, []tea.KeyMsg{runes("+"), runes("+")}, "space - G n/] →/l 1…5 s P K y ctrl+d ctrl+u esc * c / :"},
		{"without stages", &noStages, nil, "space + - G n/] →/l s P K y ctrl+d ctrl+u esc * c / :"},
		{"without a timeline", nil, nil, "esc"},
		{"with a query", tl, []tea.KeyMsg{runes("/"), runes("restart"), keyEnter},
			"space + - g G ] [ →/l ←/h 1…5 s P K y ctrl+d ctrl+u esc * c / n N :"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := New(rec, tc.tl, Options{Styles: styles()})
			m, _ = press(m, tc.keys...)
			var got []string
			for _, col := range m.FullHelp() {
				for _, b := range col {
					if b.Enabled() {
						got = append(got, b.Help().Key)
					}
				}
			}
			if s := strings.Join(got, " "); s != tc.want {
				t.Errorf("enabled %q, want %q", s, tc.want)
			}
		})
	}
}

func TestHelpLanguage(t *testing.T) {
	rec, tl := fixture(t)
	m := New(rec, tl, Options{Lang: data.KO, Styles: styles()})
	if got := m.keys.Next.Help().Desc; got != "다음 이벤트" {
		t.Errorf("Korean help for n = %q", got)
	}
	m, _ = press(m, keySpace)
	if got := m.keys.Play.Help().Desc; got != "일시정지" {
		t.Errorf("Korean help for space while playing = %q", got)
	}
	m.SetLang(data.EN)
	if got := m.keys.Play.Help().Desc; got != "pause" {
		t.Errorf("English help for space while playing = %q", got)
	}
}

func TestEscSendsBack(t *testing.T) {
	rec, tl := fixture(t)
	for _, tl := range []*data.Timeline{tl, nil} {
		m := New(rec, tl, Options{Styles: styles()})
		_, cmd := press(m, keyEsc)
		if cmd == nil {
			t.Fatal("esc returns no command")
		}
		if _, ok := cmd().(BackMsg); !ok {
			t.Errorf("esc sends %T, want BackMsg", cmd())
		}
	}
}

func TestNoTimelineIgnoresKeys(t *testing.T) {
	rec, _ := fixture(t)
	m := New(rec, nil, Options{Styles: styles()})
	m.SetSize(60, 12)
	before := m.View()
	for _, k := range []tea.KeyMsg{keySpace, runes("n"), runes("G"), runes("1"), keyRight} {
		var cmd tea.Cmd
		if m, cmd = m.Update(k); cmd != nil {
			t.Errorf("%s returns a command", k)
		}
	}
	if m.View() != before {
		t.Error("keys changed the view of an incident without timeline")
	}
	if !strings.Contains(before, "No timeline") {
		t.Errorf("view does not say there is no timeline:\n%s", before)
	}
}

func TestBlurIgnoresKeys(t *testing.T) {
	rec, tl := fixture(t)
	m := New(rec, tl, Options{Styles: styles()})
	m.Blur()
	m, _ = press(m, runes("n"))
	if clockOf(m) != "12:13" {
		t.Errorf("blurred replayer moved to %s", clockOf(m))
	}
	m.Focus()
	m, _ = press(m, runes("n"))
	if clockOf(m) != "12:14" {
		t.Errorf("focused replayer at %s, want 12:14", clockOf(m))
	}
}

// tickOf runs cmd and returns its tick, failing if it is not one.
func tickOf(t *testing.T, cmd tea.Cmd) tickMsg {
	t.Helper()
	if cmd == nil {
		t.Fatal("no command, want a tick")
	}
	msg, ok := cmd().(tickMsg)
	if !ok {
		t.Fatalf("command sends %T, want tickMsg", msg)
	}
	return msg
}

func TestPlayback(t *testing.T) {
	rec, tl := fixture(t)
	m := New(rec, tl, Options{Styles: styles(), Speed: 600})
	if m.Init() != nil {
		t.Fatal("a paused replayer's Init schedules ticks")
	}
	m, cmd := press(m, keySpace)
	first := tickOf(t, cmd)
	if m.Init() == nil {
		t.Error("a playing replayer's Init schedules no tick")
	}

	m, cmd = m.Update(first)
	if clockOf(m) != "12:14" {
		t.Fatalf("one tick at 600× moved to %s, want 12:14", clockOf(m))
	}
	second := tickOf(t, cmd)

	// A seek bumps the generation: the tick in flight is dropped.
	m, cmd = press(m, runes("n"))
	third := tickOf(t, cmd)
	at := clockOf(m)
	if m2, cmd := m.Update(second); clockOf(m2) != at || cmd != nil {
		t.Errorf("a stale tick moved the clock to %s (cmd %v)", clockOf(m2), cmd != nil)
	}
	// Another replayer's tick never arrives: the root addresses each
	// screen's results to it (tui's TestAddressedResults).
	// Pause: the pending tick does nothing and schedules nothing.
	m, cmd = press(m, keySpace)
	if cmd != nil {
		t.Error("pause returns a command")
	}
	if m2, cmd := m.Update(third); clockOf(m2) != at || cmd != nil {
		t.Errorf("a tick after pause moved the clock to %s", clockOf(m2))
	}
	// Speed change while playing restarts the ticks with a new generation.
	m, cmd = press(m, keySpace)
	fourth := tickOf(t, cmd)
	m, cmd = press(m, runes("-"))
	fifth := tickOf(t, cmd)
	if fourth.gen == fifth.gen {
		t.Error("a speed change keeps the tick generation")
	}
	if m2, _ := m.Update(fourth); clockOf(m2) != at {
		t.Error("a tick from before the speed change moved the clock")
	}
	m, _ = m.Update(fifth) // 300×: 30 s from 12:16
	if got := m.Now().Sub(m.clock.Start()); got != 3*time.Minute+30*time.Second {
		t.Errorf("after a 300× tick, elapsed %v, want 3m30s", got)
	}
}

func TestPlaybackStopsAtEnd(t *testing.T) {
	rec, tl := fixture(t)
	m := New(rec, tl, Options{Styles: styles(), Speed: 600, At: "15:28"})
	m, cmd := press(m, keySpace)
	ticks := 0
	for cmd != nil && ticks < 10 {
		m, cmd = m.Update(tickOf(t, cmd))
		ticks++
	}
	if m.Playing() || clockOf(m) != "15:30" || ticks != 2 {
		t.Errorf("after %d ticks: playing %v at %s, want paused at 15:30 after 2", ticks, m.Playing(), clockOf(m))
	}
}

// TestRandomInput feeds thousands of random keys, ticks and sizes to the
// replayer and checks that it never panics and never draws a line wider
// than the screen.
func TestRandomInput(t *testing.T) {
	rec, tl := fixture(t)
	noStages := *tl
	noStages.Stages = nil
	empty := &data.Timeline{Incident: "IL-0000", Start: tl.Start, End: tl.Start}
	keys := []tea.KeyMsg{
		keySpace, keyEsc, keyLeft, keyRight, runes("n"), runes("p"), runes("]"), runes("["),
		runes("h"), runes("l"), runes("+"), runes("-"), runes("g"), runes("G"), runes("m"), runes("w"),
		runes("q"), runes("x"), runes("0"), runes("r"), {Type: tea.KeyEnter}, {Type: tea.KeyUp},
		{Type: tea.KeyDown}, runes("s"), runes("P"), runes("K"), runes("y"), {Type: tea.KeyCtrlD},
		{Type: tea.KeyCtrlU}, {Type: tea.KeyPgDown}, {Type: tea.KeyPgUp},
	}
	for d := '1'; d <= '9'; d++ {
		keys = append(keys, runes(string(d)))
	}
	rng := rand.New(rand.NewPCG(4, 99))
	// IL-0499's bundled timeline brings the heatmap and the what-if panel
	// (whose enter re-runs the model, so that run is shorter).
	for run, tl := range []*data.Timeline{tl, &noStages, empty, nil, modelTimeline(t)} {
		steps := 3000
		if run == 4 {
			steps = 1500
		}
		m := New(rec, tl, Options{Styles: styles(), Speed: 600, Clipboard: io.Discard})
		w, h := 80, 24
		m.SetSize(w, h)
		// Ticks are made from the model's stamp when it schedules one,
		// rather than by running tea.Tick's command, which sleeps.
		var pending []tickMsg
		for i := range steps {
			switch r := rng.IntN(10); {
			case r < 6:
				var cmd tea.Cmd
				m, cmd = m.Update(keys[rng.IntN(len(keys))])
				if cmd != nil && m.Playing() {
					pending = append(pending, tickMsg{gen: m.gen})
				}
			case r < 8 && len(pending) > 0:
				j := rng.IntN(len(pending))
				msg := pending[j]
				pending = append(pending[:j], pending[j+1:]...)
				var next tea.Cmd
				m, next = m.Update(msg)
				if next != nil {
					pending = append(pending, tickMsg{gen: m.gen})
				}
			case r < 8 && m.whatIf != nil && rng.IntN(2) == 0:
				// A key for the open panel, whose messages come back to the
				// replayer as the root routes them.
				var cmd tea.Cmd
				if m, cmd = m.Update(keys[rng.IntN(len(keys))]); cmd != nil {
					m, _ = m.Update(cmd())
				}
			case r < 9:
				w, h = rng.IntN(150), rng.IntN(50)
				m.SetSize(w, h)
			default:
				m.SetLang(data.Lang(rng.IntN(3)))
			}
			checkView(t, m.View(), w, h, fmt.Sprintf("run %d step %d", run, i))
		}
	}
}

func BenchmarkReplayView(b *testing.B) {
	rec, tl := fixture(b)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		b.Run(lang.String(), func(b *testing.B) {
			m := New(rec, tl, Options{Lang: lang, Styles: styles(), At: "13:06"})
			m.SetSize(120, 40)
			b.ReportAllocs()
			for b.Loop() {
				_ = m.View()
			}
		})
	}
}

// BenchmarkReplayTick is one playback step at 600×: the tick and the frame
// it draws.
func BenchmarkReplayTick(b *testing.B) {
	rec, tl := fixture(b)
	m := New(rec, tl, Options{Styles: styles(), Speed: 600})
	m.SetSize(120, 40)
	m, _ = press(m, keySpace)
	b.ReportAllocs()
	for b.Loop() {
		m2, _ := m.Update(tickMsg{gen: m.gen})
		_ = m2.View()
	}
}

// TestRenderTextSharedNote: series in a row with the same note (a model's
// outputs) print it once, after the last; a different note prints its own.
func TestRenderTextSharedNote(t *testing.T) {
	rec, tl := fixture(t)
	shared := data.Text{EN: "Shared modelling note.", KO: "공유 메모."}
	own := data.Text{EN: "Its own note.", KO: "자기 메모."}
	var series []data.Series
	for i, note := range []data.Text{shared, shared, own} {
		s := tl.Series[0]
		s.Name = fmt.Sprintf("s%d", i)
		s.Note = note
		series = append(series, s)
	}
	tl2 := *tl
	tl2.Series = series
	out := RenderText(rec, &tl2, TextOptions{Width: 80, Styles: theme.Plain()})
	if n := strings.Count(out, shared.EN); n != 1 {
		t.Errorf("shared note printed %d times, want 1:\n%s", n, out)
	}
	if n := strings.Count(out, own.EN); n != 1 {
		t.Errorf("own note printed %d times, want 1", n)
	}
	if strings.Index(out, shared.EN) > strings.Index(out, own.EN) {
		t.Error("the shared note does not come before the next series' own note")
	}
}
