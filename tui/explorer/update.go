package explorer

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Update handles keys (when focused) and search results.
func (m Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	switch msg := msg.(type) {
	case resultsMsg:
		return m.handleResults(msg)
	case facetsMsg:
		return m.handleFacets(msg)
	case suggestMsg:
		return m.handleSuggest(msg)
	case tea.KeyMsg:
		if !m.focused {
			return m, nil
		}
		m.follow = ""
		switch m.mode {
		case modeInput:
			return m.handleInputKey(msg)
		case modeFacets:
			return m.handleFacetKey(msg)
		}
		return m.handleListKey(msg)
	case tea.MouseMsg:
		return m.handleMouse(msg)
	}
	return m, nil
}

func (m Model) handleListKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.keys
	if k.startsSearch(msg) {
		return m.typeToSearch(msg)
	}
	if s := m.silentKey(msg); s != "" {
		return m, status(s)
	}
	switch {
	case key.Matches(msg, k.Up):
		m.move(-1)
	case key.Matches(msg, k.Down):
		m.move(1)
	case key.Matches(msg, k.PageUp):
		m.move(-max(m.listRows()/m.rowHeight(), 1))
	case key.Matches(msg, k.PageDown):
		m.move(max(m.listRows()/m.rowHeight(), 1))
	case key.Matches(msg, k.Home):
		m.move(-len(m.shown))
	case key.Matches(msg, k.End):
		m.move(len(m.shown))
	case key.Matches(msg, k.Open):
		if r := m.Selected(); r != nil {
			id := r.ID
			return m, func() tea.Msg { return OpenMsg{ID: id} }
		}
	case key.Matches(msg, k.Replay):
		if r := m.Selected(); r != nil {
			id := r.ID
			return m, func() tea.Msg { return ReplayMsg{ID: id} }
		}
	case key.Matches(msg, k.Search):
		m.mode = modeInput
		m.input.CursorEnd()
		cmd := m.input.Focus()
		m.refresh()
		return m, cmd
	case key.Matches(msg, k.Facets):
		return m, m.openFacets()
	case key.Matches(msg, k.Clear):
		m.input.SetValue("")
		m.facets.clear()
		cmd := m.search()
		return m, tea.Batch(cmd, m.applyFilter(m.Selected()))
	}
	return m, nil
}

func (m Model) handleInputKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := m.keys
	switch {
	case key.Matches(msg, k.Keep):
		m.closeInput(false)
		m.refresh()
		return m, nil
	case key.Matches(msg, k.Cancel):
		m.closeInput(true)
		cmd := m.search()
		m.refresh()
		return m, cmd
	case key.Matches(msg, k.ResultUp):
		m.move(-1)
		return m, nil
	case key.Matches(msg, k.ResultDown):
		m.move(1)
		return m, nil
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	cmd = tea.Batch(cmd, m.search())
	m.refresh()
	return m, cmd
}

// closeInput closes the search box; with clear, it empties the query too.
func (m *Model) closeInput(clear bool) {
	if clear {
		m.input.SetValue("")
	}
	m.input.Blur()
	m.mode = modeList
}

// handleMouse scrolls with the wheel; a click on a row selects it, and a
// click on the selected row opens it. msg is in the explorer's
// coordinates.
func (m Model) handleMouse(msg tea.MouseMsg) (Model, tea.Cmd) {
	if msg.Action != tea.MouseActionPress || m.mode == modeInput {
		return m, nil
	}
	switch msg.Button {
	case tea.MouseButtonWheelUp:
		if m.mode == modeFacets {
			m.facets.moveCursor(-1)
			m.refresh()
		} else {
			m.move(-1)
		}
	case tea.MouseButtonWheelDown:
		if m.mode == modeFacets {
			m.facets.moveCursor(1)
			m.refresh()
		} else {
			m.move(1)
		}
	case tea.MouseButtonLeft:
		if m.mode != modeList {
			return m, nil
		}
		row := msg.Y - m.headerRows()
		if row < 0 || row >= m.listRows() {
			return m, nil
		}
		i := m.off + row/m.rowHeight()
		switch {
		case i >= len(m.shown):
		case i == m.sel:
			id := m.shown[i].Record.ID
			return m, func() tea.Msg { return OpenMsg{ID: id} }
		default:
			m.sel = i
			m.refresh()
		}
	}
	return m, nil
}

// move moves the selection by d rows, clamped to the list.
func (m *Model) move(d int) {
	if len(m.shown) == 0 {
		return
	}
	m.sel = min(max(m.sel+d, 0), len(m.shown)-1)
	m.refresh()
}
