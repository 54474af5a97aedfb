package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/problems"
)

// The load problems and notices (a user record that replaces a bundled
// one): a count in the header from the start, and `!` opens the screen that
// lists them over whatever is shown; esc or `!` closes it.

// showProblemsKey opens the problems screen.
var showProblemsKey = key.NewBinding(key.WithKeys("!"), key.WithHelp("!", "problems"))

// problemNotice is the header's notice while there are problems.
func (a App) problemNotice() string {
	return problems.Notice(len(a.problemList), len(a.noticeList), a.lang)
}

// opensProblems reports whether msg opens the problems screen: there are
// problems, and it is not open already.
func (a App) opensProblems(msg tea.KeyMsg) bool {
	if len(a.problemList)+len(a.noticeList) == 0 || !key.Matches(msg, showProblemsKey) {
		return false
	}
	return a.problems == nil || a.top() != a.problems
}

// openProblems pushes the problems screen.
func (a *App) openProblems() tea.Cmd {
	a.problems = &problemsScreen{m: problems.New(a.problemList, a.noticeList, a.lang, a.styles)}
	return a.push(a.problems)
}

// problemsScreen adapts problems.Model to Screen.
type problemsScreen struct {
	m    problems.Model
	w, h int
}

func (s *problemsScreen) Init() tea.Cmd { return nil }

func (s *problemsScreen) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	s.m, cmd = s.m.Update(msg)
	return cmd
}

func (s *problemsScreen) View() string {
	return strings.Join(exact(layout.Lines(s.m.View()), s.w, s.h), "\n")
}

func (s *problemsScreen) SetSize(w, h int)          { s.w, s.h = w, h; s.m.SetSize(w, h) }
func (s *problemsScreen) SetLang(l data.Lang)       { s.m.SetLang(l) }
func (s *problemsScreen) Focus()                    { s.m.Focus() }
func (s *problemsScreen) Blur()                     { s.m.Blur() }
func (s *problemsScreen) ShortHelp() []key.Binding  { return s.m.ShortHelp() }
func (s *problemsScreen) FullHelp() [][]key.Binding { return s.m.FullHelp() }
func (s *problemsScreen) Capturing() bool           { return false }
func (s *problemsScreen) Back() bool                { return false }
func (s *problemsScreen) Crumb() string             { return "!" }
