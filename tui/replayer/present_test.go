package replayer

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

func TestPresentView(t *testing.T) {
	for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			t.Run(fmt.Sprintf("%s_%dx%d", lang, sz[0], sz[1]), func(t *testing.T) {
				rec, tl := studyFixture(t)
				m := New(rec, tl, Options{Lang: lang, Styles: styles(), Present: true, At: "13:05"})
				m.SetSize(sz[0], sz[1])
				m, _ = press(m, runes("n"), runes("p"))
				golden.RequireEqual(t, []byte(m.View()))
			})
		}
	}
	t.Run("study_en_120x40", func(t *testing.T) {
		rec, tl := studyFixture(t)
		m := New(rec, tl, Options{Styles: styles(), Present: true, Study: true, At: "12:50"})
		m.SetSize(120, 40)
		golden.RequireEqual(t, []byte(playUntilAsking(t, m).View()))
	})
	t.Run("too_small", func(t *testing.T) {
		rec, tl := studyFixture(t)
		m := New(rec, tl, Options{Styles: styles(), Present: true, At: "13:05"})
		m.SetSize(79, 30)
		v := m.View()
		checkView(t, v, 79, 30, "presenter under 80 columns")
		if !strings.Contains(v, words.presentTooSmall.EN[:20]) {
			t.Errorf("no note that presenter mode needs 80×24:\n%s", v)
		}
	})
}

// cellsAt returns the columns (in cells) where the view's lines hold any of
// the glyphs.
func cellsAt(v string, glyphs string) []string {
	var out []string
	for i, l := range strings.Split(ansi.Strip(v), "\n") {
		col := 0
		for _, r := range l {
			if strings.ContainsRune(glyphs, r) {
				out = append(out, fmt.Sprintf("%d:%d%c", i, col, r))
			}
			col += lipgloss.Width(string(r))
		}
	}
	return out
}

// TestPresentNoJitter plays 300 ticks at 60× in presenter mode: every frame
// is exactly H lines of W cells, the box's border and the sparklines' axis
// keep their columns, and between two frames of one event only the clock
// rows and the cursor's rows change.
func TestPresentNoJitter(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		for _, lang := range []data.Lang{data.EN, data.KO} {
			rec, tl := studyFixture(t)
			m := New(rec, tl, Options{Lang: lang, Styles: theme.Plain(), Present: true, Speed: 60, At: "12:40"})
			w, h := sz[0], sz[1]
			m.SetSize(w, h)
			m, _ = press(m, keySpace)
			var prev []string
			prevEvent := -2
			border := ""
			changed := map[int]bool{}
			for i := range 300 {
				v := m.View()
				lines := strings.Split(v, "\n")
				if len(lines) != h {
					t.Fatalf("%s %dx%d tick %d: %d lines, want %d", lang, w, h, i, len(lines), h)
				}
				for j, l := range lines {
					if lw := lipgloss.Width(l); lw != w {
						t.Fatalf("%s %dx%d tick %d line %d: %d cells, want %d: %q", lang, w, h, i, j, lw, w, l)
					}
				}
				if b := strings.Join(cellsAt(v, "┌┐└┘│"), " "); border == "" {
					border = b
				} else if b != border {
					t.Fatalf("%s %dx%d tick %d: box border moved:\n%s\nwas\n%s", lang, w, h, i, b, border)
				}
				if e := m.clock.Event(); e == prevEvent {
					for j := range lines {
						if lines[j] != prev[j] {
							changed[j] = true
						}
					}
				}
				prev, prevEvent = lines, m.clock.Event()
				m = tick(m)
			}
			// Rows that may change within an event: the header (clock), the
			// big clock's three rows, and the rows of the sparklines and axis
			// (the cursor); nothing else.
			pc := m.cache.present
			allowed := map[int]bool{0: true, 2: true, 3: true, 4: true}
			first := presentFixed - 1 + pc.inner // the first sparkline row
			for j := first; j < h-1; j++ {
				allowed[j] = true
			}
			for j := range changed {
				if !allowed[j] {
					t.Errorf("%s %dx%d: row %d changed within one event: %q", lang, w, h, j, prev[j])
				}
			}
			if len(changed) == 0 {
				t.Errorf("%s %dx%d: nothing changed in 300 ticks: the test proves nothing", lang, w, h)
			}
		}
	}
}

var clockRE = regexp.MustCompile(`\d\d:\d\d(:\d\d)? PDT`)

// titles are the header's titles seen first, per language.
var titles = map[data.Lang]string{}

// TestHeaderNoJitter plays 300 ticks at 60× in the normal layout, changing
// speed on the way: the header is always W cells, and its title, clock and
// speed start in the same columns.
func TestHeaderNoJitter(t *testing.T) {
	for _, sz := range [][2]int{{120, 40}, {80, 24}} {
		for _, lang := range []data.Lang{data.EN, data.KO} {
			rec, tl := studyFixture(t)
			m := New(rec, tl, Options{Lang: lang, Styles: theme.Plain(), Speed: 60, At: "12:40"})
			m.SetSize(sz[0], sz[1])
			m, _ = press(m, keySpace)
			var first []int
			for i := range 300 {
				switch i {
				case 100:
					m, _ = press(m, runes("+"), runes("+"))
				case 200:
					m, _ = press(m, runes("-"), runes("-"), runes("-"), runes("-"))
				}
				head := strings.Split(m.View(), "\n")[0]
				if lw := lipgloss.Width(head); lw != sz[0] {
					t.Fatalf("%s %v tick %d: header %d cells: %q", lang, sz, i, lw, head)
				}
				// Where the title, the clock, the elapsed time and the speed
				// start, in cells.
				c := clockRE.FindStringIndex(head)
				cols := []int{lipgloss.Width(head[:c[0]]), lipgloss.Width(head[:strings.Index(head, "T+")]),
					lipgloss.Width(head[:strings.Index(head, "×")])}
				title := ansi.Truncate(head, cols[0], "")
				if i == 0 {
					first, titles[lang] = cols, title
				} else if fmt.Sprint(cols) != fmt.Sprint(first) || title != titles[lang] && m.notice == "" {
					// (a notice, such as a quiet stretch skipped, takes the title's place)
					t.Fatalf("%s %v tick %d: header moved: %v, was %v\n%q", lang, sz, i, cols, first, head)
				}
				m = tick(m)
			}
		}
	}
}

// TestPlaybackSameMinute plays from 12:13 at 60×: each of the nine 12:13
// events is shown in turn, for the dwell.
func TestPlaybackSameMinute(t *testing.T) {
	rec, tl := studyFixture(t)
	m := New(rec, tl, Options{Styles: styles(), Speed: 60, At: "12:13"})
	m.SetSize(120, 40)
	if m.clock.Event() != 0 {
		t.Fatalf("--at 12:13 lands on event %d, want the first of the minute", m.clock.Event())
	}
	m, _ = press(m, keySpace)
	ticks := map[int]int{}
	var order []int
	for n := 0; clockOf(m) == "12:13" && n < 10000; n++ {
		e := m.clock.Event()
		if len(order) == 0 || order[len(order)-1] != e {
			order = append(order, e)
		}
		if !strings.Contains(m.View(), prefix(tl.Events[e].Title.EN, 20)) {
			t.Fatalf("event %d is current but not on screen", e)
		}
		ticks[e]++
		m = tick(m)
	}
	if fmt.Sprint(order) != "[0 1 2 3 4 5 6 7 8]" {
		t.Fatalf("played %v, want each 12:13 event in turn", order)
	}
	for e := 1; e <= 8; e++ {
		if want := int(DefaultDwell / tickEvery); ticks[e] < want {
			t.Errorf("event %d shown for %d ticks, want at least %d", e, ticks[e], want)
		}
	}
}

func TestCopyMoment(t *testing.T) {
	rec, tl := studyFixture(t)
	tl.Sources = []data.Source{{URL: "https://discord.com/blog/example"}}
	var out bytes.Buffer
	m := New(rec, tl, Options{Styles: styles(), At: "13:05", Clipboard: &out})
	m.SetSize(120, 40)
	m, cmd := press(m, runes("y"))
	if cmd == nil {
		t.Fatal("y returns no command")
	}
	cmd()
	body, ok := strings.CutPrefix(out.String(), "\x1b]52;c;")
	if !ok || !strings.HasSuffix(body, "\a") {
		t.Fatalf("not OSC 52: %q", out.String())
	}
	md, err := base64.StdEncoding.DecodeString(strings.TrimSuffix(body, "\a"))
	if err != nil {
		t.Fatal(err)
	}
	want := "**IL-0499** Voice outage: connection supervisors backed up\n\n" +
		"13:05 PDT · T+1:05 of 3:45 · Stage 4/5 · Restarts that did not hold\n\n" +
		"13:05 PDT · A/V infrastructure responders · action · ✗ failed\n\n" +
		"**Restart of the whole voice syncers cluster**\n\n" +
		tl.Events[12].Annotation.EN + "\n\n" +
		"- Aggregate mailbox, 15 syncers: 0 msgs (illustrative)\n" +
		"- Endpoint select/create success: 100% (illustrative)\n\n" +
		"Sources: https://discord.com/blog/example\n"
	if string(md) != want {
		t.Errorf("copied\n%s\nwant\n%s", md, want)
	}
	if !strings.Contains(m.View(), words.copied.EN) {
		t.Error("the header does not say the moment was copied")
	}
}

func TestKeystrokeOverlay(t *testing.T) {
	rec, tl := studyFixture(t)
	m := New(rec, tl, Options{Lang: data.KO, Styles: styles(), Present: true, At: "12:13"})
	m.SetSize(120, 40)
	m, _ = press(m, runes("n"), runes("n"), runes("n"))
	last := func(m Model) string { v := strings.Split(m.View(), "\n"); return v[len(v)-1] }
	if got := last(m); !strings.Contains(got, "n 다음 이벤트 ×3") {
		t.Errorf("overlay %q, want n folded ×3 with its Korean help", got)
	}
	m, _ = m.Update(overlayExpiredMsg{seq: m.overlay.seq})
	if got := strings.TrimSpace(last(m)); got != "" {
		t.Errorf("overlay after two seconds: %q, want empty", got)
	}
	m, _ = press(m, runes("K"), runes("n"))
	if got := strings.TrimSpace(last(m)); got != "" {
		t.Errorf("K turned the overlay off, but it shows %q", got)
	}
}

// TestHelpFits: the hint bar and the full help hand over only what fits
// beside the root's global keys, as whole entries.
func TestHelpFits(t *testing.T) {
	rec, tl := studyFixture(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		for _, w := range []int{40, 60, 80, 100, 120} {
			m := New(rec, tl, Options{Lang: lang, Styles: styles(), At: "13:05"})
			m.SetSize(w, 24)
			used := 0
			for i, b := range m.ShortHelp() {
				used += entryWidth(b)
				if i > 0 {
					used += lipgloss.Width(shortSep)
				}
			}
			if used+globalHelpRoom(lang) > w {
				t.Errorf("%s %d: hint bar %d cells + globals %d", lang, w, used, globalHelpRoom(lang))
			}
			if len(m.ShortHelp()) == 0 {
				t.Errorf("%s %d: empty hint bar", lang, w)
			}
			if cw := columnsWidth(m.FullHelp()); cw+globalColumnWidth(lang) > w && len(m.FullHelp()) > 1 {
				t.Errorf("%s %d: full help %d cells", lang, w, cw)
			}
		}
	}
}

// TestAnnotationScrolls: ctrl+d shows the end of an annotation cut at
// 80×24, ctrl+u its start again.
func TestAnnotationScrolls(t *testing.T) {
	rec, tl := studyFixture(t)
	m := New(rec, tl, Options{Lang: data.Both, Styles: theme.Plain(), At: "13:43"})
	m.SetSize(80, 24)
	v := m.View()
	if !strings.HasSuffix(strings.TrimRight(v, " \n"), "…") {
		t.Skipf("the annotation fits at 80×24; nothing to scroll:\n%s", v)
	}
	ko := tl.Events[m.clock.Event()].Annotation.KO
	end := prefix(string([]rune(ko)[len([]rune(ko))-12:]), 12)
	m2, _ := press(m, ctrlD(), ctrlD(), ctrlD(), ctrlD())
	if !strings.Contains(flatText(m2.View()), end) {
		t.Errorf("after ctrl+d the annotation's end %q is not shown:\n%s", end, m2.View())
	}
	m3, _ := press(m2, ctrlU(), ctrlU(), ctrlU(), ctrlU())
	if m3.View() != v {
		t.Error("ctrl+u does not return to the annotation's start")
	}
}
