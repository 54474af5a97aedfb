package tui

import (
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/detail"
	"github.com/incidents-dev/incidents/tui/explorer"
	"github.com/incidents-dev/incidents/tui/replayer"
	"github.com/incidents-dev/incidents/tui/theme"
	"github.com/incidents-dev/incidents/tui/whatif"
)

// Options configure the app.
type Options struct {
	// Lang is the starting language.
	Lang data.Lang
	// Styles colour the interface, built by theme.New from the renderer of
	// the output the app draws to; theme.Mono for monochrome. The zero
	// value is theme.Plain(): no escape codes.
	Styles theme.Styles
	// Mouse turns on wheel scrolling (the program must also be started
	// with mouse reporting on).
	Mouse bool
	// Replay opens the app straight on this incident's replayer.
	Replay string
	// ReplayAt is the replayer's starting moment, "HH:MM".
	ReplayAt string
	// ReplaySpeed is the replayer's starting speed.
	ReplaySpeed int
	// ReplayStudy and ReplayPresent start the replayer in study mode and
	// presenter mode.
	ReplayStudy, ReplayPresent bool
	// ReplayUntil is when the meeting ends: presenter mode's clock counts
	// down to it (zero: it counts up). Now reads the wall clock for it; nil
	// is time.Now.
	ReplayUntil time.Time
	Now         func() time.Time
	// ReplayWhatIf, when set, is a what-if run of the replayed incident's
	// model (library.WhatIf; `replay --set`): the replayer opens with it
	// drawn beside the incident's series.
	ReplayWhatIf *data.Timeline
	// Loading, when set, is the user's library opening in the background
	// (library.OpenAsync): the explorer shows its progress, then lists it
	// in place of the library given to New.
	Loading *library.Loading
	// Tick schedules the replayer's playback ticks; nil is tea.Tick. Tests
	// give one that returns at once, so they never wait on the clock.
	Tick func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd
	// Problems are the problems found loading the data, one line each;
	// the header says how many and `!` lists them.
	Problems []string
	// Notices are the load's notices that are not problems (a user
	// record replacing a bundled one), shown with the problems.
	Notices []string
	// Role is the app's part in a meeting served over SSH (room.go).
	Role Role
	// Zone is the zone times are shown in at first (app_zone.go); the
	// zero value is the source's.
	Zone replay.Zone
}

// App is the root model, the only tea.Model: it owns the window size, the
// language, the stack of screens (the explorer at the bottom, then what was
// opened from it) and the help, and routes each message to the screen that
// owns it.
type App struct {
	lib *library.Library
	// styles is shared by pointer with every screen's group.
	styles *theme.Styles
	mouse  bool
	lang   data.Lang
	zone   replay.Zone
	keys   KeyMap
	help   help.Model
	tick   func(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd

	// stack holds the screens, the explorer first and the focused one last;
	// it is never empty.
	stack []Screen
	// list is the explorer, always stack[0]: the background load fills it.
	list *explorerScreen
	// problems is the problems screen while it is open.
	problems Screen
	// problemList are the load problems, for the notice and `!`.
	problemList []string
	// noticeList are the load notices, shown after the problems.
	noticeList []string

	w, h int
	// status is a one-line message, such as an id that is not found.
	status string
	// minutes are those of the last replayer closed (app_minutes.go).
	minutes string
	// init is the command to run first (the replayer's ticks when the
	// app opens on it).
	init tea.Cmd
	// room is the app's part in a served meeting (room.go).
	room room
}

// New returns the app over lib, opened by library.Open or wrapped by
// library.New; nil is an empty library. The app searches lib's one index.
func New(lib *library.Library, opts Options) App {
	if lib == nil {
		lib = library.New(nil)
	}
	styles := opts.Styles
	if styles.App == nil {
		styles = theme.Plain()
	}
	a := App{lib: lib, styles: &styles, mouse: opts.Mouse, lang: opts.Lang, zone: opts.Zone, keys: DefaultKeyMap(), help: help.New(), tick: opts.Tick,
		problemList: opts.Problems, noticeList: opts.Notices}
	a.room = newRoom(opts.Role)
	st := a.styles.App
	a.help.Styles = help.Styles{
		Ellipsis: st.HelpSep, ShortKey: st.HelpKey, ShortDesc: st.HelpDesc, ShortSeparator: st.HelpSep,
		FullKey: st.HelpKey, FullDesc: st.HelpDesc, FullSeparator: st.HelpSep,
	}
	list := explorer.New(lib.Records(), lib.Index(), explorer.Options{
		Lang: a.lang, Styles: *a.styles, Label: lib.Label, Replay: true, HasTimeline: lib.HasTimeline,
	})
	ex := newExplorerScreen(list, detail.New(list.Selected(), a.detailOptions(true)), a.styles.App, a.mouse)
	a.stack, a.list = []Screen{ex}, ex
	ex.Focus()
	if opts.Replay != "" {
		if r := lib.Find(opts.Replay); r != nil {
			ex.selectID(r.ID)
			a.init = a.openReplayer(r.ID, replayer.Options{
				At: opts.ReplayAt, Speed: opts.ReplaySpeed, Study: opts.ReplayStudy, Present: opts.ReplayPresent,
				Until: opts.ReplayUntil, Now: opts.Now,
			})
			if hyp := opts.ReplayWhatIf; hyp != nil {
				a.init = tea.Batch(a.init, func() tea.Msg { return whatif.AppliedMsg{Timeline: hyp} })
			}
		} else {
			a.status = notFound(opts.Replay, a.lang)
		}
	}
	a.keys.setHelp(a.lang, false)
	if opts.Loading != nil {
		a.init = tea.Batch(a.init, waitLoad(opts.Loading.Updates()))
	}
	return a
}

func (a App) detailOptions(preview bool) detail.Options {
	return detail.Options{
		Lang: a.lang, Styles: *a.styles, Related: a.lib.Find, Label: a.lib.Label,
		Hyperlinks: true, Replay: true, Preview: preview, Mouse: a.mouse, HasTimeline: a.lib.HasTimeline,
	}
}

// Init runs the first command: none, or the replayer's when the app opens
// on it.
func (a App) Init() tea.Cmd { return a.init }

// top is the focused screen.
func (a App) top() Screen { return a.stack[len(a.stack)-1] }

// Update routes a message: sizes to the layout, keys by the dispatch
// order, a screen's results to that screen, everything else to the
// focused screen.
func (a App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if m, cmd, ok := a.roomUpdate(msg); ok {
		return m, cmd
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.resize(msg.Width, msg.Height)
		return a, nil
	case tea.KeyMsg:
		return a.handleKey(msg)
	case tea.MouseMsg:
		return a.routeMouse(msg)
	case screenMsg:
		return a.fromScreen(msg.to, msg.msg)
	case loadMsg:
		return a.loaded(msg)
	}
	return a.fromScreen(a.top(), msg)
}

// handleKey dispatches a key: ctrl+c quits; a screen that captures typed
// keys gets every other key; then the global keys (q and esc close the
// full help before they go back or quit); then the focused screen.
func (a App) handleKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	msg, ok := cleanTyped(msg)
	if !ok {
		return a, nil
	}
	if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
		return a.splitKeys(msg)
	}
	if msg.Type == tea.KeyEsc && msg.Alt {
		return a.twoEscs()
	}
	a.status = ""
	switch {
	case key.Matches(msg, a.keys.Quit):
		return a, tea.Interrupt // exit code 130, as fzf's
	case a.top().Capturing():
		return a, a.deliver(a.top(), msg)
	case a.opensProblems(msg):
		return a, a.openProblems()
	case key.Matches(msg, a.keys.Help):
		a.help.ShowAll = !a.help.ShowAll
		a.layout()
		return a, nil
	case key.Matches(msg, a.keys.Lang):
		a.setLang(a.lang.Next())
		return a, nil
	case key.Matches(msg, a.keys.Zone):
		a.setZone(a.zone.Next())
		return a, nil
	case a.closesHelp(msg):
		a.help.ShowAll = false // the full help closes first, as ? would
		a.layout()
		return a, nil
	case key.Matches(msg, a.keys.Back):
		if a.top().Back() {
			return a, nil
		}
		if len(a.stack) > 1 {
			a.back()
			return a, nil
		}
		return a, tea.Quit
	}
	return a, a.deliver(a.top(), msg)
}

// splitKeys handles typed characters that arrived together (fast typing,
// or keys sent by a script) one by one, so "/etcd" opens the search box and
// then types "etcd" into it.
func (a App) splitKeys(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	var (
		m    tea.Model = a
		cmd  tea.Cmd
		cmds []tea.Cmd
	)
	for _, r := range msg.Runes {
		m, cmd = m.(App).handleKey(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt})
		cmds = append(cmds, cmd)
	}
	return m, tea.Batch(cmds...)
}

// deliver sends msg to s and addresses the command it returns to s. A
// screen that starts or stops hiding the help (presenter mode) is laid out
// again.
func (a *App) deliver(s Screen, msg tea.Msg) tea.Cmd {
	hid := a.helpHidden()
	cmd := s.Update(msg)
	if a.helpHidden() != hid {
		a.layout()
	}
	return addressTo(s, cmd)
}

// helpHider is a screen that may take the rows of the hint bar.
type helpHider interface{ HideHelp() bool }

// helpHidden says the focused screen hides the hint bar and the help.
func (a App) helpHidden() bool {
	h, ok := a.top().(helpHider)
	return ok && h.HideHelp()
}

// fromScreen handles a message from screen s: a request to open or close
// a screen, or else a result for s itself, dropped when s has been closed.
func (a App) fromScreen(s Screen, msg tea.Msg) (tea.Model, tea.Cmd) {
	if cmd, ok := a.navigate(s, msg); ok {
		return a, cmd
	}
	for _, open := range a.stack {
		if open == s {
			return a, a.deliver(s, msg)
		}
	}
	return a, nil
}

// routeMouse sends mouse events (only with --mouse) to the focused
// screen, in that screen's coordinates.
func (a App) routeMouse(msg tea.MouseMsg) (tea.Model, tea.Cmd) {
	if !a.mouse || a.tooSmall() {
		return a, nil
	}
	msg.Y-- // the header
	if msg.Y < 0 || msg.Y >= a.bodyHeight() {
		return a, nil
	}
	return a, a.deliver(a.top(), msg)
}

// helpKeys is the focused screen's keys joined with the global ones.
func (a App) helpKeys() helpKeys {
	if h, ok := a.roomHelp(); ok {
		return h
	}
	top := a.top()
	return helpKeys{global: a.keys, short: top.ShortHelp(), full: top.FullHelp(), typing: top.Capturing()}
}

// replayerOptions completes o, a replayer's options, with the app's.
func (a App) replayerOptions(o replayer.Options) replayer.Options {
	o.Lang, o.Styles, o.Tick, o.Zone = a.lang, *a.styles, a.tick, a.zone
	o.Timelines = a.lib.Data().Timeline
	return o
}
