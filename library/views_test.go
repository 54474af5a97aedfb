package library

import (
	"strings"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
)

func TestFilterAndListView(t *testing.T) {
	lib := open(t)
	tests := []struct {
		name   string
		chosen map[data.Facet]string
		err    string
		check  func(*data.Record) bool
	}{
		{"none", nil, "", func(*data.Record) bool { return true }},
		{"org folded", map[data.Facet]string{data.FacetOrg: "  discord "}, "", func(r *data.Record) bool { return r.Org == "Discord" }},
		{"year", map[data.Facet]string{data.FacetYear: "2024"}, "", func(r *data.Record) bool { return r.Year() == 2024 }},
		{"unknown", map[data.Facet]string{data.FacetOrg: "Nobody Inc"}, `org: no incident has "Nobody Inc" (values: `, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := lib.Filter(tc.chosen)
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("Filter error %v, want %q…", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			want := 0
			for _, r := range lib.Records() {
				if tc.check(r) {
					want++
				}
			}
			all := ListView(lib.Records(), f, 0, 1000)
			page := ListView(lib.Records(), f, 1, 2)
			if all.Total != want || len(all.Incidents) != want {
				t.Errorf("total %d with %d incidents, want %d", all.Total, len(all.Incidents), want)
			}
			if page.Total != want || len(page.Incidents) != min(2, max(0, want-1)) || (want > 1 && page.Incidents[0].Record != all.Incidents[1].Record) {
				t.Errorf("page from 1 of 2: total %d, %d incidents", page.Total, len(page.Incidents))
			}
			for _, e := range all.Incidents {
				if r := e.Record; !tc.check(r) || e.Replayable == nil || *e.Replayable != r.HasTimeline() {
					t.Errorf("%s does not match the filter", r.ID)
				}
			}
			orgs := 0
			for _, c := range all.Facets["org"] {
				orgs += c.Count
			}
			if orgs != want {
				t.Errorf("org counts add up to %d, want %d", orgs, want)
			}
		})
	}
}

func TestSearchPageView(t *testing.T) {
	lib := open(t)
	f, _ := lib.Filter(map[data.Facet]string{data.FacetOrg: "Discord"})
	all := lib.Search("etcd")
	p := SearchPageView("etcd", all, f, 1)
	n := 0
	for _, m := range all {
		if m.Record.Org == "Discord" {
			n++
		}
	}
	if p.Total != n || len(p.Results) != min(1, n) || (n > 0 && p.Results[0].Org != "Discord") {
		t.Errorf("page %+v, want %d Discord matches in all, 1 shown", p, n)
	}
	if p.Filters["org"][0] != "Discord" {
		t.Errorf("filters = %v", p.Filters)
	}
}

func TestVocabAndTopic(t *testing.T) {
	lib := open(t)
	v := lib.VocabView("component")
	if len(v.Terms) == 0 {
		t.Fatal("no component terms")
	}
	for _, term := range v.Terms {
		if term.Facet != "component" {
			t.Errorf("%s is a %s term", term.Term, term.Facet)
		}
	}
	if len(lib.VocabView("").Terms) <= len(v.Terms) {
		t.Error("the whole vocabulary is no larger than one facet")
	}
	topic, err := lib.TopicView("COORDINATION-STORE")
	if err != nil {
		t.Fatal(err)
	}
	if topic.Count != len(topic.Incidents) || topic.Count == 0 {
		t.Errorf("count %d, %d incidents", topic.Count, len(topic.Incidents))
	}
	for _, s := range topic.Incidents {
		if r := lib.Find(s.ID); r == nil || !strings.Contains(strings.Join(r.Components, " "), "coordination-store") {
			t.Errorf("%s is not tagged coordination-store", s.ID)
		}
	}
	if _, err := lib.TopicView("etcd"); err == nil || !strings.Contains(err.Error(), "coordination-store") {
		t.Errorf("an unknown term that a definition names: %v, want a suggestion", err)
	}
}

func TestTimelineWindow(t *testing.T) {
	lib := open(t)
	_, tl, err := lib.Timeline("IL-0499")
	if err != nil {
		t.Fatal(err)
	}
	from, err := ParseMoment(tl, "13:00")
	if err != nil {
		t.Fatal(err)
	}
	to, _ := ParseMoment(tl, "2026-03-25T13:30:00-07:00")
	v := TimelineWindowView(tl, false, Window{From: from, To: to})
	if len(v.Events) == 0 || len(v.Events) >= len(tl.Events) {
		t.Errorf("%d events of %d in 13:00–13:30", len(v.Events), len(tl.Events))
	}
	for _, e := range v.Events {
		if e.At.Before(from) || e.At.After(to) {
			t.Errorf("event at %v is outside the window", e.At)
		}
	}
	for _, s := range v.Series {
		for _, p := range s.Points {
			if pt, _ := time.Parse(time.RFC3339, p.T); pt.Before(from) || pt.After(to) {
				t.Fatalf("%s: point at %s is outside the window", s.Name, p.T)
			}
		}
	}
	if whole := TimelineWindowView(tl, false, Window{}); len(whole.Events) != len(tl.Events) || len(whole.Series) != len(tl.Series) {
		t.Error("an open window is not the whole timeline")
	}
	if none := TimelineWindowView(tl, false, Window{NoSeries: true}); len(none.Series) != 0 {
		t.Error("NoSeries kept series")
	}
	for _, bad := range []string{"25:00", "1:5", "noon"} {
		if _, err := ParseMoment(tl, bad); err == nil {
			t.Errorf("ParseMoment(%q) did not fail", bad)
		}
	}
}
