package replayer

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/tui/whatif"
)

// onSensitivity passes the result of the what-if panel's background
// sensitivity runs to the panel, open or kept closed, so that a result
// arriving after the reader closed it is there when it opens again.
func (m Model) onSensitivity(msg whatif.SensitivityMsg) (Model, tea.Cmd) {
	for _, p := range []**whatif.Model{&m.whatIf, &m.whatIfKept} {
		if *p != nil {
			w, _ := (*p).Update(msg)
			*p = &w
		}
	}
	m.refresh()
	return m, nil
}
