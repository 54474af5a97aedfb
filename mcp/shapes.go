package mcp

import (
	"encoding/base64"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
)

// The Incident Library's own MCP server takes a few argument shapes of its
// own beside ours: lang on every tool, cursor pages, vocab{query, kind},
// get_topic{kind, slug}, a symptom filter, organisations by slug, and an
// empty result with a note for a filter value nobody has. An agent set up
// for that server works against this one with its own calls. The results
// are the CLI's --json views, with the page's next_cursor, a note and the
// search's did_you_mean added where they apply.

// searchOut is search_incidents' result.
type searchOut struct {
	library.SearchPage
	NextCursor string   `json:"next_cursor,omitempty"`
	DidYouMean []string `json:"did_you_mean,omitempty"`
	Note       string   `json:"note,omitempty"`
}

// listOut is list_incidents' result.
type listOut struct {
	library.ListJSON
	NextCursor string `json:"next_cursor,omitempty"`
	Note       string `json:"note,omitempty"`
}

// vocabOut is vocab's result.
type vocabOut struct {
	library.VocabJSON
	Query string `json:"query,omitempty"`
	Note  string `json:"note,omitempty"`
}

// filter turns the facet arguments into the library's filter and a test
// for the symptom, which is not one of the list's facets. A value that no
// incident has gives a note instead, and the result is empty: the
// Incident Library's server answers so, and an agent reads "nothing
// matched" better than an error. An organisation is matched by its name
// or its slug ("aws").
func (s *server) filter(in facetsIn) (data.Filter, func(*data.Record) bool, string) {
	all := func(*data.Record) bool { return true }
	if org := strings.TrimSpace(in.Org); org != "" {
		for _, r := range s.lib.Records() {
			if r.OrgSlug != "" && strings.EqualFold(r.OrgSlug, org) {
				in.Org = r.Org
				break
			}
		}
	}
	f, err := s.lib.Filter(in.chosen())
	if err != nil {
		return nil, all, clipText(err.Error(), maxErr) + "; so no incident matches"
	}
	sym := strings.TrimSpace(in.Symptom)
	if sym == "" {
		return f, all, ""
	}
	t, ok := s.lib.Vocab().Lookup(sym)
	if !ok || t.Facet != data.TermSymptom {
		return nil, all, fmt.Sprintf("symptom: no incident has %q (see vocab with kind symptom); so no incident matches", clipText(sym, 60))
	}
	return f, func(r *data.Record) bool {
		return slices.ContainsFunc(r.Symptoms, func(v string) bool { return strings.EqualFold(v, t.Term) })
	}, ""
}

// termFacet returns the vocabulary facet a kind or facet argument names,
// in our words or the Incident Library's; "" (every facet) for none.
func termFacet(name string) (string, bool) {
	key := strings.NewReplacer("-", "_", " ", "_").Replace(strings.ToLower(strings.TrimSpace(name)))
	key = strings.TrimSuffix(key, "s")
	switch key {
	case "":
		return "", true
	case "root_cause", "cause", "rootcause":
		return data.TermRootCause, true
	case "contributing", "factor", "contributing_factor":
		return data.TermContributing, true
	}
	if slices.Contains(data.TermFacets, key) {
		return key, true
	}
	return "", false
}

// cursorPrefix marks the cursors this server gives, so that a cursor from
// somewhere else is an error and not a page from nowhere.
const cursorPrefix = "incidents:"

// encodeCursor returns the cursor of the page that starts at offset.
func encodeCursor(offset int) string {
	return base64.RawURLEncoding.EncodeToString([]byte(cursorPrefix + strconv.Itoa(offset)))
}

// decodeCursor returns the offset a cursor stands for, or def for none.
func decodeCursor(c string, def int) (int, error) {
	c = strings.TrimSpace(c)
	if c == "" {
		return def, nil
	}
	b, err := base64.RawURLEncoding.DecodeString(c)
	rest, ok := strings.CutPrefix(string(b), cursorPrefix)
	n, aerr := strconv.Atoi(rest)
	if err != nil || !ok || aerr != nil || n < 0 || n > 1<<20 {
		return 0, fmt.Errorf("cursor: %q is not a cursor of this server (pass a result's next_cursor as it is)", clipText(c, 40))
	}
	return n, nil
}

// foldWord folds text for a plain "holds these letters" match: lower case,
// letters and digits, words separated by one space.
func foldWord(s string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	}), " ")
}

// cmpOr returns the first of its arguments that is not blank.
func cmpOr(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}
