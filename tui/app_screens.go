package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/detail"
	"github.com/incidents-dev/incidents/tui/explorer"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/problems"
	"github.com/incidents-dev/incidents/tui/replayer"
)

// notFound is the status line for an id that is not in the library.
func notFound(id string, l data.Lang) string { return i18n.NotFound(id, l) }

// navigate handles the messages screens send to open or close a screen.
// Adding a screen means an adapter (screens.go), an open function here and
// the message that asks for it.
func (a *App) navigate(from Screen, msg tea.Msg) (tea.Cmd, bool) {
	switch msg := msg.(type) {
	case explorer.OpenMsg:
		return a.openDetail(msg.ID), true
	case detail.OpenRelatedMsg:
		return a.openDetail(msg.ID), true
	case explorer.ReplayMsg:
		return a.openReplayer(msg.ID, replayer.Options{}), true
	case detail.ReplayMsg:
		return a.openReplayer(msg.ID, replayer.Options{}), true
	case replayer.RhymeMsg:
		return a.openReplayer(msg.Incident, replayer.Options{Moment: msg.At}), true
	case explorer.StatusMsg:
		a.status = msg.Text // why a key did nothing
		return nil, true
	case detail.BackMsg, replayer.BackMsg, problems.BackMsg:
		if from == a.top() && len(a.stack) > 1 {
			a.back()
		}
		return nil, true
	}
	return nil, false
}

// push puts a screen on top of the stack, lays it out and returns its
// first command, addressed to it.
func (a *App) push(s Screen) tea.Cmd {
	a.top().Blur()
	a.stack = append(a.stack, s)
	s.Focus()
	a.boardScreens() // a screen opened in a meeting takes part at once
	a.layout()
	return addressTo(s, s.Init())
}

// openDetail opens an incident's detail over the current screen.
func (a *App) openDetail(id string) tea.Cmd {
	r := a.lib.Find(id)
	if r == nil {
		a.status = notFound(id, a.lang)
		return nil
	}
	return a.push(&detailScreen{m: detail.New(r, a.detailOptions(false))})
}

// openReplayer opens an incident's replayer over the current screen. An
// incident without a timeline opens too: the replayer says so.
func (a *App) openReplayer(id string, o replayer.Options) tea.Cmd {
	r := a.lib.Find(id)
	if r == nil {
		a.status = notFound(id, a.lang)
		return nil
	}
	_, tl, err := a.lib.Timeline(r.ID)
	if err != nil && tl != nil {
		a.status = err.Error() // the model failed: the timeline as loaded
	}
	return a.push(&replayerScreen{m: replayer.New(r, tl, a.replayerOptions(o))})
}

// back closes the screen on top and returns to the one it came from.
func (a *App) back() {
	if len(a.stack) <= 1 {
		return
	}
	a.top().Blur()
	a.keepMinutes(a.top())
	a.stack = a.stack[:len(a.stack)-1]
	a.top().Focus()
	a.layout()
}

// setLang switches every screen's language.
func (a *App) setLang(l data.Lang) {
	a.lang = l
	for _, s := range a.stack {
		s.SetLang(l)
	}
	a.layout()
}
