package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/term"
	"github.com/muesli/termenv"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/theme"
)

func newEnv(stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) *env {
	e := &env{stdin: stdin, stdout: stdout, stderr: stderr, getenv: getenv}
	if f, ok := stdout.(*os.File); ok && term.IsTerminal(f.Fd()) {
		e.isTerminal = true
		if w, _, err := term.GetSize(f.Fd()); err == nil {
			e.termWidth = w
		}
	}
	return e
}

// colour reports whether output may carry colour: only to a terminal, and
// never with NO_COLOR or --no-color.
func (e *env) colour(o options) bool { return e.isTerminal && !o.noColor }

// renderer returns the renderer of stdout in colour. Its colour profile
// and background are settled here, once, before anything is drawn: --theme
// (or INCIDENTS_THEME) wins; with "auto" the explorer (ask) asks the
// terminal, which only works before Bubble Tea owns stdin and fails inside
// tmux and over SSH, hence the flag. Commands that print text never ask: a
// terminal that does not answer would make them wait and would find the
// query in their output; they guess from COLORFGBG, else dark. Nothing
// global is set: the renderer belongs to this output.
func (e *env) renderer(o options, ask bool) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(e.stdout)
	r.SetColorProfile(r.ColorProfile())
	switch {
	case o.theme == "dark":
		r.SetHasDarkBackground(true)
	case o.theme == "light":
		r.SetHasDarkBackground(false)
	case ask && e.isTerminal:
		r.SetHasDarkBackground(r.HasDarkBackground())
	default:
		r.SetHasDarkBackground(guessDark(e.getenv))
	}
	return r
}

// guessDark guesses the background without asking the terminal, from
// COLORFGBG, else dark: theme.GuessDark, which SSH sessions use too.
func guessDark(getenv func(string) string) bool {
	if getenv == nil {
		return true
	}
	return theme.GuessDark(getenv("COLORFGBG"))
}

// styles returns the screen styles for this output: plain text with no
// escape codes to a pipe or under NO_COLOR.
func (e *env) styles(o options) theme.Styles {
	if !e.colour(o) {
		return theme.Plain()
	}
	return theme.New(e.renderer(o, false), theme.DefaultPalette())
}

// tuiStyles returns the styles of the full-screen explorer. Under NO_COLOR
// it is monochrome but keeps reverse video and bold, which are not colour
// and mark the selection: the renderer then has the plain ANSI profile,
// which keeps them, and the styles have no colour.
func (e *env) tuiStyles(o options) theme.Styles {
	if o.noColor {
		return theme.Mono(theme.NewRenderer(e.stdout, termenv.ANSI, o.theme != "light"))
	}
	return theme.New(e.renderer(o, true), theme.DefaultPalette())
}

// cliStyles returns the line styles for this output.
func (e *env) cliStyles(o options) theme.CLIStyles {
	if !e.colour(o) {
		return theme.PlainCLI()
	}
	return theme.CLI(e.renderer(o, false), theme.DefaultPalette())
}

// width returns the width to render text at: --width, else the terminal's,
// else def (pipes).
func (e *env) width(o options, def int) int {
	switch {
	case o.width > 0:
		return o.width
	case e.termWidth > 0:
		return min(e.termWidth, maxWidth)
	}
	return def
}

// load opens the bundled library and the user's folders. Problems in data
// files are reported on stderr, one per line, and the bad records skipped;
// everything else loads and the command goes on.
func (e *env) load(o options) *library.Library {
	lib, err := library.Open(library.Options{Paths: o.data})
	e.report(lib, err, o.lang)
	return lib
}

// report prints a load's notices and problems.
func (e *env) report(lib *library.Library, err error, l data.Lang) {
	e.reportLoad(lib.Notices(), err, l)
}

// cacheDir is the search cache folder: "incidents" in XDG_CACHE_HOME,
// else in the user's cache folder (~/.cache on Linux); "" when neither is
// known.
func (e *env) cacheDir() string {
	if d := e.getenv("XDG_CACHE_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "incidents")
	}
	if e.getenv("HOME") == "" {
		return ""
	}
	return library.CacheDir()
}

// reportLoad prints a load's notices and problems.
func (e *env) reportLoad(notices []string, err error, l data.Lang) {
	for _, n := range notices {
		fmt.Fprintf(e.stderr, "incidents: %s\n", i18n.Problem(n, l))
		e.notices = append(e.notices, n)
	}
	if err != nil {
		problems := flatten(err)
		for _, p := range problems {
			fmt.Fprintln(e.stderr, i18n.Problem(p.Error(), l))
			e.problems = append(e.problems, p.Error())
		}
		fmt.Fprintf(e.stderr, "incidents: %s\n", loadSummary(len(problems), l))
	}
}

// flatten unwraps errors.Join into its parts.
func flatten(err error) []error {
	j, ok := err.(interface{ Unwrap() []error })
	if !ok {
		if err == nil {
			return nil
		}
		return []error{err}
	}
	var out []error
	for _, e := range j.Unwrap() {
		out = append(out, flatten(e)...)
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}
