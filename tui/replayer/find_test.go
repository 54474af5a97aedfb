package replayer

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
)

// typed is the keys that type s into an open input, one rune a key.
func typed(s string) []tea.KeyMsg {
	var out []tea.KeyMsg
	for _, r := range s {
		if r == ' ' {
			out = append(out, keySpace)
			continue
		}
		out = append(out, runes(string(r)))
	}
	return out
}

// find types "/" q enter.
func find(m Model, q string) Model {
	m, _ = press(m, runes("/"))
	m, _ = press(m, typed(q)...)
	m, _ = press(m, keyEnter)
	return m
}

// goTo types ":" s enter.
func goTo(m Model, s string) Model {
	m, _ = press(m, runes(":"))
	m, _ = press(m, typed(s)...)
	m, _ = press(m, keyEnter)
	return m
}

// header is the view's first line, without styles.
func header(m Model) string {
	return ansi.Strip(strings.SplitN(m.View(), "\n", 2)[0])
}

// TestFindKeys finds the failed restarts of the fixture (events 6, 7 and 8)
// key by key: / opens the query and takes every key, enter lands on the
// first match after the cursor, n and N walk the matches and say when they
// wrap, ] is still the next event, esc drops the query and a second esc
// leaves.
func TestFindKeys(t *testing.T) {
	rec, tl := fixture(t)
	for _, tc := range []struct {
		lang                       data.Lang
		query, pos, wrapped, first string
	}{
		{data.EN, "failed", "match 2 of 3", "wrapped to the first match", "match 1 of 3"},
		{data.KO, "실패", "결과 2/3", "끝까지 찾아서 첫 결과로 돌아왔습니다", "결과 1/3"},
		{data.EN, "A/V on-call ACTION", "match 2 of 5", "wrapped to the first match", "match 1 of 5"},
	} {
		t.Run(tc.lang.String()+" "+tc.query, func(t *testing.T) {
			m := New(rec, tl, Options{Lang: tc.lang, Styles: styles()})
			m.SetSize(120, 40)
			m, _ = press(m, runes("/"))
			if !m.InputFocused() {
				t.Fatal("/ opens no input")
			}
			m, _ = press(m, runes("q"), runes("n"), keySpace) // typed, not keys
			if m.Playing() || m.clock.Event() != 0 || m.input.Value() != "qn " {
				t.Fatalf("keys typed into the query acted: event %d, playing %v, typed %q", m.clock.Event(), m.Playing(), m.input.Value())
			}
			m, _ = press(m, keyEsc)
			m = find(m, tc.query)
			if m.clock.Event() != 6 {
				t.Fatalf("/%s went to event %d, want 6", tc.query, m.clock.Event())
			}
			m, _ = press(m, runes("n"))
			if h := header(m); m.clock.Event() != 7 || !strings.Contains(h, tc.pos) {
				t.Fatalf("n: event %d, header %q (want 7, %q)", m.clock.Event(), h, tc.pos)
			}
			for range 10 {
				m, _ = press(m, runes("n"))
				if strings.Contains(header(m), tc.wrapped) {
					break
				}
			}
			if h := header(m); m.clock.Event() != 6 || !strings.Contains(h, tc.first) {
				t.Fatalf("n past the last match: event %d, header %q (want 6 and %q)", m.clock.Event(), h, tc.wrapped)
			}
			m, _ = press(m, runes("N"))
			if h := header(m); !strings.Contains(h, "3") || m.clock.Event() < 8 {
				t.Fatalf("N before the first match: event %d, header %q", m.clock.Event(), h)
			}
			ev := m.clock.Event()
			m, _ = press(m, runes("]"))
			if m.clock.Event() != ev+1 {
				t.Fatalf("] with a query set: event %d, want %d", m.clock.Event(), ev+1)
			}
			var cmd tea.Cmd
			m, cmd = press(m, keyEsc)
			if m.Searching() || cmd != nil {
				t.Fatalf("esc with a query set: searching %v, cmd %v", m.Searching(), cmd)
			}
			if _, cmd = press(m, keyEsc); cmd == nil || cmd() != (BackMsg{}) {
				t.Fatal("a second esc does not leave the replayer")
			}
		})
	}
}

// TestFindNothing says so, and does not move.
func TestFindNothing(t *testing.T) {
	rec, tl := fixture(t)
	for lang, want := range map[data.Lang]string{
		data.EN: `no event matches "zebra"`,
		data.KO: `"zebra"에 맞는 이벤트가 없습니다`,
	} {
		m := New(rec, tl, Options{Lang: lang, Styles: styles(), At: "13:05"})
		m.SetSize(120, 40)
		ev := m.clock.Event()
		m = find(m, "zebra")
		if h := header(m); m.clock.Event() != ev || !strings.Contains(h, want) {
			t.Errorf("%s: event %d (was %d), header %q, want %q", lang, m.clock.Event(), ev, h, want)
		}
	}
}

// TestFindAndJumpView is the screen after a find and after a bad time, in
// English and Korean, at 120×40 and 80×24: the hint bar offers n and N
// while a query is set, and the header says which match is shown.
func TestFindAndJumpView(t *testing.T) {
	rec, tl := fixture(t)
	moments := []struct {
		name string
		do   func(Model) Model
	}{
		{"find", func(m Model) Model { m = find(m, "restart"); m, _ = press(m, runes("n")); return m }},
		{"typing", func(m Model) Model { m, _ = press(m, runes("/")); m, _ = press(m, typed("sup")...); return m }},
		{"badtime", func(m Model) Model { return goTo(m, "25:99") }},
		{"outside", func(m Model) Model { return goTo(m, "09:00") }},
	}
	for _, lang := range []data.Lang{data.EN, data.KO} {
		for _, mo := range moments {
			for _, sz := range [][2]int{{120, 40}, {80, 24}} {
				t.Run(fmt.Sprintf("%s_%s_%dx%d", lang, mo.name, sz[0], sz[1]), func(t *testing.T) {
					m := New(rec, tl, Options{Lang: lang, Styles: styles()})
					m.SetSize(sz[0], sz[1])
					m = mo.do(m)
					v := m.View()
					for i, l := range strings.Split(v, "\n") {
						if w := ansi.StringWidth(l); w > sz[0] {
							t.Fatalf("line %d is %d cells wide: %q", i, w, l)
						}
					}
					golden.RequireEqual(t, []byte(v))
				})
			}
		}
	}
}

// TestJumpKeys goes to typed times key by key: each lands where asked
// (on the first event of the minute when there is one) and says so; a
// bad time says why and does not move.
func TestJumpKeys(t *testing.T) {
	rec, tl := fixture(t)
	loc := tl.Location()
	for _, tc := range []struct {
		typed, at, notice string
		event             int
	}{
		{"13:05", "13:05", "went to 13:05 PDT", 8},
		{"  t+90 ", "13:43", "went to 13:43 PDT", 10},
		{"T+1:52", "14:05", "went to 14:05 PDT", 11},
		{"2026-03-25 14:26", "14:26", "went to 14:26 PDT", 13},
		{"03-25 12:20", "12:20", "went to 12:20 PDT", 3},
		{"12:13", "12:13", "went to 12:13 PDT", 0},
		{"xy", "12:47", `"xy" is not a time`, 7},
		{"25:00", "12:47", `"25:00" is not a time`, 7},
		{"02-30 10:00", "12:47", `"02-30 10:00" is not a time`, 7},
		{"T+999999999", "12:47", `"T+999999999" is not a time`, 7},
		{"T+5d", "12:47", "T+5d is outside the timeline (12:13 PDT to 15:30 PDT)", 7},
		{"09:00", "12:47", "09:00 is outside the timeline", 7},
		{"2026-03-26 12:00", "12:47", "outside the timeline", 7},
	} {
		t.Run(tc.typed, func(t *testing.T) {
			m := New(rec, tl, Options{Lang: data.EN, Styles: styles(), At: "12:47"})
			m.SetSize(120, 40)
			m = goTo(m, tc.typed)
			if got := m.Now().In(loc).Format("15:04"); got != tc.at || m.clock.Event() != tc.event {
				t.Errorf("at %s, event %d; want %s, event %d", got, m.clock.Event(), tc.at, tc.event)
			}
			if h := header(m); !strings.Contains(h, tc.notice) {
				t.Errorf("header %q, want %q", h, tc.notice)
			}
		})
	}
}

// multiDayTimeline is a timeline over three days, in UTC.
func multiDayTimeline() *data.Timeline {
	at := func(s string) time.Time {
		t, err := time.Parse(time.RFC3339, s)
		if err != nil {
			panic(err)
		}
		return t
	}
	ev := func(s, title string) data.Event {
		return data.Event{At: at(s), Kind: data.KindNote, Title: data.Text{EN: title, KO: title}}
	}
	return &data.Timeline{
		Incident: "FX-DAYS", Zone: "UTC",
		Start: at("2024-07-17T22:00:00Z"), End: at("2024-07-20T06:00:00Z"),
		Events: []data.Event{
			ev("2024-07-17T22:00:00Z", "first"), ev("2024-07-18T04:09:00Z", "second"),
			ev("2024-07-19T04:09:00Z", "third"), ev("2024-07-20T06:00:00Z", "last"),
		},
	}
}

// TestParseJumpDays reads the forms of a multi-day timeline: a time of day
// is taken on the cursor's day when the timeline shows it then.
func TestParseJumpDays(t *testing.T) {
	tl := multiDayTimeline()
	now := tl.Events[2].At // day 3 (2024-07-19)
	for _, tc := range []struct{ typed, want string }{
		{"04:09", "2024-07-19 04:09"},
		{"23:00", "2024-07-19 23:00"},
		{"05:00", "2024-07-19 05:00"},
		{"2024-07-18 04:09", "2024-07-18 04:09"},
		{"07-18", "2024-07-18 00:00"},
		{"T+1d", "2024-07-18 22:00"},
		{"T+1d 6:09", "2024-07-19 04:09"},
		{"T+30:09", "2024-07-19 04:09"},
		{"T+0", "2024-07-17 22:00"},
	} {
		got, err := parseJump(tl, tc.typed, now)
		if err != nil || got.UTC().Format("2006-01-02 15:04") != tc.want {
			t.Errorf("%q: %v, %v; want %s", tc.typed, got, err, tc.want)
		}
	}
	// A time the cursor's day does not reach is the first day's that does.
	if got, err := parseJump(tl, "23:00", tl.Events[3].At); err != nil || got.UTC().Day() != 17 {
		t.Errorf("23:00 from the last day: %v, %v; want the 17th", got, err)
	}
	_, err := parseJump(tl, "2024-07-21 10:00", now)
	if err == nil || !strings.Contains(err.text(tl, data.KO, false), "2024-07-17 22:00 UTC~2024-07-20 06:00 UTC") {
		t.Errorf("a day after the end: %v", err)
	}
}

// FuzzParseJump never panics, and a time it accepts is in the timeline.
func FuzzParseJump(f *testing.F) {
	for _, s := range []string{"12:47", "T+90", "t+1d 2:30", "2024-07-18 04:09", "07-18", "99:99", "T+", "+", "2024-02-30", "T+99999999d"} {
		f.Add(s)
	}
	tl := multiDayTimeline()
	f.Fuzz(func(t *testing.T, s string) {
		got, err := parseJump(tl, s, tl.Events[1].At)
		if err != nil {
			_ = err.text(tl, data.KO, false)
			return
		}
		if got.Before(tl.Start) || got.After(tl.End) {
			t.Fatalf("%q: %v is outside %v–%v", s, got, tl.Start, tl.End)
		}
	})
}

// TestStudyFindAndJumpKeys is study mode key by key: at a stop that asks,
// a find for the hidden decision's own title finds nothing, a jump forward
// is refused with the reason, and the stop still asks; after the reveal a
// jump forward is held at the next stop, which then asks.
func TestStudyFindAndJumpKeys(t *testing.T) {
	rec, tl := studyFixture(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		m := New(rec, tl, Options{Lang: lang, Styles: styles(), Study: true, Speed: 600})
		m.SetSize(120, 40)
		m = playUntilAsking(t, m)
		k, ev := m.study.asking, m.clock.Event()
		stop := m.study.stops[k]
		hidden, _ := tl.Events[stop.First].Title.Get(lang)
		word := strings.Fields(hidden)[0]
		for _, w := range strings.Fields(hidden) {
			if len([]rune(w)) > len([]rune(word)) {
				word = w
			}
		}
		hits := m.findHits(word)
		for _, h := range hits {
			if h >= stop.First {
				t.Fatalf("%s: the find reads event %d, which stop %d hides", lang, h, k+1)
			}
		}
		m = goTo(m, "T+999")
		want := map[data.Lang]string{data.EN: fmt.Sprintf("answer study stop %d first", k+1), data.KO: fmt.Sprintf("먼저 학습 질문 %d에 답하십시오", k+1)}[lang]
		if h := header(m); m.study.asking != k || m.clock.Event() != ev || !strings.Contains(h, want) {
			t.Fatalf("%s: a jump forward at an asking stop: asking %d, event %d (was %d), header %q", lang, m.study.asking+1, m.clock.Event(), ev, h)
		}
		m, _ = press(m, keyEnter) // reveal
		m = goTo(m, "T+999")
		next := m.study.stops[k+1]
		if m.study.asking != k+1 || m.clock.Event() != next.First {
			t.Fatalf("%s: after the reveal a jump to the end stands at event %d, asking %d; want held at stop %d (event %d)",
				lang, m.clock.Event(), m.study.asking+1, k+2, next.First)
		}
		if h := header(m); !strings.Contains(h, fmt.Sprint(k+2)) {
			t.Errorf("%s: held at stop %d, the header says %q", lang, k+2, h)
		}
	}
}
