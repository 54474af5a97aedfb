package data

import (
	"maps"
	"slices"
	"strconv"
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
)

// Facets lists every facet in display order.
var Facets = []Facet{FacetOrg, FacetYear, FacetDomain, FacetComponent, FacetRootCause, FacetContributing, FacetSeverity}

// FacetValues returns r's values for facet f, each once: the organisation,
// the year as four digits, the domains, components, root cause, contributing
// factors or severity. Missing values give an empty result.
func (r *Record) FacetValues(f Facet) []string {
	one := func(s string) []string {
		if s == "" {
			return nil
		}
		return []string{s}
	}
	switch f {
	case FacetOrg:
		return one(r.Org)
	case FacetYear:
		if y := r.Year(); y != 0 {
			return []string{strconv.Itoa(y)}
		}
		return nil
	case FacetDomain:
		return distinct(r.Domain)
	case FacetComponent:
		return distinct(r.Components)
	case FacetRootCause:
		return one(r.RootCause)
	case FacetContributing:
		return distinct(r.Contributing)
	case FacetSeverity:
		return one(r.Severity)
	}
	return nil
}

// distinct returns the non-empty values of vs in order, without repeats; vs
// itself when it has none to drop.
func distinct(vs []string) []string {
	for i, v := range vs {
		if v == "" || slices.Contains(vs[:i], v) {
			out := make([]string, 0, len(vs))
			for _, w := range vs {
				if w != "" && !slices.Contains(out, w) {
					out = append(out, w)
				}
			}
			return out
		}
	}
	return vs
}

// Filter is a set of chosen facet values. A record matches when, for every
// facet with a chosen value, it has at least one of them: OR within a
// facet, AND across facets. The empty (or nil) Filter matches every record.
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
	for _, v := range r.FacetValues(facet) {
		if chosen[v] {
			return true
		}
	}
	return false
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

// FacetCounts counts, for every facet, the records in recs that have each
// value, among the records that match the filter's other facets (the usual
// faceted-search rule: choosing a value of one facet never hides that
// facet's other values). Each facet's values are sorted by count, highest
// first, then by value. Chosen values are always listed, with a count of 0
// when no record has them, so they can still be seen and dropped.
func FacetCounts(recs []*Record, f Filter) map[Facet][]FacetValue {
	counts := make(map[Facet]map[string]int, len(Facets))
	for _, fc := range Facets {
		counts[fc] = map[string]int{}
	}
	active := make([]Facet, 0, len(f))
	for _, fc := range Facets {
		if anyTrue(f[fc]) {
			active = append(active, fc)
		}
	}
	for _, r := range recs {
		// A record counts for every facet when it fails no chosen facet,
		// and only for the one facet it fails when it fails one.
		failed, nFailed := Facet(""), 0
		for _, fc := range active {
			if !f.matchFacet(fc, f[fc], r) {
				failed = fc
				if nFailed++; nFailed > 1 {
					break
				}
			}
		}
		switch nFailed {
		case 0:
			for _, fc := range Facets {
				for _, v := range r.FacetValues(fc) {
					counts[fc][v]++
				}
			}
		case 1:
			for _, v := range r.FacetValues(failed) {
				counts[failed][v]++
			}
		}
	}
	out := make(map[Facet][]FacetValue, len(Facets))
	for _, fc := range Facets {
		for v, on := range f[fc] {
			if _, ok := counts[fc][v]; on && !ok {
				counts[fc][v] = 0
			}
		}
		vs := make([]FacetValue, 0, len(counts[fc]))
		for v, n := range counts[fc] {
			vs = append(vs, FacetValue{Value: v, Count: n})
		}
		slices.SortFunc(vs, func(a, b FacetValue) int {
			if a.Count != b.Count {
				return b.Count - a.Count
			}
			switch {
			case a.Value < b.Value:
				return -1
			case a.Value > b.Value:
				return 1
			}
			return 0
		})
		out[fc] = vs
	}
	return out
}
