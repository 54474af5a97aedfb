package explorer

import (
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
)

// TestTypeToSearchKeys: on the list, a printable key that is no command
// opens the search box with it; every key of a list binding stays a
// command whether or not the binding is enabled now, and so do the root's.
func TestTypeToSearchKeys(t *testing.T) {
	m := newModel(t, data.EN, 80, 20)
	for _, s := range []string{"e", "x", "1", "세", "ㅅ", "'", "^", "Z"} {
		got, _ := press(m, s)
		if !got.InputFocused() || got.input.Value() != s {
			t.Errorf("%q on the list: box open %v with %q, want it open with %q", s, got.InputFocused(), got.input.Value(), s)
		}
	}
	// On the last row ↓/j, G and end are disabled; on FX-0011 r is.
	last, _ := press(m, "G")
	noTL, _ := press(m, "j")
	for _, at := range []Model{m, last, noTL} {
		for _, b := range at.keys.listBindings() {
			for _, k := range b.Keys() {
				msg := keyMsg(k)
				if msg.Type != tea.KeyRunes {
					continue
				}
				if at.keys.startsSearch(msg) {
					t.Errorf("%q (%s) starts a search", k, b.Help().Desc)
				}
			}
		}
		for _, k := range rootKeys {
			if got, _ := press(at, k); got.InputFocused() {
				t.Errorf("root key %q started a search", k)
			}
		}
	}
	if got, _ := press(m, " "); got.InputFocused() {
		t.Error("space started a search")
	}
	alt := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'e'}, Alt: true}
	if got, _ := m.Update(alt); got.InputFocused() {
		t.Error("alt+e started a search")
	}
	paste := tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("kafka"), Paste: true}
	if got, _ := m.Update(paste); !got.InputFocused() || got.input.Value() != "kafka" {
		t.Errorf("a paste gave the box %q, want kafka", got.input.Value())
	}
}
