package detail

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// KeyMap is the detail screen's keys. `q` (back) and the other global keys
// belong to the root app.
type KeyMap struct {
	// Up and Down scroll one line.
	Up, Down key.Binding
	// PageUp and PageDown scroll one screen.
	PageUp, PageDown key.Binding
	// Top and Bottom jump to the start and the end.
	Top, Bottom key.Binding
	// NextRelated and PrevRelated move the focus through the related
	// incidents; Open opens the focused one.
	NextRelated, PrevRelated, Open key.Binding
	// Replay opens the incident's timeline replayer.
	Replay key.Binding
	// Copy copies the record as Markdown (OSC 52).
	Copy key.Binding
	// Back returns to the screen the detail was opened from.
	Back key.Binding
}

// DefaultKeyMap returns the detail screen's default keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:          key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "scroll up")),
		Down:        key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "scroll down")),
		PageUp:      key.NewBinding(key.WithKeys("pgup", "b"), key.WithHelp("pgup", "page up")),
		PageDown:    key.NewBinding(key.WithKeys("pgdown", " "), key.WithHelp("pgdn", "page down")),
		Top:         key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/g", "top")),
		Bottom:      key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end/G", "bottom")),
		NextRelated: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next related")),
		PrevRelated: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous related")),
		Open:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open related")),
		Replay:      key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "replay")),
		Copy:        key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy as Markdown")),
		Back:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
	}
}

// ShortHelp returns the keys for the hint bar.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Down, k.PageDown, k.NextRelated, k.Open, k.Replay, k.Back}
}

// FullHelp returns every key, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		{k.NextRelated, k.PrevRelated, k.Open, k.Replay, k.Copy, k.Back},
	}
}

// SetLang writes the help descriptions in language l (both uses English:
// the hint bar has room for one language).
func (k *KeyMap) SetLang(l data.Lang) {
	for _, h := range []struct {
		b *key.Binding
		w i18n.Word
	}{
		{&k.Up, words.keyUp}, {&k.Down, words.keyDown}, {&k.PageUp, words.keyPageUp}, {&k.PageDown, words.keyPageDown},
		{&k.Top, words.keyTop}, {&k.Bottom, words.keyBottom},
		{&k.NextRelated, words.keyNextRelated}, {&k.PrevRelated, words.keyPrevRelated},
		{&k.Open, words.keyOpen}, {&k.Replay, words.keyReplay}, {&k.Back, words.keyBack}, {&k.Copy, words.keyCopy},
	} {
		i18n.SetHelp(h.b, h.b.Help().Key, h.w, l)
	}
}
