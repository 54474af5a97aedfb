package tui

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
)

// Join and leave notices stand in the presenter's header for noticeFor and
// then expire by themselves, on a tick of the App's clock (Options.Tick,
// faked in tests). Joins and leaves that arrive while one stands fold
// into it ("3 joined"), and the room's count stays beside them.

// noticeFor is how long a join or leave notice stands.
const noticeFor = 4 * time.Second

// noticeExpiredMsg ends the notice it was scheduled for; seq drops the
// expiry of a notice that has since grown.
type noticeExpiredMsg struct{ seq int }

// notices are the join and leave notices standing in the header.
type notices struct {
	// joined and left count the joins and leaves standing; joinedName
	// and leftName name the last of each, shown when there is one.
	joined, left         int
	joinedName, leftName string
	// seenJoins and seenLeaves are the room's totals last heard of.
	seenJoins, seenLeaves int
	seq                   int
}

// take folds the joins and leaves msg tells of into the standing notice,
// and returns the tick that expires it.
func (a *App) takeNotices(msg RoomMsg) tea.Cmd {
	n := &a.room.notices
	dj, dl := max(0, msg.Joins-n.seenJoins), max(0, msg.Leaves-n.seenLeaves)
	n.seenJoins, n.seenLeaves = max(n.seenJoins, msg.Joins), max(n.seenLeaves, msg.Leaves)
	if dj == 0 && dl == 0 {
		return nil
	}
	n.joined += dj
	n.left += dl
	if dj > 0 {
		n.joinedName = msg.LastJoined
	}
	if dl > 0 {
		n.leftName = msg.LastLeft
	}
	n.seq++
	seq := n.seq
	return a.after(noticeFor, func(time.Time) tea.Msg { return noticeExpiredMsg{seq: seq} })
}

// expireNotice ends the standing notice if msg was scheduled for it.
func (a *App) expireNotice(msg noticeExpiredMsg) {
	if msg.seq == a.room.notices.seq {
		a.room.notices = notices{seenJoins: a.room.notices.seenJoins, seenLeaves: a.room.notices.seenLeaves, seq: msg.seq}
	}
}

// after schedules fn's message d from now, through Options.Tick.
func (a App) after(d time.Duration, fn func(time.Time) tea.Msg) tea.Cmd {
	if a.tick == nil {
		return tea.Tick(d, fn)
	}
	return a.tick(d, fn)
}

// noticeText is the standing notice: "kim joined", "3 joined · lee left",
// or "".
func (n notices) text(l data.Lang) string {
	part := func(count int, name string, one, many string) string {
		switch {
		case count == 0:
			return ""
		case count == 1 && name != "":
			return fmt.Sprintf(one, name)
		}
		return fmt.Sprintf(many, count)
	}
	var parts []string
	if s := part(n.joined, n.joinedName, roomWords.joinedOne.In(l), roomWords.joinedMany.In(l)); s != "" {
		parts = append(parts, s)
	}
	if s := part(n.left, n.leftName, roomWords.leftOne.In(l), roomWords.leftMany.In(l)); s != "" {
		parts = append(parts, s)
	}
	return strings.Join(parts, " · ")
}
