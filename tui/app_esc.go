package tui

import tea "github.com/charmbracelet/bubbletea"

// Bubble Tea v1 reads two esc bytes that arrive in one read (two quick
// presses) as alt+esc. A lone esc is always esc here, so that press is two
// escs: two steps back, as the user pressed. The second esc is sent after
// what the first asks for (closing a screen) has been handled, so it goes
// to the screen that is then on top, as a second press would.
func (a App) twoEscs() (tea.Model, tea.Cmd) {
	m, first := a.handleKey(tea.KeyMsg{Type: tea.KeyEsc})
	return m, tea.Sequence(first, func() tea.Msg { return tea.KeyMsg{Type: tea.KeyEsc} })
}
