package main

import (
	"fmt"
	"os"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/tui/i18n"
)

// meetingWords are the messages of --until.
var meetingWords = i18n.Register("cli.meeting", &struct {
	badUntil i18n.Word
}{
	badUntil: i18n.W("--until: invalid time %q (want HH:MM, such as 15:30)", "--until: 잘못된 시각 %q (15:30 같은 HH:MM)"),
})

// untilTime is the next moment, at or after now, whose local time of day is
// hhmm (already checked by parseHHMM); zero for "".
func untilTime(hhmm string, now time.Time) time.Time {
	mins, err := parseHHMM(hhmm)
	if hhmm == "" || err != nil {
		return time.Time{}
	}
	y, mo, d := now.Date()
	t := time.Date(y, mo, d, mins/60, mins%60, 0, 0, now.Location())
	if t.Before(now.Add(-time.Minute)) {
		t = t.AddDate(0, 0, 1) // a meeting that ends after midnight
	}
	return t
}

// minutesKeeper is the program's final model when it keeps the minutes of
// a study session (tui.App).
type minutesKeeper interface {
	Minutes() string
}

// writeMinutes writes the minutes the program's final model kept to path
// ("": nothing to do). A model that kept none writes nothing.
func writeMinutes(path string, final tea.Model) error {
	if path == "" {
		return nil
	}
	k, ok := final.(minutesKeeper)
	if !ok {
		return nil
	}
	md := k.Minutes()
	if md == "" {
		return nil
	}
	if err := os.WriteFile(path, []byte(md), 0o644); err != nil {
		return fmt.Errorf("write minutes %s: %w", path, err)
	}
	return nil
}
