package serve

import "github.com/incidents-dev/incidents/replay"

// Zone is the zone the watched screen shows times in (a tui.App's, which
// its z key changes), for a Config.Wrap that labels moments: --record's
// markers name them as the presenter sees them. The source's zone for a
// model that has none.
func (w watched[M]) Zone() replay.Zone {
	if z, ok := any(w.m).(interface{ Zone() replay.Zone }); ok {
		return z.Zone()
	}
	return replay.Zone{}
}
