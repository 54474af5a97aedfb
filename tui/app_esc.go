package tui

import tea "github.com/charmbracelet/bubbletea"

// Bubble Tea v1 reads two esc bytes that arrive in one read (two quick
// presses) as alt+esc. A lone esc is always esc here, so that press is two
// escs: two steps back, as the user pressed.
func (a App) twoEscs() (tea.Model, tea.Cmd) {
	esc := tea.KeyMsg{Type: tea.KeyEsc}
	m, first := a.handleKey(esc)
	m, second := m.(App).handleKey(esc)
	return m, tea.Sequence(first, second)
}

// topCaptures reports whether the focused screen has a text input open
// (the search inside a record), which takes every key but ctrl+c.
func (a App) topCaptures() bool {
	if len(a.stack) == 0 {
		return false
	}
	top := a.stack[len(a.stack)-1]
	return top.kind == screenDetail && top.detail.InputFocused()
}
