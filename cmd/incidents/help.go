package main

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
)

// writeTable writes rows of two columns, the first padded to one width
// (in cells) for every row, with a two-space indent.
func writeTable(w io.Writer, rows [][2]string) {
	width := 0
	for _, r := range rows {
		width = max(width, lipgloss.Width(r[0]))
	}
	for _, r := range rows {
		pad := strings.Repeat(" ", width-lipgloss.Width(r[0]))
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("  %s%s  %s", r[0], pad, r[1]), " "))
	}
}

func flagRows(specs []flagSpec, l data.Lang) [][2]string {
	var rows [][2]string
	for _, s := range specs {
		left := "--" + s.name
		if s.value != "" {
			left += " " + s.value
		}
		rows = append(rows, [2]string{left, s.help.In(l)})
	}
	return rows
}

// commonSpecs are the flags every command takes.
func commonSpecs() []flagSpec {
	var out []flagSpec
	for _, s := range flagSpecs {
		if s.cmds == nil {
			out = append(out, s)
		}
	}
	return out
}

func writeTopUsage(w io.Writer, l data.Lang) {
	fmt.Fprintf(w, "%s\n\n%s\n", cliWords.top.In(l), cliWords.usage.In(l))
	flagsArg := cliWords.flagsArg.In(l)
	writeTable(w, [][2]string{
		{"incidents " + flagsArg, cliWords.open.In(l)},
		{"incidents COMMAND " + flagsArg + " [ARGS]", ""},
	})
	fmt.Fprintf(w, "\n%s\n", cliWords.commands.In(l))
	var rows [][2]string
	for _, n := range commandOrder {
		c := commands[n]
		rows = append(rows, [2]string{strings.TrimSpace(c.name + " " + c.args), c.summary.In(l)})
	}
	writeTable(w, rows)
	fmt.Fprintf(w, "\n%s\n", cliWords.flags.In(l))
	json, _ := specFor(commands["list"], "json")
	json.help = cliWords.topJSON
	writeTable(w, flagRows(append(commonSpecs(), json), l))
	fmt.Fprintf(w, "\n%s\n", cliWords.examples.In(l))
	writeTable(w, exampleRows(cliWords.topExamples, l))
	fmt.Fprintf(w, "\n%s\n", cliWords.more.In(l))
}

// exampleRows are the rows of a help table of examples, in language l.
func exampleRows(exs []example, l data.Lang) [][2]string {
	var rows [][2]string
	for _, ex := range exs {
		rows = append(rows, [2]string{ex.typed, ex.does.In(l)})
	}
	return rows
}

func writeCommandUsage(w io.Writer, c *command, l data.Lang) {
	if c.name == "" {
		writeTopUsage(w, l)
		return
	}
	fmt.Fprintf(w, "incidents %s: %s\n\n%s\n  incidents %s", c.name, c.summary.In(l), cliWords.usage.In(l), c.name)
	if c.args != "" {
		fmt.Fprintf(w, " %s", c.args)
	}
	fmt.Fprintf(w, " %s\n", cliWords.flagsArg.In(l))
	if c.name == "search" {
		fmt.Fprintf(w, "\n%s\n", cliWords.syntax.In(l))
		writeTable(w, exampleRows(cliWords.syntaxHelp, l))
	}
	// One table for both flag sections, so that their columns align.
	var listed []flagSpec
	for _, s := range commonSpecs() {
		if s.listedFor == nil || slices.Contains(s.listedFor, c.name) {
			listed = append(listed, s)
		}
	}
	own, common := flagRows(commandFlags(c), l), flagRows(listed, l)
	var b strings.Builder
	writeTable(&b, append(append([][2]string{}, own...), common...))
	lines := strings.SplitAfter(b.String(), "\n")
	if len(own) > 0 {
		fmt.Fprintf(w, "\n%s\n%s", cliWords.flags.In(l), strings.Join(lines[:len(own)], ""))
	}
	fmt.Fprintf(w, "\n%s\n%s", cliWords.common.In(l), strings.Join(lines[len(own):], ""))
	if c.name == "timeline" || c.name == "replay" {
		if names := whatIfNames(l); names != "" {
			fmt.Fprintf(w, "\n%s\n%s", cliWords.params.In(l), names)
		}
	}
	fmt.Fprintf(w, "\n%s\n", cliWords.examples.In(l))
	for _, ex := range c.examples {
		fmt.Fprintf(w, "  %s\n", localExample(ex, l))
	}
}

// problemCount says how many problems there are, in language l.
func problemCount(n int, l data.Lang) string {
	if n == 1 {
		return cliWords.oneProblem.In(l)
	}
	return fmt.Sprintf(cliWords.problems.In(l), n)
}

// loadSummary says how many problems the load found and what it did.
func loadSummary(n int, l data.Lang) string {
	return fmt.Sprintf(cliWords.loadSummary.In(l), problemCount(n, l))
}
