package data

import (
	"slices"
	"strings"
)

// The facets a vocabulary term belongs to, one per tag field of a record.
const (
	TermDomain       = "domain"       // Record.Domain
	TermComponent    = "component"    // Record.Components
	TermRootCause    = "root_cause"   // Record.RootCause
	TermContributing = "contributing" // Record.Contributing
	TermSymptom      = "symptom"      // Record.Symptoms
)

// TermFacets lists the term facets in the order the record fields come.
var TermFacets = []string{TermDomain, TermComponent, TermRootCause, TermContributing, TermSymptom}

// Vocab is the tag vocabulary: every term a record may use in its domain,
// components, root_cause, contributing and symptoms fields, with a label and
// a short definition in both languages. A nil Vocab has no terms.
type Vocab struct {
	terms map[string]int // term → index into list
	list  []Term
	// orgs maps an organisation's folded name to its other names.
	orgs map[string][]string
	// aliases maps a term (lower case) to more names from any file.
	aliases map[string][]string
}

// Term is one vocabulary term. Origin is not part of the format.
type Term struct {
	Term       string `json:"term"`
	Facet      string `json:"facet"`
	Label      Text   `json:"label"`
	Definition Text   `json:"definition"`
	// Aliases are other names search also matches (Korean spellings,
	// abbreviations); optional.
	Aliases []string `json:"aliases,omitempty"`

	// Origin says which file defined the term.
	Origin string `json:"-"`
}

// vocabFile is the shape of a file under vocab/.
type vocabFile struct {
	Terms []Term `json:"terms"`
	// Orgs gives organisations other names for search.
	Orgs []OrgNames `json:"orgs,omitempty"`
	// TermAliases gives terms, defined here or in another file, more
	// names for search.
	TermAliases map[string][]string `json:"term_aliases,omitempty"`
}

// OrgNames is an organisation's other names, which search matches as it
// matches the organisation ("크라우드스트라이크" for CrowdStrike).
type OrgNames struct {
	Org     string   `json:"org"`
	Aliases []string `json:"aliases"`
}

func newVocab() *Vocab { return &Vocab{terms: map[string]int{}} }

// Lookup returns the term, matched exactly or else ignoring case.
func (v *Vocab) Lookup(term string) (Term, bool) {
	if v == nil {
		return Term{}, false
	}
	if i, ok := v.terms[term]; ok {
		return v.list[i], true
	}
	if i, ok := v.terms[strings.ToLower(strings.TrimSpace(term))]; ok {
		return v.list[i], true
	}
	return Term{}, false
}

// Terms returns the terms of one facet ("domain", "component", "root_cause",
// "contributing" or "symptom") in the order they were defined, or every term
// when facet is "".
func (v *Vocab) Terms(facet string) []Term {
	if v == nil {
		return nil
	}
	if facet == "" {
		return slices.Clone(v.list)
	}
	var out []Term
	for _, t := range v.list {
		if t.Facet == facet {
			out = append(out, t)
		}
	}
	return out
}

// Len returns the number of terms.
func (v *Vocab) Len() int {
	if v == nil {
		return 0
	}
	return len(v.list)
}

// add adds t; it reports the term already defined under that name, if any,
// and then leaves the vocabulary unchanged.
func (v *Vocab) add(t Term) (Term, bool) {
	key := strings.ToLower(t.Term)
	if i, ok := v.terms[key]; ok {
		return v.list[i], false
	}
	v.terms[key] = len(v.list)
	if t.Term != key {
		v.terms[t.Term] = len(v.list)
	}
	v.list = append(v.list, t)
	return Term{}, true
}

// validFacet reports whether f is one of TermFacets.
func validFacet(f string) bool { return slices.Contains(TermFacets, f) }
