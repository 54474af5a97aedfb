package replay

import (
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// visits plays c in 100 ms ticks until it pauses and returns the events it
// showed, in order, each once per arrival.
func visits(t *testing.T, c Clock) []int {
	t.Helper()
	var got []int
	last := c.Event()
	for n := 0; c.Playing(); n++ {
		if n > 100000 {
			t.Fatal("playback never ends")
		}
		c = c.Advance(100 * time.Millisecond)
		if e := c.Event(); e != last {
			got = append(got, e)
			last = e
		}
	}
	return got
}

func TestClockDwell(t *testing.T) {
	tests := []struct {
		name  string
		speed int
		dwell time.Duration
		want  []int
	}{
		{"dwell at 60× shows both 12:20 events", 60, 2 * time.Second, []int{0, 1, 2, 3, 4}},
		{"no dwell skips to the last of a minute", 60, 0, []int{0, 2, 3, 4}},
		{"600× skims", 600, 2 * time.Second, []int{0, 2, 3, 4}},
		{"1× dwells too", 1, time.Second, nil}, // checked below: too slow to finish
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewClock(fixture(), tc.speed).WithDwell(tc.dwell).Play()
			if tc.speed == 1 {
				c = c.With(c.Seek(at("12:19")))
				for range 600 { // one minute of wall time reaches 12:20
					c = c.Advance(100 * time.Millisecond)
				}
				if c.Event() != 1 || !c.Holding() {
					t.Fatalf("at 1× after a minute: event %d holding %v, want 1 holding", c.Event(), c.Holding())
				}
				return
			}
			got := visits(t, c)
			if len(got) != len(tc.want) {
				t.Fatalf("visited %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("visited %v, want %v", got, tc.want)
				}
			}
		})
	}
}

func TestClockDwellHoldsForTheDwell(t *testing.T) {
	c := NewClock(fixture(), 60).WithDwell(time.Second)
	c = c.With(c.Seek(at("12:09"))).Play()
	c = c.Advance(time.Second) // 12:09 + 60 s reaches event 0 exactly
	if c.Event() != 0 || !c.Holding() {
		t.Fatalf("event %d holding %v, want 0 holding", c.Event(), c.Holding())
	}
	held := c.Now()
	c = c.Advance(900 * time.Millisecond)
	if !c.Now().Equal(held) {
		t.Fatalf("moved to %v during the dwell", c.Now())
	}
	c = c.Advance(200 * time.Millisecond) // 100 ms left of the dwell, then 6 s of incident time
	if want := held.Add(6 * time.Second); !c.Now().Equal(want) {
		t.Fatalf("now %v, want %v", c.Now(), want)
	}
}

func TestClockStops(t *testing.T) {
	c := NewClock(fixture(), 600).WithStops([]int{3, 1}).Play()
	c = visitUntilPause(c)
	if c.Playing() || c.Event() != 1 || !c.Now().Equal(at("12:20")) {
		t.Fatalf("first pause: playing %v event %d at %v, want paused on 1", c.Playing(), c.Event(), c.Now())
	}
	c = visitUntilPause(c.Play()) // plays on from a stop
	if c.Event() != 3 {
		t.Fatalf("second pause on %d, want 3", c.Event())
	}
	c = visitUntilPause(c.Play())
	if !c.AtEnd() {
		t.Fatalf("third pause at %v, want the end", c.Now())
	}
}

func visitUntilPause(c Clock) Clock {
	for n := 0; c.Playing() && n < 100000; n++ {
		c = c.Advance(100 * time.Millisecond)
	}
	return c
}

func TestCursorSeekFirst(t *testing.T) {
	c := NewCursor(fixture())
	if got := c.Seek(at("12:20")).Event(); got != 2 {
		t.Fatalf("Seek(12:20).Event() = %d, want 2 (the last at 12:20)", got)
	}
	if got := c.SeekFirst(at("12:20"), time.Minute).Event(); got != 1 {
		t.Fatalf("SeekFirst(12:20).Event() = %d, want 1", got)
	}
	got := c.SeekFirst(at("12:30"), time.Minute)
	if got.Event() != 2 || !got.Now().Equal(at("12:30")) {
		t.Fatalf("SeekFirst(12:30) = event %d at %v, want 2 at 12:30", got.Event(), got.Now())
	}
}

func TestStops(t *testing.T) {
	tl := fixture()
	tl.Events[0].Kind = data.KindSymptom
	tl.Events[1].Outcome = data.OutcomeFailed // 12:20
	tl.Events[2].Outcome = data.OutcomeWorked // 12:20, joins 1
	tl.Events[3].Outcome = data.OutcomePartly
	tl.Events[4].Kind = data.KindDetection
	got := Stops(tl)
	want := []Stop{{1, 2}, {3, 3}}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("Stops = %v, want %v", got, want)
	}
	if k := Known(tl, got[1]); len(k) != 1 || k[0] != 0 {
		t.Fatalf("Known before stop 2 = %v, want [0]", k)
	}
	tl.Events[2].Kind = data.KindDetection
	if k := Known(tl, Stop{3, 3}); len(k) != 2 || k[0] != 0 || k[1] != 2 {
		t.Fatalf("Known = %v, want [0 2]", k)
	}
}

func TestClockHoldFor(t *testing.T) {
	c := NewClock(fixture(), 600).Play()
	c = c.With(c.Seek(at("12:10"))).Play().HoldFor(time.Second)
	if c = c.Advance(900 * time.Millisecond); !c.Now().Equal(at("12:10")) {
		t.Fatalf("moved to %v while holding", c.Now())
	}
	if c = c.Advance(200 * time.Millisecond); !c.Now().After(at("12:10")) {
		t.Fatal("still holding after the hold")
	}
}

// TestClockGuard checks that no move forward, of any kind, passes a stop:
// each ends on the first stop it reaches or passes, paused; moves that stay
// before it, moves back and clocks without stops are left alone.
func TestClockGuard(t *testing.T) {
	base := NewClock(fixture(), 60).WithStops([]int{1, 4})
	atStop := func(c Clock) Clock { cur, _ := c.ToEvent(1); return c.With(cur) }
	moves := []struct {
		name      string
		from      Clock
		move      func(Clock) Clock
		event     int
		playing   bool
		unguarded bool // the stop is passed without the guard
	}{
		{"next onto a stop while playing", base.With(base.Seek(at("12:10"))).Play(),
			func(c Clock) Clock { cur, _ := c.Next(); return c.With(cur) }, 1, false, true},
		{"a minute past a stop", base.With(base.Seek(at("12:19").Add(30 * time.Second))).Play(),
			func(c Clock) Clock { return c.With(c.Step(time.Minute)) }, 1, false, true},
		{"to the end", base, func(c Clock) Clock { return c.With(c.ToEnd()) }, 1, false, true},
		{"a stage jump past a stop", base, func(c Clock) Clock { cur, _ := c.JumpStage(2); return c.With(cur) }, 1, false, true},
		{"a stop's own later event (same time)", base.With(base.Seek(at("12:19"))),
			func(c Clock) Clock { return c.With(c.Seek(at("12:20"))) }, 1, false, true},
		{"on from a stop, before the next", atStop(base).Play(),
			func(c Clock) Clock { return c.With(c.Seek(at("12:45"))) }, 3, true, false},
		{"on from a stop, past the next", atStop(base).Play(),
			func(c Clock) Clock { return c.With(c.ToEnd()) }, 4, false, true},
		{"back over a stop", base.With(base.Seek(at("12:55"))),
			func(c Clock) Clock { return c.With(c.ToStart()) }, -1, false, false},
		{"a tick onto a stop", base.With(base.Seek(at("12:20").Add(-time.Second))).Play(),
			func(c Clock) Clock { return c.Advance(time.Second) }, 1, false, false},
		{"a tick from a stop", atStop(base).Play(),
			func(c Clock) Clock { return c.Advance(time.Second) }, 2, true, false},
	}
	for _, tc := range moves {
		t.Run(tc.name, func(t *testing.T) {
			raw := tc.move(tc.from)
			got := tc.from.Guard(raw)
			if got.Event() != tc.event || got.Playing() != tc.playing {
				t.Errorf("event %d playing %v, want event %d playing %v", got.Event(), got.Playing(), tc.event, tc.playing)
			}
			if tc.unguarded == (raw.Event() == got.Event() && raw.Now().Equal(got.Now()) && raw.Playing() == got.Playing()) {
				t.Errorf("unguarded move to event %d at %v: the case does not test the guard", raw.Event(), raw.Now())
			}
			if free := tc.from.WithStops(nil); free.Guard(tc.move(free)) != tc.move(free) {
				t.Error("a clock without stops was guarded")
			}
		})
	}
}
