package main

import (
	"fmt"

	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/i18n"
)

func runValidate(e *env, o options) (int, error) {
	problems := flatten(library.Validate(o.args))
	if o.json {
		if err := writeProblemsJSON(e.stdout, problems); err != nil {
			return exitFail, err
		}
	}
	for _, p := range problems {
		if !o.json {
			fmt.Fprintln(e.stdout, i18n.Problem(p.Error(), o.lang))
		}
	}
	if len(problems) > 0 {
		fmt.Fprintf(e.stderr, "incidents validate: %s\n", problemCount(len(problems), o.lang))
		return exitFail, nil
	}
	fmt.Fprintf(e.stderr, "incidents validate: %s\n", cliWords.noProblems.In(o.lang))
	return exitOK, nil
}
