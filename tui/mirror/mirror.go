// Package mirror is what a meeting's followers mirror of the presenter's
// screens: the State a presenter shares, and Screen, the optional part of
// a screen that shares it and takes it. The root asks the screens on its
// stack through Screen and never which kind they are; each screen package
// implements it in its own mirror.go.
package mirror

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// Kind names the screen on top of the presenter's stack.
type Kind int

const (
	// List is the explorer's list (Incident is the selected record).
	List Kind = iota
	// Record is one record's detail.
	Record
	// Replay is one incident's replayer (Moment says where).
	Replay
)

// State is what a presenter shares with its followers: the screen, its
// incident and, on the replayer, the moment. Language, theme, size and
// scroll are each reader's own and not in it. It is comparable, so an
// unchanged state is not sent again.
type State struct {
	Screen   Kind
	Incident string
	Moment   Moment
	// Query is the search the presenter's list shows (one line,
	// sanitised), on every screen: back in the list, a follower sees the
	// same results.
	Query string
}

// Moment is the part of a replayer that a meeting's followers mirror: which
// incident, where the clock stands, whether it plays and how fast, and the
// panel shown in place of the sparklines. Language, size and scroll are
// not part of it: each reader keeps their own. It is a small value, cheap
// to copy to every follower after each of the presenter's updates.
type Moment struct {
	// Incident is the id of the incident replayed.
	Incident string
	// At is the clock's moment, in the timeline's zone.
	At time.Time
	// Event is the event the cursor stopped on (several can share one
	// minute), or -1 for the last event at or before At.
	Event int
	// Playing and Speed are the play state and speed (one of replay.Speeds).
	Playing bool
	Speed   int
	// Heatmap says the per-instance heatmap is shown.
	Heatmap bool
	// Study is study mode; Asking is the stop whose question is shown and
	// Revealed the stop last revealed (-1 for none).
	Study            bool
	Asking, Revealed int
	// Present is presenter mode; Overlay the keystroke overlay, shown when
	// OverlayOn, with Keys its line ("⌨ space play · n next event ×3").
	Present, OverlayOn bool
	Keys               string
	// Clock is At as the replayer's header writes it ("12:47 PDT"), for
	// telling a reader where the presenter is.
	Clock string
}

// Screen is a screen a follower mirrors. A screen that is not one (the
// load problems) shares nothing but the list's query, and a follower
// closes it to show the presenter's screen.
type Screen interface {
	// Share returns what the screen shows. The list at the bottom of the
	// stack also gives the Query, shared from every screen.
	Share() State
	// Mirror makes the screen show s and reports whether it can: ok is
	// false for another kind of screen's state or another incident's,
	// and the root then closes the screen. The list takes every state: it
	// shows the presenter's search and selection and, for the state of a
	// screen opened from it, returns in open the message that opens that
	// screen, as the user's key would. cmd is the screen's own.
	Mirror(s State) (cmd tea.Cmd, open tea.Msg, ok bool)
	// Resume hands the screen back to its own keys after mirroring, and
	// returns what restarts it (a replayer's ticks).
	Resume() tea.Cmd
	// Passive are the screen's keys that a following follower may use:
	// they change what the follower sees and nothing the presenter shares
	// (scrolling a record). Their help is in the screen's language.
	Passive() []key.Binding
}

// FollowKey is the key that switches a follower between following the
// presenter and browsing alone; its help is the caller's to set.
func FollowKey() key.Binding {
	return key.NewBinding(key.WithKeys("f", "F"), key.WithHelp("f", "follow / browse"))
}
