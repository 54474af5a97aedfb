package replayer

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/theme"
)

// TestStudyResumeAt opens study mode with --at at every minute of the
// bundled IL-0499: it always lands on a stop that asks, the first at or
// after that minute (the last one after it), never past one; the stops
// before count as revealed.
func TestStudyResumeAt(t *testing.T) {
	tl := bundledIL0499(t)
	stops := replay.Stops(tl)
	loc := tl.Location()
	n := 0
	for at := tl.Start.Truncate(time.Minute); !at.After(tl.End); at = at.Add(time.Minute) {
		hm := at.In(loc).Format("15:04")
		m := New(nil, tl, Options{Study: true, At: hm, Styles: theme.Plain()})
		m.SetSize(120, 40)
		if m.notice != "" {
			continue // a minute before the start: --at says it is out of span
		}
		n++
		want := len(stops) - 1
		for k, st := range stops {
			if !tl.Events[st.First].At.Before(at) {
				want = k
				break
			}
		}
		if m.study.asking != want || m.study.revealed != want-1 {
			t.Fatalf("--at %s: asking %d, revealed %d; want stop %d asking", hm, m.study.asking+1, m.study.revealed+1, want+1)
		}
		if f := m.frame(); f.limit != stops[want].First {
			t.Errorf("--at %s: %d events drawn, want the %d before the stop", hm, f.limit, stops[want].First)
		}
		if !strings.Contains(ansi.Strip(m.View()), fmt.Sprintf("Study stop %d ", want+1)) {
			t.Errorf("--at %s: the screen does not ask stop %d", hm, want+1)
		}
	}
	if n < 200 {
		t.Fatalf("only %d minutes tried", n)
	}
}

// typeText sends s to m one rune at a time, as a terminal does.
func typeText(m Model, s string) Model {
	for _, r := range s {
		m, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	return m
}

// scriptedSession is a study group's session of the test timeline: an
// answer typed at the first three stops (one with an escape sequence and
// a bidi override, which are cleaned), two moments starred, one of them
// with a note, in lang.
func scriptedSession(t *testing.T, lang data.Lang) Model {
	t.Helper()
	rec, tl := studyFixture(t)
	m := New(rec, tl, Options{Lang: lang, Styles: theme.Plain(), Study: true, Speed: 600})
	m.SetSize(100, 30)
	answers := []string{
		"Restart the instances one by one, watching the mailbox",
		"Restart only the supervisor on 2-1\x1b[31m\u202e",
		"Restart the whole cluster at once",
	}
	for k, a := range answers {
		m = playUntilAsking(t, m)
		m, _ = press(m, runes("a"))
		if !m.InputFocused() {
			t.Fatalf("stop %d: a did not open the input", k+1)
		}
		m = typeText(m, a)
		if v := m.View(); strings.ContainsAny(v, "\u202e") {
			t.Errorf("stop %d: a bidi override typed is drawn", k+1)
		}
		m, _ = press(m, keyEnter)
		if k == 1 {
			m, _ = press(m, runes("*"))
		}
		m, _ = press(m, keyEnter) // reveal
		if k == 0 {
			if v := flatText(m.View()); !strings.Contains(v, prefix(a, 30)) {
				t.Errorf("after the reveal the group's answer is not beside what was done:\n%s", ansi.Strip(m.View()))
			}
		}
	}
	m = tick(m)
	m, _ = press(m, runes("c"))
	m = typeText(m, "The full restart brought the herd back")
	m, _ = press(m, keyEnter)
	return m
}

// TestMinutes is the minutes of a scripted session, in English and Korean:
// the stops reached, with the group's answers beside what was done, and
// the stars and the note.
func TestMinutes(t *testing.T) {
	for _, lang := range []data.Lang{data.EN, data.KO} {
		t.Run(lang.String(), func(t *testing.T) {
			m := scriptedSession(t, lang)
			md := m.Minutes()
			if strings.ContainsAny(md, "\x1b\u202e") {
				t.Errorf("typed control characters reached the minutes: %q", md)
			}
			if strings.Count(md, "★") != 2 || !strings.Contains(md, "The full restart brought the herd back") {
				t.Errorf("want two stars and the note:\n%s", md)
			}
			golden.RequireEqual(t, []byte(md))
		})
	}
}

// TestRecap plays a session to its end: the recap lists the stops with
// the answers, and y copies the minutes.
func TestRecap(t *testing.T) {
	m := scriptedSession(t, data.EN)
	for m.study.revealed < len(m.study.stops)-1 {
		m = playUntilAsking(t, m)
		m, _ = press(m, keyEnter)
	}
	for range 100000 {
		if m.clock.AtEnd() && !m.Playing() {
			break
		}
		m = tick(m)
	}
	if !m.recapping() {
		t.Fatalf("no recap at the end (at %s)", clockOf(m))
	}
	v := ansi.Strip(m.View())
	for range 20 { // scrolled through
		m, _ = press(m, tea.KeyMsg{Type: tea.KeyCtrlD})
		v += ansi.Strip(m.View())
	}
	if strings.Contains(v, "> Every syncer") {
		t.Errorf("the recap repeats the questions:\n%s", v)
	}
	for _, want := range []string{"Recap", "Restart the whole cluster at once", "### 1 · 12:43 PDT", "Stars and notes"} {
		if !strings.Contains(v, want) {
			t.Errorf("recap lacks %q:\n%s", want, v)
		}
	}
	checkView(t, m.View(), 100, 30, "recap")
	var buf strings.Builder
	m.clip = &buf
	m, cmd := press(m, runes("y"))
	if cmd != nil {
		cmd()
	}
	if !strings.Contains(buf.String(), "\x1b]52;c;") {
		t.Errorf("y at the recap wrote no OSC 52: %q", buf.String())
	}
}

// TestTypedTextCleaned: typed text is cleaned like data before it is drawn.
func TestTypedTextCleaned(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                  "plain",
		"a\x1b[2Jb":              "ab",
		"right\u202eto left":     "rightto left",
		"two\nlines\tand  space": "two lines and space",
	} {
		if got := cleanTyped(in); got != want {
			t.Errorf("cleanTyped(%q) = %q, want %q", in, got, want)
		}
	}
	if got := cleanTyped(strings.Repeat("가", 500)); len([]rune(got)) != maxTyped {
		t.Errorf("%d runes kept, want %d", len([]rune(got)), maxTyped)
	}
}

// TestPresenterFrames plays in presenter mode at 80×24, 100×30 and 120×40
// (the replayer gets a row less: the root's header) with the meeting clock
// ticking: every frame is exactly H lines of W cells, the sparklines are
// there, the box can be scrolled, and a tick of the meeting clock changes
// its field and nothing else.
func TestPresenterFrames(t *testing.T) {
	rec, fixtureTL := studyFixture(t)
	for _, sz := range [][2]int{{80, 23}, {100, 29}, {120, 39}} {
		for _, until := range []bool{false, true} {
			for li, lang := range []data.Lang{data.EN, data.KO} {
				tl := fixtureTL
				if li == 1 {
					tl = bundledIL0499(t) // four series
				}
				name := fmt.Sprintf("%s %s %dx%d until=%v", tl.Incident, lang, sz[0], sz[1], until)
				wall := time.Date(2026, 12, 3, 18, 0, 0, 0, time.UTC)
				opts := Options{Lang: lang, Styles: theme.Plain(), Present: true, Speed: 60, At: "12:40",
					Now: func() time.Time { return wall }}
				if until {
					opts.Until = wall.Add(2 * time.Second)
				}
				m := New(rec, tl, opts)
				w, h := sz[0], sz[1]
				m.SetSize(w, h)
				prev := m.View()
				for i := range 5 {
					wall = wall.Add(time.Second)
					m, _ = m.Update(meetTickMsg{gen: m.meet.gen})
					v := m.View()
					checkView(t, v, w, h, name)
					if len(sparkRows(v)) < len(headline(tl)) {
						t.Fatalf("%s: no sparklines:\n%s", name, v)
					}
					a, b := strings.Split(prev, "\n"), strings.Split(v, "\n")
					for r := range a {
						if r == 0 {
							continue
						}
						if a[r] != b[r] {
							t.Errorf("%s: tick %d changed row %d", name, i, r)
						}
					}
					if lipgloss.Width(a[0]) != lipgloss.Width(b[0]) {
						t.Fatalf("%s: the title row changed width", name)
					}
					// The clock's field: the last cells of the centred column.
					pc := m.cache.present
					lead := pc.margin + pc.w - m.meetingWidth()
					if ansi.Truncate(a[0], lead, "") != ansi.Truncate(b[0], lead, "") ||
						ansi.TruncateLeft(a[0], pc.margin+pc.w, "") != ansi.TruncateLeft(b[0], pc.margin+pc.w, "") {
						t.Errorf("%s: a tick moved the title row outside the clock:\n%q\n%q", name, a[0], b[0])
					}
					if a[0] == b[0] {
						t.Errorf("%s: tick %d did not move the clock: %q", name, i, b[0])
					}
					prev = v
				}
				// The box scrolls.
				m, _ = press(m, keyEnter) // nothing outside study mode
				before := m.View()
				m, _ = press(m, tea.KeyMsg{Type: tea.KeyCtrlD})
				if pc := m.cache.present; pc != nil && len(m.boxText(m.frame(), pc)) > pc.inner && m.View() == before {
					t.Errorf("%s: ctrl+d did not scroll the box", name)
				}
			}
		}
	}
}

// TestWorksheetNamesNoStage: before its divider, the worksheet of every
// bundled timeline names no stage, in any language.
func TestWorksheetNamesNoStage(t *testing.T) {
	for name, tl := range bundledTimelines(t) {
		if len(replay.Stops(tl)) == 0 {
			continue
		}
		for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
			out := RenderStudy(nil, tl, TextOptions{Lang: lang, Width: 80, Styles: theme.Plain()})
			questions, _, ok := strings.Cut(out, "\n---\n")
			if !ok {
				t.Fatalf("%s %s: no divider", name, lang)
			}
			q := flatText(questions)
			// A stage's title that the events' own words also say (a
			// symptom "web tier saturated" in a stage of that name) is not
			// the heading's.
			var said []string
			for _, e := range tl.Events {
				for _, x := range []data.Text{e.Title, e.Annotation, e.Prompt} {
					said = append(said, x.EN, x.KO)
				}
			}
			corpus := flatText(strings.Join(said, " "))
			for _, st := range tl.Stages {
				for _, l := range []data.Lang{data.EN, data.KO} {
					if s, _ := st.Title.Get(l); len([]rune(s)) > 3 && strings.Contains(q, s) && !strings.Contains(corpus, s) {
						t.Errorf("%s %s: the questions name stage %q", name, lang, s)
					}
				}
			}
		}
	}
}
