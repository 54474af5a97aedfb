package tui

import (
	"strings"
	"testing"
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
