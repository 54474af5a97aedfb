package tui

import (
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/replayer"
)

// Time zones per seat: the zone key (z) cycles the zone every screen shows
// times in (replay.Zone.Next: source → UTC → local → the --tz zone). Each
// App has its own, so each participant of a meeting chooses theirs; what
// the room shares is an instant.

// zoneWords is the zone key's help.
var zoneWords = i18n.Register("app.zone", &struct{ key, local i18n.Word }{
	key:   i18n.W("time zone", "시간대"),
	local: i18n.W("local time", "현지 시각"),
})

// zoned is a screen that shows times and can show them in another zone.
type zoned interface{ SetZone(z replay.Zone) }

// setZone shows every screen's times in z.
func (a *App) setZone(z replay.Zone) {
	a.zone = z
	for _, s := range a.stack {
		if zs, ok := s.(zoned); ok {
			zs.SetZone(z)
		}
	}
	a.layout()
}

// Zone returns the zone the app shows times in.
func (a App) Zone() replay.Zone { return a.zone }

// presenterClock writes the presenter's moment, an instant, in this seat's
// zone as a replayer's header would ("19:47 UTC"), whatever zone the
// presenter shows; the presenter's own text when the timeline is unknown.
func (a App) presenterClock(p *Shared) string {
	if p.Moment.At.IsZero() {
		return p.Moment.Clock
	}
	tl, ok := a.lib.Data().Timeline(p.Incident)
	if !ok || tl == nil {
		return p.Moment.Clock
	}
	return replayer.ClockText(a.zone.Apply(tl), p.Moment.At)
}

// zoneTag is what the header says before the language when times are not
// in the source's zone ("UTC · ", "Asia/Seoul · "), so that a screen
// without times still shows what z did.
func (a App) zoneTag() string {
	switch a.zone.Kind() {
	case replay.ZoneSource:
		return ""
	case replay.ZoneUTC:
		return "UTC · "
	case replay.ZoneLocal:
		return zoneWords.local.In(a.lang) + " · "
	}
	return a.zone.String() + " · "
}
