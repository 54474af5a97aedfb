package serve

import (
	"strings"
	"testing"
	_ "time/tzdata" // Asia/Seoul on machines without a zone database
)

// TestZonesPerSeat: two followers see the presenter's one moment, an
// instant, each in their own zone: alice in UTC by --tz, bob in Korean in
// Seoul by the TZ his client sends. A follower's z switches only their own
// screen, and does not stop them following.
func TestZonesPerSeat(t *testing.T) {
	srv, addr := testServer(t, nil)
	p := startPresenter(t, srv, 160, 40)
	alice := join(t, addr, "alice", 100, 30, []string{"LANG=en_GB.UTF-8", "TZ=Europe/Berlin"}, "-- --tz utc")
	waitFor(t, "presenter", p.scr, "alice joined")
	bob := join(t, addr, "bob", 90, 28, []string{"LANG=ko_KR.UTF-8", "TZ=Asia/Seoul"}, "-- --tz local")
	waitFor(t, "presenter", p.scr, "2 following")

	p.keys(t, "r")
	waitFor(t, "presenter", p.scr, "12:00 PDT")
	p.keys(t, "n") // the first event, 12:13 PDT
	waitFor(t, "presenter", p.scr, "12:13 PDT")
	waitFor(t, "alice", alice.scr, "19:13 UTC", "following")
	waitFor(t, "bob", bob.scr, "04:13 KST", "따라가는 중")
	if s := p.scr.String(); strings.Contains(s, "UTC") || strings.Contains(s, "KST") {
		t.Fatalf("a follower's zone reached the presenter:\n%s", s)
	}

	// alice's z cycles her zone on, UTC → local (the Berlin her client
	// sent); she still follows, and bob stays in Seoul.
	alice.keys(t, "z")
	p.keys(t, "l")
	waitFor(t, "presenter", p.scr, "12:14 PDT")
	waitFor(t, "bob", bob.scr, "04:14 KST")
	s := waitFor(t, "alice", alice.scr, "20:14 CET", "following")
	if strings.Contains(s, "browsing") {
		t.Fatalf("alice's z stopped her following:\n%s", s)
	}

	// Browsing alone, the strip names the presenter's moment in her zone.
	bob.keys(t, "f")
	waitFor(t, "bob", bob.scr, "04:14 KST · IL-0499")
	checkFits(t, "alice", alice.scr, 100, 30)
	checkFits(t, "bob", bob.scr, 90, 28)
}

// TestZoneRefused: an unknown zone on a participant's command line is
// refused in one line naming the flag and the accepted forms.
func TestZoneRefused(t *testing.T) {
	for _, args := range [][]string{{"--tz", "Mars/Base"}, {"replay", "IL-0499", "--tz", "../../etc/passwd"}} {
		_, err := parseRequest(args, nil, 0, "auto")
		if err == nil || !strings.Contains(err.Error(), "--tz: unknown time zone") || !strings.Contains(err.Error(), "Asia/Seoul") {
			t.Errorf("parseRequest(%q) = %v, want a --tz error with the accepted forms", args, err)
		}
	}
	rq, err := parseRequest([]string{"timeline", "IL-0499", "--tz", "Asia/Seoul"}, nil, 0, "auto")
	if err != nil || !strings.Contains(strings.Join(rq.command, " "), "--tz Asia/Seoul") {
		t.Errorf("timeline --tz should pass through: %v %v", rq.command, err)
	}
	rq, err = parseRequest(nil, []string{"TZ=/etc/shadow"}, 0, "auto")
	if err != nil || rq.local != nil {
		t.Errorf("a TZ that is no zone name should be ignored: %v %v", rq.local, err)
	}
}
