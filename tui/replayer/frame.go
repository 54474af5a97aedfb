package replayer

import (
	"github.com/incidents-dev/incidents/replay"
)

// frameCache holds what View draws from that does not change every tick:
// wrapped annotations and resampled series. It is rebuilt (never mutated)
// when the size, the language or the timeline changes.
type frameCache struct{}

// rebuild recomputes the cache after a change of size, language or data.
func (m *Model) rebuild() {
	m.cache = &frameCache{}
	m.refresh()
}

// refresh updates what depends on the clock: the enabled keys and their help.
func (m *Model) refresh() {
	k := &m.keys
	c := m.clock
	has := m.tl != nil
	k.setHelp(m.lang, c.Playing())
	k.Play.SetEnabled(has && c.Total() > 0)
	k.Next.SetEnabled(has && c.HasNext())
	k.Prev.SetEnabled(has && c.HasPrev())
	k.Forward.SetEnabled(has && !c.AtEnd())
	k.Back.SetEnabled(has && !c.AtStart())
	k.Faster.SetEnabled(has && c.Speed() < replay.Speeds[len(replay.Speeds)-1])
	k.Slower.SetEnabled(has && c.Speed() > replay.Speeds[0])
	k.Start.SetEnabled(has && !c.AtStart())
	k.End.SetEnabled(has && !c.AtEnd())
	k.Stage.SetEnabled(has && len(m.tl.Stages) > 0)
	k.Heatmap.SetEnabled(false)
	k.WhatIf.SetEnabled(false)
}
