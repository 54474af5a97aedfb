package explorer

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// KeyMap is the explorer's keys: the list, the search box and the facet
// panel. Only the bindings of the current mode are enabled, so the hint
// bar shows what works now.
type KeyMap struct {
	// Up and Down move the selection; PageUp and PageDown by a screen;
	// Home and End to the first and last incident.
	Up, Down, PageUp, PageDown, Home, End key.Binding
	// Open opens the selected incident.
	Open key.Binding
	// Search opens the search box.
	Search key.Binding
	// Facets opens the facet filter panel.
	Facets key.Binding
	// Replay opens the replayer on the selected incident.
	Replay key.Binding
	// Clear drops the search query and the facet filters.
	Clear key.Binding

	// Keep closes the search box and keeps its filter; Cancel closes it
	// and clears the query. ResultUp and ResultDown move the selection
	// while typing (arrows only: letters go to the query).
	Keep, Cancel, ResultUp, ResultDown key.Binding

	// Toggle chooses or drops the facet value under the cursor; NextGroup
	// and PrevGroup jump between facets; ClearFacets drops every chosen
	// value; Close closes the panel.
	Toggle, NextGroup, PrevGroup, ClearFacets, Close key.Binding
}

// DefaultKeyMap returns the explorer's default keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Up:          key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:        key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
		PageUp:      key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:    key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Home:        key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home/g", "first")),
		End:         key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end/G", "last")),
		Open:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Search:      key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search")),
		Facets:      key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "filters")),
		Replay:      key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "replay")),
		Clear:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filters")),
		Keep:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "keep filter")),
		Cancel:      key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear")),
		ResultUp:    key.NewBinding(key.WithKeys("up", "ctrl+p"), key.WithHelp("↑", "up")),
		ResultDown:  key.NewBinding(key.WithKeys("down", "ctrl+n"), key.WithHelp("↓", "down")),
		Toggle:      key.NewBinding(key.WithKeys(" ", "enter", "x"), key.WithHelp("space", "choose")),
		NextGroup:   key.NewBinding(key.WithKeys("tab", "right", "l"), key.WithHelp("tab", "next facet")),
		PrevGroup:   key.NewBinding(key.WithKeys("shift+tab", "left", "h"), key.WithHelp("shift+tab", "previous facet")),
		ClearFacets: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "clear all")),
		Close:       key.NewBinding(key.WithKeys("esc", "f"), key.WithHelp("esc/f", "close")),
	}
}

// ShortHelp returns the keys for the hint bar.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{
		k.Search, k.Keep, k.Cancel, k.ResultUp, k.ResultDown, k.Up, k.Down, k.Open, k.Facets, k.Replay, k.Clear,
		k.Toggle, k.NextGroup, k.ClearFacets, k.Close,
	}
}

// FullHelp returns every key, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Home, k.End},
		{k.ResultUp, k.ResultDown, k.Open, k.Search, k.Facets, k.Replay, k.Clear, k.Keep, k.Cancel},
		{k.Toggle, k.NextGroup, k.PrevGroup, k.ClearFacets, k.Close},
	}
}

// SetLang writes the help descriptions in language l (both uses English:
// the hint bar has room for one language).
func (k *KeyMap) SetLang(l data.Lang) {
	for _, h := range []struct {
		b *key.Binding
		w i18n.Word
	}{
		{&k.Up, words.keyUp}, {&k.Down, words.keyDown}, {&k.PageUp, words.keyPageUp}, {&k.PageDown, words.keyPageDown}, {&k.Home, words.keyHome}, {&k.End, words.keyEnd}, {&k.Open, words.keyOpen}, {&k.Search, words.keySearch}, {&k.Facets, words.keyFacets}, {&k.Replay, words.keyReplay}, {&k.Clear, words.keyClear}, {&k.Keep, words.keyKeep}, {&k.Cancel, words.keyCancel}, {&k.ResultUp, words.keyResultUp}, {&k.ResultDown, words.keyResultDown}, {&k.Toggle, words.keyToggle}, {&k.NextGroup, words.keyNextGroup}, {&k.PrevGroup, words.keyPrevGroup}, {&k.ClearFacets, words.keyClearFacets}, {&k.Close, words.keyClose},
	} {
		i18n.SetHelp(h.b, h.b.Help().Key, h.w, l)
	}
}
