package i18n

import (
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
)

// Duration formats d in the reader's language by one rule: days, hours and
// minutes from the largest unit present down to the smallest that is not
// zero, so a zero in between is written ("2d 0h 25m", "3h 17m", "73h" is
// "3d 1h"); seconds only under a minute ("43s"); "0m" for nothing. Korean
// writes the units as words: "2일 0시간 25분", "3시간 17분", "43초". Both
// languages get English. A negative d is written with a minus sign.
func Duration(d time.Duration, l data.Lang) string {
	return strings.Join(parts(int64(d/time.Second), l), " ")
}

// Span formats the time from start to end as Duration does, for any span
// between years 1 and 9999: time.Time.Sub stops at about 292 years.
func Span(start, end time.Time, l data.Lang) string {
	return strings.Join(parts(spanSeconds(start, end), l), " ")
}

// DurationFit formats d as Duration does in at most w cells, dropping the
// smallest units that do not fit ("13d 16h 5m" in 7 cells is "13d 16h",
// "2d 0h 25m" in 6 is "2d"), so a number is never cut. It returns "" when
// not even the largest unit fits.
func DurationFit(d time.Duration, l data.Lang, w int) string {
	ps := parts(int64(d/time.Second), l)
	for n := len(ps); n > 0; n-- {
		if s := strings.Join(ps[:n], " "); lipgloss.Width(s) <= w {
			// A zero left at the end says nothing: "2d 0h" is "2d".
			for n > 1 && strings.HasPrefix(ps[n-1], "0") {
				n--
			}
			return strings.Join(ps[:n], " ")
		}
	}
	return ""
}

func spanSeconds(start, end time.Time) int64 {
	s := end.Unix() - start.Unix()
	if ns := end.Nanosecond() - start.Nanosecond(); ns < 0 {
		s-- // end is a fraction of a second less than s after start
	}
	return s
}

// units are the duration's unit words: day, hour, minute, second.
var units = Register("duration", &struct{ units [4]Word }{
	units: [4]Word{W("d", "일"), W("h", "시간"), W("m", "분"), W("s", "초")},
})

// parts splits sec seconds into its written units.
func parts(sec int64, l data.Lang) []string {
	var u [4]string
	for i, w := range units.units {
		u[i] = w.In(l)
	}
	sign := ""
	// Work on a non-positive value: -MinInt64 does not exist.
	if sec > 0 {
		sec = -sec
	} else if sec < 0 {
		sign = "-"
	}
	if sec > -60 {
		if sec == 0 {
			return []string{"0" + u[2]}
		}
		return []string{sign + strconv.FormatInt(-sec, 10) + u[3]}
	}
	mins := -(sec / 60)
	vals := [3]uint64{uint64(mins / (24 * 60)), uint64(mins / 60 % 24), uint64(mins % 60)}
	first, last := -1, -1
	for i, v := range vals {
		if v != 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	out := make([]string, 0, 3)
	for i := first; i <= last; i++ {
		out = append(out, strconv.FormatUint(vals[i], 10)+u[i])
	}
	out[0] = sign + out[0]
	return out
}
