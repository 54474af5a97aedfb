package library

import (
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	// IX-0020's model registers its kind with replay.Open in its init.
	"github.com/incidents-dev/incidents/replay/gateway"
	// IL-0499's model registers its kind with replay.Open in its init.
	"github.com/incidents-dev/incidents/replay/mailbox"
)

// This file is the one seam between the library and the incident models:
// the model packages are named here and nowhere else in this package.

// WhatIfParam is a model parameter that a what-if run may change.
type WhatIfParam = mailbox.Key

// ErrNoModel is returned by WhatIf for a timeline without a model.
var ErrNoModel = replay.ErrNoModel

// checkModel checks a timeline's "model" block, which the data loader keeps
// raw because data cannot import the model.
func checkModel(tl *data.Timeline) error { return replay.Check(tl) }

// prepareModel runs tl's model, if it has one, into tl.Series.
func prepareModel(tl *data.Timeline) error { return replay.Prepare(tl) }

// runWhatIf re-runs tl's model with the parameters in set changed and
// returns a hypothetical copy of tl.
func runWhatIf(tl *data.Timeline, set map[string]string) (*data.Timeline, error) {
	sc, err := replay.Open(tl)
	if err != nil {
		return nil, err
	}
	return sc.Run(set)
}

// WhatIfParams lists the parameters a what-if run accepts, in order: every
// model's, each help naming the incident whose model takes it.
func WhatIfParams() []WhatIfParam {
	var out []WhatIfParam
	for _, k := range mailbox.Keys() {
		out = append(out, WhatIfParam{Name: k.Name, Help: "IL-0499: " + k.Help})
	}
	for _, k := range gateway.Keys() {
		out = append(out, WhatIfParam{Name: k.Name, Help: "IX-0020: " + k.Help})
	}
	return out
}

// WhatIfParamsOf lists the parameters a what-if run of tl's model accepts,
// in the what-if panel's order; none for a timeline without a model.
func WhatIfParamsOf(tl *data.Timeline) []WhatIfParam {
	sc, err := replay.Open(tl)
	if err != nil {
		return nil
	}
	var out []WhatIfParam
	for _, p := range sc.Params() {
		out = append(out, WhatIfParam{Name: p.Name, Help: p.Accepts})
	}
	return out
}
