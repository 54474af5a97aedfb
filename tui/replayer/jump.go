package replayer

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
)

// The jump to a typed time (`:`): a time of day, a time since the start,
// or a date and time for an incident that spans days.

// jumpError is why a typed time could not be gone to, written in the
// reader's language when shown.
type jumpError struct {
	typed string
	// outside is set for a time the timeline does not reach; otherwise
	// the text is no time at all.
	outside bool
}

// text writes the problem in l, naming the timeline's span for a time
// outside it.
// In study mode (study) the end is after the cursor, and not named.
func (e jumpError) text(tl *data.Timeline, l data.Lang, study bool) string {
	switch {
	case !e.outside:
		return fmt.Sprintf(findWords.badTime.In(l), e.typed)
	case study:
		return fmt.Sprintf(findWords.outsideStudy.In(l), e.typed, spanLabel(tl, tl.Start))
	}
	return fmt.Sprintf(findWords.outside.In(l), e.typed, spanLabel(tl, tl.Start), spanLabel(tl, tl.End))
}

// spanLabel writes t for the span of a jump's error: the time of day, and
// the date too on a timeline that spans days.
func spanLabel(tl *data.Timeline, t time.Time) string {
	if multiDay(tl) {
		return t.In(tl.Location()).Format("2006-01-02 15:04 MST")
	}
	return t.In(tl.Location()).Format("15:04 MST")
}

// maxJumpNumber bounds each number typed in a jump (minutes, hours, days),
// and maxJumpDays the days a "T+" form may add up to: far more than any
// timeline spans, few enough that a time.Duration holds them.
const (
	maxJumpNumber = 10_000_000
	maxJumpDays   = 100_000
)

var (
	// elapsedForm is "T+mm", "T+h:mm", "T+Nd", "T+Nd h:mm" (case and spaces
	// aside; the "T" may be left out).
	elapsedForm = regexp.MustCompile(`^(?i)t?\+\s*(?:(\d{1,8})\s*d)?\s*(?:(\d{1,8})(?::(\d{1,2}))?)?$`)
	// dateForm is "YYYY-MM-DD", "YYYY-MM-DD HH:MM" or "MM-DD HH:MM".
	dateForm = regexp.MustCompile(`^(?:(\d{4})-)?(\d{1,2})-(\d{1,2})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?)?$`)
	// clockForm is "HH:MM" or "HH:MM:SS".
	clockForm = regexp.MustCompile(`^(\d{1,2}):(\d{2})(?::(\d{2}))?$`)
)

// atoi reads a string of digits the patterns above matched, bounded by
// maxJumpNumber; "" is 0.
func atoi(s string) (int, bool) {
	if s == "" {
		return 0, true
	}
	n, err := strconv.Atoi(s)
	return n, err == nil && n >= 0 && n <= maxJumpNumber
}

// parseJump reads typed as a moment of tl; a time outside the timeline
// is returned with its error. A time of day is taken on the
// day of now when the timeline shows it then, else on the first day that
// shows it; "T+…" counts from the start; a date without a year is in the
// start's year, or the next year after a year's end.
func parseJump(tl *data.Timeline, typed string, now time.Time) (time.Time, *jumpError) {
	s := strings.TrimSpace(typed)
	bad := &jumpError{typed: s}
	outside := &jumpError{typed: s, outside: true}
	loc := tl.Location()
	var t time.Time
	switch {
	case elapsedForm.MatchString(s) && strings.ContainsAny(s, "0123456789"):
		g := elapsedForm.FindStringSubmatch(s)
		d, ok1 := atoi(g[1])
		a, ok2 := atoi(g[2])
		b, ok3 := atoi(g[3])
		if !ok1 || !ok2 || !ok3 || g[3] != "" && b > 59 {
			return time.Time{}, bad
		}
		mins := a // T+mm
		if g[3] != "" {
			mins = a*60 + b // T+h:mm
		}
		if d > maxJumpDays || mins > maxJumpDays*24*60 {
			return tl.End.Add(time.Minute), outside
		}
		t = tl.Start.Truncate(time.Minute).Add(time.Duration(d)*24*time.Hour + time.Duration(mins)*time.Minute)
	case dateForm.MatchString(s):
		g := dateForm.FindStringSubmatch(s)
		var n [6]int
		for i := range n {
			v, ok := atoi(g[i+1])
			if !ok {
				return time.Time{}, bad
			}
			n[i] = v
		}
		year := n[0]
		start := tl.Start.In(loc)
		if g[1] == "" {
			year = start.Year()
			if time.Month(n[1]) < start.Month() {
				year++
			}
		}
		if n[1] < 1 || n[1] > 12 || n[2] < 1 || n[2] > 31 || n[3] > 23 || n[4] > 59 || n[5] > 59 {
			return time.Time{}, bad
		}
		t = time.Date(year, time.Month(n[1]), n[2], n[3], n[4], n[5], 0, loc)
		if t.Day() != n[2] { // 02-30 is no date
			return time.Time{}, bad
		}
	case clockForm.MatchString(s):
		g := clockForm.FindStringSubmatch(s)
		h, _ := atoi(g[1])
		mi, _ := atoi(g[2])
		sec, _ := atoi(g[3])
		if h > 23 || mi > 59 || sec > 59 {
			return time.Time{}, bad
		}
		day := now.In(loc)
		t = time.Date(day.Year(), day.Month(), day.Day(), h, mi, sec, 0, loc)
		if t.Before(tl.Start) || t.After(tl.End) {
			first, ok := firstShowing(tl, h, mi, sec)
			if !ok {
				return time.Time{}, outside
			}
			t = first
		}
	default:
		return time.Time{}, bad
	}
	if t.Before(tl.Start.Truncate(time.Minute)) || t.After(tl.End) {
		return t, outside
	}
	if t.Before(tl.Start) {
		t = tl.Start
	}
	return t, nil
}

// firstShowing returns the first moment of tl whose clock reads h:mi:sec.
func firstShowing(tl *data.Timeline, h, mi, sec int) (time.Time, bool) {
	loc := tl.Location()
	start, end := tl.Start.In(loc), tl.End.In(loc)
	for day := start; !day.After(end.AddDate(0, 0, 1)); day = day.AddDate(0, 0, 1) {
		t := time.Date(day.Year(), day.Month(), day.Day(), h, mi, sec, 0, loc)
		if t.Before(start) {
			continue
		}
		if t.After(end) {
			break
		}
		return t, true
	}
	return time.Time{}, false
}

// multiDay reports whether tl spans more than one day: its times then
// carry dates or day counts.
func multiDay(tl *data.Timeline) bool {
	return tl != nil && tl.End.Sub(tl.Start) >= 24*time.Hour
}

// runJump goes to the typed time: onto the first event of that minute
// when there is one, held at the first study stop on the way.
func (m Model) runJump(typed string) (Model, tea.Cmd) {
	if strings.TrimSpace(typed) == "" {
		m.refresh()
		return m, nil
	}
	t, err := parseJump(m.tl, typed, m.clock.Now())
	if err != nil && err.outside && m.study.on && t.After(m.tl.End) {
		// Study mode keeps the end unknown: a time past it goes as far
		// as the replay may (the next stop holds it), and says no more.
		t, err = m.tl.End, nil
	}
	if err != nil {
		m.notice = err.text(m.tl, m.lang, m.study.on)
		m.refresh()
		return m, nil
	}
	cur := m.clock.SeekFirst(t, time.Minute)
	m.notice = ""
	m, cmd := m.leap(m.clock.With(cur).Pause())
	switch {
	case m.notice != "": // the stop that asks was not passed
	case m.study.asking >= 0: // held at a stop on the way
		m.notice = fmt.Sprintf(findWords.askFirst.In(m.lang), m.study.asking+1)
	default:
		m.notice = fmt.Sprintf(findWords.jumped.In(m.lang), clockText(m.tl, m.clock.Now(), false))
	}
	m.refresh()
	return m, cmd
}
