package gateway

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/incidents-dev/incidents/data"
)

// incidentTimeline reads the bundled IX-0020 timeline, whose model block
// is the model's one source of parameters.
func incidentTimeline(t testing.TB) *data.Timeline {
	t.Helper()
	raw, err := os.ReadFile("../../data/library/timelines/IX-0020.json")
	if err != nil {
		t.Fatal(err)
	}
	var tl data.Timeline
	if err := json.Unmarshal(raw, &tl); err != nil {
		t.Fatal(err)
	}
	return &tl
}

func incidentModel(t testing.TB) Model {
	t.Helper()
	m, err := ParseModel(incidentTimeline(t).Model)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
