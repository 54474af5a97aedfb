package tui

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/tui/problems"
)

// The load problems: a notice in the header from the start, and `!` opens
// the screen that lists them, over whatever is shown; esc or `!` closes it.

// showProblemsKey opens the problems screen.
var showProblemsKey = key.NewBinding(key.WithKeys("!"), key.WithHelp("!", "problems"))

// setProblems keeps the load problems and says so in the header.
func (a *App) setProblems(ps []string) {
	a.problemList = ps
}

// problemNotice is the header's notice while there are problems.
func (a App) problemNotice() string { return problems.Notice(len(a.problemList), a.lang) }

// handleProblemsKey opens the screen on `!`, or gives it the key while it
// is open. ok is false when the key is not for it.
func (a App) handleProblemsKey(msg tea.KeyMsg) (App, tea.Cmd, bool) {
	if a.problems != nil {
		m, cmd := a.problems.Update(msg)
		a.problems = &m
		return a, cmd, true
	}
	if len(a.problemList) == 0 || !key.Matches(msg, showProblemsKey) {
		return a, nil, false
	}
	m := problems.New(a.problemList, a.lang, a.styles)
	m.SetSize(a.w, a.bodyHeight())
	m.Focus()
	a.problems = &m
	return a, nil, true
}

// takesProblemsKey reports whether the problems screen is open (it takes
// every key) or the key opens it.
func (a App) takesProblemsKey(msg tea.KeyMsg) bool {
	return a.problems != nil || len(a.problemList) > 0 && key.Matches(msg, showProblemsKey)
}
