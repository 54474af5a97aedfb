package main

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/replayer"
)

func runTimeline(e *env, o options) (int, error) {
	lib := e.load(o)
	rec, tl, err := lib.Timeline(o.args[0])
	if err != nil {
		return exitFail, err
	}
	if len(o.set) > 0 {
		set, err := parseSets(o.set, o.lang)
		if err != nil {
			return exitUsage, err
		}
		if tl, err = lib.WhatIf(tl, set); err != nil {
			return exitUsage, usageErrorf(errWords.setFailed.In(o.lang), i18n.Problem(err.Error(), o.lang))
		}
	}
	if o.json {
		return exitOK, library.WriteJSON(e.stdout, library.TimelineView(tl, len(o.set) > 0))
	}
	render := replayer.RenderText
	if o.study {
		render = replayer.RenderStudy
	}
	width := e.width(o, 100)
	if len(o.set) > 0 {
		fmt.Fprint(e.stdout, hypotheticalHeader(library.TimelineView(tl, true).Scenario, o.lang, width))
	}
	text := render(rec, tl, replayer.TextOptions{
		Lang:      o.lang,
		Width:     width,
		Styles:    e.styles(o),
		Timelines: lib.Data().Timeline,
		Zone:      o.tz,
	})
	fmt.Fprintln(e.stdout, strings.TrimRight(text, "\n"))
	return exitOK, nil
}

// hypotheticalHeader says, above everything `timeline --set` prints, that
// the modelled series are a what-if run and which parameters it changed.
func hypotheticalHeader(scenario string, lang data.Lang, width int) string {
	en := fmt.Sprintf(cliWords.hypothetical.EN, scenario)
	ko := fmt.Sprintf(cliWords.hypothetical.KO, scenario)
	var lines []string
	switch lang {
	case data.KO:
		lines = []string{ko}
	case data.Both:
		lines = []string{en, ko}
	default:
		lines = []string{en}
	}
	var b strings.Builder
	for _, l := range lines {
		for _, w := range wrapWords(l, width) {
			b.WriteString(w + "\n")
		}
	}
	b.WriteString("\n")
	return b.String()
}

// wrapWords breaks s at spaces into lines of at most width cells.
func wrapWords(s string, width int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && lipgloss.Width(line+" "+w) > width {
			out = append(out, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return append(out, line)
}

// parseSets turns NAME=VALUE arguments into a map; a name given twice is an
// error, since only one of its values could apply.
func parseSets(args []string, l data.Lang) (map[string]string, error) {
	set := map[string]string{}
	for _, a := range args {
		name, value, ok := strings.Cut(a, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return nil, usageErrorf(errWords.badSet.In(l), shown(a))
		}
		if _, dup := set[name]; dup {
			return nil, usageErrorf(errWords.setTwice.In(l), shown(name))
		}
		set[name] = strings.TrimSpace(value)
	}
	return set, nil
}

// whatIfNames lists the model parameters --set accepts, for --help.
func whatIfNames(l data.Lang) string {
	var b strings.Builder
	for _, p := range library.WhatIfParams() {
		id, help, ok := strings.Cut(p.Help, ": ") // "IL-0499: what it changes"
		if !ok {
			id, help = "", p.Help
		} else {
			id += ": "
		}
		fmt.Fprintf(&b, "  %-14s %s%s\n", p.Name, id, localHelp(help, helpWords.params, l))
	}
	return b.String()
}
