package library

import (
	"encoding/json"
	"io"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// The JSON views: what `list --json`, `search --json`, `show --json` and
// `timeline --json` print, and what any other front end (an MCP server)
// returns for the same question. A record is printed as it is: its JSON
// is the Incident Library's record format.

// WriteJSON writes v as indented JSON, with <, > and & unescaped, and a
// final newline: the form every --json output has.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// SearchResult is one match in `search --json`.
type SearchResult struct {
	ID    string    `json:"id"`
	Score int       `json:"score"`
	Date  string    `json:"date"`
	Org   string    `json:"org"`
	Title data.Text `json:"title"`
	// Matched names the fields the query matched: "id", "org",
	// "title.en", "title.ko", "tags", "summary.en", "summary.ko".
	Matched []string `json:"matched"`
}

// SearchView returns the JSON view of search matches, best first.
func SearchView(matches []data.Match) []SearchResult {
	out := make([]SearchResult, len(matches))
	for i, m := range matches {
		r := m.Record
		res := SearchResult{ID: r.ID, Score: m.Score, Date: r.Date, Org: r.Org, Title: r.Title, Matched: []string{}}
		for _, h := range m.Hits {
			res.Matched = append(res.Matched, h.Field.String())
		}
		out[i] = res
	}
	return out
}

// TimelineJSON is the shape of `timeline --json`: the timeline with its
// times in the incident's zone and every series, provenance included.
type TimelineJSON struct {
	Incident string    `json:"incident"`
	Zone     string    `json:"zone"`
	Start    time.Time `json:"start"`
	End      time.Time `json:"end"`
	// Hypothetical is set when the series come from a what-if run;
	// Scenario then lists the parameters it changed ("partitions=4").
	Hypothetical bool          `json:"hypothetical,omitempty"`
	Scenario     string        `json:"scenario,omitempty"`
	Stages       []data.Stage  `json:"stages"`
	Events       []data.Event  `json:"events"`
	Series       []SeriesJSON  `json:"series"`
	Sources      []data.Source `json:"sources,omitempty"`
	// Milestones and Intervals: see MilestoneJSON and IntervalsJSON;
	// left out for a timeline without milestones.
	Milestones []MilestoneJSON `json:"milestones,omitempty"`
	Intervals  *IntervalsJSON  `json:"intervals,omitempty"`
}

// SeriesJSON is one metric series of TimelineJSON.
type SeriesJSON struct {
	Name       string          `json:"name"`
	Unit       string          `json:"unit"`
	Provenance data.Provenance `json:"provenance"`
	Label      data.Text       `json:"label"`
	Note       data.Text       `json:"note"`
	Group      string          `json:"group,omitempty"`
	// Instance names the instance of a per-instance series; Hypothetical
	// and Scenario mark a what-if run's series.
	Instance     string      `json:"instance,omitempty"`
	Hypothetical bool        `json:"hypothetical,omitempty"`
	Scenario     string      `json:"scenario,omitempty"`
	Points       []PointJSON `json:"points"`
}

// PointJSON is one reading of a series: an RFC 3339 time in the
// incident's zone and a value.
type PointJSON struct {
	T string  `json:"t"`
	V float64 `json:"v"`
}

// TimelineView returns the JSON view of tl; hypothetical marks a timeline
// from WhatIf.
func TimelineView(tl *data.Timeline, hypothetical bool) TimelineJSON {
	loc := tl.Location()
	out := TimelineJSON{
		Incident: tl.Incident, Zone: tl.Zone, Start: tl.Start.In(loc), End: tl.End.In(loc),
		Hypothetical: hypothetical, Stages: tl.Stages, Events: tl.Events, Sources: tl.Sources,
		Series: make([]SeriesJSON, len(tl.Series)),
	}
	out.Milestones, out.Intervals = milestonesView(tl)
	for i, s := range tl.Series {
		pts := make([]PointJSON, len(s.Points))
		for j, p := range s.Points {
			pts[j] = PointJSON{T: p.T.In(loc).Format(time.RFC3339), V: p.V}
		}
		out.Series[i] = SeriesJSON{Name: s.Name, Unit: s.Unit, Provenance: s.Provenance, Label: s.Label,
			Note: s.Note, Group: s.Group, Instance: s.Instance, Hypothetical: s.Hypothetical, Scenario: s.Scenario, Points: pts}
		if s.Hypothetical && out.Scenario == "" {
			out.Scenario = s.Scenario
		}
	}
	return out
}
