package data

import (
	"maps"
	"slices"
	"strconv"
	"strings"
)

// Facet is a dimension records can be filtered by. Its value is the name the
// record format and the vocabulary use for it.
type Facet string

// The facets, in display order (see Facets).
const (
	FacetOrg          Facet = "org"
	FacetYear         Facet = "year"
	FacetDomain       Facet = "domain"
	FacetComponent    Facet = "component"
	FacetRootCause    Facet = "root_cause"
	FacetContributing Facet = "contributing"
	FacetSeverity     Facet = "severity"
	// FacetTimeline has one value, TimelineValue, for a record with a
	// timeline to replay. It is not in Facets (nor in FacetCounts): the
	// explorer's panel counts it itself.
	FacetTimeline Facet = "timeline"
)

// TimelineValue is FacetTimeline's value.
const TimelineValue = "timeline"

// Facets lists every facet in display order.
var Facets = []Facet{FacetOrg, FacetYear, FacetDomain, FacetComponent, FacetRootCause, FacetContributing, FacetSeverity}

// FacetValues returns r's values for facet f, each once: the organisation,
// the year as four digits, the domains, components, root cause, contributing
// factors or severity. Missing values give an empty result.
func (r *Record) FacetValues(f Facet) []string {
	return r.appendFacetValues(nil, f)
}

// appendFacetValues appends r's values for facet f to dst, each once.
func (r *Record) appendFacetValues(dst []string, f Facet) []string {
	one := func(s string) []string {
		if s == "" {
			return dst
		}
		return append(dst, s)
	}
	switch f {
	case FacetOrg:
		return one(r.Org)
	case FacetYear:
		return one(r.yearText())
	case FacetDomain:
		return appendDistinct(dst, r.Domain)
	case FacetComponent:
		return appendDistinct(dst, r.Components)
	case FacetRootCause:
		return one(r.RootCause)
	case FacetContributing:
		return appendDistinct(dst, r.Contributing)
	case FacetSeverity:
		return one(r.Severity)
	case FacetTimeline:
		if r.HasTimeline() {
			return append(dst, TimelineValue)
		}
	}
	return dst
}

// yearText returns the record's year as text, "" when its date did not
// parse; the date's own first four bytes when they say it, to spare an
// allocation per record when counting.
func (r *Record) yearText() string {
	y := r.Year()
	switch {
	case y == 0:
		return ""
	case y >= 1000 && y <= 9999 && len(r.Date) >= 4 && atoi4(r.Date[:4]) == y:
		return r.Date[:4]
	}
	return strconv.Itoa(y)
}

func atoi4(s string) int {
	n := 0
	for i := range 4 {
		c := s[i]
		if c < '0' || c > '9' {
			return -1
		}
		n = n*10 + int(c-'0')
	}
	return n
}

// appendDistinct appends the non-empty values of vs to dst without repeats.
func appendDistinct(dst, vs []string) []string {
	// A scan is quickest for the few values a record has; past 24 a set
	// takes over, so that 100k tags cost 100k steps, not 10^9 (as
	// appendTagList does).
	start := len(dst)
	var set map[string]bool
	for _, v := range vs {
		switch {
		case v == "":
		case set != nil:
			if !set[v] {
				set[v] = true
				dst = append(dst, v)
			}
		case !slices.Contains(dst[start:], v):
			dst = append(dst, v)
			if len(dst)-start == 24 {
				set = make(map[string]bool, 48)
				for _, x := range dst[start:] {
					set[x] = true
				}
			}
		}
	}
	return dst
}

// Filter is a set of chosen facet values. A record matches when it has
// every chosen value: each choice narrows the list, as in faceted search
// everywhere, so that a count next to a value says what choosing it gives
// (see FacetCounts). "Either of two" is the query syntax's job
// ("org:discord | org:slack"). The empty (or nil) Filter matches every
// record.
type Filter map[Facet]map[string]bool

// Match reports whether r matches the filter.
func (f Filter) Match(r *Record) bool {
	for facet, chosen := range f {
		if !f.matchFacet(facet, chosen, r) {
			return false
		}
	}
	return true
}

func (f Filter) matchFacet(facet Facet, chosen map[string]bool, r *Record) bool {
	if !anyTrue(chosen) {
		return true
	}
	var buf [8]string
	vs := r.appendFacetValues(buf[:0], facet)
	for v, on := range chosen {
		if on && !slices.Contains(vs, v) {
			return false
		}
	}
	return true
}

func anyTrue(m map[string]bool) bool {
	for _, on := range m {
		if on {
			return true
		}
	}
	return false
}

// Toggle returns a copy of the filter with value v of facet fc chosen if it
// was not, and dropped if it was. The receiver is not changed.
func (f Filter) Toggle(fc Facet, v string) Filter {
	out := make(Filter, len(f)+1)
	for k, m := range f {
		if anyTrue(m) {
			out[k] = maps.Clone(m)
		}
	}
	if out[fc][v] {
		delete(out[fc], v)
		if !anyTrue(out[fc]) {
			delete(out, fc)
		}
		return out
	}
	if out[fc] == nil {
		out[fc] = map[string]bool{}
	}
	out[fc][v] = true
	return out
}

// Active returns how many values are chosen, over all facets.
func (f Filter) Active() int {
	n := 0
	for _, m := range f {
		for _, on := range m {
			if on {
				n++
			}
		}
	}
	return n
}

// Has reports whether value v of facet fc is chosen.
func (f Filter) Has(fc Facet, v string) bool { return f[fc][v] }

// FacetValue is one value of a facet and how many records have it.
type FacetValue struct {
	Value string
	Count int
}

// FacetCounts counts, for every facet, the records in recs that match the
// whole filter and have each value: what choosing the value would leave,
// since every choice narrows. The counts of a facet's values reflect every
// chosen value, its own facet's included (after choosing Discord, no other
// organisation has any record left). Each facet's values are sorted by
// count, highest first, then by value; a value no matching record has is
// left out, except that chosen values are always listed (with a count of
// 0 when no record has them) so they can still be seen and dropped.
func FacetCounts(recs []*Record, f Filter) map[Facet][]FacetValue {
	counts := make([]map[string]int, len(Facets))
	for i := range counts {
		counts[i] = map[string]int{}
	}
	var buf []string
	for _, r := range recs {
		if !f.Match(r) {
			continue
		}
		for i, fc := range Facets {
			buf = r.appendFacetValues(buf[:0], fc)
			for _, v := range buf {
				counts[i][v]++
			}
		}
	}
	out := make(map[Facet][]FacetValue, len(Facets))
	for i, fc := range Facets {
		for v, on := range f[fc] {
			if _, ok := counts[i][v]; on && !ok {
				counts[i][v] = 0
			}
		}
		vs := make([]FacetValue, 0, len(counts[i]))
		for v, n := range counts[i] {
			vs = append(vs, FacetValue{Value: v, Count: n})
		}
		slices.SortFunc(vs, func(a, b FacetValue) int {
			if a.Count != b.Count {
				return b.Count - a.Count
			}
			return strings.Compare(a.Value, b.Value)
		})
		out[fc] = vs
	}
	return out
}
