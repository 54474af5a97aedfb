package library

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/incidents-dev/incidents/data"
)

// More JSON views, for the questions an MCP server is asked beside the
// CLI's: a page of the list with its total and facet counts, search
// results narrowed by facets, the vocabulary with counts, one topic, and
// a window of a timeline. Each one's parts are the CLI's views (records as
// they are, SearchResult, TimelineJSON), so the same question gets the same
// JSON from every front end.

// FacetCount is one value of a facet and how many incidents have it.
type FacetCount struct {
	Value string `json:"value"`
	Count int    `json:"count"`
}

// ListJSON is one page of the incident list, newest first: the records as
// `list --json` prints them, the number that match the filters, and the
// facet counts of those that match.
type ListJSON struct {
	Total     int                     `json:"total"`
	Offset    int                     `json:"offset"`
	Limit     int                     `json:"limit"`
	Filters   map[string][]string     `json:"filters,omitempty"`
	Incidents []IncidentJSON          `json:"incidents"`
	Facets    map[string][]FacetCount `json:"facets"`
}

// ListView returns the page of recs (newest first, as Records returns
// them) that match f, from offset, at most limit records.
func ListView(recs []*data.Record, f data.Filter, offset, limit int) ListJSON {
	var match []*data.Record
	for _, r := range recs {
		if f.Match(r) {
			match = append(match, r)
		}
	}
	offset = max(0, min(offset, len(match)))
	end := min(len(match), offset+max(0, limit))
	out := ListJSON{
		Total: len(match), Offset: offset, Limit: limit, Filters: FiltersView(f),
		Incidents: ListEntries(match[offset:end]),
		Facets:    map[string][]FacetCount{},
	}
	for fc, vs := range data.FacetCounts(match, f) {
		counts := make([]FacetCount, 0, len(vs))
		for _, v := range vs {
			if v.Count > 0 {
				counts = append(counts, FacetCount{Value: v.Value, Count: v.Count})
			}
		}
		out.Facets[string(fc)] = counts
	}
	return out
}

// FiltersView returns the chosen values of f by facet name, sorted, or nil
// for an empty filter.
func FiltersView(f data.Filter) map[string][]string {
	var out map[string][]string
	for fc, chosen := range f {
		for v, on := range chosen {
			if on {
				if out == nil {
					out = map[string][]string{}
				}
				out[string(fc)] = append(out[string(fc)], v)
			}
		}
	}
	for _, vs := range out {
		slices.Sort(vs)
	}
	return out
}

// SearchPage is search results narrowed by facet filters: the matches as
// `search --json` prints them, best first, at most a limit of them, and
// how many there are in all.
type SearchPage struct {
	Query   string              `json:"query"`
	Filters map[string][]string `json:"filters,omitempty"`
	Total   int                 `json:"total"`
	Results []SearchResult      `json:"results"`
}

// SearchPageView returns the matches that f keeps, in their order, at most
// limit of them.
func SearchPageView(query string, matches []data.Match, f data.Filter, limit int) SearchPage {
	var kept []data.Match
	for _, m := range matches {
		if f.Match(m.Record) {
			kept = append(kept, m)
		}
	}
	return SearchPage{
		Query: query, Filters: FiltersView(f), Total: len(kept),
		Results: SearchView(kept[:min(len(kept), max(0, limit))]),
	}
}

// Filter turns one chosen value per facet into a data.Filter. Values are
// matched to the library's own ignoring case, spaces and punctuation
// ("knight capital" is "Knight Capital"); a value no incident has is an
// error that names the facet and the values it has.
func (l *Library) Filter(chosen map[data.Facet]string) (data.Filter, error) {
	f := data.Filter{}
	var all map[data.Facet][]data.FacetValue
	for _, fc := range data.Facets {
		want := strings.TrimSpace(chosen[fc])
		if want == "" {
			continue
		}
		if all == nil {
			all = data.FacetCounts(l.data.Records, nil)
		}
		v, ok := matchValue(all[fc], want)
		if !ok {
			return nil, fmt.Errorf("%s: no incident has %q (values: %s)", fc, want, valueList(all[fc], 12))
		}
		f[fc] = map[string]bool{v: true}
	}
	return f, nil
}

func matchValue(vs []data.FacetValue, want string) (string, bool) {
	key := foldName(want)
	for _, v := range vs {
		if v.Value == want {
			return v.Value, true
		}
	}
	for _, v := range vs {
		if foldName(v.Value) == key {
			return v.Value, true
		}
	}
	return "", false
}

func valueList(vs []data.FacetValue, n int) string {
	names := make([]string, 0, min(n, len(vs)))
	for _, v := range vs[:min(n, len(vs))] {
		names = append(names, v.Value)
	}
	s := strings.Join(names, ", ")
	if len(vs) > n {
		s += fmt.Sprintf(", … %d more", len(vs)-n)
	}
	if s == "" {
		return "none"
	}
	return s
}

// foldName folds a name for matching: lower case, letters and digits only.
func foldName(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// TermJSON is one vocabulary term and how many incidents it tags.
type TermJSON struct {
	Term       string    `json:"term"`
	Facet      string    `json:"facet"`
	Label      data.Text `json:"label"`
	Definition data.Text `json:"definition"`
	Count      int       `json:"count"`
}

// VocabJSON is the vocabulary, or one facet of it, in the order the
// vocabulary defines its terms.
type VocabJSON struct {
	Facet string     `json:"facet,omitempty"`
	Terms []TermJSON `json:"terms"`
}

// VocabView returns the terms of one facet (see data.TermFacets), or of
// every facet when facet is "", each with the number of incidents it tags.
func (l *Library) VocabView(facet string) VocabJSON {
	terms := l.data.Vocab.Terms(facet)
	out := VocabJSON{Facet: facet, Terms: make([]TermJSON, len(terms))}
	for i, t := range terms {
		out.Terms[i] = termView(t, len(l.tagged(t)))
	}
	return out
}

func termView(t data.Term, n int) TermJSON {
	return TermJSON{Term: t.Term, Facet: t.Facet, Label: t.Label, Definition: t.Definition, Count: n}
}

// Summary is an incident in a list of them: its id, date, organisation
// and title.
type Summary struct {
	ID    string    `json:"id"`
	Date  string    `json:"date"`
	Org   string    `json:"org"`
	Title data.Text `json:"title"`
}

// TopicJSON is a vocabulary term with the incidents it tags, newest first.
type TopicJSON struct {
	TermJSON
	Incidents []Summary `json:"incidents"`
}

// TopicView returns the term named term (ignoring case) and the incidents
// tagged with it. An unknown term is an error naming the terms that look
// like it.
func (l *Library) TopicView(term string) (TopicJSON, error) {
	t, ok := l.data.Vocab.Lookup(term)
	if !ok {
		msg := fmt.Sprintf("%q: no such term in the vocabulary", term)
		if near := l.nearTerms(term, 3); len(near) > 0 {
			msg += " (did you mean " + strings.Join(near, ", ") + "?)"
		}
		return TopicJSON{}, fmt.Errorf("%s", msg)
	}
	recs := l.tagged(t)
	out := TopicJSON{TermJSON: termView(t, len(recs)), Incidents: make([]Summary, len(recs))}
	for i, r := range recs {
		out.Incidents[i] = Summary{ID: r.ID, Date: r.Date, Org: r.Org, Title: r.Title}
	}
	return out, nil
}

// tagged returns the records whose field for t's facet holds t, newest
// first.
func (l *Library) tagged(t data.Term) []*data.Record {
	var out []*data.Record
	for _, r := range l.data.Records {
		var vs []string
		if t.Facet == data.TermSymptom {
			vs = r.Symptoms
		} else {
			vs = r.FacetValues(data.Facet(t.Facet))
		}
		if slices.ContainsFunc(vs, func(v string) bool { return strings.EqualFold(v, t.Term) }) {
			out = append(out, r)
		}
	}
	return out
}

// nearTerms returns up to n terms that contain q or that q contains, then
// those whose label or definition contains it, then those that share a
// prefix of three or more characters with it.
func (l *Library) nearTerms(q string, n int) []string {
	q = strings.ToLower(strings.TrimSpace(q))
	if q == "" {
		return nil
	}
	type cand struct {
		term  string
		score int
	}
	var cands []cand
	for _, t := range l.data.Vocab.Terms("") {
		k := strings.ToLower(t.Term)
		p := 0
		for p < len(q) && p < len(k) && q[p] == k[p] {
			p++
		}
		if strings.Contains(k, q) || strings.Contains(q, k) {
			p += 100
		} else if len(q) >= 3 && strings.Contains(strings.ToLower(t.Label.EN+" "+t.Label.KO+" "+t.Definition.EN+" "+t.Definition.KO), q) {
			p += 50
		}
		if p >= 3 {
			cands = append(cands, cand{t.Term, p})
		}
	}
	slices.SortStableFunc(cands, func(a, b cand) int { return b.score - a.score })
	out := []string{}
	for _, c := range cands[:min(n, len(cands))] {
		out = append(out, c.term)
	}
	return out
}

// Window narrows a timeline view to a span of time.
type Window struct {
	// From and To bound the events and series points kept; a zero time
	// leaves that side open.
	From, To time.Time
	// NoSeries leaves the series out.
	NoSeries bool
}

// TimelineWindowView returns the JSON view of tl (see TimelineView) with
// only the events and series points inside w. Stages, start and end are
// the whole timeline's.
func TimelineWindowView(tl *data.Timeline, hypothetical bool, w Window) TimelineJSON {
	in := func(t time.Time) bool {
		return (w.From.IsZero() || !t.Before(w.From)) && (w.To.IsZero() || !t.After(w.To))
	}
	cp := *tl
	cp.Events = nil
	for _, e := range tl.Events {
		if in(e.At) {
			cp.Events = append(cp.Events, e)
		}
	}
	cp.Series = nil
	if !w.NoSeries {
		for _, s := range tl.Series {
			var pts []data.Point
			for _, p := range s.Points {
				if in(p.T) {
					pts = append(pts, p)
				}
			}
			s.Points = pts
			cp.Series = append(cp.Series, s)
		}
	}
	v := TimelineView(&cp, hypothetical)
	if v.Events == nil {
		v.Events = []data.Event{}
	}
	return v
}

// ParseMoment reads a moment of tl: RFC 3339 ("2026-03-25T13:05:00-07:00"),
// or a clock time HH:MM in the incident's zone, on the incident's first day
// or, when that is before its start and the next day is not after its end,
// the next.
func ParseMoment(tl *data.Timeline, s string) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	h, m, ok := strings.Cut(s, ":")
	hh, err1 := strconv.Atoi(h)
	mm, err2 := strconv.Atoi(m)
	if !ok || err1 != nil || err2 != nil || len(s) != 5 || hh < 0 || hh > 23 || mm < 0 || mm > 59 {
		return time.Time{}, fmt.Errorf("invalid time %q (want HH:MM in the incident's zone, such as 13:05, or RFC 3339)", s)
	}
	start := tl.Start.In(tl.Location())
	t := time.Date(start.Year(), start.Month(), start.Day(), hh, mm, 0, 0, start.Location())
	if t.Before(start) && !t.Add(24*time.Hour).After(tl.End) {
		t = t.Add(24 * time.Hour)
	}
	return t, nil
}
