package main

import (
	"fmt"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

func runValidate(e *env, o options) (int, error) {
	problems := flatten(data.Validate(o.args, checkModel))
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

// checkModel checks a timeline's "model" block, which the data loader
// keeps raw because data cannot import replay.
func checkModel(tl *data.Timeline) error {
	return replay.Check(tl)
}
