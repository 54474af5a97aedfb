package main

import (
	"fmt"

	"github.com/incidents-dev/incidents/library"
)

func runValidate(e *env, o options) (int, error) {
	problems := flatten(library.Validate(o.args))
	for _, p := range problems {
		fmt.Fprintln(e.stdout, p)
	}
	if len(problems) > 0 {
		fmt.Fprintf(e.stderr, "incidents validate: %s\n", plural(len(problems), "problem", "problems"))
		return exitFail, nil
	}
	fmt.Fprintf(e.stderr, "incidents validate: no problems\n")
	return exitOK, nil
}
