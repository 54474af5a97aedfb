package replayer

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// The root joins the replayer's keys with its own (help, language, back)
// in one help.Model, which cuts a line too long for the window after the
// last entry that fits: the global keys would go first and the last entry
// shown could be cut. The replayer therefore hands over only as many whole
// entries as fit beside the global ones.

// globalHelpRoom is the room the root's global entries take in the hint
// bar ("? help • t language • q back" and the separator before them), in
// the widest of the languages.
func globalHelpRoom(lang data.Lang) int {
	return lipgloss.Width(" • ? "+i18n.KeyHelp.In(lang)+" • t "+i18n.KeyLanguage.In(lang)+" • q "+i18n.KeyBack.In(lang)) + 1
}

// shortSep is the separator help.Model puts between short entries.
const shortSep = " • "

func entryWidth(b key.Binding) int {
	return lipgloss.Width(b.Help().Key) + 1 + lipgloss.Width(b.Help().Desc)
}

// fitShort returns the enabled bindings, in order, that fit in width cells
// beside the global entries; whole entries are dropped, never cut.
func fitShort(bs []key.Binding, width int, lang data.Lang) []key.Binding {
	room := width - globalHelpRoom(lang)
	var out []key.Binding
	used := 0
	for _, b := range bs {
		if !b.Enabled() {
			continue
		}
		w := entryWidth(b)
		if len(out) > 0 {
			w += lipgloss.Width(shortSep)
		}
		if used+w > room {
			continue // a shorter entry further on may still fit
		}
		used += w
		out = append(out, b)
	}
	return out
}

// fullSep is the separator help.Model puts between full-help columns.
const fullSep = "    "

// fitFull rewraps columns into as few rows as keep every entry on a
// screen width cells wide beside the root's column of global keys: the
// entries keep their order and are refilled into taller columns until the
// columns fit.
func fitFull(cols [][]key.Binding, width int, lang data.Lang) [][]key.Binding {
	var all []key.Binding
	rows := 0
	for _, c := range cols {
		n := 0
		for _, b := range c {
			if b.Enabled() {
				all = append(all, b)
				n++
			}
		}
		rows = max(rows, n)
	}
	room := width - globalColumnWidth(lang)
	for r := max(rows, 1); r <= len(all); r++ {
		out := chunk(all, r)
		if columnsWidth(out) <= room {
			return out
		}
	}
	return [][]key.Binding{all}
}

func chunk(bs []key.Binding, rows int) [][]key.Binding {
	var out [][]key.Binding
	for i := 0; i < len(bs); i += rows {
		out = append(out, bs[i:min(len(bs), i+rows)])
	}
	return out
}

func columnsWidth(cols [][]key.Binding) int {
	w := 0
	for _, c := range cols {
		kw, dw := 0, 0
		for _, b := range c {
			kw = max(kw, lipgloss.Width(b.Help().Key))
			dw = max(dw, lipgloss.Width(b.Help().Desc))
		}
		w += lipgloss.Width(fullSep) + kw + 1 + dw
	}
	return w
}

// globalColumnWidth is the width of the root's column of global keys.
func globalColumnWidth(lang data.Lang) int {
	// The column is as wide as its widest key and widest description.
	desc := max(lipgloss.Width(i18n.KeyHelp.In(lang)), lipgloss.Width(i18n.KeyLanguage.In(lang)),
		lipgloss.Width(i18n.KeyBack.In(lang)), lipgloss.Width(i18n.KeyQuit.In(lang)))
	return lipgloss.Width(fullSep+"ctrl+c ") + desc + 1
}
