package tui

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// KeyMap is the app's global keys, offered on every screen.
type KeyMap struct {
	// Help shows or hides the full help.
	Help key.Binding
	// Lang cycles the language: English → Korean → both.
	Lang key.Binding
	// Zone cycles the time zone times are shown in: the source's → UTC →
	// local → the one --tz named (app_zone.go).
	Zone key.Binding
	// Back leaves the current screen, or quits from the explorer.
	Back key.Binding
	// Quit quits from anywhere, even while typing.
	Quit key.Binding
}

// DefaultKeyMap returns the global keys.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Help: key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "help")),
		Lang: key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "language")),
		Zone: key.NewBinding(key.WithKeys("z"), key.WithHelp("z", "time zone")),
		Back: key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		Quit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	}
}

// setHelp writes the help descriptions in language l; back says whether
// `q` goes back (on a screen above the explorer) or quits.
func (k *KeyMap) setHelp(l data.Lang, back bool) {
	i18n.SetHelp(&k.Help, "?", i18n.KeyHelp, l)
	i18n.SetHelp(&k.Lang, "t", i18n.KeyLanguage, l)
	i18n.SetHelp(&k.Zone, "z", zoneWords.key, l)
	if back {
		i18n.SetHelp(&k.Back, "q", i18n.KeyBack, l)
	} else {
		i18n.SetHelp(&k.Back, "q", i18n.KeyQuit, l)
	}
	i18n.SetHelp(&k.Quit, "ctrl+c", i18n.KeyQuit, l)
}

// helpKeys joins the focused screen's keys with the global ones, for the
// one help.Model the app owns.
type helpKeys struct {
	short  []key.Binding
	full   [][]key.Binding
	global KeyMap
	// typing says the search box takes every key but ctrl+c, so the
	// global keys are not offered.
	typing bool
	// inside says the back key acts inside the screen now (see
	// backsInside), as its esc does.
	inside bool
}

// ShortHelp returns the hint bar: the screen's main keys, then help,
// language and back or quit. A screen's esc that does what `q` does (the
// same words, or q acts inside the screen) is one entry with it ("q/esc
// back", "q/esc/f close").
func (h helpKeys) ShortHelp() []key.Binding {
	out := make([]key.Binding, 0, len(h.short)+3)
	if h.typing {
		return append(append(out, h.short...), h.global.Quit)
	}
	back := h.global.Back
	for _, b := range h.short {
		if wayBack(b) && (b.Help().Desc == back.Help().Desc || h.inside) {
			back.SetHelp(back.Help().Key+"/"+b.Help().Key, b.Help().Desc)
			continue
		}
		out = append(out, b)
	}
	return append(out, h.global.Help, h.global.Lang, back)
}

// FullHelp returns the screen's key columns with the global keys under the
// shortest one shown (a column with a key enabled): a column of their own
// was the last and the first cut at 80 columns, which hid how to close the
// help and quit.
func (h helpKeys) FullHelp() [][]key.Binding {
	g := h.global
	global := []key.Binding{g.Help, g.Lang, g.Zone, g.Back, g.Quit}
	if h.typing {
		global = []key.Binding{g.Quit}
	}
	out := make([][]key.Binding, len(h.full))
	for i, col := range h.full {
		out[i] = append([]key.Binding(nil), col...)
	}
	shortest, rows := -1, 0
	for i, col := range out {
		n := 0
		for _, b := range col {
			if b.Enabled() {
				n++
			}
		}
		if n > 0 && (shortest < 0 || n < rows) {
			shortest, rows = i, n
		}
	}
	if shortest < 0 {
		return [][]key.Binding{global}
	}
	out[shortest] = append(out[shortest], global...)
	return out
}
