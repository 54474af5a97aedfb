package tui

import (
	"github.com/charmbracelet/bubbles/help"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
)

// Screen is one screen of the app as the root sees it. Each screen package
// keeps its own concrete Model (New, Update returning the concrete type,
// View, SetSize, Focus, Blur); a small adapter in this package makes it a
// Screen. The root holds screens in a stack, top last, and never asks which
// kind a screen is.
//
// Adapters have pointer receivers: Update, SetSize and the other setters
// change the screen in place, so the stack can be shared by the copies of
// the App that Bubble Tea makes.
type Screen interface {
	// Init returns the screen's first command, run when it is pushed.
	Init() tea.Cmd
	// Update handles a message for this screen: a key while it is focused,
	// a mouse event in its own coordinates, or the result of one of its own
	// commands (the root addresses those to the screen that asked).
	Update(msg tea.Msg) tea.Cmd
	// View draws the screen in the size SetSize gave: lines exactly that
	// many cells wide, at most that many lines (the root adds blank ones).
	View() string
	// SetSize gives the screen its area, without the header and the help.
	SetSize(w, h int)
	// SetLang switches the screen's language.
	SetLang(l data.Lang)
	// Focus and Blur give the keys to the screen and take them away.
	Focus()
	Blur()
	// ShortHelp and FullHelp are the screen's keys for the hint bar and the
	// full help; the root adds the global ones.
	help.KeyMap
	// Capturing reports whether the screen takes every typed key (a text
	// input has the focus): the root then keeps only ctrl+c for itself.
	Capturing() bool
	// Back handles the back key (q) inside the screen, such as closing a
	// panel or clearing a filter, and reports whether it did; when it did
	// not, the root closes the screen (or quits from the last one).
	Back() bool
	// Crumb names the screen in the header ("FX-0012", "replay"), or "".
	Crumb() string
}

// screenMsg is the result of a screen's command, addressed to that screen:
// the root wraps every command a screen returns, so results go to the
// screen that asked and to no other, even to one of two replayers of the
// same incident, without ids handed out by a counter.
type screenMsg struct {
	to  Screen
	msg tea.Msg
}

// addressTo wraps cmd so that the message it produces is addressed to s.
// A batch stays a batch, each of its commands addressed in turn, so that
// Bubble Tea still runs them concurrently.
func addressTo(s Screen, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		switch msg := cmd().(type) {
		case nil:
			return nil
		case tea.BatchMsg:
			out := make(tea.BatchMsg, len(msg))
			for i, c := range msg {
				out[i] = addressTo(s, c)
			}
			return out
		case tea.QuitMsg:
			return msg
		default:
			return screenMsg{to: s, msg: msg}
		}
	}
}
