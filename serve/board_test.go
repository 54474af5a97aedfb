package serve

import (
	"regexp"
	"strings"
	"testing"
	"time"
)

// toStop has the presenter open IL-0499 in study mode and step to the
// first study stop.
func toStop(t *testing.T, p *presenter) {
	t.Helper()
	p.keys(t, "r")
	waitFor(t, "presenter", p.scr, "12:00 PDT")
	p.keys(t, "s")
	for i := 0; !strings.Contains(p.scr.String(), "Study stop 1 ·"); i++ {
		if i == 40 {
			t.Fatalf("no study stop after 40 events:\n%s", p.scr.String())
		}
		p.keys(t, "n")
		time.Sleep(50 * time.Millisecond)
	}
}

// never fails if any of bad is on scr now.
func never(t *testing.T, who string, scr *screen, bad ...string) {
	t.Helper()
	s := scr.String()
	for _, b := range bad {
		if strings.Contains(s, b) {
			t.Fatalf("%s sees %q too early:\n%s", who, b, s)
		}
	}
}

// TestRoomPredictions has three participants at a study stop: two predict,
// nobody else sees a prediction (the presenter sees how many), and on the
// presenter's reveal every screen shows both, with names, in its own size
// and language.
func TestRoomPredictions(t *testing.T) {
	srv, addr := testServer(t, nil)
	p := startPresenter(t, srv, 160, 40)
	alice := join(t, addr, "alice", 100, 30, nil, "")
	bob := join(t, addr, "bob", 90, 28, nil, "-- --lang ko")
	carol := join(t, addr, "carol", 120, 40, nil, "")
	waitFor(t, "presenter", p.scr, "3 following")
	toStop(t, p)
	waitFor(t, "alice", alice.scr, "Study stop 1 ·", "a to predict")
	waitFor(t, "bob", bob.scr, "학습 질문 1 ·", "a: 예측 입력")
	waitFor(t, "carol", carol.scr, "Study stop 1 ·")

	alice.keys(t, "a")
	waitFor(t, "alice", alice.scr, "Your prediction")
	alice.keys(t, "restart the supervisor\r")
	waitFor(t, "alice", alice.scr, "your prediction: restart the supervisor")
	bob.keys(t, "a")
	waitFor(t, "bob", bob.scr, "내 예측(")
	bob.keys(t, "생성 속도 제한\r")
	waitFor(t, "bob", bob.scr, "내 예측: 생성 속도 제한")
	waitFor(t, "presenter", p.scr, "predictions: 2 of 3 in")

	never(t, "presenter", p.scr, "restart the supervisor", "생성 속도 제한")
	never(t, "carol", carol.scr, "restart the supervisor", "생성 속도 제한")
	never(t, "alice", alice.scr, "생성 속도 제한")
	never(t, "bob", bob.scr, "restart the supervisor")

	p.keys(t, "\r")
	time.Sleep(100 * time.Millisecond)
	p.keys(t, " ") // rest on the revealed decision
	for who, c := range map[string]*client{"alice": alice, "bob": bob, "carol": carol} {
		waitFor(t, who, c.scr, "alice: restart the supervisor", "bob: 생성 속도 제한")
	}
	waitFor(t, "presenter", p.scr, "alice: restart the supervisor", "bob: 생성 속도 제한")
	checkFits(t, "alice", alice.scr, 100, 30)
	checkFits(t, "bob", bob.scr, 90, 28)
	// The presenter's minutes (serve --minutes) list them under the stop.
	if md := srv.Minutes(); !strings.Contains(md, "**Predictions:**\n- alice: restart the supervisor\n- bob: 생성 속도 제한") {
		t.Fatalf("the minutes do not list the predictions:\n%s", md)
	}
}

// pointed returns what the line with the pointer on scr names after the
// pointer's "➤ NAME: ", or "".
func pointed(scr *screen, name string) string {
	re := regexp.MustCompile(`➤ ` + regexp.QuoteMeta(name) + `: (\d\d:\d\d [A-Z]+)`)
	if m := re.FindStringSubmatch(scr.String()); m != nil {
		return m[1]
	}
	return ""
}

// TestRoomPointer has the presenter point at an event and at a heatmap
// cell: screens of other sizes and languages name the same thing; a
// participant points once let; a raised hand shows to the presenter until
// acknowledged.
func TestRoomPointer(t *testing.T) {
	srv, addr := testServer(t, nil)
	p := startPresenter(t, srv, 160, 40)
	alice := join(t, addr, "alice", 100, 30, nil, "")
	bob := join(t, addr, "bob", 90, 28, nil, "-- --lang ko")
	carol := join(t, addr, "carol", 120, 40, nil, "")
	waitFor(t, "presenter", p.scr, "3 following")
	p.keys(t, "r")
	waitFor(t, "bob", bob.scr, "12:00 PDT")
	p.keys(t, "nnnn")
	time.Sleep(200 * time.Millisecond)
	p.keys(t, ".")
	waitFor(t, "presenter", p.scr, "pointing:")
	p.keys(t, "k\r") // one event back, kept
	deadline := time.Now().Add(30 * time.Second)
	var at string
	for at == "" || pointed(alice.scr, "presenter") != at || pointed(bob.scr, "발표자") != at || pointed(carol.scr, "presenter") != at {
		if time.Now().After(deadline) {
			t.Fatalf("the screens do not point at the same event (presenter %q):\nalice:\n%s\nbob:\n%s", at, alice.scr.String(), bob.scr.String())
		}
		time.Sleep(20 * time.Millisecond)
		at = pointed(p.scr, "presenter")
	}
	for who, c := range map[string]*client{"alice": alice, "bob": bob} {
		waitFor(t, who, c.scr, "➤ "+at[:5]) // the event list marks the row
	}

	// A heatmap cell: instance and minute, in each screen's words.
	p.keys(t, "m")
	waitFor(t, "alice", alice.scr, "per instance")
	p.keys(t, ".jj\r")
	cell := regexp.MustCompile(`➤ presenter: (\S+) at (\d\d:\d\d)`)
	var m []string
	waitUntil(t, "presenter points at a cell", func() bool { m = cell.FindStringSubmatch(p.scr.String()); return m != nil })
	waitFor(t, "alice", alice.scr, "➤ presenter: "+m[1]+" at "+m[2])
	waitFor(t, "bob", bob.scr, "➤ 발표자: "+m[1]+" · "+m[2])

	// alice may not point until the presenter lets her.
	alice.keys(t, ".")
	time.Sleep(200 * time.Millisecond)
	never(t, "alice", alice.scr, "pointing:")
	p.keys(t, "L")
	waitFor(t, "presenter", p.scr, "participants may point")
	alice.keys(t, ".")
	waitFor(t, "alice", alice.scr, "pointing:")
	alice.keys(t, "\r")
	waitFor(t, "bob", bob.scr, "➤ alice: ")
	waitFor(t, "presenter", p.scr, "➤ alice: ")

	// carol raises a hand; the presenter acknowledges it.
	carol.keys(t, "H")
	waitFor(t, "presenter", p.scr, "hands up: carol · H acknowledges")
	p.keys(t, "H")
	waitUntil(t, "the hand is acknowledged", func() bool { return !strings.Contains(p.scr.String(), "hands up") })
}
