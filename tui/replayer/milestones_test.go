package replayer

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

// msFixture loads testdata/milestones.json: a timeline with milestones
// (no mitigated one), a placed event and two rhymes, written for these
// tests.
func msFixture(t testing.TB) (*data.Record, *data.Timeline) {
	t.Helper()
	b, err := os.ReadFile("testdata/milestones.json")
	if err != nil {
		t.Fatal(err)
	}
	var tl data.Timeline
	if err := json.Unmarshal(b, &tl); err != nil {
		t.Fatalf("testdata/milestones.json: %v", err)
	}
	rec := &data.Record{ID: "IX-9001", Org: "Example", Date: "2026-03-25",
		Title: data.Text{EN: "API errors after a config push", KO: "설정 배포 뒤 API 오류"}, Body: &data.Body{}}
	return rec, &tl
}

// msLookup finds the rhymed incidents' zones: IL-0499 in PDT; IX-0002
// unknown, so its time is written at its offset.
func msLookup(id string) (*data.Timeline, bool) {
	if id != "IL-0499" {
		return nil, false
	}
	return &data.Timeline{Incident: id, Zone: "PDT", Start: time.Date(2026, 3, 25, 12, 0, 0, 0, time.FixedZone("", -7*3600))}, true
}

func msModel(t testing.TB, lang data.Lang, w, h int, o Options) Model {
	rec, tl := msFixture(t)
	o.Lang, o.Timelines = lang, msLookup
	if o.Styles.Replay == nil {
		o.Styles = styles()
	}
	m := New(rec, tl, o)
	m.SetSize(w, h)
	return m
}

// TestMilestoneView is the replay screen with the milestone row under the
// header and the letters on the axis, at the placed event whose rhymes
// are listed under its annotation, and at the end.
func TestMilestoneView(t *testing.T) {
	for _, lang := range []data.Lang{data.EN, data.KO} {
		for _, at := range []string{"12:40", "13:45"} {
			for _, sz := range [][2]int{{120, 40}, {80, 24}} {
				name := fmt.Sprintf("%s_%s_%dx%d", lang, strings.ReplaceAll(at, ":", ""), sz[0], sz[1])
				t.Run(name, func(t *testing.T) {
					m := msModel(t, lang, sz[0], sz[1], Options{At: at})
					golden.RequireEqual(t, []byte(m.View()))
				})
			}
		}
	}
}

// TestMilestoneLine checks the row's values and that it keeps its width
// while study mode reveals the milestones one by one.
func TestMilestoneLine(t *testing.T) {
	m := msModel(t, data.EN, 120, 40, Options{Styles: theme.Plain(), At: "13:45"})
	row := strings.Split(m.View(), "\n")[1]
	for _, want := range []string{"I impact 12:10 PDT", "D to detect 15m", "M to mitigate –", "R to resolve 1h 30m"} {
		if !strings.Contains(row, want) {
			t.Errorf("row %q lacks %q", row, want)
		}
	}
	ko := msModel(t, data.KO, 120, 40, Options{Styles: theme.Plain(), At: "13:45"})
	if row := strings.Split(ko.View(), "\n")[1]; !strings.Contains(row, "D 감지까지 15분") || !strings.Contains(row, "R 복구까지 1시간 30분") {
		t.Errorf("Korean row %q", row)
	}

	s := msModel(t, data.EN, 120, 40, Options{Styles: theme.Plain(), Study: true})
	first := strings.Split(s.View(), "\n")[1]
	if !strings.Contains(first, "D to detect ?") || !strings.Contains(first, "R to resolve ?") || !strings.Contains(first, "I impact ?") {
		t.Errorf("study mode at the start shows what is ahead: %q", first)
	}
	cols := func(row string) []int {
		var out []int
		for _, g := range []string{"D ", "M ", "R "} {
			out = append(out, strings.Index(row, g))
		}
		return out
	}
	want := cols(first)
	for range 12 {
		s, _ = press(s, keyEnter) // reveal a stop, if one asks
		s, _ = press(s, runes("n"))
		row := strings.Split(s.View(), "\n")[1]
		if got := cols(row); fmt.Sprint(got) != fmt.Sprint(want) || lipgloss.Width(row) != 120 {
			t.Fatalf("row moved: %q (columns %v, want %v)", row, got, want)
		}
	}
	if row := strings.Split(s.View(), "\n")[1]; !strings.Contains(row, "D to detect 15m") {
		t.Errorf("after the detection the interval is still hidden: %q", row)
	}
}

// TestMilestoneAxis checks the letters sit at the milestones' columns,
// and that study mode draws none after the cursor.
func TestMilestoneAxis(t *testing.T) {
	m := msModel(t, data.EN, 120, 40, Options{Styles: theme.Plain(), At: "13:00"})
	axis := ""
	for _, l := range strings.Split(m.View(), "\n") {
		if strings.Contains(l, "12:00") && strings.Contains(l, "14:00") && !strings.Contains(l, "PDT") {
			axis = l
		}
	}
	if axis == "" {
		t.Fatalf("no axis row in\n%s", m.View())
	}
	for _, c := range []struct {
		glyph string
		min   int
	}{{"I", 10}, {"D", 25}, {"R", 100}} {
		col := c.min * 120 / 120 // one column a minute: 120 minutes over 120 columns
		if got := string([]rune(ansi.Strip(axis))[col]); got != c.glyph {
			t.Errorf("column %d is %q, want %q in %q", col, got, c.glyph, axis)
		}
	}
	s := msModel(t, data.EN, 120, 40, Options{Styles: theme.Plain(), Study: true, At: "12:30"})
	for _, l := range strings.Split(s.View(), "\n") {
		if strings.Contains(l, "14:00") && !strings.Contains(l, "PDT") && strings.Contains(l, "R") {
			t.Errorf("study mode marks resolution ahead of the cursor: %q", l)
		}
	}
	// Without milestones the axis is the one every replay had.
	rec, tl := msFixture(t)
	tl.Milestones = nil
	plain := New(rec, tl, Options{Styles: theme.Plain(), At: "12:00"})
	plain.SetSize(120, 40)
	if v := plain.View(); strings.Contains(strings.Split(v, "\n")[1], "impact") {
		t.Errorf("a timeline without milestones has their row:\n%s", v)
	}
}

// TestPlacedMark checks a placed event's time carries "≈" in the list and
// the annotation's caption, and the other times stay lined up.
func TestPlacedMark(t *testing.T) {
	m := msModel(t, data.EN, 120, 40, Options{Styles: theme.Plain(), At: "12:40"})
	v := m.View()
	if !strings.Contains(v, "≈12:40") || !strings.Contains(v, "≈12:40 PDT") {
		t.Errorf("no ≈ before the placed time:\n%s", v)
	}
	col := func(sub string) int {
		for _, l := range strings.Split(v, "\n") {
			if i := strings.Index(l, sub); i >= 0 && !strings.Contains(l, "PDT") {
				return lipgloss.Width(l[:i])
			}
		}
		return -1
	}
	if a, b := col("≈12:40"), col("12:25"); a < 0 || b != a+1 {
		t.Errorf("the other times do not line up with the placed one's (columns %d, %d):\n%s", a, b, v)
	}
	rec, tl := msFixture(t)
	text := RenderText(rec, tl, TextOptions{Width: 100, Styles: theme.Plain()})
	if !strings.Contains(text, "≈12:40 PDT") {
		t.Errorf("RenderText lacks the placed mark:\n%s", text)
	}
	text = RenderText(rec, tl, TextOptions{Width: 200, Styles: theme.Plain(), Timelines: msLookup})
	for _, want := range []string{"Same decision elsewhere: IL-0499 12:47 PDT — A restart", "Same decision elsewhere: IX-0002 16:40 UTC+00 — Restarting"} {
		if !strings.Contains(text, want) {
			t.Errorf("RenderText lacks %q:\n%s", want, text)
		}
	}
}

// TestRhymes checks the rhymes are listed once the event is passed (and,
// in study mode, only once it is revealed), and that enter opens the
// first at its moment.
func TestRhymes(t *testing.T) {
	m := msModel(t, data.EN, 120, 40, Options{Styles: theme.Plain(), At: "12:40"})
	v := m.View()
	for _, want := range []string{"Same decision elsewhere", "IL-0499 12:47 PDT — A restart into a herd", "IX-0002 16:40 UTC+00 — Restarting"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	if !m.keys.Rhyme.Enabled() {
		t.Fatal("enter is not offered at an event with rhymes")
	}
	m.clock = m.clock.Play()
	m, cmd := press(m, keyEnter)
	if cmd == nil {
		t.Fatal("enter sent nothing")
	}
	msg, ok := cmd().(RhymeMsg)
	want := time.Date(2026, 3, 25, 19, 47, 0, 0, time.UTC)
	if !ok || msg.Incident != "IL-0499" || !msg.At.Equal(want) {
		t.Errorf("enter sent %#v, want the first rhyme", msg)
	}
	if m.Playing() {
		t.Error("the replay plays on behind the rhyme")
	}

	// Before it: not listed, enter does nothing.
	b := msModel(t, data.EN, 120, 40, Options{Styles: theme.Plain(), At: "12:25"})
	if strings.Contains(b.View(), "Same decision elsewhere") || b.keys.Rhyme.Enabled() {
		t.Error("rhymes shown before their event")
	}
	if _, cmd := press(b, keyEnter); cmd != nil {
		t.Error("enter before the event sent a message")
	}

	// Study mode: the stop asks first; enter reveals; then the rhymes show.
	s := msModel(t, data.KO, 120, 40, Options{Styles: theme.Plain(), Study: true})
	for range 4 {
		if s.study.asking >= 0 {
			break
		}
		s, _ = press(s, runes("n"))
	}
	if s.study.asking < 0 || strings.Contains(s.View(), "같은 결정") || s.keys.Rhyme.Enabled() {
		t.Fatalf("the stop does not ask, or shows its rhymes before the reveal:\n%s", s.View())
	}
	s, _ = press(s, keyEnter) // reveal
	if s.study.asking >= 0 {
		t.Fatal("enter did not reveal")
	}
	if v := s.View(); !strings.Contains(v, "같은 결정을 마주한 다른 사례") {
		t.Errorf("no rhymes after the reveal:\n%s", v)
	}
	if !s.keys.Rhyme.Enabled() {
		t.Error("enter does not open the rhyme after the reveal")
	}
}

// TestRhymeMoment checks Options.Moment starts the replay there.
func TestRhymeMoment(t *testing.T) {
	at := time.Date(2026, 3, 25, 20, 5, 0, 0, time.UTC) // 13:05 PDT
	m := msModel(t, data.EN, 100, 30, Options{Moment: at})
	if !m.Now().Equal(at) || m.notice != "" {
		t.Errorf("starts at %v (notice %q), want %v", m.Now(), m.notice, at)
	}
	out := msModel(t, data.EN, 100, 30, Options{Moment: at.Add(24 * time.Hour)})
	if out.notice == "" {
		t.Error("a moment outside the timeline is not reported")
	}
}

// TestMilestoneSizes draws every size up to 60×20 without a line too wide
// or too many.
func TestMilestoneSizes(t *testing.T) {
	for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
		for w := 0; w <= 60; w += 3 {
			for h := 0; h <= 20; h += 2 {
				m := msModel(t, lang, w, h, Options{At: "12:40"})
				v := m.View()
				if h > 0 && w > 0 && strings.Count(v, "\n")+1 != h {
					t.Fatalf("%dx%d: %d lines", w, h, strings.Count(v, "\n")+1)
				}
				for _, l := range strings.Split(v, "\n") {
					if lipgloss.Width(l) > w {
						t.Fatalf("%dx%d: line %q is %d wide", w, h, l, lipgloss.Width(l))
					}
				}
			}
		}
	}
}
