package replayer

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/heatmap"
)

// enableKeys turns on the keys that do something now, so the hint bar never
// offers a key that does nothing: first those of the clock, then each
// mode's own, then study mode's limits (nothing jumps ahead; a stop that
// asks waits for enter, p or w). The what-if panel has a key map of its own
// while it is open.
func (m *Model) enableKeys() {
	k := &m.keys
	c := m.clock
	has := m.tl != nil
	asking := m.study.asking >= 0
	k.setHelp(m.lang, c.Playing(), asking)
	k.Play.SetEnabled(has && c.Total() > 0)
	k.Next.SetEnabled(has && c.HasNext())
	k.Prev.SetEnabled(has && c.HasPrev())
	k.Forward.SetEnabled(has && !c.AtEnd())
	k.Back.SetEnabled(has && !c.AtStart())
	k.Faster.SetEnabled(has && c.Speed() < replay.Speeds[len(replay.Speeds)-1])
	k.Slower.SetEnabled(has && c.Speed() > replay.Speeds[0])
	k.Start.SetEnabled(has && !c.AtStart())
	k.End.SetEnabled(has && !c.AtEnd())
	m.setStageKeys()
	for _, b := range []*key.Binding{&k.Study, &k.Present, &k.Overlay, &k.Copy, &k.NoteDown, &k.NoteUp} {
		b.SetEnabled(has)
	}
	k.Reveal.SetEnabled(asking)
	m.enableRhyme()
	k.WhatIf.SetEnabled(has && len(m.tl.Model) > 0)
	k.Heatmap.SetEnabled(heatmap.HasInstances(m.tl))
	m.sessionKeys()
	m.findKeys()
	m.roomKeys()
	switch m.mode() {
	case modePresent: // one pane: no heatmap in place of the sparklines
		k.Heatmap.SetEnabled(false)
	case modeWhatIf:
		k.WhatIf.SetEnabled(false)
	case modePlay, modeHeatmap:
	}
	if !m.study.on {
		return
	}
	k.End.SetEnabled(false)
	k.Stage.SetEnabled(false)
	st := m.study
	k.Prev.SetEnabled(has && len(st.stops) > 0 && (asking && st.asking > 0 || !asking && st.stops[0].First <= c.Event()))
	for _, b := range []*key.Binding{&k.Play, &k.Next, &k.Forward, &k.Back, &k.Start} {
		b.SetEnabled(b.Enabled() && !asking)
	}
}
