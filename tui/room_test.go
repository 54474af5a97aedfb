package tui

import (
	"fmt"
	"strings"
	"testing"
)

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
}
