package tui

import (
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// The help as less, man and glow have it: `q` and esc close the full help
// before they go back or quit; the hint bar keeps `? help` and the way back
// at any width, dropping the screen's other keys first; the marker's legend
// is under the full help only while the screen shows that marker.

// closesHelp reports whether msg closes the full help: it is open (and not
// hidden by presenter mode) and msg is esc or the back key.
func (a App) closesHelp(msg tea.KeyMsg) bool {
	if !a.help.ShowAll || a.helpHidden() {
		return false
	}
	return msg.Type == tea.KeyEsc || key.Matches(msg, a.keys.Back)
}

// helpWords are the words of the help's own keys.
var helpWords = i18n.Register("help", &struct {
	closeHelp i18n.Word
}{
	closeHelp: i18n.W("close help", "도움말 닫기"),
})

// helpView draws the full help, or the hint bar fitted to the window. In
// the full help, ? says it closes the help, as q and esc do.
func (a App) helpView() string {
	h := a.helpKeys()
	if b, ok := a.top().(backsInside); ok {
		h.inside = b.BacksInside()
	}
	if a.help.ShowAll {
		if !h.typing {
			h.global.Help.SetHelp("?/q/esc", helpWords.closeHelp.In(a.lang))
		}
		return a.help.View(h)
	}
	return a.help.ShortHelpView(h.fit(a.help, a.w))
}

// backsInside is a screen whose Back acts inside it now: a panel or a
// search that q closes before it leaves the screen.
type backsInside interface{ BacksInside() bool }

// BacksInside says the facet panel or the search box is open.
func (s *explorerScreen) BacksInside() bool { return s.list.Overlay() }

// BacksInside says a search inside the record is set.
func (s *detailScreen) BacksInside() bool { return s.m.Searching() }

// BacksInside says a find among the replayer's events is set.
func (s *replayerScreen) BacksInside() bool { return s.m.Searching() }

// showsMarker reports whether the focused screen shows, now, the marker of
// a text in language shown (see i18n.Marker), so that the full help
// explains only a marker the reader can see.
func (a App) showsMarker(shown data.Lang) bool {
	return strings.Contains(ansi.Strip(a.top().View()), i18n.Marker(shown))
}

// fit returns the hint bar's bindings that fit in w cells as hm draws them.
// The help key, the way back (the global back key, or a screen's esc) and
// ctrl+c while typing stay. The screen's moves go first (the arrows need
// no hint), then its other keys, from the last, then the language key.
// When even what stays does not fit, hm cuts the line with its ellipsis.
func (h helpKeys) fit(hm help.Model, w int) []key.Binding {
	kept := h.ShortHelp()
	hm.Width = 0 // measure whole lines
	fits := func() bool { return ansi.StringWidth(hm.ShortHelpView(kept)) <= w }
	if fits() {
		return kept
	}
	// The screen's keys come first in the bar, then the global ones:
	// ctrl+c alone while typing, else help, language and back.
	screen, lang := len(kept)-3, len(kept)-2
	if h.typing {
		screen, lang = len(kept)-1, -1
	}
	var order []int
	for _, moves := range []bool{true, false} {
		for i := screen - 1; i >= 0; i-- {
			if b := kept[i]; !wayBack(b) && isMove(b) == moves {
				order = append(order, i)
			}
		}
	}
	if lang >= 0 {
		order = append(order, lang)
	}
	for _, i := range order {
		if !kept[i].Enabled() {
			continue
		}
		kept[i] = key.Binding{} // the zero binding is disabled: not drawn
		if fits() {
			break
		}
	}
	return kept
}

// wayBack reports whether b leaves where the user is (esc: back, clear,
// close), which the hint bar keeps.
func wayBack(b key.Binding) bool { return b.Enabled() && slices.Contains(b.Keys(), "esc") }

// isMove reports whether b moves the selection or scrolls: arrows and
// pages, the first keys the hint bar can do without.
func isMove(b key.Binding) bool {
	for _, k := range b.Keys() {
		switch k {
		case "up", "down", "pgup", "pgdown", "home", "end":
			return true
		}
	}
	return false
}
