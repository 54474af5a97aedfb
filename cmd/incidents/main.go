// Command incidents is a terminal incident explorer and timeline replayer.
//
// Run with no arguments in a terminal, it opens the explorer; its
// subcommands print the library as text or JSON for scripts and documents.
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/incidents-dev/incidents/data"

	// quietterm must stay imported: its init keeps Bubble Tea's from
	// querying the terminal before main runs (see its doc).
	"github.com/incidents-dev/incidents/internal/editdist"
	"github.com/incidents-dev/incidents/internal/quietterm"
)

func main() {
	quietterm.Restore()
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit codes.
const (
	exitOK          = 0
	exitFail        = 1 // not found, no match, validation problems
	exitUsage       = 2
	exitInterrupted = 130
)

// errUsage marks an error as the user's wrong invocation (exit 2).
var errUsage = errors.New("usage")

// usageErrorf returns an error that run reports with exit code 2.
func usageErrorf(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, a...))
}

// env is what a command sees of the world: streams, environment and terminal.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	// isTerminal reports whether stdout is a terminal; tests set it.
	isTerminal bool
	// termWidth is the terminal's width, or 0 when unknown or piped.
	termWidth int
	// problems are the load problems of the last load, for the TUI's
	// notice and problems screen.
	problems []string
	// notices are the last load's notices (a user record replacing a
	// bundled one), for the same screen.
	notices []string
}

// run parses args, runs the command and returns the exit code. It never
// calls os.Exit, so tests drive it with buffers.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := newEnv(stdin, stdout, stderr, os.Getenv)
	return e.run(args)
}

func (e *env) run(args []string) int {
	l := langArg(args, e.getenv)
	cmdName, rest := splitCommand(args)
	c, ok := commands[cmdName]
	if !ok {
		fmt.Fprintf(e.stderr, "incidents: %s%s\n", fmt.Sprintf(cliWords.unknownCommand.In(l), cmdName), nearestCommand(cmdName, l))
		fmt.Fprintln(e.stderr, fmt.Sprintf(cliWords.runHelp.In(l), "incidents"))
		return exitUsage
	}
	where := strings.TrimSpace("incidents " + c.name)
	opts, err := parseFlags(c, rest, e.getenv, l)
	if err == nil {
		err = checkArgs(c, opts)
	}
	switch {
	case errors.Is(err, errHelp):
		writeCommandUsage(e.stdout, c, l)
		return exitOK
	case errors.Is(err, errVersion):
		fmt.Fprintln(e.stdout, versionString())
		return exitOK
	case err != nil:
		fmt.Fprintf(e.stderr, "%s: %v\n", where, trimUsage(err))
		fmt.Fprintln(e.stderr, fmt.Sprintf(cliWords.runHelp.In(l), where))
		return exitUsage
	}
	code, err := c.run(e, opts)
	err = localError(err, l)
	if err != nil {
		fmt.Fprintf(e.stderr, "%s: %v\n", where, trimUsage(err))
		if errors.Is(err, errUsage) {
			fmt.Fprintln(e.stderr, fmt.Sprintf(cliWords.runHelp.In(l), where))
			return exitUsage
		}
		if code == exitOK {
			code = exitFail
		}
	}
	return code
}

// nearestCommand suggests the command closest to a mistyped one.
func nearestCommand(name string, l data.Lang) string {
	best, bestD := "", 3
	for _, n := range commandOrder {
		if d := editdist.Strings(name, n); d < bestD {
			best, bestD = n, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(cliWords.didYouMean.In(l), best)
}

// trimUsage drops the "usage: " marker from a usage error's text.
func trimUsage(err error) string {
	return strings.TrimPrefix(err.Error(), errUsage.Error()+": ")
}
