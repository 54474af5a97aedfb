package replayer

import (
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/tui/i18n"
)

// Presenter mode's meeting clock: the time since the replay opened, or the
// time left until the meeting ends (--until). It reads the wall clock only
// through Options.Now, on a tick of its own once a second, stamped with a
// generation so that a tick from before presenter mode went off and on is
// dropped. Its field has a fixed width, so it never moves the layout.

// meetEvery is the meeting clock's tick.
const meetEvery = time.Second

// meetTickMsg updates the meeting clock.
type meetTickMsg struct{ gen int }

// meetWords are the meeting clock's texts.
var meetWords = i18n.Register("replayer.meeting", &struct {
	elapsed, left, over i18n.Word
}{
	elapsed: i18n.W("meeting %s", "회의 %s"),
	left:    i18n.W("%s left", "%s 남음"),
	over:    i18n.W("%s over", "%s 초과"),
})

// meeting is the meeting clock's state.
type meeting struct {
	now    func() time.Time
	opened time.Time
	until  time.Time // zero: count up from opened
	wall   time.Time // the wall clock at the last tick
	gen    int
}

// meetTick schedules the next tick of the meeting clock.
func (m Model) meetTick() tea.Cmd {
	gen := m.meet.gen
	return m.after(meetEvery, func(time.Time) tea.Msg { return meetTickMsg{gen: gen} })
}

// onMeetTick reads the wall clock and schedules the next tick while
// presenter mode is on.
func (m Model) onMeetTick(msg meetTickMsg) (Model, tea.Cmd) {
	if msg.gen != m.meet.gen || !m.present {
		return m, nil
	}
	m.meet.wall = m.meet.now()
	return m, m.meetTick()
}

// startMeeting starts the meeting clock's ticks afresh (presenter mode
// turned on).
func (m *Model) startMeeting() tea.Cmd {
	m.meet.gen++
	m.meet.wall = m.meet.now()
	return m.meetTick()
}

// hms writes d as h:mm:ss, at most 99:59:59.
func hms(d time.Duration) string {
	d = min(max(d, 0), 100*time.Hour-time.Second).Truncate(time.Second)
	return fmt.Sprintf("%d:%02d:%02d", int(d/time.Hour), int(d%time.Hour/time.Minute), int(d%time.Minute/time.Second))
}

// meetingText is the meeting clock as drawn, padded to meetingWidth.
func (m Model) meetingText() string {
	var s string
	if m.meet.until.IsZero() {
		s = fmt.Sprintf(meetWords.elapsed.In(m.lang), hms(m.meet.wall.Sub(m.meet.opened)))
	} else if left := m.meet.until.Sub(m.meet.wall); left >= 0 {
		s = fmt.Sprintf(meetWords.left.In(m.lang), hms(left))
	} else {
		s = fmt.Sprintf(meetWords.over.In(m.lang), hms(-left))
	}
	return strings.Repeat(" ", max(0, m.meetingWidth()-lipgloss.Width(s))) + s
}

// meetingWidth is the widest the meeting clock gets in the language shown.
func (m Model) meetingWidth() int {
	long := "88:88:88"
	if m.meet.until.IsZero() {
		return lipgloss.Width(fmt.Sprintf(meetWords.elapsed.In(m.lang), long))
	}
	return max(lipgloss.Width(fmt.Sprintf(meetWords.left.In(m.lang), long)),
		lipgloss.Width(fmt.Sprintf(meetWords.over.In(m.lang), long)))
}
