package main

import (
	"fmt"
	"strings"

	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/replayer"
)

func runTimeline(e *env, o options) (int, error) {
	lib := e.load(o)
	rec, tl, err := lib.Timeline(o.args[0])
	if err != nil {
		return exitFail, err
	}
	if len(o.set) > 0 {
		set, err := parseSets(o.set)
		if err != nil {
			return exitUsage, err
		}
		if tl, err = lib.WhatIf(tl, set); err != nil {
			return exitUsage, usageErrorf("--set: %v", err)
		}
	}
	if o.json {
		return exitOK, library.WriteJSON(e.stdout, library.TimelineView(tl, len(o.set) > 0))
	}
	render := replayer.RenderText
	if o.study {
		render = replayer.RenderStudy
	}
	text := render(rec, tl, replayer.TextOptions{
		Lang:   o.lang,
		Width:  e.width(o, 100),
		Styles: e.styles(o),
	})
	fmt.Fprintln(e.stdout, strings.TrimRight(text, "\n"))
	return exitOK, nil
}

// parseSets turns NAME=VALUE arguments into a map.
func parseSets(args []string) (map[string]string, error) {
	set := map[string]string{}
	for _, a := range args {
		name, value, ok := strings.Cut(a, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return nil, usageErrorf("--set: invalid %q (want NAME=VALUE, such as partitions=32)", a)
		}
		set[name] = strings.TrimSpace(value)
	}
	return set, nil
}

// whatIfNames lists the model parameters --set accepts, for --help.
func whatIfNames() string {
	var b strings.Builder
	for _, p := range library.WhatIfParams() {
		fmt.Fprintf(&b, "  %-14s %s\n", p.Name, p.Help)
	}
	return b.String()
}
