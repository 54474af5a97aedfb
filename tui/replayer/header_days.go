package replayer

import (
	"fmt"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// The header's fields that must keep their width whatever the moment (the
// play state's mark), and the elapsed time and axis of an incident that
// spans days: "T+136d 4:09 of 154d 0:00" rather than "T+3268:09 of
// 3696:00", and dates at the axis's ends.

// dayWords are the day unit and the axis's date layouts.
var dayWords = i18n.Register("replayer.days", &struct {
	day, axisDate, hypMark i18n.Word
}{
	// hypMark heads the header while a what-if run is drawn.
	hypMark: i18n.W("[what-if] ", "[가정 실험] "),
	day:     i18n.W("%dd %s", "%d일 %s"),
	// axisDate is a time.Format layout: "Jul 19", "7월 19일".
	axisDate: i18n.W("Jan 2", "1월 2일"),
})

// stateMark returns the play state's mark, two cells wide playing or
// paused ("▶ ", "||"), so the word after it never moves.
func stateMark(playing bool) string {
	if playing {
		return "▶ "
	}
	return "||"
}

// spanText writes d, a time since the start of tl, as h:mm, or for a
// timeline that spans days as days and h:mm ("136d 4:09", "136일 4:09").
func spanText(tl *data.Timeline, d time.Duration, l data.Lang) string {
	if !multiDay(tl) {
		return hm(d)
	}
	d = max(d, 0)
	days := int(d / (24 * time.Hour))
	return fmt.Sprintf(dayWords.day.In(l), days, hm(d%(24*time.Hour)))
}

// axisLabel writes t at an end of the sparklines' axis: the time of day,
// or the date on a timeline that spans days.
func axisLabel(tl *data.Timeline, t time.Time, l data.Lang) string {
	if !multiDay(tl) {
		return t.In(tl.Location()).Format("15:04")
	}
	return t.In(tl.Location()).Format(dayWords.axisDate.In(l))
}

// hypMark is the header's mark of an applied what-if run, whose curves are
// drawn under the incident's, shown whether or not the panel is open; ""
// with none.
func (m Model) hypMark() string {
	if m.hyp == nil {
		return ""
	}
	return dayWords.hypMark.In(m.lang)
}
