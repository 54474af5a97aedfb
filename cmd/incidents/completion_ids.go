package main

import (
	"fmt"

	"github.com/incidents-dev/incidents/library"
)

// The hidden commands the completion scripts call at completion time.

// needsTimeline are the commands whose id must have a timeline: completion
// offers only those ids to them.
var needsTimeline = map[string]bool{"timeline": true, "replay": true, "cast": true}

// idsCommand prints the ids a command accepts, one a line: `__ids` alone
// (the scripts of earlier versions) prints every id.
var idsCommand = &command{name: "__ids", args: "[COMMAND]", hidden: true, maxArgs: 1, run: runIDs}

// paramsCommand prints "NAME=" for each model parameter `--set` accepts for
// the incident, nothing when it has no model.
var paramsCommand = &command{name: "__params", args: "ID", hidden: true, maxArgs: 1, run: runParams}

func runIDs(e *env, o options) (int, error) {
	lib := e.load(o)
	timelines := len(o.args) == 1 && needsTimeline[o.args[0]]
	for _, r := range lib.Records() {
		if !timelines || lib.HasTimeline(r.ID) {
			fmt.Fprintln(e.stdout, r.ID)
		}
	}
	return exitOK, nil
}

func runParams(e *env, o options) (int, error) {
	if len(o.args) == 0 || o.args[0] == "" {
		return exitOK, nil
	}
	lib := e.load(o)
	r := lib.Find(o.args[0])
	if r == nil {
		return exitOK, nil
	}
	tl, ok := lib.Data().Timeline(r.ID)
	if !ok || len(tl.Model) == 0 {
		return exitOK, nil
	}
	for _, p := range library.WhatIfParamsOf(tl) {
		fmt.Fprintln(e.stdout, p.Name+"=")
	}
	return exitOK, nil
}
