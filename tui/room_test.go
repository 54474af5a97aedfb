package tui

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/muesli/termenv"

	"github.com/incidents-dev/incidents/tui/theme"
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

// TestRoomNotices checks the join and leave notices in the presenter's
// header: several at once fold, they use no error colour, the count stays
// visible, and they expire on the App's clock (faked here).
func TestRoomNotices(t *testing.T) {
	pres := newDriver(t, Options{Role: Presenter}, 120, 40)
	head := func() string { return strings.SplitN(pres.app.View(), "\n", 2)[0] }
	pres.send(RoomMsg{Addr: "127.0.0.1:2222", Following: 1, Joins: 1, LastJoined: "kim"})
	if h := head(); !strings.Contains(h, "kim joined · serving on 127.0.0.1:2222 · 1 following") {
		t.Fatalf("one join: %q", h)
	}
	// Two more arrive while it stands (the second message replaced the
	// first in the mailbox: the totals still count both).
	pres.send(RoomMsg{Addr: "127.0.0.1:2222", Following: 3, Joins: 3, LastJoined: "lee"})
	if h := head(); !strings.Contains(h, "3 joined · serving on 127.0.0.1:2222 · 3 following") {
		t.Fatalf("three joins do not fold: %q", h)
	}
	pres.press("t")
	if h := head(); !strings.Contains(h, "3명 입장 · 127.0.0.1:2222에서 공유 중 · 3명 따라오는 중") {
		t.Fatalf("Korean notice: %q", h)
	}
	pres.press("t", "t")
	// A key that sets a status message keeps the count in the header.
	pres.send(RoomMsg{Addr: "127.0.0.1:2222", Following: 2, Joins: 3, Leaves: 1, LastJoined: "lee", LastLeft: "kim"})
	if h := head(); !strings.Contains(h, "3 joined · kim left") {
		t.Fatalf("a leave does not fold beside the joins: %q", h)
	}
	if len(pres.ticks) == 0 {
		t.Fatal("no expiry was scheduled")
	}
	pres.fireTicks() // only the last scheduled expiry ends the notice
	if h := head(); strings.Contains(h, "joined") || strings.Contains(h, "left") || !strings.Contains(h, "2 following") {
		t.Fatalf("the notice did not expire, or took the count with it: %q", h)
	}
}

// TestNoticeColour checks that a join notice is drawn in a neutral colour,
// not the error colour, with a colour profile.
func TestNoticeColour(t *testing.T) {
	st := theme.New(theme.NewRenderer(io.Discard, termenv.ANSI256, true), theme.DefaultPalette())
	pres := newDriver(t, Options{Role: Presenter, Styles: st}, 120, 40)
	pres.send(RoomMsg{Addr: "a", Following: 1, Joins: 1, LastJoined: "kim"})
	errOn := strings.SplitN(st.App.Error.Render("x"), "x", 2)[0]
	if errOn == "" {
		t.Fatal("the error style draws no colour: the check proves nothing")
	}
	h := strings.SplitN(pres.app.View(), "\n", 2)[0]
	if !strings.Contains(h, "kim joined") || strings.Contains(h, errOn) {
		t.Fatalf("the notice is missing or in the error colour: %q", h)
	}
}

// TestNoticeExpiryOrder checks that an expiry scheduled for an earlier
// notice does not end one that has grown since.
func TestNoticeExpiryOrder(t *testing.T) {
	pres := newDriver(t, Options{Role: Presenter}, 120, 40)
	pres.send(RoomMsg{Addr: "a", Following: 1, Joins: 1, LastJoined: "kim"})
	first := pres.ticks
	pres.ticks = nil
	pres.send(RoomMsg{Addr: "a", Following: 2, Joins: 2, LastJoined: "lee"})
	for _, m := range first {
		pres.send(m)
	}
	if h := strings.SplitN(pres.app.View(), "\n", 2)[0]; !strings.Contains(h, "2 joined") {
		t.Fatalf("the first notice's expiry ended the grown one: %q", h)
	}
	pres.fireTicks()
	if h := strings.SplitN(pres.app.View(), "\n", 2)[0]; strings.Contains(h, "joined") {
		t.Fatalf("the grown notice did not expire: %q", h)
	}
}

// TestRoomHands: a raised hand shows in the presenter's header on every
// screen, beside the count, until the room's board drops it.
func TestRoomHands(t *testing.T) {
	pres := newDriver(t, Options{Role: Presenter}, 120, 40)
	pres.send(RoomMsg{Addr: "a", Following: 2})
	pres.send(BoardMsg{Board: Board{Asking: -1, Revealed: -1, Hands: []string{"lee", "kim"}, Presenting: true}})
	if h := strings.SplitN(pres.app.View(), "\n", 2)[0]; !strings.Contains(h, "✋ lee, kim · serving on a · 2 following") {
		t.Fatalf("header: %q", h)
	}
	pres.send(BoardMsg{Board: Board{Asking: -1, Revealed: -1, Presenting: true}})
	if h := strings.SplitN(pres.app.View(), "\n", 2)[0]; strings.Contains(h, "✋") {
		t.Fatalf("an acknowledged hand stays: %q", h)
	}
}
