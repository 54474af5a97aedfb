package tui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/detail"
	"github.com/incidents-dev/incidents/tui/explorer"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/mirror"
	"github.com/incidents-dev/incidents/tui/replayer"
	"github.com/incidents-dev/incidents/tui/theme"
)

// The adapters that make each screen package's Model a Screen. A screen
// whose Model gains an InputFocused method (a search box inside a record, a
// study answer) captures typed keys through it with no change here.

// inputFocused reports whether m has a text input with the focus.
func inputFocused(m any) bool {
	f, ok := m.(interface{ InputFocused() bool })
	return ok && f.InputFocused()
}

// explorerScreen is the explorer and, from TwoPaneWidth columns, a preview
// of the selected incident beside it.
type explorerScreen struct {
	list    explorer.Model
	preview detail.Model
	styles  *theme.AppStyles
	w, h    int
	mouse   bool
}

func newExplorerScreen(list explorer.Model, preview detail.Model, st *theme.AppStyles, mouse bool) *explorerScreen {
	return &explorerScreen{list: list, preview: preview, styles: st, mouse: mouse}
}

func (s *explorerScreen) Init() tea.Cmd { return nil }

// twoPanes says whether the list and the preview sit side by side.
func (s *explorerScreen) twoPanes() bool { return s.w >= TwoPaneWidth }

// panes returns the widths of the list and the preview in two panes.
func (s *explorerScreen) panes() (list, preview int) {
	list = s.w * 11 / 20
	return list, max(s.w-list-lipgloss.Width(divider), 0)
}

func (s *explorerScreen) Update(msg tea.Msg) tea.Cmd {
	if m, ok := msg.(tea.MouseMsg); ok && s.twoPanes() {
		if lw, _ := s.panes(); m.X >= lw {
			m.X -= lw + lipgloss.Width(divider)
			var cmd tea.Cmd
			s.preview, cmd = s.preview.Update(m)
			return cmd
		}
	}
	var cmd tea.Cmd
	s.list, cmd = s.list.Update(msg)
	s.preview.SetRecord(s.list.Selected())
	return cmd
}

func (s *explorerScreen) View() string {
	if !s.twoPanes() {
		return strings.Join(exact(layout.Lines(s.list.View()), s.w, s.h), "\n")
	}
	lw, pw := s.panes()
	left := exact(layout.Lines(s.list.View()), lw, s.h)
	right := exact(layout.Lines(s.preview.View()), pw, s.h)
	div := s.styles.Divider.Render(divider)
	var b strings.Builder
	b.Grow(s.w * s.h * 2)
	for i := range left {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(left[i])
		b.WriteString(div)
		b.WriteString(right[i])
	}
	return b.String()
}

func (s *explorerScreen) SetSize(w, h int) {
	s.w, s.h = w, h
	if s.twoPanes() {
		lw, pw := s.panes()
		s.list.SetSize(lw, h)
		s.preview.SetSize(pw, h)
		return
	}
	s.list.SetSize(w, h)
	s.preview.SetSize(0, 0)
}

func (s *explorerScreen) SetLang(l data.Lang) {
	s.list.SetLang(l)
	s.preview.SetLang(l)
}

func (s *explorerScreen) Focus()                    { s.list.Focus() }
func (s *explorerScreen) Blur()                     { s.list.Blur() }
func (s *explorerScreen) ShortHelp() []key.Binding  { return s.list.ShortHelp() }
func (s *explorerScreen) FullHelp() [][]key.Binding { return s.list.FullHelp() }
func (s *explorerScreen) Capturing() bool           { return s.list.InputFocused() }
func (s *explorerScreen) Back() bool                { return s.list.Back() }
func (s *explorerScreen) Crumb() string             { return "" }

// selectID selects the incident with the given id in the list.
func (s *explorerScreen) selectID(id string) {
	s.list.Select(id)
	s.preview.SetRecord(s.list.Selected())
}

// The adapters are mirror.Screens through their models (each screen
// package's mirror.go); the list's also shows the followed incident in the
// preview.

func (s *explorerScreen) Share() mirror.State { return s.list.Share() }

func (s *explorerScreen) Mirror(st mirror.State) (tea.Cmd, tea.Msg, bool) {
	cmd, open, ok := s.list.Mirror(st)
	s.preview.SetRecord(s.list.Selected())
	return cmd, open, ok
}

func (s *explorerScreen) Resume() tea.Cmd        { return s.list.Resume() }
func (s *explorerScreen) Passive() []key.Binding { return s.list.Passive() }
func (s *detailScreen) Share() mirror.State      { return s.m.Share() }
func (s *detailScreen) Resume() tea.Cmd          { return s.m.Resume() }
func (s *detailScreen) Passive() []key.Binding   { return s.m.Passive() }
func (s *replayerScreen) Share() mirror.State    { return s.m.Share() }
func (s *replayerScreen) Resume() tea.Cmd        { return s.m.Resume() }
func (s *replayerScreen) Passive() []key.Binding { return s.m.Passive() }

func (s *detailScreen) Mirror(st mirror.State) (tea.Cmd, tea.Msg, bool) {
	return s.m.Mirror(st)
}

func (s *replayerScreen) Mirror(st mirror.State) (tea.Cmd, tea.Msg, bool) {
	return s.m.Mirror(st)
}

func (s *replayerScreen) SetBoard(b mirror.Board)           { s.m.SetBoard(b) }
func (s *replayerScreen) Contribution() mirror.Contribution { return s.m.Contribution() }

// detailScreen is one record.
type detailScreen struct {
	m    detail.Model
	w, h int
}

func (s *detailScreen) Init() tea.Cmd { return nil }

func (s *detailScreen) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	s.m, cmd = s.m.Update(msg)
	return cmd
}

func (s *detailScreen) View() string {
	return strings.Join(exact(layout.Lines(s.m.View()), s.w, s.h), "\n")
}

func (s *detailScreen) SetSize(w, h int)          { s.w, s.h = w, h; s.m.SetSize(w, h) }
func (s *detailScreen) SetLang(l data.Lang)       { s.m.SetLang(l) }
func (s *detailScreen) Focus()                    { s.m.Focus() }
func (s *detailScreen) Blur()                     { s.m.Blur() }
func (s *detailScreen) ShortHelp() []key.Binding  { return s.m.ShortHelp() }
func (s *detailScreen) FullHelp() [][]key.Binding { return s.m.FullHelp() }
func (s *detailScreen) Capturing() bool           { return inputFocused(s.m) }
func (s *detailScreen) Back() bool                { return s.m.ClearSearch() }

func (s *detailScreen) Crumb() string {
	if r := s.m.Record(); r != nil {
		return r.ID
	}
	return ""
}

// replayerScreen is one incident's replayer.
type replayerScreen struct {
	m    replayer.Model
	w, h int
}

func (s *replayerScreen) Init() tea.Cmd { return s.m.Init() }

// Minutes returns the minutes of the replayer's study session.
func (s *replayerScreen) Minutes() string { return s.m.Minutes() }

func (s *replayerScreen) Update(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	s.m, cmd = s.m.Update(msg)
	return cmd
}

// View is measured and cut: the replayer does not promise exact widths.
func (s *replayerScreen) View() string {
	return strings.Join(layout.PadLines(layout.Lines(s.m.View()), s.w, s.h), "\n")
}

func (s *replayerScreen) SetSize(w, h int)          { s.w, s.h = w, h; s.m.SetSize(w, h) }
func (s *replayerScreen) SetLang(l data.Lang)       { s.m.SetLang(l) }
func (s *replayerScreen) SetZone(z replay.Zone)     { s.m.SetZone(z) }
func (s *replayerScreen) Focus()                    { s.m.Focus() }
func (s *replayerScreen) Blur()                     { s.m.Blur() }
func (s *replayerScreen) ShortHelp() []key.Binding  { return s.m.ShortHelp() }
func (s *replayerScreen) FullHelp() [][]key.Binding { return s.m.FullHelp() }
func (s *replayerScreen) Capturing() bool           { return inputFocused(s.m) }
func (s *replayerScreen) Back() bool                { return s.m.ClearFind() }
func (s *replayerScreen) Crumb() string             { return "replay" }

// HideHelp says presenter mode takes the hint bar's rows.
func (s *replayerScreen) HideHelp() bool { return s.m.HideHelp() }
