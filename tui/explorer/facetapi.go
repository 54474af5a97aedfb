package explorer

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/incidents-dev/incidents/data"
)

// The facet filter below stands in for data.Facet, data.Filter and
// data.FacetCounts, which the data package is still writing (issue 2);
// the explorer uses only these names, so switching over is this file.

type facet int

const (
	facetOrg facet = iota
	facetYear
	facetDomain
	facetComponent
	facetRootCause
	facetContributing
	facetSeverity
	numFacets
)

// filter holds the chosen values of each facet: a record passes when, in
// every facet with a chosen value, it has one of them.
type filter map[facet]map[string]bool

type facetValue struct {
	Value string
	Count int
}

func facetValues(r *data.Record, f facet) []string {
	switch f {
	case facetOrg:
		return []string{r.Org}
	case facetYear:
		if y := r.Year(); y > 0 {
			return []string{strconv.Itoa(y)}
		}
		if len(r.Date) >= 4 {
			return []string{r.Date[:4]}
		}
	case facetDomain:
		return r.Domain
	case facetComponent:
		return r.Components
	case facetRootCause:
		return []string{r.RootCause}
	case facetContributing:
		return r.Contributing
	case facetSeverity:
		return []string{strings.ToLower(r.Severity)}
	}
	return nil
}

func (fl filter) matchFacet(r *data.Record, f facet) bool {
	want := fl[f]
	if len(want) == 0 {
		return true
	}
	for _, v := range facetValues(r, f) {
		if want[v] {
			return true
		}
	}
	return false
}

func (fl filter) match(r *data.Record) bool {
	for f := range fl {
		if !fl.matchFacet(r, f) {
			return false
		}
	}
	return true
}

// facetCounts counts, for each facet, the records with each value among
// those that pass the filter on every other facet, so choosing a value
// leaves its siblings' counts in place.
func facetCounts(recs []*data.Record, fl filter) map[facet][]facetValue {
	counts := make([]map[string]int, numFacets)
	for f := range numFacets {
		counts[f] = map[string]int{}
	}
	for _, r := range recs {
		failed := -1
		for f := range numFacets {
			if !fl.matchFacet(r, f) {
				if failed >= 0 {
					failed = -2 // fails two facets: counts nowhere
					break
				}
				failed = int(f)
			}
		}
		if failed == -2 {
			continue
		}
		for f := range numFacets {
			if failed >= 0 && int(f) != failed {
				continue
			}
			for _, v := range facetValues(r, f) {
				if v != "" {
					counts[f][v]++
				}
			}
		}
	}
	out := map[facet][]facetValue{}
	for f := range numFacets {
		vs := make([]facetValue, 0, len(counts[f]))
		for v, n := range counts[f] {
			vs = append(vs, facetValue{Value: v, Count: n})
		}
		slices.SortFunc(vs, func(a, b facetValue) int {
			return cmp.Or(cmp.Compare(b.Count, a.Count), cmp.Compare(a.Value, b.Value))
		})
		out[f] = vs
	}
	return out
}
