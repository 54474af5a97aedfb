package mailbox

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// figureScenarios are the runs whose figures the closing note of issue 12
// reports and whose series TestFigures pins. Every one is a scripted run,
// like the incident's (issue 25): receive_cost=1 is the incident itself.
var figureScenarios = []map[string]string{
	{},
	{"receive_cost": "0"},
	{"receive_cost": "1"},
	{"receive_cost": "1.25"},
	{"receive_cost": "1.5"},
	{"rate_limit": "100"},
	{"partitions": "2"},
	{"partitions": "4"},
	{"partitions": "8"},
	{"rate_limit_at": "12:30"},
	{"rate_limit_at": "13:00"},
	{"rate_limit": "50000"},
	{"restart_1305": "off"},
	{"doubling": "off"},
	{"instances": "30"},
}

// figures returns one line of figures for the run of the bundled scenario
// under set, ending with a digest of every point of every series, so that a
// change that should leave the simulation's results alone (a speed-up)
// proves it does.
func figures(t *testing.T, set map[string]string) string {
	t.Helper()
	hyp, err := whatIf(t, bundledTimeline(t), set)
	if err != nil {
		t.Fatalf("%v: %v", set, err)
	}
	s, _ := Summarize(hyp)
	var instPeak, minSuccess float64
	minSuccess = math.Inf(1)
	var instName string
	h := sha256.New()
	for _, se := range hyp.Series {
		if se.Provenance != "modelled" {
			continue
		}
		h.Write([]byte(se.Name))
		for _, p := range se.Points {
			var b [16]byte
			binary.LittleEndian.PutUint64(b[:8], uint64(p.T.Unix()))
			binary.LittleEndian.PutUint64(b[8:], math.Float64bits(p.V))
			h.Write(b[:])
			switch {
			case se.Instance != "" && strings.HasPrefix(se.Name, "mailbox/") && p.V > instPeak:
				instPeak, instName = p.V, se.Instance
			case se.Name == SeriesSuccess && !p.T.Before(modelClock(12, 13)):
				minSuccess = min(minSuccess, p.V)
			}
		}
	}
	name := scenarioName(set)
	if name == "" {
		name = "incident"
	}
	rec := "never"
	if !s.RecoveredAbove95.IsZero() {
		rec = s.RecoveredAbove95.Format("15:04")
	}
	return fmt.Sprintf("%-20s peak %6.2fM at %s · %-5s peak %5.2fM · %5.1f min under 50%% · lowest success %5.1f%% · above 95%% from %s · series %x",
		name, s.Peak/1e6, s.PeakAt.Format("15:04"), instName, instPeak/1e6, s.MinutesBelow50, minSuccess, rec, h.Sum(nil)[:8])
}

// TestFigures pins the figures and the series of the incident and of the
// what-ifs a study group tries first. A change to the model's results shows
// here as a golden diff (go test ./replay/mailbox -run TestFigures -update),
// to be read like code; a change that should not alter them (a speed-up)
// must leave the file as it is.
func TestFigures(t *testing.T) {
	var b strings.Builder
	for _, set := range figureScenarios {
		b.WriteString(figures(t, set))
		b.WriteByte('\n')
	}
	golden.RequireEqual(t, []byte(b.String()))
}
