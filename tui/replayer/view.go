package replayer

import (
	"strings"

	"github.com/incidents-dev/incidents/tui/layout"
)

// View draws the replay screen in exactly the size set by SetSize; every
// line fits the width.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	lines := []string{m.styles.Replay.Header.Render(layout.Truncate(m.title(), m.width))}
	for len(lines) < m.height {
		lines = append(lines, "")
	}
	return strings.Join(lines[:m.height], "\n")
}

func (m Model) title() string {
	if m.rec == nil {
		if m.tl != nil {
			return m.tl.Incident
		}
		return ""
	}
	t, _ := m.rec.Title.Get(m.lang)
	return m.rec.ID + "  " + t
}
