package data_test

import (
	"reflect"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/synth"
)

func facetRec(id, date, org, severity, rootCause string, domain, components, contributing []string) *data.Record {
	r := &data.Record{ID: id, Date: date, Org: org, Severity: severity, RootCause: rootCause,
		Domain: domain, Components: components, Contributing: contributing}
	if day, err := time.Parse(time.DateOnly, date); err == nil {
		r.Day = day
	}
	return r
}

func facetFixture() []*data.Record {
	return []*data.Record{
		facetRec("A", "2026-03-25", "Discord", "sev1", "config-change", []string{"kubernetes", "gcp"}, []string{"coordination-store"}, []string{"retry-storm"}),
		facetRec("B", "2020-03-16", "Discord", "sev1", "software-bug", []string{"database", "gcp"}, []string{"coordination-store", "service-discovery"}, nil),
		facetRec("C", "2020-07-01", "Acme", "sev2", "config-change", []string{"dns"}, nil, []string{"global-rollout", "retry-storm"}),
		facetRec("D", "2021-01-01", "Globex", "", "", []string{"gcp", "gcp", ""}, nil, nil),
	}
}

func TestFacetValues(t *testing.T) {
	recs := facetFixture()
	tests := []struct {
		rec  int
		f    data.Facet
		want []string
	}{
		{0, data.FacetOrg, []string{"Discord"}},
		{0, data.FacetYear, []string{"2026"}},
		{1, data.FacetDomain, []string{"database", "gcp"}},
		{1, data.FacetComponent, []string{"coordination-store", "service-discovery"}},
		{2, data.FacetRootCause, []string{"config-change"}},
		{2, data.FacetContributing, []string{"global-rollout", "retry-storm"}},
		{2, data.FacetSeverity, []string{"sev2"}},
		{3, data.FacetSeverity, nil},
		{3, data.FacetRootCause, nil},
		{3, data.FacetDomain, []string{"gcp"}},
		{3, data.Facet("nope"), nil},
	}
	for _, tc := range tests {
		got := recs[tc.rec].FacetValues(tc.f)
		if len(got) != len(tc.want) || !slices.Equal(got, tc.want) {
			t.Errorf("%s.FacetValues(%s) = %q, want %q", recs[tc.rec].ID, tc.f, got, tc.want)
		}
	}
	if y := (&data.Record{}).FacetValues(data.FacetYear); len(y) != 0 {
		t.Errorf("a record without a date has year %q", y)
	}
	want := []data.Facet{data.FacetOrg, data.FacetYear, data.FacetDomain, data.FacetComponent,
		data.FacetRootCause, data.FacetContributing, data.FacetSeverity}
	if !slices.Equal(data.Facets, want) {
		t.Errorf("Facets = %v, want %v", data.Facets, want)
	}
}

func TestFilter(t *testing.T) {
	recs := facetFixture()
	var none data.Filter
	gcp := none.Toggle(data.FacetDomain, "gcp")
	gcpAndDNS := gcp.Toggle(data.FacetDomain, "dns")
	gcpAndDB := gcp.Toggle(data.FacetDomain, "database")
	gcp2020 := gcp.Toggle(data.FacetYear, "2020")
	tests := []struct {
		name   string
		f      data.Filter
		want   []string
		active int
	}{
		{"nil filter matches all", nil, []string{"A", "B", "C", "D"}, 0},
		{"empty filter matches all", data.Filter{}, []string{"A", "B", "C", "D"}, 0},
		{"a facet left empty is no constraint", data.Filter{data.FacetOrg: {}}, []string{"A", "B", "C", "D"}, 0},
		{"one value", gcp, []string{"A", "B", "D"}, 1},
		{"a second value of a facet narrows", gcpAndDB, []string{"B"}, 2},
		{"values no record has together", gcpAndDNS, nil, 2},
		{"AND across facets", gcp2020, []string{"B"}, 2},
		{"toggled off again", gcp2020.Toggle(data.FacetYear, "2020"), []string{"A", "B", "D"}, 1},
		{"missing value never matches", none.Toggle(data.FacetSeverity, "sev3"), nil, 1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, r := range recs {
				if tc.f.Match(r) {
					got = append(got, r.ID)
				}
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("matched %v, want %v", got, tc.want)
			}
			if n := tc.f.Active(); n != tc.active {
				t.Errorf("Active() = %d, want %d", n, tc.active)
			}
		})
	}
	// Toggle copies: the filters above never changed each other.
	if gcp.Active() != 1 || len(gcp[data.FacetYear]) != 0 || !gcp.Has(data.FacetDomain, "gcp") {
		t.Errorf("Toggle changed its receiver: %v", gcp)
	}
	if off := gcp.Toggle(data.FacetDomain, "gcp"); len(off) != 0 {
		t.Errorf("toggling the only value off left %v", off)
	}
}

func TestFacetCounts(t *testing.T) {
	recs := facetFixture()
	fv := func(pairs ...any) []data.FacetValue {
		var out []data.FacetValue
		for i := 0; i < len(pairs); i += 2 {
			out = append(out, data.FacetValue{Value: pairs[i].(string), Count: pairs[i+1].(int)})
		}
		return out
	}
	t.Run("no filter", func(t *testing.T) {
		got := data.FacetCounts(recs, nil)
		want := map[data.Facet][]data.FacetValue{
			data.FacetOrg:          fv("Discord", 2, "Acme", 1, "Globex", 1),
			data.FacetYear:         fv("2020", 2, "2021", 1, "2026", 1),
			data.FacetDomain:       fv("gcp", 3, "database", 1, "dns", 1, "kubernetes", 1),
			data.FacetComponent:    fv("coordination-store", 2, "service-discovery", 1),
			data.FacetRootCause:    fv("config-change", 2, "software-bug", 1),
			data.FacetContributing: fv("retry-storm", 2, "global-rollout", 1),
			data.FacetSeverity:     fv("sev1", 2, "sev2", 1),
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("FacetCounts =\n%v\nwant\n%v", got, want)
		}
	})
	t.Run("counts reflect every choice, the facet's own included", func(t *testing.T) {
		f := data.Filter{}.Toggle(data.FacetOrg, "Discord")
		got := data.FacetCounts(recs, f)
		// Choosing Discord leaves A and B: no other organisation is left.
		if want := fv("Discord", 2); !reflect.DeepEqual(got[data.FacetOrg], want) {
			t.Errorf("org counts %v, want %v", got[data.FacetOrg], want)
		}
		if want := fv("2020", 1, "2026", 1); !reflect.DeepEqual(got[data.FacetYear], want) {
			t.Errorf("year counts %v, want %v", got[data.FacetYear], want)
		}
		// Within a facet of several values, a count is what choosing the
		// value as well would leave: gcp 2 (A, B), database 1 (B).
		if want := fv("gcp", 2, "database", 1, "kubernetes", 1); !reflect.DeepEqual(got[data.FacetDomain], want) {
			t.Errorf("domain counts %v, want %v", got[data.FacetDomain], want)
		}
		f = f.Toggle(data.FacetYear, "2020")
		got = data.FacetCounts(recs, f)
		if want := fv("database", 1, "gcp", 1); !reflect.DeepEqual(got[data.FacetDomain], want) {
			t.Errorf("domain counts with a year %v, want %v", got[data.FacetDomain], want)
		}
	})
	t.Run("a chosen value no record has is still listed", func(t *testing.T) {
		f := data.Filter{}.Toggle(data.FacetSeverity, "sev9")
		got := data.FacetCounts(recs, f)
		if want := fv("sev9", 0); !reflect.DeepEqual(got[data.FacetSeverity], want) {
			t.Errorf("severity counts %v, want %v", got[data.FacetSeverity], want)
		}
		if len(got[data.FacetOrg]) != 0 {
			t.Errorf("org counts %v, want none (no record is sev9)", got[data.FacetOrg])
		}
	})
}

// TestFacetCountsAgreeWithMatch checks the counts against their
// definition on synthetic records: choosing the value too gives that many.
func TestFacetCountsAgreeWithMatch(t *testing.T) {
	recs := synth.Records(400, 6)
	f := data.Filter{}.Toggle(data.FacetDomain, "gcp").Toggle(data.FacetRootCause, "config-change")
	got := data.FacetCounts(recs, f)
	if len(got[data.FacetOrg]) == 0 {
		t.Fatal("the filter leaves no record: the test would prove nothing")
	}
	for _, fc := range data.Facets {
		want := map[string]int{}
		for _, r := range recs {
			for _, v := range r.FacetValues(fc) {
				n := 0
				for _, r2 := range recs {
					g := f
					if !f.Has(fc, v) {
						g = f.Toggle(fc, v)
					}
					if g.Match(r2) {
						n++
					}
				}
				if n > 0 {
					want[v] = n
				}
			}
		}
		for v := range f[fc] {
			if _, ok := want[v]; !ok {
				want[v] = 0
			}
		}
		gotm := map[string]int{}
		for i, v := range got[fc] {
			gotm[v.Value] = v.Count
			if i > 0 && (got[fc][i-1].Count < v.Count || got[fc][i-1].Count == v.Count && got[fc][i-1].Value > v.Value) {
				t.Errorf("%s: not sorted at %d: %v", fc, i, got[fc])
			}
		}
		if !reflect.DeepEqual(gotm, want) {
			t.Errorf("%s: counts %v, want %v", fc, gotm, want)
		}
	}
}

// TestFacetValuesIsLinear gives a record 200k components, 100k of them
// distinct: FacetValues lists each once, in the order first written, in
// linear time (a scan of the values kept so far took minutes).
func TestFacetValuesIsLinear(t *testing.T) {
	r := &data.Record{}
	for i := range 200_000 {
		r.Components = append(r.Components, "c"+strconv.Itoa(i%100_000))
	}
	r.Components = append(r.Components, "", "c7")
	got := r.FacetValues(data.FacetComponent)
	if len(got) != 100_000 {
		t.Fatalf("%d values, want 100000", len(got))
	}
	for i, v := range got {
		if v != "c"+strconv.Itoa(i) {
			t.Fatalf("value %d is %q, want c%d", i, v, i)
		}
	}
}
