package replayer

import (
	"fmt"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // Asia/Seoul on machines without a zone database

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

func zone(t testing.TB, s string) replay.Zone {
	t.Helper()
	z, err := replay.ParseZone(s, nil)
	if err != nil {
		t.Fatal(err)
	}
	return z
}

// TestReplayViewZone goldens the replay screen at 12:47 PDT shown in UTC
// and in Seoul, in English and Korean: the header's clock, the axis, the
// event list and the caption all move to the zone and name it.
func TestReplayViewZone(t *testing.T) {
	for _, tz := range []struct{ flag, name, clock string }{
		{"utc", "utc", "19:47 UTC"},
		{"Asia/Seoul", "seoul", "04:47 KST"},
	} {
		for _, lang := range []data.Lang{data.EN, data.KO} {
			t.Run(fmt.Sprintf("%s_%s", tz.name, lang), func(t *testing.T) {
				rec, tl := fixture(t)
				m := New(rec, tl, Options{Lang: lang, Styles: styles(), At: "12:47", Zone: zone(t, tz.flag)})
				m.SetSize(100, 30)
				if m.notice != "" {
					t.Fatalf("--at 12:47 in the source's zone: %s", m.notice)
				}
				view := m.View()
				if head := strings.SplitN(view, "\n", 2)[0]; !strings.Contains(head, tz.clock) {
					t.Errorf("header %q should show %s", head, tz.clock)
				}
				if strings.Contains(view, "PDT") {
					t.Errorf("a time is still in PDT:\n%s", view)
				}
				golden.RequireEqual(t, []byte(view))
			})
		}
	}
}

// TestSetZone switches a replayer's zone and back: the moment stays, the
// times move, and the source's zone draws exactly what it drew before.
func TestSetZone(t *testing.T) {
	rec, tl := fixture(t)
	m := New(rec, tl, Options{Styles: styles(), At: "13:06"})
	m.SetSize(120, 40)
	before, now := m.View(), m.Now()
	m.SetZone(zone(t, "Asia/Seoul"))
	if !m.Now().Equal(now) {
		t.Errorf("the moment moved: %v → %v", now, m.Now())
	}
	seoul := m.View()
	if !strings.Contains(seoul, "05:06") || !strings.Contains(seoul, "KST") || strings.Contains(seoul, "PDT") {
		t.Errorf("in Seoul the screen should read 05:06 KST:\n%s", seoul)
	}
	if got := m.Moment().Clock; !strings.HasPrefix(got, "05:06") {
		t.Errorf("the shared clock text = %q, want the seat's zone", got)
	}
	m.SetZone(replay.Zone{})
	if after := m.View(); after != before {
		t.Errorf("back in the source's zone the screen differs:\n%s\nwant:\n%s", after, before)
	}
	if m.tl != tl {
		t.Errorf("the source's zone should show the timeline as loaded")
	}
}

// TestZoneDayChange: the day mark follows the zone. An incident from
// 16:00 to 18:30 PDT stays on one day there, and crosses midnight in UTC.
func TestZoneDayChange(t *testing.T) {
	pdt := time.FixedZone("", -7*3600)
	start := time.Date(2026, 3, 25, 16, 0, 0, 0, pdt)
	tl := &data.Timeline{Incident: "IL-T", Zone: "PDT", Start: start, End: start.Add(150 * time.Minute)}
	late := start.Add(2 * time.Hour) // 18:00 PDT, 01:00 UTC the next day
	for _, tc := range []struct{ zone, clock, list string }{
		{"source", "18:00 PDT", "18:00"},
		{"utc", "01:00 UTC +1d", "01:00+1d"},
		{"Asia/Seoul", "10:00 KST", "10:00"}, // 08:00–10:30 KST on the 26th
	} {
		shown := zone(t, tc.zone).Apply(tl)
		if got := clockText(shown, late, false); got != tc.clock {
			t.Errorf("%s: clock %q, want %q", tc.zone, got, tc.clock)
		}
		if got := eventTime(shown, late); got != tc.list {
			t.Errorf("%s: list time %q, want %q", tc.zone, got, tc.list)
		}
	}
	// The text's span names the date in the zone: the 26th in Seoul.
	text := RenderText(nil, tl, TextOptions{Width: 80, Styles: styles(), Zone: zone(t, "Asia/Seoul")})
	if !strings.Contains(text, "2026-03-26 08:00–10:30 KST") {
		t.Errorf("the span should read 2026-03-26 08:00–10:30 KST:\n%s", text)
	}
}

// TestMinutesZone: the minutes of a study session write its stops and
// starred moments in the zone the seat shows.
func TestMinutesZone(t *testing.T) {
	m := scriptedSession(t, data.KO)
	src := m.Minutes()
	m.SetZone(zone(t, "Asia/Seoul"))
	md := m.Minutes()
	if !strings.Contains(src, "PDT") || !strings.Contains(md, "KST") {
		t.Fatalf("want PDT in the source's minutes and KST in Seoul's:\n%s\n---\n%s", src, md)
	}
	for _, l := range strings.Split(md, "\n") {
		if strings.HasPrefix(l, "#") && strings.Contains(l, "PDT") {
			t.Errorf("a heading of the minutes is still in PDT: %s", l)
		}
	}
}

// TestWhatIfZone: the what-if panel and the heatmap write their times in
// the seat's zone, and follow a switch while the panel is open. The one
// time left in the source's zone is a model parameter's value, which is
// typed in it and says so ("‹ 13:43 › PDT").
func TestWhatIfZone(t *testing.T) {
	tl := modelTimeline(t)
	m := New(nil, tl, Options{Styles: styles(), At: "12:47"})
	m.SetSize(120, 40)
	m, _ = press(m, runes("w"))
	if m.whatIf == nil {
		t.Fatal("w did not open the what-if panel")
	}
	if v := m.View(); !strings.Contains(v, "reached at                        13:42") {
		t.Fatalf("the panel in the source's zone should give the peak at 13:42:\n%s", v)
	}
	m.SetZone(zone(t, "utc"))
	v := m.View()
	if !strings.Contains(v, "reached at                        20:42") {
		t.Errorf("after the switch the panel should give the peak at 20:42 (UTC):\n%s", v)
	}
	for _, l := range strings.Split(v, "\n") {
		if strings.Contains(l, "PDT") && !strings.Contains(l, "rate_limit_at") {
			t.Errorf("a time is still in PDT: %s", l)
		}
	}
	h := New(nil, tl, Options{Styles: styles(), At: "12:47", Zone: zone(t, "Asia/Seoul")})
	h.SetSize(120, 40)
	h, _ = press(h, runes("m"))
	if v := h.View(); !strings.Contains(v, "04:47 KST") || strings.Contains(v, "PDT") {
		t.Errorf("the heatmap should be at 04:47 KST:\n%s", v)
	}
}

// TestPresentAndStudyZone: presenter mode's clock and event lines, and a
// study stop's question with the events known so far, are in the seat's
// zone.
func TestPresentAndStudyZone(t *testing.T) {
	rec, tl := fixture(t)
	m := New(rec, tl, Options{Styles: styles(), At: "12:47", Present: true, Zone: zone(t, "Asia/Seoul")})
	m.SetSize(120, 40)
	if v := m.View(); !strings.Contains(v, "04:47") || !strings.Contains(v, "KST") || strings.Contains(v, "PDT") {
		t.Errorf("presenter mode should read 04:47 KST:\n%s", v)
	}
	rec, tl = studyFixture(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		m = New(rec, tl, Options{Lang: lang, Styles: styles(), Study: true, Zone: zone(t, "utc")})
		m.SetSize(120, 40)
		m = playUntilAsking(t, m)
		v := m.View()
		if !strings.Contains(v, "UTC") || strings.Contains(v, "PDT") {
			t.Errorf("%s: the study stop should be in UTC:\n%s", lang, v)
		}
		if md := m.Minutes(); !strings.Contains(md, "UTC") {
			t.Errorf("%s: the minutes should be in UTC:\n%s", lang, md)
		}
	}
}

// TestZoneSizes: in every zone, at the widths of the layout rules and at
// 0×0, no line is wider than the screen, in Korean and in English, in
// every mode.
func TestZoneSizes(t *testing.T) {
	rec, tl := fixture(t)
	for _, tz := range []string{"utc", "Asia/Seoul", "Asia/Kolkata", "Pacific/Kiritimati", "America/Argentina/Buenos_Aires"} {
		for _, lang := range []data.Lang{data.KO, data.EN, data.Both} {
			for _, opts := range []Options{{}, {Study: true}, {Present: true}} {
				opts.Lang, opts.Styles, opts.Zone, opts.At = lang, styles(), zone(t, tz), "13:06"
				m := New(rec, tl, opts)
				for _, w := range []int{0, 39, 40, 80, 99, 100, 120} {
					h := max(w/3, 0)
					m.SetSize(w, h)
					for i, l := range strings.Split(m.View(), "\n") {
						if lw := lipgloss.Width(l); lw > w {
							t.Fatalf("%s %s %+v %dx%d: line %d is %d wide: %q", tz, lang, opts.Study, w, h, i, lw, l)
						}
					}
				}
			}
		}
	}
}
