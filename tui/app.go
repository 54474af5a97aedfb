package tui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/detail"
	"github.com/incidents-dev/incidents/tui/explorer"
	"github.com/incidents-dev/incidents/tui/replayer"
	"github.com/incidents-dev/incidents/tui/theme"
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
	// Role is the app's part in a meeting served over SSH (room.go).
	Role Role
}

// App is the root model, the only tea.Model: it owns the window size, the
// language, the screen stack (explorer → detail → replayer) and the help,
// and routes each message to the screen that owns it.
type App struct {
	lib *library.Library
	// styles is shared by pointer: theme.Styles is large and the app is
	// copied on every message.
	styles *theme.Styles
	mouse  bool
	lang   data.Lang
	keys   KeyMap
	help   help.Model

	// find looks records up by id, ignoring case; labelOf gives a tag's
	// vocabulary label. Closures, so screens can hold them without a copy
	// of the app.
	find    func(id string) *data.Record
	labelOf func(term string) data.Text

	explorer explorer.Model
	// preview shows the selected incident beside the list in two panes.
	preview detail.Model
	// stack holds the screens opened above the explorer, top last.
	stack []screen

	w, h int
	// status is a one-line message, such as an id that is not found.
	status string
	// init is the command to run first (the replayer's ticks when the
	// app opens on it).
	init tea.Cmd
	// room is the app's part in a served meeting (room.go).
	room room
}

// screenKind says which screen a stack entry is.
type screenKind int

const (
	screenDetail screenKind = iota
	screenReplayer
)

// screen is one entry of the stack above the explorer. Screens are held
// by pointer so that copying the app stays cheap.
type screen struct {
	kind     screenKind
	detail   *detail.Model
	replayer *replayer.Model
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
	a := App{lib: lib, styles: &styles, mouse: opts.Mouse, lang: opts.Lang, keys: DefaultKeyMap(), help: help.New()}
	a.room = newRoom(opts.Role)
	a.find = lib.Find
	a.labelOf = lib.Label
	st := a.styles.App
	a.help.Styles = help.Styles{
		Ellipsis: st.HelpSep, ShortKey: st.HelpKey, ShortDesc: st.HelpDesc, ShortSeparator: st.HelpSep,
		FullKey: st.HelpKey, FullDesc: st.HelpDesc, FullSeparator: st.HelpSep,
	}
	a.explorer = explorer.New(lib.Records(), lib.Index(), explorer.Options{
		Lang: a.lang, Styles: *a.styles, Label: a.labelOf, Replay: replayAvailable, HasTimeline: a.lib.HasTimeline,
	})
	a.explorer.Focus()
	a.preview = detail.New(a.explorer.Selected(), a.detailOptions(true))
	if opts.Replay != "" {
		if r := a.find(opts.Replay); r != nil {
			a.explorer.Select(r.ID)
			a.syncPreview()
			a.init = a.openReplayer(r.ID, replayer.Options{
				At: opts.ReplayAt, Speed: opts.ReplaySpeed, Study: opts.ReplayStudy, Present: opts.ReplayPresent,
			})
		} else {
			a.status = notFound(opts.Replay, a.lang)
		}
	}
	a.keys.setHelp(a.lang, false)
	return a
}

// replayAvailable says that `r` opens the replayer. It is a constant while
// the replayer package is part of the build.
const replayAvailable = true

func (a App) detailOptions(preview bool) detail.Options {
	return detail.Options{
		Lang: a.lang, Styles: *a.styles, Related: a.find, Label: a.labelOf,
		Hyperlinks: true, Replay: replayAvailable, Preview: preview, Mouse: a.mouse, HasTimeline: a.lib.HasTimeline,
	}
}

// Init runs the first command: none, or the replayer's when the app opens
// on it.
func (a App) Init() tea.Cmd { return a.init }

// Update routes a message: sizes to the layout, keys by the dispatch
// order, screen messages to the stack, everything else to its owner.
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
	case explorer.OpenMsg:
		return a, a.openDetail(msg.ID)
	case detail.OpenRelatedMsg:
		return a, a.openDetail(msg.ID)
	case explorer.ReplayMsg:
		return a, a.openReplayer(msg.ID, replayer.Options{})
	case detail.ReplayMsg:
		return a, a.openReplayer(msg.ID, replayer.Options{})
	case detail.BackMsg, replayer.BackMsg:
		a.back()
		return a, nil
	}
	return a.routeToOwner(msg)
}

// handleKey dispatches a key: ctrl+c quits; the search box, when open,
// gets every other key; then the global keys; then the focused screen.
func (a App) handleKey(msg tea.KeyMsg) (tea.Model, tea.Cmd) {
	if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
		return a.splitKeys(msg)
	}
	a.status = ""
	switch {
	case key.Matches(msg, a.keys.Quit):
		return a, tea.Quit
	case len(a.stack) == 0 && a.explorer.InputFocused():
		return a.updateExplorer(msg)
	case key.Matches(msg, a.keys.Help):
		a.help.ShowAll = !a.help.ShowAll
		a.layout()
		return a, nil
	case key.Matches(msg, a.keys.Lang):
		a.setLang(a.lang.Next())
		return a, nil
	case key.Matches(msg, a.keys.Back):
		if len(a.stack) > 0 {
			a.back()
			return a, nil
		}
		if a.explorer.Back() {
			return a, nil
		}
		return a, tea.Quit
	}
	return a.updateTop(msg)
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

// updateTop sends a message to the focused screen.
func (a App) updateTop(msg tea.Msg) (tea.Model, tea.Cmd) {
	if len(a.stack) == 0 {
		return a.updateExplorer(msg)
	}
	var cmd tea.Cmd
	top := &a.stack[len(a.stack)-1]
	switch top.kind {
	case screenDetail:
		*top.detail, cmd = top.detail.Update(msg)
	case screenReplayer:
		hid := top.replayer.HideHelp()
		*top.replayer, cmd = top.replayer.Update(msg)
		if top.replayer.HideHelp() != hid { // presenter mode on or off
			a.layout()
		}
	}
	return a, cmd
}

func (a App) updateExplorer(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	a.explorer, cmd = a.explorer.Update(msg)
	a.syncPreview()
	return a, cmd
}

// syncPreview shows the selected incident in the preview pane.
func (a *App) syncPreview() {
	a.preview.SetRecord(a.explorer.Selected())
}

// routeMouse sends mouse events (only with --mouse) to the screen under
// the pointer, in that screen's coordinates.
func (a App) routeMouse(msg tea.MouseMsg) (tea.Model, tea.Cmd) {
	if !a.mouse || a.tooSmall() {
		return a, nil
	}
	msg.Y-- // the header
	if msg.Y < 0 || msg.Y >= a.bodyHeight() {
		return a, nil
	}
	if a.twoPanes() {
		if lw, _ := a.panes(); msg.X >= lw {
			msg.X -= lw + lipgloss.Width(divider)
			var cmd tea.Cmd
			a.preview, cmd = a.preview.Update(msg)
			return a, cmd
		}
	}
	return a.updateTop(msg)
}

// routeToOwner sends other messages to the screens that may own them: the
// explorer (search results) and every replayer on the stack (its ticks,
// which carry the replayer's id, so others ignore them).
func (a App) routeToOwner(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmds []tea.Cmd
	var cmd tea.Cmd
	a.explorer, cmd = a.explorer.Update(msg)
	a.syncPreview()
	cmds = append(cmds, cmd)
	for i := range a.stack {
		if a.stack[i].kind == screenReplayer {
			*a.stack[i].replayer, cmd = a.stack[i].replayer.Update(msg)
			cmds = append(cmds, cmd)
		}
	}
	return a, tea.Batch(cmds...)
}

// helpKeys is the focused screen's keys joined with the global ones.
func (a App) helpKeys() helpKeys {
	if h, ok := a.roomHelp(); ok {
		return h
	}
	h := helpKeys{global: a.keys}
	if len(a.stack) == 0 {
		h.short, h.full = a.explorer.ShortHelp(), a.explorer.FullHelp()
		h.typing = a.explorer.InputFocused()
		return h
	}
	top := a.stack[len(a.stack)-1]
	switch top.kind {
	case screenDetail:
		h.short, h.full = top.detail.ShortHelp(), top.detail.FullHelp()
	case screenReplayer:
		h.short, h.full = top.replayer.ShortHelp(), top.replayer.FullHelp()
	}
	return h
}
