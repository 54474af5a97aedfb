package tui

import tea "github.com/charmbracelet/bubbletea"

// Bubble Tea v1 reads two esc bytes that arrive in one read (two quick
// presses) as alt+esc. A lone esc is always esc here, so that press is two
// escs: two steps back, as the user pressed.
func (a App) twoEscs() (tea.Model, tea.Cmd) {
	esc := tea.KeyMsg{Type: tea.KeyEsc}
	m, first := a.handleKey(esc)
	m, second := m.(App).handleKey(esc)
	return m, tea.Batch(first, second) // two backs, in either order
}

// topCaptures reports whether the focused screen takes msg before the
// global keys: a detail with its search box open takes every key but
// ctrl+c, and one with a query set takes esc, to clear it.
func (a App) topCaptures(msg tea.KeyMsg) bool {
	if len(a.stack) == 0 {
		return false
	}
	top := a.stack[len(a.stack)-1]
	if top.kind != screenDetail {
		return false
	}
	return top.detail.InputFocused() || top.detail.Searching() && msg.Type == tea.KeyEsc
}
