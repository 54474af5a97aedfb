package replayer

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
)

// TestMomentAgrees checks that every place that writes the moment writes
// the same one at a study stop, where the figures are drawn from just
// before the stop: the header, the presenter's big clock, the copied
// Markdown and a follower's Moment, in English and Korean.
func TestMomentAgrees(t *testing.T) {
	rec, tl := studyFixture(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		m := New(rec, tl, Options{Lang: lang, Styles: styles(), Study: true, At: "14:10"})
		m.SetSize(120, 40)
		m = playUntilAsking(t, m)
		const clock, el = "14:15 PDT", "T+2:15"
		shown := regexp.MustCompile(`14:15 PDT +T\+2:15 `)
		if v := ansi.Strip(m.View()); !shown.MatchString(strings.SplitN(v, "\n", 2)[0]) {
			t.Errorf("%s: the header does not read %s %s:\n%s", lang, clock, el, strings.SplitN(v, "\n", 2)[0])
		}
		if md := m.Markdown(); !strings.Contains(md, clock+" · "+el+" ") {
			t.Errorf("%s: the copy does not read %s · %s:\n%s", lang, clock, el, md)
		}
		if got := m.Moment().Clock; got != clock {
			t.Errorf("%s: a follower reads %q, want %q", lang, got, clock)
		}
		m, _ = press(m, runes("P"))
		v := ansi.Strip(m.View())
		for _, row := range bigDigits("14:15") {
			if !strings.Contains(v, row) {
				t.Errorf("%s: the presenter's clock does not read 14:15:\n%s", lang, v)
				break
			}
		}
		if !shown.MatchString(v) {
			t.Errorf("%s: the presenter's side clock does not read %s  %s", lang, clock, el)
		}
	}
}

// TestMomentOf checks that the clock and the elapsed time count the same
// minutes, also for a timeline starting between two minutes, where the
// elapsed time since the exact start would lag the clock.
func TestMomentOf(t *testing.T) {
	pdt := time.FixedZone("PDT", -7*3600)
	start := time.Date(2026, 3, 25, 11, 59, 30, 0, pdt)
	tl := &data.Timeline{Zone: "PDT", Start: start, End: start.Add(3 * time.Hour)}
	for _, tc := range []struct {
		after        time.Duration
		clock, since string
	}{
		{0, "11:59 PDT", "0:00"},
		{29 * time.Second, "11:59 PDT", "0:00"},
		{30 * time.Second, "12:00 PDT", "0:01"},
		{time.Hour + 29*time.Second, "12:59 PDT", "1:00"},
		{2*time.Hour + 15*time.Minute + 40*time.Second, "14:15 PDT", "2:16"},
	} {
		got := momentOf(tl, start.Add(tc.after), false)
		if got.clock != tc.clock || got.elapsed != tc.since || got.digits != tc.clock[:5] {
			t.Errorf("at start+%v: %q T+%s (big %s), want %q T+%s", tc.after, got.clock, got.elapsed, got.digits, tc.clock, tc.since)
		}
	}
	if got := momentOf(tl, start.Add(25*time.Hour), true).clock; got != "12:59:30 PDT +1d" {
		t.Errorf("a day later with seconds: %q", got)
	}
}
