package replay

import (
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
)

func TestNewClockSpeed(t *testing.T) {
	tests := []struct{ in, want int }{
		{0, 60}, {1, 1}, {10, 10}, {60, 60}, {300, 300}, {600, 600},
		{2, 1}, {45, 60}, {1000, 600}, {-5, 1},
	}
	for _, tc := range tests {
		if got := NewClock(fixture(), tc.in).Speed(); got != tc.want {
			t.Errorf("NewClock(speed %d).Speed() = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestClockSpeedSteps(t *testing.T) {
	c := NewClock(fixture(), 1)
	var got []int
	for {
		got = append(got, c.Speed())
		var ok bool
		if c, ok = c.Faster(); !ok {
			break
		}
	}
	for {
		var ok bool
		if c, ok = c.Slower(); !ok {
			break
		}
		got = append(got, c.Speed())
	}
	want := []int{1, 10, 60, 300, 600, 300, 60, 10, 1}
	if len(got) != len(want) {
		t.Fatalf("speeds %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("speeds %v, want %v", got, want)
		}
	}
}

func TestClockAdvance(t *testing.T) {
	type step struct {
		do   func(Clock) Clock
		now  string // HH:MM:SS after the step
		play bool
	}
	adv := func(d time.Duration) func(Clock) Clock { return func(c Clock) Clock { return c.Advance(d) } }
	tests := []struct {
		name  string
		speed int
		steps []step
	}{
		{"paused does not move", 60, []step{
			{adv(time.Second), "12:00:00", false},
		}},
		{"1× moves wall time", 1, []step{
			{Clock.Play, "12:00:00", true},
			{adv(100 * time.Millisecond), "12:00:00", true},
			{adv(time.Second), "12:00:01", true},
		}},
		{"60× moves a minute per second", 60, []step{
			{Clock.Play, "12:00:00", true},
			{adv(time.Second), "12:01:00", true},
			{adv(100 * time.Millisecond), "12:01:06", true},
		}},
		{"600× moves a minute per 100 ms", 600, []step{
			{Clock.Play, "12:00:00", true},
			{adv(100 * time.Millisecond), "12:01:00", true},
			{adv(5 * time.Second), "12:51:00", true},
		}},
		{"pause stops, play resumes", 10, []step{
			{Clock.Play, "12:00:00", true},
			{adv(6 * time.Second), "12:01:00", true},
			{Clock.Pause, "12:01:00", false},
			{adv(6 * time.Second), "12:01:00", false},
			{Clock.Toggle, "12:01:00", true},
			{adv(6 * time.Second), "12:02:00", true},
			{Clock.Toggle, "12:02:00", false},
		}},
		{"stops at the end", 600, []step{
			{Clock.Play, "12:00:00", true},
			{adv(5 * time.Second), "12:50:00", true},
			{adv(2 * time.Second), "13:00:00", false},
			{adv(time.Second), "13:00:00", false},
		}},
		{"play at the end restarts", 300, []step{
			{func(c Clock) Clock { return c.With(c.ToEnd()) }, "13:00:00", false},
			{Clock.Play, "12:00:00", true},
			{adv(time.Second), "12:05:00", true},
		}},
		{"negative wall time is ignored", 60, []step{
			{Clock.Play, "12:00:00", true},
			{adv(-time.Second), "12:00:00", true},
		}},
		{"seek to the end while playing pauses", 60, []step{
			{Clock.Play, "12:00:00", true},
			{func(c Clock) Clock { return c.With(c.ToEnd()) }, "13:00:00", false},
		}},
		{"seek while playing keeps playing", 60, []step{
			{Clock.Play, "12:00:00", true},
			{func(c Clock) Clock { n, _ := c.Next(); return c.With(n) }, "12:10:00", true},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewClock(fixture(), tc.speed)
			for i, s := range tc.steps {
				c = s.do(c)
				if got := c.Now().Format("15:04:05"); got != s.now || c.Playing() != s.play {
					t.Fatalf("step %d: %s playing %v, want %s playing %v", i, got, c.Playing(), s.now, s.play)
				}
			}
		})
	}
}

func TestClockEmpty(t *testing.T) {
	for _, tl := range []*data.Timeline{nil, {Start: at("12:00"), End: at("12:00")}} {
		c := NewClock(tl, 0).Play()
		if c.Playing() {
			t.Errorf("Play() on a timeline without span plays")
		}
		c = c.Advance(time.Second)
		if c.Elapsed() != 0 {
			t.Errorf("Elapsed() = %v after Advance on an empty timeline", c.Elapsed())
		}
	}
}

func TestParseAt(t *testing.T) {
	night := &data.Timeline{Zone: "PDT", Start: at("22:00"), End: at("22:00").Add(4 * time.Hour)}
	tests := []struct {
		name string
		tl   *data.Timeline
		in   string
		want time.Time
		err  string
	}{
		{"inside", fixture(), "12:30", at("12:30"), ""},
		{"with seconds", fixture(), "12:30:15", at("12:30").Add(15 * time.Second), ""},
		{"start", fixture(), "12:00", at("12:00"), ""},
		{"end", fixture(), "13:00", at("13:00"), ""},
		{"before", fixture(), "11:59", time.Time{}, "time 11:59 is outside the timeline (12:00–13:00 PDT)"},
		{"after", fixture(), "13:01", time.Time{}, "time 13:01 is outside the timeline (12:00–13:00 PDT)"},
		{"bad", fixture(), "1pm", time.Time{}, `invalid time "1pm" (want HH:MM)`},
		{"past midnight", night, "01:30", at("01:30").AddDate(0, 0, 1), ""},
		{"nil timeline", nil, "12:00", time.Time{}, `invalid time "12:00": no timeline`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseAt(tc.tl, tc.in)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("err = %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil || !got.Equal(tc.want) {
				t.Fatalf("ParseAt = %v, %v; want %v", got, err, tc.want)
			}
		})
	}
}
