package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/layout"
)

// maxRoomRows bounds the room list under the presenter's full help.
const maxRoomRows = 3

// roomList is the presenter's list of who is in the room, shown under the
// full help (`?`): each participant's name, with those browsing alone
// marked, in at most maxRoomRows lines, the rest counted. Nothing for
// anyone but a presenter with participants.
func (a App) roomList() []string {
	if a.room.role != Presenter || a.room.info == nil || !a.help.ShowAll || len(a.room.info.People) == 0 {
		return nil
	}
	people := a.room.info.People
	head := fmt.Sprintf(roomWords.inRoom.In(a.lang), len(people))
	rows := [][]string{{}}
	text := func(i int, r []string) string {
		if i == 0 {
			return head + strings.Join(r, " · ")
		}
		return strings.Join(r, " · ")
	}
	for i, p := range people {
		name := layout.Truncate(p.Name, max(a.w-2, 1))
		if !p.Following {
			name += roomWords.browsingMark.In(a.lang)
		}
		n := len(rows) - 1
		if len(rows[n]) == 0 || lipgloss.Width(text(n, append(rows[n], name))) <= a.w {
			rows[n] = append(rows[n], name)
			continue
		}
		if len(rows) == maxRoomRows {
			rows[n] = withMore(rows[n], len(people)-i, func(r []string) bool { return lipgloss.Width(text(n, r)) <= a.w }, a.lang)
			break
		}
		rows = append(rows, []string{name})
	}
	st := a.styles.App.HelpDesc
	lines := make([]string, len(rows))
	for i, r := range rows {
		lines[i] = st.Render(layout.Fit(text(i, r), a.w))
	}
	return lines
}

// withMore ends row with "… and N more", N being left plus the names it
// takes off the row until fits says the row fits (or one name is left).
func withMore(row []string, left int, fits func([]string) bool, l data.Lang) []string {
	for {
		r := append(row[:len(row):len(row)], fmt.Sprintf(roomWords.more.In(l), left))
		if len(row) <= 1 || fits(r) {
			return r
		}
		row, left = row[:len(row)-1], left+1
	}
}
