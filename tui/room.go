package tui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/replayer"
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
	// state as PresenterMsgs arrive, until `f` lets it browse alone.
	Follower
)

// SharedScreen names the screen on top of the presenter's stack.
type SharedScreen int

const (
	// SharedExplorer is the list (Incident is the selected record).
	SharedExplorer SharedScreen = iota
	// SharedDetail is one record's detail.
	SharedDetail
	// SharedReplay is one incident's replayer (Moment says where).
	SharedReplay
)

// Shared is what a presenter's App shares with its followers: the screen,
// its incident and, on the replayer, the moment. Language, theme, size and
// scroll are each reader's own and not in it.
type Shared struct {
	Screen   SharedScreen
	Incident string
	Moment   replayer.Moment
	// Query is the search the presenter's list shows (one line,
	// sanitised), on every screen: back in the list, a follower sees the
	// same results.
	Query string
}

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
	// Event is a one-line note for the status line ("kim joined"),
	// already sanitised, or "".
	Event string
}

// Person is one remote participant of a meeting.
type Person struct {
	// Name is the participant's user name, sanitised and one line.
	Name string
	// Following is whether they follow the presenter (or browse alone).
	Following bool
}

// room is an App's part in a meeting.
type room struct {
	role      Role
	following bool
	// presenter is the presenter's last Shared state (followers), nil
	// when there is no presenter or it has left.
	presenter *Shared
	left      bool
	// info is the presenter's last word on the room, for its header.
	info   *RoomMsg
	follow key.Binding
	scroll key.Binding
}

func newRoom(r Role) room {
	return room{
		role:      r,
		following: r == Follower,
		follow:    key.NewBinding(key.WithKeys("f", "F"), key.WithHelp("f", "follow / browse")),
		scroll:    key.NewBinding(key.WithKeys("up", "down", "j", "k", "pgup", "pgdown")),
	}
}

// Following reports whether a follower mirrors the presenter now.
func (a App) Following() bool { return a.room.role == Follower && a.room.following }

// Shared returns the state a presenter shares: the screen on top, its
// incident and the replayer's moment. The room is the one place that asks
// which kind a screen is: what a follower mirrors differs by kind.
func (a App) Shared() Shared {
	s := a.sharedTop()
	if len(a.stack) == 0 {
		return s
	}
	if ex, ok := a.stack[0].(*explorerScreen); ok {
		s.Query = data.OneLine(ex.list.Query())
	}
	return s
}

// sharedTop is Shared without the query: the screen on top.
func (a App) sharedTop() Shared {
	switch top := a.top().(type) {
	case *explorerScreen:
		s := Shared{Screen: SharedExplorer}
		if r := top.list.Selected(); r != nil {
			s.Incident = r.ID
		}
		return s
	case *detailScreen:
		s := Shared{Screen: SharedDetail}
		if r := top.m.Record(); r != nil {
			s.Incident = r.ID
		}
		return s
	case *replayerScreen:
		mo := top.m.Moment()
		return Shared{Screen: SharedReplay, Incident: mo.Incident, Moment: mo}
	}
	return Shared{}
}

// roomUpdate handles the meeting's messages and a follower's keys. ok is
// false for what the app handles as usual.
func (a App) roomUpdate(msg tea.Msg) (m App, cmd tea.Cmd, ok bool) {
	if a.room.role == Alone {
		return a, nil, false
	}
	switch msg := msg.(type) {
	case RoomMsg:
		a.room.info = &msg
		if msg.Event != "" {
			a.status = msg.Event
		}
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
	case tea.KeyMsg:
		if a.room.role != Follower {
			break
		}
		if msg.Type == tea.KeyRunes && len(msg.Runes) > 1 && !msg.Paste {
			return a.splitFollowerKeys(msg)
		}
		return a.followerKey(msg)
	}
	return a, nil, false
}

// splitFollowerKeys takes typed characters that arrived together one by
// one, as handleKey does, so that each passes the follower's rules.
func (a App) splitFollowerKeys(msg tea.KeyMsg) (App, tea.Cmd, bool) {
	var cmds []tea.Cmd
	var m tea.Model = a
	for _, r := range msg.Runes {
		var cmd tea.Cmd
		m, cmd = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}, Alt: msg.Alt})
		cmds = append(cmds, cmd)
	}
	return m.(App), tea.Batch(cmds...), true
}

// SetFollowing makes a follower start following (true) or browsing alone;
// a session opened on a given moment starts browsing.
func (a *App) SetFollowing(on bool) {
	if a.room.role == Follower {
		a.room.following = on
	}
}

// followerKey handles a follower's key: `f` (or `F`) toggles following;
// while following, only keys that change nobody's moment pass (help,
// language, quit, scrolling a record). Browsing alone in the explorer, `f`
// opens the facet filters as it does anywhere else, and `F` rejoins.
func (a App) followerKey(msg tea.KeyMsg) (App, tea.Cmd, bool) {
	typing := a.top().Capturing()
	switch {
	case key.Matches(msg, a.keys.Quit):
		return a, nil, false
	case typing && !a.room.following:
		return a, nil, false
	case !a.room.following && a.onExplorer() && msg.String() == "f":
		return a, nil, false
	case key.Matches(msg, a.room.follow):
		return a.toggleFollow()
	case !a.room.following:
		return a, nil, false
	case key.Matches(msg, a.keys.Help), key.Matches(msg, a.keys.Lang):
		return a, nil, false
	case key.Matches(msg, a.keys.Back):
		return a, tea.Quit, true // going back would leave the presenter's screen
	case key.Matches(msg, a.room.scroll) && a.onDetail():
		return a, nil, false
	}
	a.status = roomWords.following.In(a.lang)
	return a, nil, true
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

// mirror makes the follower's screens show s: the same screen and
// incident, and on the replayer the same moment. A screen already showing
// the incident is kept, with its scroll.
func (a *App) mirror(s Shared) tea.Cmd {
	switch s.Screen {
	case SharedDetail:
		if d, ok := a.top().(*detailScreen); ok && d.m.Record() != nil && d.m.Record().ID == s.Incident {
			return nil
		}
		cmd := a.toExplorer(s)
		return tea.Batch(cmd, a.openDetail(s.Incident))
	case SharedReplay:
		r, ok := a.top().(*replayerScreen)
		if !ok || r.m.Moment().Incident != s.Incident {
			cmd := a.toExplorer(s)
			_ = a.openReplayer(s.Incident, replayer.Options{Speed: s.Moment.Speed}) // no ticks: it follows
			if r, ok = a.top().(*replayerScreen); !ok {
				return cmd
			}
			r.m.ApplyMoment(s.Moment)
			return cmd
		}
		r.m.ApplyMoment(s.Moment)
		return nil
	}
	return a.toExplorer(s)
}

// toExplorer closes every screen above the explorer and shows the
// presenter's search there, with s's incident selected.
func (a *App) toExplorer(s Shared) tea.Cmd {
	for len(a.stack) > 1 {
		a.back()
	}
	ex, ok := a.top().(*explorerScreen)
	if !ok {
		return nil
	}
	return addressTo(ex, ex.follow(s.Query, s.Incident))
}

// onExplorer reports whether the explorer is on top.
func (a App) onExplorer() bool {
	_, ok := a.top().(*explorerScreen)
	return ok
}

// onDetail reports whether a record's detail is on top.
func (a App) onDetail() bool {
	_, ok := a.top().(*detailScreen)
	return ok
}

// resumeTop restarts the replayer's own playback on top, if it plays.
func (a *App) resumeTop() tea.Cmd {
	r, ok := a.top().(*replayerScreen)
	if !ok {
		return nil
	}
	return addressTo(r, r.m.Resume())
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
	short := []key.Binding{f}
	if a.onDetail() {
		s := a.room.scroll
		s.SetHelp("↑↓", roomWords.keyScroll.In(a.lang))
		short = append(short, s)
	}
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
	case p.Screen == SharedReplay && p.Moment.Clock != "":
		where = roomWords.presenterAt.In(a.lang) + p.Moment.Clock + " · " + p.Incident
	case p.Screen == SharedDetail:
		where = roomWords.presenterReading.In(a.lang) + p.Incident
	default:
		where = roomWords.presenterList.In(a.lang)
	}
	rejoin := roomWords.rejoin
	if a.onExplorer() {
		rejoin = roomWords.rejoinExplorer
	}
	line := where + rejoin.In(a.lang)
	return a.styles.App.Header.Render(layout.Fit(data.OneLine(line), a.w))
}

// roomLine is the presenter's header summary:
// "serving on 127.0.0.1:2222 · 3 following · 1 browsing".
func roomLine(m RoomMsg, l data.Lang) string {
	return fmt.Sprintf(roomWords.serving.In(l), m.Addr, m.Following, m.Browsing)
}
