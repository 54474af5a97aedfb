package follow_test

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui"
	"github.com/incidents-dev/incidents/tui/follow"
	"github.com/incidents-dev/incidents/tui/internal/tuitest"
)

// driver feeds a model messages the way the program would, running every
// command to the end. Playback never ticks (the Tick option schedules
// nothing): these tests move the clock by keys only.
type driver struct {
	t    *testing.T
	m    tea.Model
	quit bool
}

func noTick(time.Duration, func(time.Time) tea.Msg) tea.Cmd { return nil }

var lib = func(t *testing.T) *library.Library { return library.New(tuitest.Library(t)) }

func newApp(t *testing.T, l *library.Library, role tui.Role, w, h int) *driver {
	app := tui.New(l, tui.Options{Role: role, Tick: noTick})
	var m tea.Model = app
	if role == tui.Follower {
		m = follow.New(app)
	}
	d := &driver{t: t, m: m}
	d.send(tea.WindowSizeMsg{Width: w, Height: h})
	d.run(d.m.Init())
	return d
}

func (d *driver) send(msg tea.Msg) {
	m, cmd := d.m.Update(msg)
	d.m = m
	d.run(cmd)
}

func (d *driver) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	msg := cmd()
	switch msg := msg.(type) {
	case nil:
		return
	case tea.BatchMsg:
		for _, c := range msg {
			d.run(c)
		}
		return
	case tea.QuitMsg, tea.InterruptMsg:
		d.quit = true
		return
	}
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeFor[tea.Cmd]() {
		for i := range v.Len() {
			d.run(v.Index(i).Interface().(tea.Cmd))
		}
		return
	}
	d.send(msg)
}

func (d *driver) press(keys ...string) {
	for _, k := range keys {
		switch k {
		case "esc":
			d.send(tea.KeyMsg{Type: tea.KeyEsc})
		case "enter":
			d.send(tea.KeyMsg{Type: tea.KeyEnter})
		case "space":
			d.send(tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}})
		default:
			d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)})
		}
	}
}

func (d *driver) view() string { return d.m.View() }

// app is the presenter's App, or the follower's behind its filter.
func (d *driver) app() tui.App {
	if f, ok := d.m.(follow.Model); ok {
		return f.App()
	}
	return d.m.(tui.App)
}

func checkFits(t *testing.T, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) > h {
		t.Fatalf("%d lines in a %dx%d window", len(lines), w, h)
	}
	for i, l := range lines {
		if lipgloss.Width(l) > w {
			t.Fatalf("line %d is %d cells in a %dx%d window: %q", i, lipgloss.Width(l), w, h, l)
		}
	}
}

// TestRoom drives a presenter's and a follower's App by hand: the
// follower mirrors each Shared state while following, refuses moving keys,
// browses alone after f (with the strip saying where the presenter is) and
// re-syncs on f again.
func TestRoom(t *testing.T) {
	l := lib(t)
	pres := newApp(t, l, tui.Presenter, 120, 40)
	fol := newApp(t, l, tui.Follower, 80, 24)
	share := func() { fol.send(tui.PresenterMsg{Shared: pres.app().Shared()}) }

	pres.press("r")
	share()
	if !strings.Contains(fol.view(), "09:00 CET") || !fol.app().Following() {
		t.Fatalf("the follower did not open the presenter's replay:\n%s", fol.view())
	}
	pres.press("n")
	share()
	if !strings.Contains(fol.view(), "09:12 CET") {
		t.Fatalf("the follower's clock did not move with the presenter's:\n%s", fol.view())
	}
	fol.press("G", "space", "esc")
	if v := fol.view(); !strings.Contains(v, "09:12 CET") || !strings.Contains(v, "following the presenter") {
		t.Fatalf("a following follower's keys moved it:\n%s", v)
	}
	if pres.app().Shared().Moment.Clock != "09:12 CET" {
		t.Fatal("a follower's key reached the presenter")
	}
	fol.press("Gn") // typed together: each key is filtered
	if v := fol.view(); !strings.Contains(v, "09:12 CET") {
		t.Fatalf("keys typed together moved a following follower:\n%s", v)
	}

	fol.press("f", "G")
	pres.press("n")
	share()
	v := fol.view()
	if strings.Contains(v, "09:12 CET") && !strings.Contains(v, "presenter at") {
		t.Fatalf("browsing alone, the follower moved with the presenter:\n%s", v)
	}
	if !strings.Contains(v, "presenter at "+pres.app().Shared().Moment.Clock+" · FX-0007 · f to rejoin") {
		t.Fatalf("no strip saying where the presenter is:\n%s", v)
	}
	checkFits(t, v, 80, 24)

	fol.press("f")
	v = fol.view()
	if !strings.Contains(v, pres.app().Shared().Moment.Clock) || strings.Contains(v, "f to rejoin") {
		t.Fatalf("f did not re-sync the follower:\n%s", v)
	}

	fol.send(tui.PresenterLeftMsg{})
	if v := fol.view(); !strings.Contains(v, "the presenter has left") || fol.app().Following() {
		t.Fatalf("the follower was not told the presenter left:\n%s", v)
	}
	fol.press("f")
	if !strings.Contains(fol.view(), "the presenter has left") {
		t.Fatalf("f after the presenter left:\n%s", fol.view())
	}
}

// TestRoomRecord checks a follower on the presenter's record: it may
// scroll (the hint bar says so), not leave it; q quits.
func TestRoomRecord(t *testing.T) {
	l := lib(t)
	pres := newApp(t, l, tui.Presenter, 120, 40)
	fol := newApp(t, l, tui.Follower, 80, 24)
	pres.press("enter")
	fol.send(tui.PresenterMsg{Shared: pres.app().Shared()})
	id := pres.app().Shared().Incident
	v := fol.view()
	if !strings.Contains(v, "incidents · "+id) || !strings.Contains(v, "↑↓ scroll") {
		t.Fatalf("the follower is not on the presenter's record %s, with scrolling offered:\n%s", id, v)
	}
	fol.send(tea.KeyMsg{Type: tea.KeyPgDown})
	if v2 := fol.view(); v2 == v || strings.Contains(v2, "following the presenter ·") {
		t.Fatalf("pgdown did not scroll the follower's record:\n%s", v2)
	}
	fol.press("j")
	fol.press("r")
	if !strings.Contains(fol.view(), "following the presenter ·") || !strings.Contains(fol.view(), "incidents · "+id) {
		t.Fatalf("r moved a following follower off the record:\n%s", fol.view())
	}
	fol.press("q")
	if !fol.quit {
		t.Fatal("q did not quit a following follower")
	}
}

// TestRoomFacets checks that a follower browsing alone in the explorer
// has the facet filters on f, as everyone else does, with F to rejoin (and
// f still leaving a following session, where nothing else is typed).
func TestRoomFacets(t *testing.T) {
	l := lib(t)
	pres := newApp(t, l, tui.Presenter, 120, 40)
	fol := newApp(t, l, tui.Follower, 100, 30)
	fol.send(tui.PresenterMsg{Shared: pres.app().Shared()})
	fol.press("f")
	if fol.app().Following() {
		t.Fatal("f did not leave a following session")
	}
	if v := fol.view(); !strings.Contains(v, "presenter in the list · F to rejoin (f filters)") {
		t.Fatalf("the explorer's strip does not say F rejoins:\n%s", v)
	}
	fol.press("f")
	if v := fol.view(); !strings.Contains(v, "Filters") || fol.app().Following() {
		t.Fatalf("f browsing alone in the explorer did not open the facet filters:\n%s", v)
	}
	fol.press("esc", "F")
	if !fol.app().Following() {
		t.Fatalf("F did not rejoin:\n%s", fol.view())
	}

	headless := newApp(t, l, tui.Follower, 100, 30)
	f := headless.m.(follow.Model).App()
	f.SetFollowing(false)
	headless.m = follow.New(f)
	headless.press("f")
	if v := headless.view(); !strings.Contains(v, "Filters") {
		t.Fatalf("with no presenter, f did not open the facet filters:\n%s", v)
	}
}

// TestRoomListFollower: a follower never shows the presenter's room list.
func TestRoomListFollower(t *testing.T) {
	fol := newApp(t, lib(t), tui.Follower, 80, 24)
	people := []tui.Person{{Name: "alice", Following: true}, {Name: "bob"}, {Name: "kim", Following: true}}
	fol.send(tui.RoomMsg{Addr: "x", Following: 3, People: people})
	if fol.press("f", "?"); strings.Contains(fol.view(), "in the room") {
		t.Fatalf("a follower shows the room list:\n%s", fol.view())
	}
}

// TestRoomStudyHint: at a study stop, a follower is told the presenter
// reveals (its enter does nothing); browsing alone, enter is its own again.
func TestRoomStudyHint(t *testing.T) {
	l := lib(t)
	pres := newApp(t, l, tui.Presenter, 120, 40)
	fol := newApp(t, l, tui.Follower, 120, 40)
	share := func() { fol.send(tui.PresenterMsg{Shared: pres.app().Shared()}) }
	pres.press("r", "s")
	for range 20 {
		if strings.Contains(pres.view(), "w tries your idea") {
			break
		}
		pres.press("n")
	}
	if !strings.Contains(pres.view(), "w tries your idea") {
		t.Fatalf("the presenter never reached a study stop:\n%s", pres.view())
	}
	share()
	v := fol.view()
	if !strings.Contains(v, "the presenter reveals what was done") || strings.Contains(v, "w tries your idea") {
		t.Fatalf("a following follower is not told who reveals:\n%s", v)
	}
	fol.press("f")
	if v := fol.view(); !strings.Contains(v, "w tries your idea") {
		t.Fatalf("browsing alone at a stop, enter is not offered:\n%s", v)
	}
}

// TestRoomPredictWhileFollowing: at a study stop a following participant
// opens their prediction with `a`; every key then goes to it (`f` is a
// letter, not browse alone), enter keeps it and they still follow; keys
// that would move the moment are still refused.
func TestRoomPredictWhileFollowing(t *testing.T) {
	l := lib(t)
	pres := newApp(t, l, tui.Presenter, 120, 40)
	fol := newApp(t, l, tui.Follower, 120, 40)
	share := func() { fol.send(tui.PresenterMsg{Shared: pres.app().Shared()}) }
	pres.press("r", "s")
	for range 20 {
		if strings.Contains(pres.view(), "w tries your idea") {
			break
		}
		pres.press("n")
	}
	share()
	sh := pres.app().Shared()
	fol.send(tui.BoardMsg{Board: tui.Board{Incident: sh.Incident, Asking: sh.Moment.Asking, Revealed: -1, People: 1}})
	fol.press("a")
	for _, k := range "fix it first" {
		fol.press(string(k))
	}
	fol.press("enter")
	c := fol.m.(follow.Model).App().Contribution()
	if c.Prediction != "fix it first" || c.Stop != sh.Moment.Asking || !fol.m.(follow.Model).Following() {
		t.Fatalf("contribution %+v, following %v", c, fol.m.(follow.Model).Following())
	}
	before := fol.app().Shared().Moment.At
	fol.press("n", "G")
	if fol.app().Shared().Moment.At != before {
		t.Fatal("a following participant moved the moment")
	}
}
