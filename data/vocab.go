package data

// Vocab is the tag vocabulary: every term a record may use in its domain,
// components, root_cause, contributing and symptoms fields.
type Vocab struct {
	terms map[string]Term
	order []string
}

// Term is one vocabulary term.
type Term struct {
	Term       string `json:"term"`
	Facet      string `json:"facet"`
	Label      Text   `json:"label"`
	Definition Text   `json:"definition"`
}
