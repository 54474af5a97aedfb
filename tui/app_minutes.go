package tui

// minuteKeeper is a screen that keeps the minutes of a session (the
// replayer, of a study session): the root asks for them when the program
// ends, to write them to --minutes.
type minuteKeeper interface {
	Minutes() string
}

// keepMinutes keeps s's minutes, if it keeps any, before s is closed, so
// that leaving the replayer does not lose them.
func (a *App) keepMinutes(s Screen) {
	if k, ok := s.(minuteKeeper); ok {
		if md := k.Minutes(); md != "" {
			a.minutes = md
		}
	}
}

// Minutes returns the minutes of the last session kept: those of the
// topmost screen on the stack that keeps any, else those of the last such
// screen closed, else "".
func (a App) Minutes() string {
	for i := len(a.stack) - 1; i >= 0; i-- {
		if k, ok := a.stack[i].(minuteKeeper); ok {
			if md := k.Minutes(); md != "" {
				return md
			}
		}
	}
	return a.minutes
}
