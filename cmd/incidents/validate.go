package main

import (
	"fmt"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

func runValidate(e *env, o options) (int, error) {
	problems := flatten(data.Validate(o.args, checkModel))
	if o.json {
		if err := writeProblemsJSON(e.stdout, problems); err != nil {
			return exitFail, err
		}
	}
	for _, p := range problems {
		if !o.json {
			fmt.Fprintln(e.stdout, p)
		}
	}
	if len(problems) > 0 {
		fmt.Fprintf(e.stderr, "incidents validate: %s\n", problemCount(len(problems), o.lang))
		return exitFail, nil
	}
	fmt.Fprintf(e.stderr, "incidents validate: %s\n", msg(o.lang, "no problems"))
	return exitOK, nil
}

// checkModel checks a timeline's "model" block, which the data loader
// keeps raw because data cannot import replay.
func checkModel(tl *data.Timeline) error {
	if len(tl.Model) == 0 {
		return nil
	}
	_, err := replay.ParseModel(tl.Model)
	return err
}
