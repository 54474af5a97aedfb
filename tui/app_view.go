package tui

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
)

// Layout limits, in cells.
const (
	// MinWidth and MinHeight are the smallest window the app draws in;
	// below them it says the terminal is too small.
	MinWidth, MinHeight = 40, 10
	// TwoPaneWidth is the width from which the list and a preview of the
	// selected incident sit side by side.
	TwoPaneWidth = 100
	// MaxWidth and MaxHeight are the largest window the app lays out: a
	// larger one (a terminal that reports 65535×65535, or a client that
	// lies) is drawn in its top-left MaxWidth×MaxHeight cells, so that no
	// frame grows with a number from outside.
	MaxWidth, MaxHeight = 1000, 500
)

// divider separates the two panes; the space keeps the preview's text
// off the line.
const divider = "│ "

// resize takes a new window size, bounded to MaxWidth×MaxHeight, and lays
// the screens out for it. The screens keep their selection and scroll
// position.
func (a *App) resize(w, h int) {
	a.w, a.h = min(max(w, 0), MaxWidth), min(max(h, 0), MaxHeight)
	a.layout()
}

func (a App) tooSmall() bool { return a.w < MinWidth || a.h < MinHeight }

// helpHeight is how many rows the hint bar or the full help takes.
func (a App) helpHeight() int {
	if a.helpHidden() {
		return 0
	}
	if !a.help.ShowAll {
		return 1
	}
	return min(lipgloss.Height(a.helpView())+len(a.helpNotes()), max(a.h-2, 1))
}

// bodyHeight is the height left for the screens under the header and
// above the help.
func (a App) bodyHeight() int { return max(a.h-1-a.helpHeight()-a.stripHeight(), 0) }

// helpNotes are the lines under the full help: what the missing-translation
// marker means, when the screen shows one, then, for a presenter, who is in
// the room.
func (a App) helpNotes() []string {
	if !a.help.ShowAll {
		return nil
	}
	var out []string
	for _, shown := range []data.Lang{data.KO, data.EN} {
		if (a.lang == data.Both || a.lang != shown) && a.showsMarker(shown) {
			note := i18n.Marker(shown) + " " + i18n.MarkerNote(shown)
			out = append(out, a.styles.App.HelpDesc.Render(layout.Fit(note, a.w)))
		}
	}
	return append(out, a.roomList()...)
}

// layout gives every screen its size for the current window, language
// and help, and sets the global keys' help.
func (a *App) layout() {
	a.keys.setHelp(a.lang, len(a.stack) > 1)
	a.help.Width = a.w
	// A screen may hide the help at its new size (presenter mode), which
	// gives it more rows: lay out again, at most once more.
	for range 2 {
		bh := a.bodyHeight()
		for _, s := range a.stack {
			s.SetSize(a.w, bh)
		}
		if a.bodyHeight() == bh {
			return
		}
	}
}

// View draws the whole window: header, the focused screen (or the list
// and the preview), and the hint bar or full help. Every line fits the
// window; under MinWidth×MinHeight it only says the window is too small.
//
// Screens return lines exactly as wide as they were given (the adapters
// measure the one screen that does not promise it), so a frame joins their
// lines without measuring them again.
func (a App) View() string {
	if a.w <= 0 || a.h <= 0 {
		return ""
	}
	if a.tooSmall() {
		return a.tooSmallView()
	}
	var b strings.Builder
	b.Grow(a.w * a.h * 2)
	b.WriteString(a.header())
	for _, l := range a.body() {
		b.WriteByte('\n')
		b.WriteString(l)
	}
	if s := a.strip(); s != "" {
		b.WriteString("\n" + s)
	}
	help := append(layout.Lines(a.helpView()), a.helpNotes()...)
	for _, l := range help[:min(len(help), a.helpHeight())] {
		b.WriteByte('\n')
		b.WriteString(layout.Fit(l, a.w))
	}
	return b.String()
}

// body is the focused screen, exactly bodyHeight lines.
func (a App) body() []string {
	return exact(layout.Lines(a.top().View()), a.w, a.bodyHeight())
}

// exact returns h lines from a screen that draws lines of exactly w cells:
// extra lines are dropped and missing ones added blank.
func exact(lines []string, w, h int) []string {
	if len(lines) > h {
		return lines[:h]
	}
	blank := strings.Repeat(" ", w)
	for len(lines) < h {
		lines = append(lines, blank)
	}
	return lines
}

// header is the top line: the app's name and where you are at the left;
// the status message or the language at the right.
func (a App) header() string {
	st := a.styles.App
	left := st.Title.Render("incidents")
	if crumb := a.crumb(); crumb != "" {
		left += st.Header.Render(" · " + crumb)
	}
	right := st.Lang.Render(a.roomTag() + a.zoneTag() + i18n.LangName(a.lang))
	if n := a.roomNotice(); n != "" {
		right = st.Header.Render(n) + right
	}
	if n := a.problemNotice(); n != "" {
		right = st.Error.Render(n)
	}
	if a.status != "" {
		right = st.Error.Render(a.status)
	}
	if c := a.roomCount(); c != "" && (a.status != "" || a.problemNotice() != "") {
		right += st.Header.Render(" · " + c) // the count always shows
	}
	rw := lipgloss.Width(right)
	if rw+1 >= a.w {
		return layout.Fit(right, a.w)
	}
	return layout.Fit(left, a.w-rw-1) + " " + right
}

// crumb names the screen on top.
func (a App) crumb() string { return a.top().Crumb() }

// tooSmallView says the window is too small, in every line that fits.
func (a App) tooSmallView() string {
	msg := i18n.TooSmall(a.w, a.h, MinWidth, MinHeight, a.lang)
	lines := layout.Wrap(msg, a.w)
	top := max((a.h-len(lines))/2, 0)
	out := make([]string, 0, a.h)
	for range top {
		out = append(out, "")
	}
	for _, l := range lines {
		out = append(out, a.styles.App.TooSmall.Render(l))
	}
	return strings.Join(layout.PadLines(out, a.w, a.h), "\n")
}
