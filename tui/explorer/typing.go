package explorer

import (
	"fmt"
	"slices"
	"unicode"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Type to search, as fzf has it: on the list, a printable key that is no
// command opens the search box with that key typed. The commands keep
// their keys: the list's own (↑/k ↓/j g G enter / f r esc) and the root's
// (? t q !, see rootKeys), whether or not they would do something now, so
// that a key never changes meaning with the row selected. A paste is text:
// it always goes to the search.

// rootKeys are the keys the app keeps for itself on every screen (help,
// language, back or quit, the problems screen): never the start of a
// search, even when one reaches the list.
var rootKeys = []string{"?", "t", "q", "!"}

// StatusMsg asks the root to show a one-line message in its status line:
// why a key did nothing.
type StatusMsg struct{ Text string }

// listBindings are the bindings of the list mode.
func (k KeyMap) listBindings() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End, k.Open, k.Search, k.Facets, k.Replay, k.Clear}
}

// startsSearch reports whether msg, pressed on the list, starts a search:
// printable text that is not a command key.
func (k KeyMap) startsSearch(msg tea.KeyMsg) bool {
	if msg.Type != tea.KeyRunes || msg.Alt || len(msg.Runes) == 0 {
		return false
	}
	for _, r := range msg.Runes {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	if msg.Paste {
		return true
	}
	if len(msg.Runes) != 1 || unicode.IsSpace(msg.Runes[0]) {
		return false
	}
	if slices.Contains(rootKeys, string(msg.Runes)) {
		return false
	}
	return !slices.ContainsFunc(k.listBindings(), func(b key.Binding) bool { return pressed(msg, b) })
}

// pressed reports whether msg is one of b's keys, enabled or not.
func pressed(msg tea.KeyMsg, b key.Binding) bool {
	b.SetEnabled(true)
	return key.Matches(msg, b)
}

// typeToSearch opens the search box and types msg into it.
func (m Model) typeToSearch(msg tea.KeyMsg) (Model, tea.Cmd) {
	m.mode = modeInput
	m.input.CursorEnd()
	focus := m.input.Focus()
	msg.Paste = false // the box would bracket it
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	cmd = tea.Batch(focus, cmd, m.search())
	m.refresh()
	return m, cmd
}

// silentKey returns the status message for a list key that does nothing
// now and would leave the user wondering, or "".
func (m Model) silentKey(msg tea.KeyMsg) string {
	k, l := m.keys, m.opts.Lang
	switch {
	case pressed(msg, k.Replay) && !k.Replay.Enabled() && m.opts.Replay:
		if r := m.Selected(); r != nil {
			return fmt.Sprintf(words.noTimeline.In(l), r.ID)
		}
	case pressed(msg, k.Clear) && !k.Clear.Enabled():
		return words.nothingToClear.In(l)
	}
	return ""
}

// status returns a command that shows text in the root's status line.
func status(text string) tea.Cmd { return func() tea.Msg { return StatusMsg{Text: text} } }
