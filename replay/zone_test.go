package replay

import (
	"errors"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the tests need Asia/Seoul on machines without a zone database

	"github.com/incidents-dev/incidents/data"
)

// zoneTimeline starts at 23:30 PDT on 10 March and ends at 01:10 the next
// day: a day change in the source's zone, none in UTC or Seoul.
func zoneTimeline() *data.Timeline {
	pdt := time.FixedZone("", -7*3600)
	start := time.Date(2026, 3, 10, 23, 30, 0, 0, pdt)
	return &data.Timeline{Incident: "IL-T", Zone: "PDT", Start: start, End: start.Add(100 * time.Minute),
		Events: []data.Event{{At: start.Add(40 * time.Minute)}}}
}

func TestParseZone(t *testing.T) {
	berlin, _ := time.LoadLocation("Europe/Berlin")
	tl := zoneTimeline()
	at := tl.Events[0].At // 00:10 PDT on the 11th = 07:10 UTC = 16:10 KST
	tests := []struct {
		in, want, name string
		kind           ZoneKind
	}{
		{"", "00:10 PDT 03-11", "source", ZoneSource},
		{"source", "00:10 PDT 03-11", "source", ZoneSource},
		{"SOURCE", "00:10 PDT 03-11", "source", ZoneSource},
		{"utc", "07:10 UTC 03-11", "utc", ZoneUTC},
		{" UTC ", "07:10 UTC 03-11", "utc", ZoneUTC},
		{"local", "08:10 CET 03-11", "local", ZoneLocal},
		{"Asia/Seoul", "16:10 KST 03-11", "Asia/Seoul", ZoneNamed},
		{"America/Los_Angeles", "00:10 PDT 03-11", "America/Los_Angeles", ZoneNamed},
		{"Etc/GMT-14", "21:10 +14 03-11", "Etc/GMT-14", ZoneNamed},
	}
	for _, tc := range tests {
		z, err := ParseZone(tc.in, berlin)
		if err != nil {
			t.Errorf("ParseZone(%q): %v", tc.in, err)
			continue
		}
		if z.Kind() != tc.kind || z.String() != tc.name {
			t.Errorf("ParseZone(%q) = %v %q, want %v %q", tc.in, z.Kind(), z, tc.kind, tc.name)
		}
		shown := z.Apply(tl)
		if got := at.In(shown.Location()).Format("15:04 MST 01-02"); got != tc.want {
			t.Errorf("ParseZone(%q): event at %s, want %s", tc.in, got, tc.want)
		}
		if got := at.In(z.Loc(tl)).Format("15:04 MST 01-02"); got != tc.want {
			t.Errorf("ParseZone(%q).Loc: event at %s, want %s", tc.in, got, tc.want)
		}
	}
}

func TestParseZoneRefuses(t *testing.T) {
	for _, in := range []string{
		"Mars/Olympus_Mons", "Asia/seoul2", "../../etc/passwd", "/etc/localtime", "Asia//Seoul", "Asia/",
		"Asia/Seoul\x1b[2J", "아시아/서울", "Asia/Seoul extra", strings.Repeat("A", MaxZoneLen+1), "Asia/" + strings.Repeat("x", 5000),
	} {
		z, err := ParseZone(in, nil)
		if err == nil {
			t.Errorf("ParseZone(%q) = %v, want an error", in, z)
			continue
		}
		if !errors.Is(err, ErrZone) {
			t.Errorf("ParseZone(%q): %v does not wrap ErrZone", in, err)
		}
		msg := err.Error()
		if !strings.Contains(msg, ZoneForms) || strings.ContainsAny(msg, "\x1b\n") || len(msg) > 200 {
			t.Errorf("ParseZone(%q): error %q should name the accepted forms, cleaned and short", in, msg)
		}
	}
}

func TestZoneApplyKeepsTheSource(t *testing.T) {
	tl := zoneTimeline()
	if got := (Zone{}).Apply(tl); got != tl {
		t.Errorf("the source's zone should return the timeline itself")
	}
	z, _ := ParseZone("utc", nil)
	shown := z.Apply(tl)
	if shown == tl || tl.Location().String() != "PDT" || shown.SourceLocation().String() != "PDT" {
		t.Errorf("Apply should copy: loaded %s, shown source %s", tl.Location(), shown.SourceLocation())
	}
	if len(shown.Events) != 1 || !shown.Start.Equal(tl.Start) {
		t.Errorf("the copy should keep the events and the span")
	}
	if (Zone{}).Apply(nil) != nil || z.Apply(nil) != nil {
		t.Errorf("Apply(nil) should be nil")
	}
}

func TestZoneNext(t *testing.T) {
	berlin, _ := time.LoadLocation("Europe/Berlin")
	cycle := func(z Zone) []string {
		var out []string
		for range 5 {
			out = append(out, z.String())
			z = z.Next()
		}
		return out
	}
	z, _ := ParseZone("Asia/Seoul", berlin)
	if got, want := strings.Join(cycle(z), " "), "Asia/Seoul source utc local Asia/Seoul"; got != want {
		t.Errorf("cycle from a named zone = %s, want %s", got, want)
	}
	z, _ = ParseZone("source", berlin)
	if got, want := strings.Join(cycle(z), " "), "source utc local source utc"; got != want {
		t.Errorf("cycle without a named zone = %s, want %s", got, want)
	}
	z, _ = ParseZone("source", time.UTC) // a server in UTC: local is UTC again
	if got, want := strings.Join(cycle(z), " "), "source utc source utc source"; got != want {
		t.Errorf("cycle where local is UTC = %s, want %s", got, want)
	}
	seoul, _ := time.LoadLocation("Asia/Seoul")
	z = z.WithLocal(seoul).Next().Next()
	if z.Kind() != ZoneLocal || z.Loc(nil) != seoul {
		t.Errorf("WithLocal: local = %v, want Asia/Seoul", z.Loc(nil))
	}
}

// FuzzParseZone: any --tz value either gives a zone that shows a
// timeline, or an error that wraps ErrZone, names the accepted forms and
// carries no control character; nothing panics.
func FuzzParseZone(f *testing.F) {
	for _, s := range []string{"source", "utc", "local", "Asia/Seoul", "America/Los_Angeles", "Etc/GMT+5",
		"../x", "/etc/localtime", "Asia//Seoul", "\x1b[2J", "아시아/서울", "Local", "UTC", "posixrules", "Factory"} {
		f.Add(s)
	}
	tl := zoneTimeline()
	f.Fuzz(func(t *testing.T, s string) {
		z, err := ParseZone(s, nil)
		if err != nil {
			msg := err.Error()
			if !errors.Is(err, ErrZone) || !strings.Contains(msg, ZoneForms) {
				t.Fatalf("ParseZone(%q): %v", s, err)
			}
			if strings.ContainsAny(msg, "\x00\x1b\n\r\u202e") || len(msg) > 400 {
				t.Fatalf("ParseZone(%q): error not cleaned or too long: %q", s, msg)
			}
			return
		}
		if z.Loc(tl) == nil || z.Apply(tl) == nil || z.Next().Loc(tl) == nil {
			t.Fatalf("ParseZone(%q) = %v has no location", s, z)
		}
		_ = tl.Events[0].At.In(z.Apply(tl).Location()).Format("15:04 MST")
	})
}
