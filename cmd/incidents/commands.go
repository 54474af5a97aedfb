package main

import (
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

// command is one subcommand: its usage text and what it runs.
type command struct {
	name    string
	args    string // the positional arguments, for the usage line
	summary string
	// minArgs and maxArgs bound the positional arguments (maxArgs -1: any).
	minArgs, maxArgs int
	json             bool // takes --json
	flags            string
	examples         string
	run              func(e *env, o options) (int, error)
}

func (c *command) argsError(n int) string {
	switch {
	case c.maxArgs == 0:
		return fmt.Sprintf("takes no arguments, got %d", n)
	case n < c.minArgs && c.minArgs == 1:
		return fmt.Sprintf("needs %s", c.args)
	case n < c.minArgs:
		return fmt.Sprintf("needs %s", c.args)
	}
	return fmt.Sprintf("takes %s, got %d arguments", c.args, n)
}

// commands is filled in init so that command functions may refer to it.
var commands map[string]*command

func init() {
	commands = map[string]*command{
		"": {
			name: "", summary: "open the explorer (prints the list when stdout is not a terminal)",
			maxArgs: 0, run: runExplorer,
			examples: "  incidents\n  incidents --lang ko\n  incidents --data ./my-incidents --theme light",
		},
		"list": {
			name: "list", summary: "one line per incident: id, date, organisation, title",
			maxArgs: 0, json: true, run: runList,
			examples: "  incidents list\n  incidents list --lang ko\n  incidents list --json | jq '.[].id'",
		},
		"search": {
			name: "search", args: "QUERY", summary: "ranked matches, best first (exit 1 when nothing matches)",
			minArgs: 1, maxArgs: -1, json: true, run: runSearch,
			examples: "  incidents search etcd\n  incidents search \"retry storm\"\n  incidents search 음성\n  incidents search dns --json",
		},
		"show": {
			name: "show", args: "ID", summary: "the whole record as readable text",
			minArgs: 1, maxArgs: 1, json: true, run: runShow,
			flags:    "  --width N     wrap text to N columns (default: the terminal's width, or 80)\n",
			examples: "  incidents show IL-0499\n  incidents show IL-0499 --lang both\n  incidents show il-0271 --json",
		},
		"timeline": {
			name: "timeline", args: "ID", summary: "the annotated timeline as text, with sparklines",
			minArgs: 1, maxArgs: 1, json: true, run: runTimeline,
			flags: "  --width N         wrap to N columns (default: the terminal's width, or 100)\n" +
				"  --set NAME=VALUE  re-run the incident's model with a changed parameter (repeatable);\n" +
				"                    the series printed are then hypothetical\n" +
				"  --study           print the study stops as a numbered worksheet, answers at the end\n",
			examples: "  incidents timeline IL-0499\n  incidents timeline IL-0499 --lang ko --width 80\n" +
				"  incidents timeline IL-0499 --set partitions=32\n  incidents timeline IL-0499 --json > il-0499.json",
		},
		"replay": {
			name: "replay", args: "ID", summary: "open the explorer straight on the replayer",
			minArgs: 1, maxArgs: 1, run: runReplay,
			flags: "  --at HH:MM    start at this time of the incident, in its zone\n" +
				"  --speed N     playback speed: " + speedList() + " (default 60)\n" +
				"  --study       study mode: stop before each decision and ask (enter reveals)\n" +
				"  --present     presenter mode: a large, fixed layout for a shared screen\n",
			examples: "  incidents replay IL-0499\n  incidents replay IL-0499 --at 13:05 --speed 600\n" +
				"  incidents replay IL-0499 --study --present",
		},
		"serve": {
			name: "serve", summary: "the TUI for a meeting: this terminal presents, others follow over ssh",
			maxArgs: 0, run: runServe, flags: serveFlagsHelp, examples: serveExamples,
		},
		"validate": {
			name: "validate", args: "PATH...", summary: "check record and timeline files; print every problem; exit 1 if any",
			minArgs: 1, maxArgs: -1, run: runValidate,
			examples: "  incidents validate ./my-incidents\n  incidents validate data/\n  incidents validate export.jsonl",
		},
	}
}

var commandOrder = []string{"list", "search", "show", "timeline", "replay", "serve", "validate"}

const commonFlags = `  --data DIR        add records and timelines from DIR or a file (repeatable; also
                    INCIDENTS_DATA, a list separated like PATH)
  --lang en|ko|both language (default: Korean when LANG starts with ko, else English)
  --theme auto|dark|light
                    colours for dark or light terminals (also INCIDENTS_THEME)
  --mouse           wheel scrolling and clicks in the explorer (off: text stays selectable)
  --no-color        no colour (also NO_COLOR)
  --help, --version
`

func writeTopUsage(w io.Writer) {
	fmt.Fprint(w, `incidents explores public outage postmortems and replays their timelines.

Usage:
  incidents [flags]               open the explorer
  incidents COMMAND [flags] [ARGS]

Commands:
`)
	for _, n := range commandOrder {
		c := commands[n]
		fmt.Fprintf(w, "  %-9s %-8s %s\n", c.name, c.args, c.summary)
	}
	fmt.Fprintf(w, "\nFlags:\n%s", commonFlags)
	fmt.Fprint(w, `
Examples:
  incidents                        browse the bundled library
  incidents search etcd            find incidents that involve etcd
  incidents show IL-0499 --lang both
  incidents replay IL-0499 --at 12:40

Run 'incidents COMMAND --help' for a command's flags and examples.
`)
}

func writeCommandUsage(w io.Writer, c *command) {
	if c.name == "" {
		writeTopUsage(w)
		return
	}
	fmt.Fprintf(w, "incidents %s: %s\n\nUsage:\n  incidents %s", c.name, c.summary, c.name)
	if c.args != "" {
		fmt.Fprintf(w, " %s", c.args)
	}
	fmt.Fprint(w, " [flags]\n\nFlags:\n")
	fmt.Fprint(w, c.flags)
	if c.json {
		fmt.Fprint(w, "  --json        machine-readable output\n")
	}
	if c.name == "timeline" {
		if names := whatIfNames(); names != "" {
			fmt.Fprintf(w, "\nModel parameters for --set:\n%s", names)
		}
	}
	fmt.Fprintf(w, "\nCommon flags:\n%s\nExamples:\n%s\n", commonFlags, c.examples)
}

// version is set at link time (-ldflags "-X main.version=v1.2.3"); otherwise
// it comes from the module's build information.
var version = ""

func versionString() string {
	v := version
	rev := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = s.Value[:12]
			}
		}
	}
	if v == "" {
		v = "dev"
	}
	if rev != "" && !strings.Contains(v, rev) {
		return fmt.Sprintf("incidents %s (%s)", v, rev)
	}
	return "incidents " + v
}
