package tui

import (
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // Asia/Seoul on machines without a zone database

	"github.com/incidents-dev/incidents/replay"
)

// TestZoneKey: the App opens in the --tz zone, z cycles every screen's
// zone on (Seoul → the source's → UTC …), a replayer opened later shows the
// zone chosen, and the help lists z in both languages.
func TestZoneKey(t *testing.T) {
	seoul, err := replay.ParseZone("Asia/Seoul", nil)
	if err != nil {
		t.Fatal(err)
	}
	d := newDriver(t, Options{Replay: "FX-0007", Zone: seoul}, 120, 40)
	header := func() string { return strings.SplitN(d.app.View(), "\n", 3)[1] }
	if h := header(); !strings.Contains(h, "17:00 KST") { // 09:00 CET
		t.Fatalf("the replayer should open at 17:00 KST: %q", h)
	}
	if top := strings.SplitN(d.app.View(), "\n", 2)[0]; !strings.HasSuffix(strings.TrimSpace(top), "Asia/Seoul · EN") {
		t.Fatalf("the app's header should name the zone: %q", top)
	}
	d.press("z")
	if h := header(); !strings.Contains(h, "09:00 CET") {
		t.Fatalf("z should go to the source's zone: %q", h)
	}
	if top := strings.SplitN(d.app.View(), "\n", 2)[0]; strings.Contains(top, "· EN") {
		t.Fatalf("in the source's zone the header names none: %q", top)
	}
	d.press("z")
	if h := header(); !strings.Contains(h, "08:00 UTC") {
		t.Fatalf("z should go on to UTC: %q", h)
	}
	if d.app.Zone().Kind() != replay.ZoneUTC {
		t.Fatalf("the App's zone = %v, want utc", d.app.Zone())
	}
	d.press("esc", "r") // a replayer opened now shows the App's zone
	if h := header(); !strings.Contains(h, "08:00 UTC") {
		t.Fatalf("a new replayer should open in UTC: %q", h)
	}
	d.press("?")
	if v := d.app.View(); !strings.Contains(v, "z       time zone") {
		t.Errorf("the full help should list z:\n%s", v)
	}
	d.press("t")
	if v := d.app.View(); !strings.Contains(v, "z       시간대") {
		t.Errorf("the Korean help should list z:\n%s", v)
	}
}

// TestRoomZones: the presenter shows UTC; one follower keeps the source's
// zone, another shows Seoul. Following, each replayer header is in its
// own zone; browsing alone, each strip writes the presenter's moment (an
// instant) in the follower's zone, never in the presenter's.
func TestRoomZones(t *testing.T) {
	utc, _ := replay.ParseZone("utc", nil)
	seoul, _ := replay.ParseZone("Asia/Seoul", nil)
	pres := newDriver(t, Options{Role: Presenter, Replay: "FX-0007", Zone: utc}, 120, 40)
	src := newDriver(t, Options{Role: Follower}, 100, 30)
	kst := newDriver(t, Options{Role: Follower, Zone: seoul}, 90, 28)
	pres.press("n")
	for _, f := range []*driver{src, kst} {
		f.send(PresenterMsg{Shared: pres.app.Shared()})
	}
	clock := func(d *driver) string { return strings.SplitN(d.app.View(), "\n", 3)[1] }
	p, s, k := clock(pres), clock(src), clock(kst)
	if !strings.Contains(p, " UTC") || !strings.Contains(s, " CET") || !strings.Contains(k, " KST") {
		t.Fatalf("each seat should show its own zone:\npresenter %q\nsource    %q\nSeoul     %q", p, s, k)
	}
	for _, f := range []*driver{src, kst} {
		f.send(FollowMsg{}) // what the follower's filter sends for f
		f.send(PresenterMsg{Shared: pres.app.Shared()})
	}
	at := pres.app.Shared().Moment.At
	for _, tc := range []struct {
		d    *driver
		want string
	}{{src, at.In(mustLoc(t, "CET")).Format("15:04") + " CET"}, {kst, at.In(mustLoc(t, "Asia/Seoul")).Format("15:04") + " KST"}} {
		if v := tc.d.app.View(); !strings.Contains(v, "presenter at "+tc.want) {
			t.Errorf("the strip should say presenter at %s:\n%s", tc.want, v)
		}
	}
}

func mustLoc(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}
