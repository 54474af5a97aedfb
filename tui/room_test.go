package tui

import (
	"fmt"
	"strings"
	"testing"
)

// TestRoom drives a presenter's and a follower's App by hand: the
// follower mirrors each Shared state while following, refuses moving keys,
// browses alone after f (with the strip saying where the presenter is) and
// re-syncs on f again.
func TestRoom(t *testing.T) {
	pres := newDriver(t, Options{Role: Presenter}, 120, 40)
	fol := newDriver(t, Options{Role: Follower}, 80, 24)
	share := func() { fol.send(PresenterMsg{Shared: pres.app.Shared()}) }

	pres.press("r")
	share()
	if !strings.Contains(fol.app.View(), "09:00 CET") || !fol.app.Following() {
		t.Fatalf("the follower did not open the presenter's replay:\n%s", fol.app.View())
	}
	pres.press("n")
	share()
	if !strings.Contains(fol.app.View(), "09:12 CET") {
		t.Fatalf("the follower's clock did not move with the presenter's:\n%s", fol.app.View())
	}
	fol.press("G", "space", "esc")
	if v := fol.app.View(); !strings.Contains(v, "09:12 CET") || !strings.Contains(v, "following the presenter") {
		t.Fatalf("a following follower's keys moved it:\n%s", v)
	}
	if pres.app.Shared().Moment.Clock != "09:12 CET" {
		t.Fatal("a follower's key reached the presenter")
	}

	fol.press("f", "G")
	pres.press("n")
	share()
	v := fol.app.View()
	if strings.Contains(v, "09:12 CET") && !strings.Contains(v, "presenter at") {
		t.Fatalf("browsing alone, the follower moved with the presenter:\n%s", v)
	}
	if !strings.Contains(v, "presenter at "+pres.app.Shared().Moment.Clock+" · FX-0007 · f to rejoin") {
		t.Fatalf("no strip saying where the presenter is:\n%s", v)
	}
	checkFits(t, v, 80, 24, "browsing follower")

	fol.press("f")
	v = fol.app.View()
	if !strings.Contains(v, pres.app.Shared().Moment.Clock) || strings.Contains(v, "f to rejoin") {
		t.Fatalf("f did not re-sync the follower:\n%s", v)
	}

	fol.send(PresenterLeftMsg{})
	if v := fol.app.View(); !strings.Contains(v, "the presenter has left") || fol.app.Following() {
		t.Fatalf("the follower was not told the presenter left:\n%s", v)
	}
	fol.press("f")
	if !strings.Contains(fol.app.View(), "the presenter has left") {
		t.Fatalf("f after the presenter left:\n%s", fol.app.View())
	}
}

// TestRoomSearch checks that a follower's list shows the presenter's
// search and selection, in the list and back from a record.
func TestRoomSearch(t *testing.T) {
	pres := newDriver(t, Options{Role: Presenter}, 120, 40)
	fol := newDriver(t, Options{Role: Follower}, 100, 30)
	share := func() { fol.send(PresenterMsg{Shared: pres.app.Shared()}) }
	pres.press("/", "f", "j", "o", "r", "d", "enter")
	share()
	if v := fol.app.View(); !strings.Contains(v, "/ fjord") || !strings.Contains(v, "1 of 11") {
		t.Fatalf("the follower's list does not show the presenter's search:\n%s", v)
	}
	pres.press("esc", "/", "a", "c", "m", "e", "enter", "j")
	share()
	want := pres.app.Shared().Incident
	if v := fol.app.View(); !strings.Contains(v, "/ acme") || !strings.Contains(v, "▸ "+want) {
		t.Fatalf("the follower does not show the presenter's search with %s selected:\n%s", want, v)
	}
	pres.press("enter", "esc", "esc")
	share()
	if v := fol.app.View(); strings.Contains(v, "/ acme") || !strings.Contains(v, "11 incidents") {
		t.Fatalf("the presenter cleared the search, the follower still shows it:\n%s", v)
	}
}

// TestRoomFacets checks that a follower browsing alone in the explorer
// has the facet filters on f, as everyone else does, with F to rejoin (and
// f still leaving a following session, where nothing else is typed).
func TestRoomFacets(t *testing.T) {
	pres := newDriver(t, Options{Role: Presenter}, 120, 40)
	fol := newDriver(t, Options{Role: Follower}, 100, 30)
	fol.send(PresenterMsg{Shared: pres.app.Shared()})
	fol.press("f")
	if fol.app.Following() {
		t.Fatal("f did not leave a following session")
	}
	if v := fol.app.View(); !strings.Contains(v, "presenter in the list · F to rejoin (f filters)") {
		t.Fatalf("the explorer's strip does not say F rejoins:\n%s", v)
	}
	fol.press("f")
	if v := fol.app.View(); !strings.Contains(v, "Filters") || fol.app.Following() {
		t.Fatalf("f browsing alone in the explorer did not open the facet filters:\n%s", v)
	}
	fol.press("esc", "F")
	if !fol.app.Following() {
		t.Fatalf("F did not rejoin:\n%s", fol.app.View())
	}

	headless := newDriver(t, Options{Role: Follower}, 100, 30)
	headless.app.SetFollowing(false)
	headless.press("f")
	if v := headless.app.View(); !strings.Contains(v, "Filters") {
		t.Fatalf("with no presenter, f did not open the facet filters:\n%s", v)
	}
}

// TestRoomHeader checks the presenter's header line, in both languages.
func TestRoomHeader(t *testing.T) {
	pres := newDriver(t, Options{Role: Presenter}, 120, 40)
	pres.send(RoomMsg{Addr: "127.0.0.1:2222", Following: 3, Browsing: 1})
	if h := strings.SplitN(pres.app.View(), "\n", 2)[0]; !strings.Contains(h, "serving on 127.0.0.1:2222 · 3 following · 1 browsing") {
		t.Fatalf("header: %q", h)
	}
	pres.press("t")
	if h := strings.SplitN(pres.app.View(), "\n", 2)[0]; !strings.Contains(h, "127.0.0.1:2222에서 공유 중 · 3명 따라오는 중 · 1명 혼자 보는 중") {
		t.Fatalf("Korean header: %q", h)
	}
	alone := newDriver(t, Options{}, 120, 40)
	alone.send(RoomMsg{Addr: "x", Following: 1})
	alone.send(PresenterMsg{})
	alone.press("f")
	if strings.Contains(alone.app.View(), "serving on") || strings.Contains(alone.app.View(), "presenter") {
		t.Fatalf("an App alone shows the room:\n%s", alone.app.View())
	}
}

// TestRoomList checks the room list under the presenter's full help: who
// is in the room, who browses alone, and a long room cut to three rows
// that count everyone.
func TestRoomList(t *testing.T) {
	pres := newDriver(t, Options{Role: Presenter}, 80, 24)
	people := []Person{{Name: "alice", Following: true}, {Name: "bob"}, {Name: "kim", Following: true}}
	pres.send(RoomMsg{Addr: "127.0.0.1:2222", Following: 2, Browsing: 1, People: people})
	if strings.Contains(pres.app.View(), "in the room") {
		t.Fatalf("the room list shows without the full help:\n%s", pres.app.View())
	}
	pres.press("?")
	v := pres.app.View()
	if !strings.Contains(v, "in the room (3): alice · bob (browsing) · kim") {
		t.Fatalf("no room list under the full help:\n%s", v)
	}
	checkFits(t, v, 80, 24, "presenter with the room list")
	pres.press("t")
	if v := pres.app.View(); !strings.Contains(v, "참여자 3명: alice · bob (혼자 보는 중) · kim") {
		t.Fatalf("no Korean room list:\n%s", v)
	}

	pres.press("t")
	many := make([]Person, 50)
	for i := range many {
		many[i] = Person{Name: fmt.Sprintf("participant-%02d", i), Following: true}
	}
	pres.send(RoomMsg{Addr: "127.0.0.1:2222", Following: 50, People: many})
	v = pres.app.View()
	checkFits(t, v, 80, 24, "presenter with 50 in the room")
	var rows []string
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "participant-") {
			rows = append(rows, l)
		}
	}
	if len(rows) != maxRoomRows {
		t.Fatalf("%d rows of names, want %d:\n%s", len(rows), maxRoomRows, v)
	}
	shown := strings.Count(strings.Join(rows, " "), "participant-")
	if want := fmt.Sprintf("… and %d more", 50-shown); !strings.Contains(rows[len(rows)-1], want) {
		t.Fatalf("the last row does not end with %q: %q", want, rows[len(rows)-1])
	}

	fol := newDriver(t, Options{Role: Follower}, 80, 24)
	fol.send(RoomMsg{Addr: "x", Following: 3, People: people})
	if fol.press("f", "?"); strings.Contains(fol.app.View(), "in the room") {
		t.Fatalf("a follower shows the room list:\n%s", fol.app.View())
	}
}

// TestRoomStudyHint: at a study stop, a follower is told the presenter
// reveals (its enter does nothing); browsing alone, enter is its own again.
func TestRoomStudyHint(t *testing.T) {
	pres := newDriver(t, Options{Role: Presenter}, 120, 40)
	fol := newDriver(t, Options{Role: Follower}, 120, 40)
	share := func() { fol.send(PresenterMsg{Shared: pres.app.Shared()}) }
	pres.press("r", "s")
	for range 20 {
		if strings.Contains(pres.app.View(), "w tries your idea") {
			break
		}
		pres.press("n")
	}
	if !strings.Contains(pres.app.View(), "w tries your idea") {
		t.Fatalf("the presenter never reached a study stop:\n%s", pres.app.View())
	}
	share()
	v := fol.app.View()
	if !strings.Contains(v, "the presenter reveals what was done") || strings.Contains(v, "w tries your idea") {
		t.Fatalf("a following follower is not told who reveals:\n%s", v)
	}
	fol.press("f")
	if v := fol.app.View(); !strings.Contains(v, "w tries your idea") {
		t.Fatalf("browsing alone at a stop, enter is not offered:\n%s", v)
	}
}
