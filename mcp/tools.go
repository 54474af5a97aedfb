package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
)

// The tools' arguments. Their JSON Schemas are inferred from these types
// (schemaFor), then given defaults, bounds and enums; the SDK validates
// every call against them, so a bad argument is a schema error before a
// handler runs.

// facetsIn are the facet filters of search_incidents and list_incidents:
// one value each, matched ignoring case, spaces and punctuation.
type facetsIn struct {
	Org       string `json:"org,omitempty" jsonschema:"organisation, such as Discord"`
	Year      int    `json:"year,omitempty" jsonschema:"year of the incident, such as 2026"`
	Domain    string `json:"domain,omitempty" jsonschema:"domain term (see vocab), such as kubernetes"`
	Component string `json:"component,omitempty" jsonschema:"component term (see vocab), such as etcd"`
	RootCause string `json:"root_cause,omitempty" jsonschema:"root cause term (see vocab), such as config-change"`
	Factor    string `json:"factor,omitempty" jsonschema:"contributing factor term (see vocab), such as retry-storm"`
	Severity  string `json:"severity,omitempty" jsonschema:"severity, such as sev1"`
}

func (f facetsIn) chosen() map[data.Facet]string {
	m := map[data.Facet]string{
		data.FacetOrg: f.Org, data.FacetDomain: f.Domain, data.FacetComponent: f.Component,
		data.FacetRootCause: f.RootCause, data.FacetContributing: f.Factor, data.FacetSeverity: f.Severity,
	}
	if f.Year != 0 {
		m[data.FacetYear] = strconv.Itoa(f.Year)
	}
	return m
}

type searchIn struct {
	Query string `json:"query" jsonschema:"words to look for, in English or Korean, in the search syntax of incidents search"`
	Limit int    `json:"limit,omitempty" jsonschema:"most results to return"`
	facetsIn
}

type idIn struct {
	ID string `json:"id" jsonschema:"incident id, such as IL-0499 (case does not matter)"`
}

type listIn struct {
	Offset int `json:"offset,omitempty" jsonschema:"how many matching incidents to skip, newest first"`
	Limit  int `json:"limit,omitempty" jsonschema:"most incidents to return"`
	facetsIn
}

type timelineIn struct {
	ID            string         `json:"id" jsonschema:"incident id, such as IL-0499"`
	From          string         `json:"from,omitempty" jsonschema:"keep events and points from this time: HH:MM in the incident's zone, or RFC 3339"`
	To            string         `json:"to,omitempty" jsonschema:"keep events and points up to this time: HH:MM in the incident's zone, or RFC 3339"`
	IncludeSeries bool           `json:"include_series,omitempty" jsonschema:"include the metric series (false: events only, much smaller)"`
	Set           map[string]any `json:"set,omitempty" jsonschema:"model parameters to change, such as {\"partitions\": 32}: re-runs the incident's model and marks the result hypothetical"`
}

type vocabIn struct {
	Facet string `json:"facet,omitempty" jsonschema:"only the terms of this facet"`
}

type topicIn struct {
	Term string `json:"term" jsonschema:"vocabulary term, such as etcd or retry-storm"`
}

// schemaFor infers T's schema and lets edit add what inference cannot.
func schemaFor[T any](edit func(p map[string]*jsonschema.Schema)) *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(err) // the types above are fixed: a failure is a programming error
	}
	if edit != nil {
		edit(s.Properties)
	}
	return s
}

func ptr(f float64) *float64 { return &f }

// bounded makes an integer property a bounded one with a default.
func bounded(p *jsonschema.Schema, lo, hi, def int) {
	p.Minimum, p.Maximum = ptr(float64(lo)), ptr(float64(hi))
	p.Default = json.RawMessage(strconv.Itoa(def))
}

func facetSchema(p map[string]*jsonschema.Schema) {
	p["year"].Minimum, p["year"].Maximum = ptr(1000), ptr(9999)
}

func required(p ...*jsonschema.Schema) {
	for _, s := range p {
		s.MinLength = new(int)
		*s.MinLength = 1
	}
}

// readOnly marks a tool as one that changes nothing.
var readOnly = &sdk.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(bool)}

func (s *server) addTools(srv *sdk.Server) {
	sdk.AddTool(srv, &sdk.Tool{
		Name: "search_incidents", Annotations: readOnly,
		Description: "Search the incidents, best match first, as `incidents search` does: fuzzy words in English or Korean " +
			"(all must match), 'exact, ^prefix, suffix$, !negate, a | b. Facet arguments narrow the results. " +
			"Each result names the fields the query matched.",
		InputSchema: schemaFor[searchIn](func(p map[string]*jsonschema.Schema) {
			required(p["query"])
			bounded(p["limit"], 1, 100, 10)
			facetSchema(p)
		}),
	}, s.search)
	sdk.AddTool(srv, &sdk.Tool{
		Name: "get_incident", Annotations: readOnly,
		Description: "The whole record of one incident, as `incidents show ID --json` prints it: every field of the " +
			"Incident Library's record format, nulls kept. An unknown id is an error naming the nearest ids.",
		InputSchema: schemaFor[idIn](func(p map[string]*jsonschema.Schema) { required(p["id"]) }),
	}, s.incident)
	sdk.AddTool(srv, &sdk.Tool{
		Name: "list_incidents", Annotations: readOnly,
		Description: "A page of the incidents, newest first, as `incidents list --json` prints them, with the total " +
			"that match the facet arguments and the facet counts of those.",
		InputSchema: schemaFor[listIn](func(p map[string]*jsonschema.Schema) {
			bounded(p["offset"], 0, 1<<20, 0)
			bounded(p["limit"], 1, 200, 50)
			facetSchema(p)
		}),
	}, s.list)
	sdk.AddTool(srv, &sdk.Tool{
		Name: "get_timeline", Annotations: readOnly,
		Description: "The annotated timeline of an incident, as `incidents timeline ID --json` prints it: stages; events " +
			"with time, kind, outcome, actor, title and annotation; metric series with unit and provenance " +
			"(reported, modelled or illustrative: never call a modelled value a measurement). " +
			"from/to narrow events and points; set re-runs the incident's model like --set and marks the result hypothetical." +
			whatIfHelp(),
		InputSchema: schemaFor[timelineIn](func(p map[string]*jsonschema.Schema) {
			required(p["id"])
			p["include_series"].Default = json.RawMessage("true")
			p["set"].AdditionalProperties = &jsonschema.Schema{Types: []string{"string", "number"}}
		}),
	}, s.timeline)
	sdk.AddTool(srv, &sdk.Tool{
		Name: "vocab", Annotations: readOnly,
		Description: "The tag vocabulary: each term with its facet, bilingual label and definition, and how many incidents it tags.",
		InputSchema: schemaFor[vocabIn](func(p map[string]*jsonschema.Schema) {
			for _, f := range data.TermFacets {
				p["facet"].Enum = append(p["facet"].Enum, f)
			}
		}),
	}, s.vocab)
	sdk.AddTool(srv, &sdk.Tool{
		Name: "get_topic", Annotations: readOnly,
		Description: "One vocabulary term: its definition and the incidents tagged with it, newest first. An unknown " +
			"term is an error naming the terms that look like it.",
		InputSchema: schemaFor[topicIn](func(p map[string]*jsonschema.Schema) { required(p["term"]) }),
	}, s.topic)
}

func whatIfHelp() string {
	var parts []string
	for _, p := range library.WhatIfParams() {
		parts = append(parts, fmt.Sprintf("%s (%s)", p.Name, p.Help))
	}
	if len(parts) == 0 {
		return ""
	}
	return " Model parameters for set: " + strings.Join(parts, "; ") + "."
}

// The handlers. Each returns the view the CLI prints for the same
// question; an error becomes a tool error (isError) with its text.

func (s *server) search(_ context.Context, _ *sdk.CallToolRequest, in searchIn) (*sdk.CallToolResult, any, error) {
	f, err := s.lib.Filter(in.chosen())
	if err != nil {
		return nil, nil, err
	}
	page := library.SearchPageView(in.Query, s.lib.Search(in.Query), f, in.Limit)
	return s.result(page, listShrink(len(page.Results), func(n int) (any, string) {
		p := page
		p.Results = page.Results[:n]
		return p, fmt.Sprintf("showing the first %d of %d results; ask with a smaller limit or a narrower query", n, page.Total)
	}))
}

func (s *server) incident(_ context.Context, _ *sdk.CallToolRequest, in idIn) (*sdk.CallToolResult, any, error) {
	rec, err := s.lib.Record(in.ID)
	if err != nil {
		return nil, nil, err
	}
	return s.result(s.lib.ShowView(rec), nil)
}

func (s *server) list(_ context.Context, _ *sdk.CallToolRequest, in listIn) (*sdk.CallToolResult, any, error) {
	f, err := s.lib.Filter(in.chosen())
	if err != nil {
		return nil, nil, err
	}
	page := library.ListView(s.lib.Records(), f, in.Offset, in.Limit)
	return s.result(page, listShrink(len(page.Incidents), func(n int) (any, string) {
		p := page
		p.Incidents = page.Incidents[:n]
		return p, fmt.Sprintf("showing %d of the %d incidents asked for; ask again with offset=%d", n, len(page.Incidents), page.Offset+n)
	}))
}

func (s *server) timeline(_ context.Context, _ *sdk.CallToolRequest, in timelineIn) (*sdk.CallToolResult, any, error) {
	_, tl, err := s.lib.Timeline(in.ID)
	if err != nil {
		return nil, nil, err
	}
	tl0 := tl
	w := library.Window{NoSeries: !in.IncludeSeries}
	if in.From != "" {
		if w.From, err = library.ParseMoment(tl, in.From); err != nil {
			return nil, nil, fmt.Errorf("from: %w", err)
		}
	}
	if in.To != "" {
		if w.To, err = library.ParseMoment(tl, in.To); err != nil {
			return nil, nil, fmt.Errorf("to: %w", err)
		}
	}
	hyp := len(in.Set) > 0
	if hyp {
		set, err := setValues(in.Set)
		if err != nil {
			return nil, nil, err
		}
		if tl, err = s.lib.WhatIf(tl, set); errors.Is(err, library.ErrNoModel) {
			return nil, nil, fmt.Errorf("set: %s has no model to re-run (incidents with one: %s)", tl0.Incident, s.modelled())
		} else if err != nil {
			return nil, nil, fmt.Errorf("set: %w", err)
		}
	}
	v := library.TimelineWindowView(tl, hyp, w)
	return s.result(v, thinShrink(v))
}

// modelled lists the incidents whose timeline has a model.
func (s *server) modelled() string {
	var ids []string
	for _, id := range s.lib.TimelineIDs() {
		if tl := s.lib.Data().Timelines[id]; tl != nil && len(tl.Model) > 0 {
			ids = append(ids, id)
		}
	}
	if len(ids) == 0 {
		return "none"
	}
	return strings.Join(ids, ", ")
}

// setValues turns set's values, strings or numbers, into the text --set
// takes.
func setValues(in map[string]any) (map[string]string, error) {
	out := make(map[string]string, len(in))
	for k, v := range in {
		switch v := v.(type) {
		case string:
			out[k] = strings.TrimSpace(v)
		case float64:
			out[k] = strconv.FormatFloat(v, 'f', -1, 64)
		case json.Number:
			out[k] = v.String()
		default:
			return nil, fmt.Errorf("set: %s: want a number or a string, got %T", k, v)
		}
	}
	return out, nil
}

func (s *server) vocab(_ context.Context, _ *sdk.CallToolRequest, in vocabIn) (*sdk.CallToolResult, any, error) {
	return s.result(s.lib.VocabView(in.Facet), nil)
}

func (s *server) topic(_ context.Context, _ *sdk.CallToolRequest, in topicIn) (*sdk.CallToolResult, any, error) {
	t, err := s.lib.TopicView(in.Term)
	if err != nil {
		return nil, nil, err
	}
	return s.result(t, listShrink(len(t.Incidents), func(n int) (any, string) {
		c := t
		c.Incidents = t.Incidents[:n]
		return c, fmt.Sprintf("showing %d of the %d incidents tagged %s", n, len(t.Incidents), t.Term)
	}))
}
