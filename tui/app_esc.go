package tui

import tea "github.com/charmbracelet/bubbletea"

// Bubble Tea v1 reads two esc bytes that arrive in one read (two quick
// presses) as alt+esc. A lone esc is always esc here, so that press is two
// escs: two steps back, as the user pressed. A screen answers esc with a
// message addressed to itself (detail.BackMsg), so the second esc is sent
// only after the first one's answer: delivered at once, both would reach
// the screen the first one closes.
func (a App) twoEscs() (tea.Model, tea.Cmd) {
	esc := tea.KeyMsg{Type: tea.KeyEsc}
	m, first := a.handleKey(esc)
	return m, tea.Sequence(first, func() tea.Msg { return esc })
}
