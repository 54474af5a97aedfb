package main

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/replay/mailbox"
	"github.com/incidents-dev/incidents/tui/replayer"
)

func runTimeline(e *env, o options) (int, error) {
	lib := e.load(o)
	rec, tl, err := findTimeline(lib, o.args[0])
	if err != nil {
		return exitFail, err
	}
	if len(o.set) > 0 {
		set, err := parseSets(o.set)
		if err != nil {
			return exitUsage, err
		}
		sc, err := replay.Open(tl)
		if err == nil {
			tl, err = sc.Run(set)
		}
		if err != nil {
			return exitUsage, usageErrorf("--set: %v", err)
		}
	}
	scenario := scenarioOf(tl)
	if o.json {
		out := newTimelineJSON(tl, len(o.set) > 0)
		out.Scenario = scenario
		return exitOK, writeJSON(e.stdout, out)
	}
	width := e.width(o, 100)
	if len(o.set) > 0 {
		fmt.Fprint(e.stdout, hypotheticalHeader(scenario, o.lang, width))
	}
	text := replayer.RenderText(rec, tl, replayer.TextOptions{
		Lang:   o.lang,
		Width:  width,
		Styles: e.styles(o),
	})
	fmt.Fprintln(e.stdout, strings.TrimRight(text, "\n"))
	return exitOK, nil
}

// findTimeline returns the record and its prepared timeline: series that a
// model generates (IL-0499's) are computed here, once.
func findTimeline(lib *data.Library, id string) (*data.Record, *data.Timeline, error) {
	rec, err := lib.Record(id)
	if err != nil {
		return nil, nil, notFound(lib, id, err)
	}
	tl, ok := lib.Timeline(rec.ID)
	if !ok {
		return rec, nil, fmt.Errorf("%s has no timeline (incidents with one: %s)", rec.ID, strings.Join(timelineIDs(lib), ", "))
	}
	if err := replay.Prepare(tl); err != nil {
		return rec, nil, fmt.Errorf("%s: %w", rec.ID, err)
	}
	return rec, tl, nil
}

func timelineIDs(lib *data.Library) []string {
	ids := make([]string, 0, len(lib.Timelines))
	for id := range lib.Timelines {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// scenarioOf returns the changes of tl's hypothetical series
// ("partitions=4"), or "" when none is hypothetical.
func scenarioOf(tl *data.Timeline) string {
	for _, s := range tl.Series {
		if s.Hypothetical {
			return s.Scenario
		}
	}
	return ""
}

// hypotheticalHeader says, above everything `timeline --set` prints, that
// the modelled series are a what-if run and which parameters it changed.
func hypotheticalHeader(scenario string, lang data.Lang, width int) string {
	en := "HYPOTHETICAL what-if run of the model: " + scenario + ". The modelled series below are not what happened."
	ko := "가정 실험: " + scenario + ". 아래 모델 계열은 실제로 일어난 일이 아닙니다."
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
func parseSets(args []string) (map[string]string, error) {
	set := map[string]string{}
	for _, a := range args {
		name, value, ok := strings.Cut(a, "=")
		name = strings.TrimSpace(name)
		if !ok || name == "" {
			return nil, usageErrorf("--set: invalid %q (want NAME=VALUE, such as partitions=32)", a)
		}
		if _, dup := set[name]; dup {
			return nil, usageErrorf("--set: %s given more than once (want each name once)", name)
		}
		set[name] = strings.TrimSpace(value)
	}
	return set, nil
}

// whatIfNames lists the model parameters --set accepts, for --help.
func whatIfNames() string {
	var b strings.Builder
	for _, p := range mailbox.Keys() {
		fmt.Fprintf(&b, "  %-14s %s\n", p.Name, p.Help)
	}
	return b.String()
}

// timelineJSON is the shape of `timeline --json`.
type timelineJSON struct {
	Incident     string        `json:"incident"`
	Zone         string        `json:"zone"`
	Start        time.Time     `json:"start"`
	End          time.Time     `json:"end"`
	Hypothetical bool          `json:"hypothetical,omitempty"`
	Scenario     string        `json:"scenario,omitempty"`
	Stages       []data.Stage  `json:"stages"`
	Events       []data.Event  `json:"events"`
	Series       []seriesJSON  `json:"series"`
	Sources      []data.Source `json:"sources,omitempty"`
}

type seriesJSON struct {
	Name       string          `json:"name"`
	Unit       string          `json:"unit"`
	Provenance data.Provenance `json:"provenance"`
	Label      data.Text       `json:"label"`
	Note       data.Text       `json:"note"`
	Group      string          `json:"group,omitempty"`
	Instance   string          `json:"instance,omitempty"`
	// Hypothetical and Scenario mark a what-if run's series.
	Hypothetical bool        `json:"hypothetical,omitempty"`
	Scenario     string      `json:"scenario,omitempty"`
	Points       []pointJSON `json:"points"`
}

type pointJSON struct {
	T string  `json:"t"`
	V float64 `json:"v"`
}

func newTimelineJSON(tl *data.Timeline, hypothetical bool) timelineJSON {
	loc := tl.Location()
	out := timelineJSON{
		Incident: tl.Incident, Zone: tl.Zone, Start: tl.Start.In(loc), End: tl.End.In(loc),
		Hypothetical: hypothetical, Stages: tl.Stages, Events: tl.Events, Sources: tl.Sources,
		Series: make([]seriesJSON, len(tl.Series)),
	}
	for i, s := range tl.Series {
		pts := make([]pointJSON, len(s.Points))
		for j, p := range s.Points {
			pts[j] = pointJSON{T: p.T.In(loc).Format(time.RFC3339), V: p.V}
		}
		out.Series[i] = seriesJSON{Name: s.Name, Unit: s.Unit, Provenance: s.Provenance, Label: s.Label,
			Note: s.Note, Group: s.Group, Instance: s.Instance, Hypothetical: s.Hypothetical, Scenario: s.Scenario, Points: pts}
	}
	return out
}
