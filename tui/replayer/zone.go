package replayer

import (
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/whatif"
)

// The zone the replayer shows its times in. m.tl is the timeline as loaded
// (m.src) shown in m.zone: every time the screen writes asks m.tl's
// Location, so switching zones is swapping m.tl and drawing again. The
// clock, the cursor and the moment a meeting shares are instants and do
// not change.

// SetZone shows every time in z: the header's clock, the axis, the event
// list, study stops, presenter mode, the copied moment and the what-if
// figures.
func (m *Model) SetZone(z replay.Zone) {
	m.zone = z
	m.tl = z.Apply(m.src)
	m.hyp = z.Apply(m.hyp)
	for _, w := range []**whatif.Model{&m.whatIf, &m.whatIfKept} {
		if *w != nil {
			c := **w
			c.ShowTimeline(m.tl)
			*w = &c
		}
	}
	m.rebuild()
}

// Zone returns the zone the replayer shows its times in.
func (m Model) Zone() replay.Zone { return m.zone }

// zonedFinder returns find with each timeline it finds shown in z, so a
// rhyme's moment in another incident reads in the reader's zone too.
func zonedFinder(find func(string) (*data.Timeline, bool), z replay.Zone) func(string) (*data.Timeline, bool) {
	if find == nil || z.Kind() == replay.ZoneSource {
		return find
	}
	return func(id string) (*data.Timeline, bool) {
		tl, ok := find(id)
		return z.Apply(tl), ok
	}
}

// ClockText writes moment t as the header's clock does, in tl's zone with
// its name and a day mark after the first day ("12:47 PDT", "01:10 UTC
// +1d"): a meeting's strip writes the presenter's moment with it.
func ClockText(tl *data.Timeline, t time.Time) string {
	if tl == nil {
		return ""
	}
	return clockText(tl, t, false)
}
