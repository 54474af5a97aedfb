package data

import (
	"slices"
	"testing"
)

func termNames(ts []Term) []string {
	var out []string
	for _, t := range ts {
		out = append(out, t.Term)
	}
	return out
}

func TestVocab(t *testing.T) {
	lib, err := loadMap(map[string]string{
		"vocab/a.json": `{"terms":[
			{"term":"etcd","facet":"component","label":{"en":"etcd","ko":"etcd"},"definition":{"en":"d","ko":"정의"}},
			{"term":"aws","facet":"domain","label":{"en":"AWS","ko":"AWS"}},
			{"term":"dns","facet":"component","label":{"en":"DNS"}}
		]}`,
		"vocab/b.json": `{"terms":[
			{"term":"retry-storm","facet":"contributing","label":{"en":"Retry storm","ko":"재시도 폭주"}},
			{"term":"ETCD","facet":"component","label":{"en":"again"}},
			{"term":"x","facet":"colour","label":{"en":"X"}},
			{"term":"y","facet":"symptom"},
			{"term":"","facet":"symptom","label":"z"},
			{"term":"bell\u0007","facet":"symptom","label":"Bell"}
		]}`,
		"vocab/c.json": `{"terms":[{"term":5}]}`,
	})
	want := []string{
		"vocab/b.json:3:12: term ETCD: defined twice (first in vocab/a.json)",
		`vocab/b.json:4:24: term x: facet: invalid facet "colour" (want domain, component, root_cause, contributing or symptom)`,
		"vocab/b.json:5:4: term y: label: missing in both languages",
		"vocab/b.json:6:12: terms[4].term: missing",
		"vocab/c.json:1:19: terms[0].term: got number, want string",
	}
	if got := errLines(err); !slices.Equal(got, want) {
		t.Errorf("errors:\n got %q\nwant %q", got, want)
	}
	v := lib.Vocab
	if got, want := termNames(v.Terms(TermComponent)), []string{"etcd", "dns"}; !slices.Equal(got, want) {
		t.Errorf("components %q, want %q", got, want)
	}
	if got, want := termNames(v.Terms("")), []string{"etcd", "aws", "dns", "retry-storm", "bell"}; !slices.Equal(got, want) {
		t.Errorf("all terms %q, want %q", got, want)
	}
	if term, ok := v.Lookup("Retry-Storm"); !ok || term.Label.KO != "재시도 폭주" || term.Facet != TermContributing || term.Origin != "vocab/b.json" {
		t.Errorf("Lookup(Retry-Storm) = %+v, %v", term, ok)
	}
	if _, ok := v.Lookup("bell"); !ok {
		t.Error("a sanitised term is not found by its clean name")
	}
	if _, ok := v.Lookup("nope"); ok {
		t.Error("Lookup(nope) found a term")
	}
	var none *Vocab
	if _, ok := none.Lookup("etcd"); ok || none.Terms("") != nil || none.Len() != 0 {
		t.Error("a nil Vocab is not empty")
	}
}

func TestBundledVocab(t *testing.T) {
	lib, err := Load(Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, facet := range TermFacets {
		if len(lib.Vocab.Terms(facet)) == 0 {
			t.Errorf("the bundled vocabulary has no %s terms", facet)
		}
	}
}
