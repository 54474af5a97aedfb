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
	"github.com/incidents-dev/incidents/tui/mirror"
	"github.com/incidents-dev/incidents/tui/theme"
)

// roomPair is a presenter's replayer and a participant's, at the first
// study stop of the test timeline, each with the room's board.
func roomPair(t *testing.T, lang data.Lang, w, h int) (pres, part Model) {
	t.Helper()
	rec, tl := studyFixture(t)
	pres = New(rec, tl, Options{Lang: data.EN, Styles: theme.Plain(), Study: true, Speed: 600})
	pres.SetSize(120, 40)
	pres = playUntilAsking(t, pres)
	part = New(rec, tl, Options{Lang: lang, Styles: theme.Plain(), Study: true})
	part.SetSize(w, h)
	part.ApplyMoment(pres.Moment())
	b := mirror.Board{Incident: rec.ID, Asking: pres.study.asking, Revealed: -1, People: 3}
	part.SetBoard(b)
	b.Presenting = true
	pres.SetBoard(b)
	return pres, part
}

// TestRoomPrediction types a participant's prediction at a stop: it is
// cleaned, bounded and given to the room for that stop; the presenter's
// screen counts predictions and shows none; on the reveal the room's
// predictions stand with names beside what was done, and go to the
// minutes.
func TestRoomPrediction(t *testing.T) {
	for _, lang := range []data.Lang{data.EN, data.KO} {
		t.Run(lang.String(), func(t *testing.T) {
			pres, part := roomPair(t, lang, 100, 30)
			k := pres.study.asking
			part, _ = press(part, runes("a"))
			if !part.InputFocused() {
				t.Fatal("a did not open the participant's prediction")
			}
			part = typeText(part, "Restart only the supervisor\x1b[31m\u202e on 2-1 "+strings.Repeat("x", 300))
			part, _ = press(part, keyEnter)
			c := part.Contribution()
			if c.Stop != k || !strings.HasPrefix(c.Prediction, "Restart only the supervisor") ||
				strings.ContainsAny(c.Prediction, "\x1b\u202e") || len([]rune(c.Prediction)) > maxTyped {
				t.Fatalf("contribution %+v", c)
			}
			if v := flatText(part.View()); !strings.Contains(v, prefix(map[data.Lang]string{data.EN: "your prediction: Restart", data.KO: "내 예측: Restart"}[lang], 30)) {
				t.Fatalf("the participant does not see their prediction:\n%s", ansi.Strip(part.View()))
			}

			b := mirror.Board{Incident: pres.incident(), Asking: k, Revealed: k - 1, People: 3, Answered: 2, Presenting: true}
			pres.SetBoard(b)
			if v := flatText(pres.View()); !strings.Contains(v, "predictions: 2 of 3 in") || strings.Contains(v, "Restart only") {
				t.Fatalf("the presenter's screen does not count, or shows a prediction:\n%s", ansi.Strip(pres.View()))
			}
			if c := pres.Contribution(); c.Prediction != "" {
				t.Fatalf("the presenter's screen predicts: %+v", c)
			}

			pres, _ = press(pres, keyEnter) // reveal
			part.ApplyMoment(pres.Moment())
			preds := []mirror.Prediction{{Name: "alice", Text: "Restart only the supervisor on 2-1"}, {Name: "bob", Text: "생성 속도 제한"}}
			for _, m := range []*Model{&pres, &part} {
				rb := mirror.Board{Incident: pres.incident(), Asking: -1, Revealed: k, People: 3, Predictions: preds, Presenting: m == &pres}
				m.SetBoard(rb)
				v := flatText(m.View())
				if !strings.Contains(v, "• alice: Restart only the supervisor") || !strings.Contains(v, "• bob: 생성 속도 제한") {
					t.Fatalf("the revealed predictions are not beside what was done:\n%s", ansi.Strip(m.View()))
				}
			}
			golden.RequireEqual(t, []byte(part.View()))
			md := pres.Minutes()
			if !strings.Contains(md, "**Predictions:**\n- alice: Restart only the supervisor") || !strings.Contains(md, "- bob: 생성 속도 제한") {
				t.Fatalf("the minutes do not list the predictions:\n%s", md)
			}
		})
	}
}

// TestRoomPointer has the presenter point at an event; screens of two
// sizes and both languages mark that event's row and name it; then a
// heatmap cell and a sparkline minute.
func TestRoomPointer(t *testing.T) {
	pres, _ := roomPair(t, data.EN, 100, 30)
	pres, _ = press(pres, runes("."))
	if !pres.InputFocused() {
		t.Fatal(". did not start pointing")
	}
	pres, _ = press(pres, runes("k"), keyEnter)
	c := pres.Contribution()
	want := pres.clock.Event() - 1
	if c.Pointer.On != mirror.Event || c.Pointer.Event != want || c.Point == 0 {
		t.Fatalf("pointer %+v (%d moves), want event %d", c.Pointer, c.Point, want)
	}
	e := pres.tl.Events[want]
	for _, tc := range []struct {
		lang data.Lang
		w, h int
		by   string
	}{{data.EN, 100, 30, "➤ presenter: "}, {data.KO, 64, 24, "➤ 발표자: "}, {data.EN, 140, 44, "➤ presenter: "}} {
		t.Run(fmt.Sprintf("%s_%dx%d", tc.lang, tc.w, tc.h), func(t *testing.T) {
			_, part := roomPair(t, tc.lang, tc.w, tc.h)
			part.SetBoard(mirror.Board{Incident: pres.incident(), Asking: pres.study.asking, Revealed: -1, Pointer: c.Pointer})
			v := ansi.Strip(part.View())
			name := tc.by + clockText(part.tl, e.At, false) + " · " + prefix(pick(e.Title, tc.lang, " / "), 12)
			if !strings.Contains(flatText(v), name) {
				t.Errorf("%s %dx%d: the pointer is not named %q:\n%s", tc.lang, tc.w, tc.h, name, v)
			}
			marked := 0
			for _, l := range strings.Split(v, "\n") {
				if strings.HasPrefix(l, "➤ ") && strings.Contains(l, e.At.In(part.tl.Location()).Format("15:04")) {
					marked++
				}
			}
			if marked != 1 {
				t.Errorf("%s %dx%d: %d rows marked for the pointed event:\n%s", tc.lang, tc.w, tc.h, marked, v)
			}
			for i, l := range strings.Split(part.View(), "\n") {
				if w := ansi.StringWidth(l); w > tc.w {
					t.Errorf("%s %dx%d: line %d is %d wide", tc.lang, tc.w, tc.h, i, w)
				}
			}
			golden.RequireEqual(t, []byte(part.View()))
		})
	}

	// Escape takes the pointer away.
	pres, _ = press(pres, runes("."), keyEsc)
	if c := pres.Contribution(); c.Pointer.On != mirror.Nothing {
		t.Fatalf("esc left the pointer at %+v", c.Pointer)
	}
}

// TestRoomKeys checks who may use which of the meeting's keys: a
// participant predicts and raises a hand, and points only when let; the
// presenter points, lets others point and acknowledges hands; a replayer
// alone has none of them.
func TestRoomKeys(t *testing.T) {
	rec, tl := studyFixture(t)
	alone := New(rec, tl, Options{Styles: theme.Plain(), Study: true})
	alone.SetSize(100, 30)
	if k := alone.keys; k.Point.Enabled() || k.Hand.Enabled() || k.Let.Enabled() || alone.Passive() != nil {
		t.Fatal("a replayer alone offers the meeting's keys")
	}
	pres, part := roomPair(t, data.EN, 100, 30)
	if part.keys.Point.Enabled() || !part.keys.Hand.Enabled() || !part.keys.Answer.Enabled() {
		t.Fatalf("participant keys: point %v hand %v predict %v", part.keys.Point.Enabled(), part.keys.Hand.Enabled(), part.keys.Answer.Enabled())
	}
	if got := len(part.Passive()); got != 2 {
		t.Fatalf("a following participant may use %d keys, want predict and hand", got)
	}
	part, _ = press(part, runes("H"), runes("H"))
	if c := part.Contribution(); c.Hand != 2 {
		t.Fatalf("two presses raised %d hands", c.Hand)
	}
	if !pres.keys.Point.Enabled() || !pres.keys.Let.Enabled() || pres.keys.Hand.Enabled() {
		t.Fatal("presenter: point and let on, acknowledge off without hands")
	}
	pres.SetBoard(mirror.Board{Asking: -1, Revealed: -1, Hands: []string{"carol"}, Presenting: true})
	if v := flatText(pres.View()); !strings.Contains(v, "hands up: carol · H acknowledges") {
		t.Fatalf("no raised hand on the presenter's screen:\n%s", ansi.Strip(pres.View()))
	}
	pres, _ = press(pres, runes("H"), runes("L"))
	if c := pres.Contribution(); c.Ack != 1 || !c.LetPoint {
		t.Fatalf("presenter contribution %+v", c)
	}
	part.SetBoard(mirror.Board{Asking: part.study.asking, Revealed: -1, LetPoint: true})
	if !part.keys.Point.Enabled() || len(part.Passive()) != 3 {
		t.Fatal("a participant let to point cannot")
	}
}

// TestRoomPointerCell points at a heatmap cell: a follower's heatmap marks
// the instance's row and names the instance and minute in its language.
func TestRoomPointerCell(t *testing.T) {
	tl := bundledIL0499(t)
	for _, tc := range []struct {
		lang data.Lang
		w, h int
		want string
	}{{data.EN, 120, 40, "➤ presenter: 2-3 at 12:47 PDT"}, {data.KO, 80, 30, "➤ 발표자: 2-3 · 12:47 PDT"}} {
		m := New(nil, tl, Options{Lang: tc.lang, Styles: theme.Plain(), At: "12:47"})
		m.SetSize(tc.w, tc.h)
		m, _ = press(m, runes("m"))
		at := m.clock.Now().Truncate(time.Minute)
		m.SetBoard(mirror.Board{Incident: tl.Incident, Asking: -1, Revealed: -1, Pointer: mirror.Pointer{On: mirror.Cell, Row: 2, At: at}})
		v := ansi.Strip(m.View())
		if !strings.Contains(v, tc.want) || !strings.Contains(v, "\n➤ 2-3 ") {
			t.Errorf("%s: the cell is not named %q or its row not marked:\n%s", tc.lang, tc.want, v)
		}
	}
}

// TestRoomPresenterMode checks that presenter mode's layout shows the
// meeting too: the room's line in its last row, the revealed predictions
// in its box.
func TestRoomPresenterMode(t *testing.T) {
	pres, part := roomPair(t, data.EN, 100, 30)
	k := pres.study.asking
	pres, _ = press(pres, keyEnter, runes("P"))
	part.ApplyMoment(pres.Moment())
	part.SetBoard(mirror.Board{Incident: pres.incident(), Asking: -1, Revealed: k, People: 2,
		Predictions: []mirror.Prediction{{Name: "alice", Text: "restart 2-1"}}, Pointer: mirror.Pointer{On: mirror.Event, Event: 0}})
	if part.mode() != modePresent {
		t.Fatal("the participant is not in presenter mode")
	}
	v := flatText(part.View())
	if !strings.Contains(v, "• alice: restart 2-1") || !strings.Contains(v, "➤ presenter: ") {
		t.Fatalf("presenter mode does not show the room:\n%s", ansi.Strip(part.View()))
	}
}

// TestRoomPointerColumn points at a sparkline's minute: tab turns the
// event pointer into a column, ←→ move it, the axis row marks it and the
// room line names the series in the reader's language.
func TestRoomPointerColumn(t *testing.T) {
	pres, _ := roomPair(t, data.EN, 100, 30)
	pres, _ = press(pres, runes("."), tea.KeyMsg{Type: tea.KeyTab}, keyLeft, keyLeft)
	c := pres.Contribution()
	if c.Pointer.On != mirror.Column || c.Pointer.Series == "" || !c.Pointer.At.Equal(pres.clock.Now().Truncate(time.Minute).Add(-2*time.Minute)) {
		t.Fatalf("pointer %+v", c.Pointer)
	}
	pres, _ = press(pres, keyEnter)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		_, part := roomPair(t, lang, 100, 30)
		part.SetBoard(mirror.Board{Incident: pres.incident(), Asking: -1, Revealed: -1, Pointer: c.Pointer})
		var label string
		for _, s := range part.tl.Series {
			if s.Name == c.Pointer.Series {
				label = pick(s.Label, lang, " / ")
			}
		}
		v := ansi.Strip(part.View())
		if label == "" || !strings.Contains(flatText(v), prefix(label, 20)) || !strings.Contains(v, clockText(part.tl, c.Pointer.At, false)) {
			t.Errorf("%s: the column is not named (%q):\n%s", lang, label, v)
		}
		axis := ""
		for _, l := range strings.Split(v, "\n") {
			if strings.HasPrefix(l, "12:00") {
				axis = l
			}
		}
		if strings.Count(axis, "➤") != 1 {
			t.Errorf("%s: the axis row does not mark the minute: %q", lang, axis)
		}
	}
}

// TestRoomSizes draws a participant's replayer with a pointer and
// revealed predictions at many sizes: no panic, no line too wide.
func TestRoomSizes(t *testing.T) {
	pres, part := roomPair(t, data.KO, 80, 24)
	b := mirror.Board{Incident: pres.incident(), Asking: -1, Revealed: 0, People: 3, Hands: []string{"kim"},
		Predictions: []mirror.Prediction{{Name: "kim", Text: strings.Repeat("예측 ", 40)}},
		Pointer:     mirror.Pointer{On: mirror.Event, Event: 1}}
	part.SetBoard(b)
	for _, w := range []int{0, 1, 2, 5, 39, 40, 41, 80, 99, 100, 120} {
		for _, h := range []int{0, 1, 3, 6, 10, 24, 40} {
			part.SetSize(w, h)
			for i, l := range strings.Split(part.View(), "\n") {
				if lw := ansi.StringWidth(l); lw > w {
					t.Fatalf("%dx%d: line %d is %d wide", w, h, i, lw)
				}
			}
		}
	}
}
