package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/mirror"
)

// Role is the part an App plays in a meeting served over SSH.
type Role int

const (
	// Alone is an App that nobody follows: the ordinary explorer.
	Alone Role = iota
	// Presenter is the App others follow; the serving front end reads its
	// Shared state after each update.
	Presenter
	// Follower is a participant's App: it mirrors the presenter's Shared
	// state as PresenterMsgs arrive, until `f` lets it browse alone. Its
	// keys go through the follower's filter, tui/follow, which sends it
	// FollowMsg and RefusedMsg.
	Follower
)

// Shared is what a presenter's App shares with its followers (see
// mirror.State).
type Shared = mirror.State

// PresenterMsg brings the presenter's latest Shared state to a follower.
type PresenterMsg struct{ Shared Shared }

// PresenterLeftMsg tells a follower that the presenter has quit, or with
// Never that there is no presenter at all (a headless server); the
// follower keeps browsing from where it is.
type PresenterLeftMsg struct{ Never bool }

// RoomMsg tells the presenter who is in the room, for its header.
type RoomMsg struct {
	// Addr is the address the meeting is served on.
	Addr string
	// Following and Browsing count the remote participants.
	Following, Browsing int
	// People are the remote participants by name (already sanitised),
	// for the room list in the presenter's full help.
	People []Person
	// Joins and Leaves count every join and leave since the meeting
	// began; LastJoined and LastLeft name the latest (sanitised). The App
	// folds the new ones into a notice that expires by itself, so a
	// message replaced before delivery loses no join.
	Joins, Leaves        int
	LastJoined, LastLeft string
}

// Person is one remote participant of a meeting.
type Person struct {
	// Name is the participant's user name, sanitised and one line.
	Name string
	// Following is whether they follow the presenter (or browse alone).
	Following bool
}

// FollowMsg switches a follower between following the presenter and
// browsing alone: the follower's key filter (tui/follow) sends it for `f`.
type FollowMsg struct{}

// RefusedMsg tells a following follower that a key was refused because it
// would move away from the presenter's screen.
type RefusedMsg struct{}

// room is an App's part in a meeting.
type room struct {
	role      Role
	following bool
	// presenter is the presenter's last Shared state (followers), nil
	// when there is no presenter or it has left.
	presenter *Shared
	left      bool
	// info is the presenter's last word on the room, for its header.
	info *RoomMsg
	// follow is the follower's `f`, for the hint bar.
	follow key.Binding
	// notices are the join and leave notices standing (room_notice.go).
	notices notices
	// board is the room's last board (room_board.go), nil before one.
	board *Board
}

func newRoom(r Role) room {
	return room{role: r, following: r == Follower, follow: mirror.FollowKey()}
}

// Following reports whether a follower mirrors the presenter now.
func (a App) Following() bool { return a.room.role == Follower && a.room.following }

// Shared returns the state a presenter shares: what the screen on top
// shows, with the list's search. A screen that is no mirror.Screen (the
// load problems) shares the list's search only.
func (a App) Shared() Shared {
	var s Shared
	if m, ok := a.top().(mirror.Screen); ok {
		s = m.Share()
	}
	if m, ok := a.stack[0].(mirror.Screen); ok {
		s.Query = m.Share().Query
	}
	return s
}

// Focus describes the focused screen's keys, for a model around the App
// that filters them (a follower's: tui/follow).
type Focus struct {
	// Typing says a text input takes every typed key.
	Typing bool
	// Own are the screen's keys, as its help lists them.
	Own []key.Binding
	// Passive are the keys a following follower may use on it
	// (mirror.Screen's Passive).
	Passive []key.Binding
}

// Focused describes the focused screen's keys.
func (a App) Focused() Focus {
	top := a.top()
	f := Focus{Typing: top.Capturing(), Own: top.ShortHelp()}
	for _, col := range top.FullHelp() {
		f.Own = append(f.Own, col...)
	}
	if m, ok := top.(mirror.Screen); ok {
		f.Passive = m.Passive()
	}
	return f
}

// binds reports whether the focused screen has a key of its own that msg
// presses.
func (a App) binds(msg tea.KeyMsg) bool { return key.Matches(msg, a.Focused().Own...) }

// roomUpdate handles the meeting's messages. ok is false for what the app
// handles as usual.
func (a App) roomUpdate(msg tea.Msg) (m App, cmd tea.Cmd, ok bool) {
	if a.room.role == Alone {
		return a, nil, false
	}
	switch msg := msg.(type) {
	case RoomMsg:
		a.room.info = &msg
		return a, a.takeNotices(msg), true
	case BoardMsg:
		a.takeBoard(msg.Board)
		return a, nil, true
	case noticeExpiredMsg:
		a.expireNotice(msg)
		return a, nil, true
	case PresenterMsg:
		if a.room.role != Follower {
			return a, nil, true
		}
		s := msg.Shared
		a.room.presenter, a.room.left = &s, false
		if a.room.following {
			cmd = a.mirror(s)
		}
		a.layout()
		return a, cmd, true
	case PresenterLeftMsg:
		wasFollowing := a.room.following
		a.room.presenter, a.room.left, a.room.following = nil, !msg.Never, false
		if !msg.Never {
			a.status = roomWords.presenterLeftBrowse.In(a.lang)
		}
		if wasFollowing {
			cmd = a.resumeTop()
		}
		a.layout()
		return a, cmd, true
	case FollowMsg:
		if a.room.role != Follower {
			return a, nil, true
		}
		return a.toggleFollow()
	case RefusedMsg:
		a.status = roomWords.following.In(a.lang)
		return a, nil, true
	}
	return a, nil, false
}

// SetFollowing makes a follower start following (true) or browsing alone;
// a session opened on a given moment starts browsing.
func (a *App) SetFollowing(on bool) {
	if a.room.role == Follower {
		a.room.following = on
	}
}

// toggleFollow switches a follower between following and browsing alone.
func (a App) toggleFollow() (App, tea.Cmd, bool) {
	var cmd tea.Cmd
	switch {
	case a.room.following:
		a.room.following = false
		cmd = a.resumeTop()
	case a.room.presenter == nil:
		a.status = roomWords.noPresenter.In(a.lang)
		if a.room.left {
			a.status = roomWords.presenterLeft.In(a.lang)
		}
	default:
		a.room.following = true
		cmd = a.mirror(*a.room.presenter)
	}
	a.layout()
	return a, cmd, true
}

// mirror makes the follower's screens show s: the screen on top keeps it
// if it can (the same record, with its scroll; the same incident's
// replayer, moved to the presenter's moment); else the follower goes back
// to the list, which shows the presenter's search and opens the
// presenter's screen over it. A screen opened this way runs no command of
// its own (a replayer's ticks): it follows.
func (a *App) mirror(s Shared) tea.Cmd {
	cmd, open, ok := a.mirrorTop(s)
	if !ok {
		for len(a.stack) > 1 {
			a.back()
		}
		cmd, open, ok = a.mirrorTop(s)
	}
	if !ok || open == nil {
		return cmd
	}
	from := a.top()
	_, _ = a.navigate(from, open)
	if a.top() == from {
		return cmd // the incident is not in this library: the status says so
	}
	more, _, _ := a.mirrorTop(s)
	return tea.Batch(cmd, more)
}

// mirrorTop gives s to the screen on top, if it mirrors.
func (a *App) mirrorTop(s Shared) (tea.Cmd, tea.Msg, bool) {
	top := a.top()
	m, ok := top.(mirror.Screen)
	if !ok {
		return nil, nil, false
	}
	cmd, open, ok := m.Mirror(s)
	return addressTo(top, cmd), open, ok
}

// resumeTop hands the screen on top back to its own keys (a replayer's
// playback starts again).
func (a *App) resumeTop() tea.Cmd {
	top := a.top()
	m, ok := top.(mirror.Screen)
	if !ok {
		return nil
	}
	return addressTo(top, m.Resume())
}

// roomHelp is a following follower's help: the keys that work while
// following, so the hint bar never offers a move that would be refused.
func (a App) roomHelp() (helpKeys, bool) {
	if !a.Following() {
		return helpKeys{}, false
	}
	g := a.keys
	g.Back.SetHelp("q", i18n.KeyQuit.In(a.lang))
	f := a.room.follow
	f.SetHelp("f", roomWords.keyBrowse.In(a.lang))
	short := append([]key.Binding{f}, a.Focused().Passive...)
	return helpKeys{short: short, full: [][]key.Binding{short}, global: g}, true
}

// roomTag is what the header says before the language: the presenter's
// room summary, or whether a follower follows.
func (a App) roomTag() string {
	switch a.room.role {
	case Presenter:
		if a.room.info != nil {
			return roomLine(*a.room.info, a.lang) + " · "
		}
	case Follower:
		if a.room.following {
			return roomWords.tagFollowing.In(a.lang) + " · "
		}
		return roomWords.tagBrowsing.In(a.lang) + " · "
	}
	return ""
}

// stripHeight is the height of the strip that says where the presenter is.
func (a App) stripHeight() int {
	if a.strip() == "" {
		return 0
	}
	return 1
}

// strip is the one line a browsing follower sees above the hint bar:
// where the presenter is and how to rejoin. It is "" otherwise.
func (a App) strip() string {
	p := a.room.presenter
	if a.room.role != Follower || a.room.following || p == nil || a.tooSmall() {
		return ""
	}
	var where string
	switch {
	case p.Screen == mirror.Replay && p.Moment.Clock != "":
		where = roomWords.presenterAt.In(a.lang) + a.presenterClock(p) + " · " + p.Incident
	case p.Screen == mirror.Record:
		where = roomWords.presenterReading.In(a.lang) + p.Incident
	default:
		where = roomWords.presenterList.In(a.lang)
	}
	rejoin := roomWords.rejoin
	if a.binds(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'f'}}) { // the list's filters
		rejoin = roomWords.rejoinExplorer
	}
	line := where + rejoin.In(a.lang)
	return a.styles.App.Header.Render(layout.Fit(data.OneLine(line), a.w))
}

// roomNotice is what the presenter's header says before the room's
// summary, in a neutral colour: the raised hands and the standing join
// and leave notice, or "".
func (a App) roomNotice() string {
	if a.room.role != Presenter {
		return ""
	}
	var out string
	if b := a.room.board; b != nil && len(b.Hands) > 0 { // until the presenter acknowledges (H)
		out = "✋ " + strings.Join(b.Hands, ", ") + " · "
	}
	if n := a.room.notices.text(a.lang); n != "" {
		out += n + " · "
	}
	return out
}

// roomCount is the presenter's count of the room, kept in the header
// beside a status message: "3 following · 1 browsing", or "".
func (a App) roomCount() string {
	if a.room.role != Presenter || a.room.info == nil {
		return ""
	}
	return fmt.Sprintf(roomWords.count.In(a.lang), a.room.info.Following, a.room.info.Browsing)
}

// roomLine is the presenter's header summary:
// "serving on 127.0.0.1:2222 · 3 following · 1 browsing".
func roomLine(m RoomMsg, l data.Lang) string {
	return fmt.Sprintf(roomWords.serving.In(l), m.Addr, m.Following, m.Browsing)
}
