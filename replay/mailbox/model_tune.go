package mailbox

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"
)

// tunable lists the model file's numeric parameters a run may also change by
// name (`--set storm_share=0.2`), beyond the what-if panel's keys: what the
// sensitivity view and its sweep vary. The display resolutions (sample_s,
// instance_sample_s) are not here: they change how a run is read, not the
// mechanism.
var tunable = []string{
	"cores", "spawn_base_ms", "timeout_s", "ttl_s", "refresh_s", "ring_join_s",
	"calls", "call_minutes", "rpc_per_call_hour", "storm_share", "storm_minutes",
	"offpeak_per_hour", "handoff_s", "retry_s", "retry_share", "retry_backoff",
	"retry_max_s", "rpc_retry_s", "rpc_retry_share", "pooled_share", "restart_s",
	"restart_step_s", "policy_after_min", "policy_every_min",
}

// tune sets the model file's parameter name on m from s, a number, with the
// range the file accepts; ok is false for a name that is not tunable.
func tune(m *Model, name, s string) (ok bool, err error) {
	if !slices.Contains(tunable, name) {
		return false, nil
	}
	i := slices.IndexFunc(modelParams, func(p paramSpec) bool { return p.name == name })
	s = strings.TrimSpace(s)
	if _, perr := strconv.ParseFloat(s, 64); perr != nil {
		return true, fieldErr(name, "invalid value %q (want a number)", s)
	}
	return true, modelParams[i].set(m, json.RawMessage(s), name)
}

func tunableNames() string { return strings.Join(tunable, ", ") }
