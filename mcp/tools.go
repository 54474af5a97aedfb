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
	Symptom   string `json:"symptom,omitempty" jsonschema:"symptom term (see vocab with kind symptom), such as elevated-errors"`
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

// langIn is the Incident Library server's language argument, which every
// tool takes. Results are bilingual ({"en", "ko"}) whatever it says; it
// is accepted so that an agent set up for that server works unchanged.
type langIn struct {
	Lang string `json:"lang,omitempty" jsonschema:"reader's language (en or ko); results are bilingual either way"`
}

type searchIn struct {
	Query  string `json:"query" jsonschema:"words to look for, in English or Korean, in the search syntax of incidents search"`
	Limit  int    `json:"limit,omitempty" jsonschema:"most results to return"`
	Cursor string `json:"cursor,omitempty" jsonschema:"next_cursor of a previous result, for the next page"`
	facetsIn
	langIn
}

type idIn struct {
	ID string `json:"id" jsonschema:"incident id, such as IL-0499 (case does not matter)"`
	langIn
}

type listIn struct {
	Offset int    `json:"offset,omitempty" jsonschema:"how many matching incidents to skip, newest first"`
	Limit  int    `json:"limit,omitempty" jsonschema:"most incidents to return"`
	Cursor string `json:"cursor,omitempty" jsonschema:"next_cursor of a previous result, for the next page (instead of offset)"`
	facetsIn
	langIn
}

type timelineIn struct {
	ID            string         `json:"id" jsonschema:"incident id, such as IL-0499"`
	From          string         `json:"from,omitempty" jsonschema:"keep events and points from this time: HH:MM in the incident's zone, or RFC 3339"`
	To            string         `json:"to,omitempty" jsonschema:"keep events and points up to this time: HH:MM in the incident's zone, or RFC 3339"`
	IncludeSeries bool           `json:"include_series,omitempty" jsonschema:"include the metric series (false: events only, much smaller)"`
	Set           map[string]any `json:"set,omitempty" jsonschema:"model parameters to change, such as {\"partitions\": 32}: re-runs the incident's model and marks the result hypothetical"`
	langIn
}

type vocabIn struct {
	Facet string `json:"facet,omitempty" jsonschema:"only the terms of this facet: domain, component, root_cause, contributing or symptom"`
	Kind  string `json:"kind,omitempty" jsonschema:"the same as facet (the Incident Library's name for it)"`
	Query string `json:"query,omitempty" jsonschema:"only the terms whose name, label or definition holds these letters"`
	langIn
}

type topicIn struct {
	Term string `json:"term,omitempty" jsonschema:"vocabulary term, such as etcd or retry-storm"`
	Slug string `json:"slug,omitempty" jsonschema:"the same as term (the Incident Library's name for it)"`
	Kind string `json:"kind,omitempty" jsonschema:"the term's facet, to make sure of it: domain, component, root_cause, contributing or symptom"`
	langIn
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
	maxLen(200, p["org"], p["domain"], p["component"], p["root_cause"], p["factor"], p["severity"], p["symptom"])
}

// langSchema bounds the lang argument every tool takes.
func langSchema(p map[string]*jsonschema.Schema) {
	p["lang"].Enum = []any{"en", "ko", "both"}
}

func required(p ...*jsonschema.Schema) {
	for _, s := range p {
		s.MinLength = new(int)
		*s.MinLength = 1
	}
}

// maxLen bounds a string property's length, so that a hostile argument
// is refused before a handler sees it.
func maxLen(n int, p ...*jsonschema.Schema) {
	for _, s := range p {
		s.MaxLength = new(int)
		*s.MaxLength = n
	}
}

// readOnly marks a tool as one that changes nothing.
var readOnly = &sdk.ToolAnnotations{ReadOnlyHint: true, IdempotentHint: true, OpenWorldHint: new(bool)}

func (s *server) addTools(srv *sdk.Server) {
	sdk.AddTool(srv, &sdk.Tool{
		Name: "search_incidents", Annotations: readOnly,
		Description: "Search the incidents, best match first, as `incidents search` does: fuzzy words in English or Korean " +
			"(all must match), 'exact, ^prefix, suffix$, !negate, a | b. Facet arguments narrow the results. " +
			"Each result names the fields the query matched. A query that finds nothing answers with did_you_mean. " +
			"Pages: pass the result's next_cursor as cursor. A facet value no incident has gives an empty result with a note.",
		InputSchema: schemaFor[searchIn](func(p map[string]*jsonschema.Schema) {
			required(p["query"])
			maxLen(1000, p["query"])
			maxLen(100, p["cursor"])
			bounded(p["limit"], 1, 100, 10)
			facetSchema(p)
			langSchema(p)
		}),
	}, s.search)
	sdk.AddTool(srv, &sdk.Tool{
		Name: "get_incident", Annotations: readOnly,
		Description: "The whole record of one incident, as `incidents show ID --json` prints it: every field of the " +
			"Incident Library's record format, nulls kept. An unknown id is an error naming the nearest ids.",
		InputSchema: schemaFor[idIn](func(p map[string]*jsonschema.Schema) {
			required(p["id"])
			maxLen(100, p["id"])
			langSchema(p)
		}),
	}, s.incident)
	sdk.AddTool(srv, &sdk.Tool{
		Name: "list_incidents", Annotations: readOnly,
		Description: "A page of the incidents, newest first, as `incidents list --json` prints them, with the total " +
			"that match the facet arguments and the facet counts of those. Pages: offset, or the result's next_cursor as cursor. " +
			"An organisation matches by name or slug (aws); a facet value no incident has gives an empty result with a note.",
		InputSchema: schemaFor[listIn](func(p map[string]*jsonschema.Schema) {
			bounded(p["offset"], 0, 1<<20, 0)
			bounded(p["limit"], 1, 200, 50)
			maxLen(100, p["cursor"])
			facetSchema(p)
			langSchema(p)
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
			maxLen(100, p["id"])
			maxLen(40, p["from"], p["to"])
			langSchema(p)
			p["include_series"].Default = json.RawMessage("true")
			p["set"].AdditionalProperties = &jsonschema.Schema{Types: []string{"string", "number"}}
		}),
	}, s.timeline)
	sdk.AddTool(srv, &sdk.Tool{
		Name: "vocab", Annotations: readOnly,
		Description: "The tag vocabulary: each term with its facet, bilingual label and definition, and how many incidents it tags. " +
			"facet (or kind) keeps one facet, query keeps the terms that hold it; an unknown facet gives no terms and a note.",
		InputSchema: schemaFor[vocabIn](func(p map[string]*jsonschema.Schema) {
			maxLen(40, p["facet"], p["kind"])
			maxLen(200, p["query"])
			langSchema(p)
		}),
	}, s.vocab)
	sdk.AddTool(srv, &sdk.Tool{
		Name: "get_topic", Annotations: readOnly,
		Description: "One vocabulary term (term, or slug) and optionally its facet (kind): its definition and the incidents " +
			"tagged with it, newest first. An unknown term is an error naming the terms that look like it.",
		InputSchema: schemaFor[topicIn](func(p map[string]*jsonschema.Schema) {
			maxLen(200, p["term"], p["slug"])
			maxLen(40, p["kind"])
			langSchema(p)
		}),
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
	query := strings.TrimSpace(in.Query)
	if query == "" {
		return nil, nil, errors.New("query: empty (give words to look for, such as etcd or \"retry storm\")")
	}
	off, err := decodeCursor(in.Cursor, 0)
	if err != nil {
		return nil, nil, err
	}
	f, keep, note := s.filter(in.facetsIn)
	var matches []data.Match
	if note == "" {
		for _, m := range s.lib.Search(query) {
			if keep(m.Record) {
				matches = append(matches, m)
			}
		}
	}
	page := library.SearchPageView(query, matches, f, off+in.Limit)
	page.Results = page.Results[min(off, len(page.Results)):]
	out := searchOut{SearchPage: page, Note: note}
	if off+len(page.Results) < page.Total {
		out.NextCursor = encodeCursor(off + len(page.Results))
	}
	if page.Total == 0 && note == "" {
		out.DidYouMean = s.lib.Index().Suggest(query, 3)
		if len(out.DidYouMean) > 0 {
			out.Note = "no incident matches; did you mean " + strings.Join(out.DidYouMean, ", ") + "?"
		}
	}
	return s.result(out, listShrink(len(page.Results), func(n int) (any, string) {
		p := out
		p.Results = page.Results[:n]
		p.NextCursor = encodeCursor(off + n)
		return p, fmt.Sprintf("showing the first %d of %d results; ask with a smaller limit or a narrower query, or again with cursor=%s", n, page.Total, p.NextCursor)
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
	off, err := decodeCursor(in.Cursor, in.Offset)
	if err != nil {
		return nil, nil, err
	}
	f, keep, note := s.filter(in.facetsIn)
	var recs []*data.Record
	if note == "" {
		for _, r := range s.lib.Records() {
			if keep(r) {
				recs = append(recs, r)
			}
		}
	}
	page := library.ListView(recs, f, off, in.Limit)
	out := listOut{ListJSON: page, Note: note}
	if page.Offset+len(page.Incidents) < page.Total {
		out.NextCursor = encodeCursor(page.Offset + len(page.Incidents))
	}
	return s.result(out, listShrink(len(page.Incidents), func(n int) (any, string) {
		p := out
		p.Incidents = page.Incidents[:n]
		p.NextCursor = encodeCursor(page.Offset + n)
		return p, fmt.Sprintf("showing %d of the %d incidents asked for; ask again with offset=%d (or cursor=%s)", n, len(page.Incidents), page.Offset+n, p.NextCursor)
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
	name := cmpOr(in.Facet, in.Kind)
	facet, ok := termFacet(name)
	if !ok {
		return s.result(vocabOut{VocabJSON: library.VocabJSON{Facet: name, Terms: []library.TermJSON{}},
			Note: fmt.Sprintf("no facet %q: the facets are %s", clipText(name, 40), strings.Join(data.TermFacets, ", "))}, nil)
	}
	v := s.lib.VocabView(facet)
	if q := foldWord(in.Query); q != "" {
		kept := []library.TermJSON{}
		for _, t := range v.Terms {
			if strings.Contains(foldWord(t.Term+" "+t.Label.EN+" "+t.Label.KO+" "+t.Definition.EN+" "+t.Definition.KO), q) {
				kept = append(kept, t)
			}
		}
		v.Terms = kept
	}
	return s.result(vocabOut{VocabJSON: v, Query: strings.TrimSpace(in.Query)}, nil)
}

func (s *server) topic(_ context.Context, _ *sdk.CallToolRequest, in topicIn) (*sdk.CallToolResult, any, error) {
	term := strings.TrimSpace(cmpOr(in.Term, in.Slug))
	if term == "" {
		return nil, nil, errors.New("term: empty (give a vocabulary term as term or slug, such as etcd)")
	}
	t, err := s.lib.TopicView(term)
	if err != nil {
		return nil, nil, err
	}
	if in.Kind != "" {
		facet, ok := termFacet(in.Kind)
		if !ok {
			return nil, nil, fmt.Errorf("kind: no facet %q (facets: %s)", in.Kind, strings.Join(data.TermFacets, ", "))
		}
		if facet != "" && facet != t.Facet {
			return nil, nil, fmt.Errorf("%q is a %s term, not a %s one", t.Term, t.Facet, facet)
		}
	}
	return s.result(t, listShrink(len(t.Incidents), func(n int) (any, string) {
		c := t
		c.Incidents = t.Incidents[:n]
		return c, fmt.Sprintf("showing %d of the %d incidents tagged %s", n, len(t.Incidents), t.Term)
	}))
}
