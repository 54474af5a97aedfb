package main

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/term"
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
	"github.com/muesli/termenv"
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

// setBackground settles light or dark once, before anything is drawn:
// --theme wins; "auto" asks the terminal only when ask is set (the
// explorer, before Bubble Tea owns stdin; it fails inside tmux and over
// SSH, hence the flag). Commands that print text never ask: a terminal that
// does not answer would make them wait and would find the query in their
// output. They keep what lipgloss guessed without asking (COLORFGBG, else
// dark; package quietterm keeps that guess from querying).
func (e *env) setBackground(o options, ask bool) {
	switch o.theme {
	case "dark":
		lipgloss.SetHasDarkBackground(true)
	case "light":
		lipgloss.SetHasDarkBackground(false)
	default:
		if e.isTerminal && ask {
			// A fresh termenv output: lipgloss's own answer was cached,
			// unasked, during package initialisation.
			lipgloss.SetHasDarkBackground(termenv.NewOutput(os.Stdout).HasDarkBackground())
		}
	}
}

// styles returns the screen styles for this output.
func (e *env) styles(o options) theme.Styles {
	if !e.colour(o) {
		return theme.Plain()
	}
	return e.colourStyles(o, false)
}

// tuiStyles returns the styles of the full-screen explorer. Under NO_COLOR
// it is monochrome but keeps reverse video and bold, which are not colour
// and mark the selection; lipgloss would drop them with its colourless
// profile, so the profile is set to plain ANSI with colourless styles.
func (e *env) tuiStyles(o options) theme.Styles {
	if o.noColor {
		lipgloss.SetColorProfile(termenv.ANSI)
		return theme.Plain()
	}
	return e.colourStyles(o, true)
}

func (e *env) colourStyles(o options, ask bool) theme.Styles {
	e.setBackground(o, ask)
	return theme.New(theme.DefaultPalette())
}

// cliStyles returns the line styles for this output.
func (e *env) cliStyles(o options) theme.CLIStyles {
	if !e.colour(o) {
		return theme.PlainCLI()
	}
	e.setBackground(o, false)
	return theme.CLI(theme.DefaultPalette())
}

// width returns the width to render text at: --width, else the terminal's,
// else def (pipes).
func (e *env) width(o options, def int) int {
	switch {
	case o.width > 0:
		return o.width
	case e.termWidth > 0:
		return e.termWidth
	}
	return def
}

// load loads the bundled library and the user's folders. Problems in data
// files are reported on stderr, one per line, and the bad records skipped;
// everything else loads and the command goes on.
func (e *env) load(o options) *data.Library {
	lib, err := data.Load(data.Options{Paths: o.data, CheckTimeline: checkModel})
	for _, n := range lib.Notices {
		fmt.Fprintf(e.stderr, "incidents: %s\n", n)
	}
	if err != nil {
		problems := flatten(err)
		for _, p := range problems {
			fmt.Fprintln(e.stderr, p)
		}
		fmt.Fprintf(e.stderr, "incidents: %s in data files; skipped what they name, loaded the rest\n",
			plural(len(problems), "problem", "problems"))
	}
	return lib
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

// notFound builds the error for an unknown id, with the nearest ids.
func notFound(lib *data.Library, id string, err error) error {
	near := lib.Nearest(id, 3)
	if len(near) == 0 {
		return err
	}
	return fmt.Errorf("%w (did you mean %s?)", err, strings.Join(near, ", "))
}
