package replay

import (
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
)

var pdt = time.FixedZone("PDT", -7*3600)

func at(hhmm string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", "2026-03-25 "+hhmm, pdt)
	if err != nil {
		panic(err)
	}
	return t
}

// fixture is a 12:00–13:00 PDT timeline with two events sharing 12:20 and a
// fourth stage without events.
func fixture() *data.Timeline {
	ev := func(hhmm, stage string) data.Event {
		return data.Event{At: at(hhmm), Stage: stage, Kind: data.KindAction}
	}
	return &data.Timeline{
		Incident: "IL-TEST",
		Zone:     "PDT",
		Start:    at("12:00"),
		End:      at("13:00"),
		Stages:   []data.Stage{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "empty"}},
		Events: []data.Event{
			ev("12:10", "a"), // 0
			ev("12:20", "a"), // 1
			ev("12:20", "b"), // 2
			ev("12:40", "b"), // 3
			ev("12:50", "c"), // 4
		},
	}
}

func TestCursorSeek(t *testing.T) {
	tests := []struct {
		name      string
		to        time.Time
		want      time.Time
		event     int
		stage     int
		atStart   bool
		atEnd     bool
		elapsed   time.Duration
		prev, nxt bool
	}{
		{"before start clamps", at("11:00"), at("12:00"), -1, -1, true, false, 0, false, true},
		{"start", at("12:00"), at("12:00"), -1, -1, true, false, 0, false, true},
		{"between start and first event", at("12:05"), at("12:05"), -1, -1, false, false, 5 * time.Minute, false, true},
		{"on first event", at("12:10"), at("12:10"), 0, 0, false, false, 10 * time.Minute, false, true},
		{"on shared time takes the last", at("12:20"), at("12:20"), 2, 1, false, false, 20 * time.Minute, true, true},
		{"between events", at("12:45"), at("12:45"), 3, 1, false, false, 45 * time.Minute, true, true},
		{"after last event", at("12:55"), at("12:55"), 4, 2, false, false, 55 * time.Minute, true, false},
		{"end", at("13:00"), at("13:00"), 4, 2, false, true, time.Hour, true, false},
		{"after end clamps", at("14:00"), at("13:00"), 4, 2, false, true, time.Hour, true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewCursor(fixture()).Seek(tc.to)
			if !c.Now().Equal(tc.want) {
				t.Errorf("Now() = %v, want %v", c.Now(), tc.want)
			}
			if got := c.Event(); got != tc.event {
				t.Errorf("Event() = %d, want %d", got, tc.event)
			}
			if got := c.Stage(); got != tc.stage {
				t.Errorf("Stage() = %d, want %d", got, tc.stage)
			}
			if c.AtStart() != tc.atStart || c.AtEnd() != tc.atEnd {
				t.Errorf("AtStart, AtEnd = %v, %v; want %v, %v", c.AtStart(), c.AtEnd(), tc.atStart, tc.atEnd)
			}
			if c.Elapsed() != tc.elapsed {
				t.Errorf("Elapsed() = %v, want %v", c.Elapsed(), tc.elapsed)
			}
			if c.HasPrev() != tc.prev || c.HasNext() != tc.nxt {
				t.Errorf("HasPrev, HasNext = %v, %v; want %v, %v", c.HasPrev(), c.HasNext(), tc.prev, tc.nxt)
			}
			if c.Total() != time.Hour {
				t.Errorf("Total() = %v, want 1h", c.Total())
			}
		})
	}
}

func TestCursorStepping(t *testing.T) {
	type move func(Cursor) (Cursor, bool)
	next := func(c Cursor) (Cursor, bool) { return c.Next() }
	prev := func(c Cursor) (Cursor, bool) { return c.Prev() }
	tests := []struct {
		name  string
		from  time.Time
		moves []move
		want  time.Time
		event int
		ok    bool // of the last move
	}{
		{"next from start", at("12:00"), []move{next}, at("12:10"), 0, true},
		{"next visits both events at 12:20", at("12:10"), []move{next}, at("12:20"), 1, true},
		{"then the second", at("12:10"), []move{next, next}, at("12:20"), 2, true},
		{"then 12:40", at("12:10"), []move{next, next, next}, at("12:40"), 3, true},
		{"next from between events", at("12:30"), []move{next}, at("12:40"), 3, true},
		{"next at last event stays", at("12:50"), []move{next}, at("12:50"), 4, false},
		{"next after last event stays", at("12:55"), []move{next}, at("12:55"), 4, false},
		{"prev from last", at("12:50"), []move{prev}, at("12:40"), 3, true},
		{"prev from between goes to the event before the current", at("12:45"), []move{prev}, at("12:20"), 2, true},
		{"prev steps through shared time", at("12:40"), []move{prev, prev}, at("12:20"), 1, true},
		{"prev to first", at("12:40"), []move{prev, prev, prev}, at("12:10"), 0, true},
		{"prev at first stays", at("12:10"), []move{prev}, at("12:10"), 0, false},
		{"prev before first stays", at("12:05"), []move{prev}, at("12:05"), -1, false},
		{"prev from end", at("13:00"), []move{prev}, at("12:40"), 3, true},
		{"next then prev returns", at("12:10"), []move{next, next, prev}, at("12:20"), 1, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewCursor(fixture()).Seek(tc.from)
			var ok bool
			for _, mv := range tc.moves {
				c, ok = mv(c)
			}
			if !c.Now().Equal(tc.want) || c.Event() != tc.event || ok != tc.ok {
				t.Errorf("got %s event %d ok %v, want %s event %d ok %v",
					c.Now().Format("15:04"), c.Event(), ok, tc.want.Format("15:04"), tc.event, tc.ok)
			}
		})
	}
}

func TestCursorMinutesAndEnds(t *testing.T) {
	tests := []struct {
		name string
		from time.Time
		move func(Cursor) Cursor
		want time.Time
	}{
		{"+1 min", at("12:30"), func(c Cursor) Cursor { return c.Step(time.Minute) }, at("12:31")},
		{"-1 min", at("12:30"), func(c Cursor) Cursor { return c.Step(-time.Minute) }, at("12:29")},
		{"+1 min at end stays", at("13:00"), func(c Cursor) Cursor { return c.Step(time.Minute) }, at("13:00")},
		{"-1 min at start stays", at("12:00"), func(c Cursor) Cursor { return c.Step(-time.Minute) }, at("12:00")},
		{"+1 min near end clamps", at("12:59"), func(c Cursor) Cursor { return c.Step(2 * time.Minute) }, at("13:00")},
		{"start", at("12:30"), Cursor.ToStart, at("12:00")},
		{"end", at("12:30"), Cursor.ToEnd, at("13:00")},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.move(NewCursor(fixture()).Seek(tc.from))
			if !c.Now().Equal(tc.want) {
				t.Errorf("Now() = %s, want %s", c.Now().Format("15:04"), tc.want.Format("15:04"))
			}
		})
	}
}

func TestCursorJumpStage(t *testing.T) {
	tests := []struct {
		name  string
		stage int
		want  time.Time
		event int
		ok    bool
	}{
		{"stage 1", 0, at("12:10"), 0, true},
		{"stage 2 starts at the second event of 12:20", 1, at("12:20"), 2, true},
		{"stage 3", 2, at("12:50"), 4, true},
		{"stage without events", 3, at("12:30"), 2, false},
		{"no stage 5", 4, at("12:30"), 2, false},
		{"negative", -1, at("12:30"), 2, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c, ok := NewCursor(fixture()).Seek(at("12:30")).JumpStage(tc.stage)
			if !c.Now().Equal(tc.want) || c.Event() != tc.event || ok != tc.ok {
				t.Errorf("got %s event %d ok %v, want %s event %d ok %v",
					c.Now().Format("15:04"), c.Event(), ok, tc.want.Format("15:04"), tc.event, tc.ok)
			}
			if tc.ok && c.Stage() != tc.stage {
				t.Errorf("Stage() = %d, want %d", c.Stage(), tc.stage)
			}
		})
	}
}

func TestCursorEmpty(t *testing.T) {
	tests := []struct {
		name string
		tl   *data.Timeline
	}{
		{"nil timeline", nil},
		{"no events", &data.Timeline{Start: at("12:00"), End: at("13:00")}},
		{"zero span", &data.Timeline{Start: at("12:00"), End: at("12:00")}},
		{"end before start", &data.Timeline{Start: at("12:00"), End: at("11:00")}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := NewCursor(tc.tl)
			if c.Event() != -1 || c.Stage() != -1 || c.HasNext() || c.HasPrev() {
				t.Errorf("Event %d Stage %d HasNext %v HasPrev %v, want -1 -1 false false",
					c.Event(), c.Stage(), c.HasNext(), c.HasPrev())
			}
			if c.Total() < 0 {
				t.Errorf("Total() = %v, want ≥ 0", c.Total())
			}
			if _, ok := c.Next(); ok {
				t.Error("Next() ok on an empty timeline")
			}
			if _, ok := c.Prev(); ok {
				t.Error("Prev() ok on an empty timeline")
			}
			if _, ok := c.JumpStage(0); ok {
				t.Error("JumpStage(0) ok on an empty timeline")
			}
			if _, ok := c.ToEvent(0); ok {
				t.Error("ToEvent(0) ok on an empty timeline")
			}
			c = c.Step(time.Hour)
			if c.Elapsed() != c.Total() || !c.AtEnd() {
				t.Errorf("after +1h: Elapsed %v Total %v AtEnd %v", c.Elapsed(), c.Total(), c.AtEnd())
			}
		})
	}
}
