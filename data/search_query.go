package data

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/incidents-dev/incidents/data/internal/fold"
	"github.com/incidents-dev/incidents/data/internal/jamo"
)

// The query syntax, shared by the TUI's search box and `incidents search`:
// words separated by spaces must all match; "a | b" matches either; a word
// may be written 'exact, ^prefix, suffix$ or !negated (fzf's marks), or be a
// filter key:value (org:, year:, domain:, component:, cause:, factor:,
// severity:, has:timeline).

// QueryKind says how a query term matches.
type QueryKind uint8

// The kinds of query term.
const (
	// QueryFuzzy is a plain word: a substring or close subsequence of a
	// field, or a summary word (see Index.Search).
	QueryFuzzy QueryKind = iota
	// QueryExact ('word) is a substring of any field, summaries included.
	QueryExact
	// QueryPrefix (^word) begins a field or one of the record's tags.
	QueryPrefix
	// QuerySuffix (word$) ends a field or one of the record's tags.
	QuerySuffix
	// QueryFilter (key:value) matches a facet value by its name or label.
	QueryFilter
	// QueryHas (has:timeline) matches records with a timeline.
	QueryHas
)

// QueryTerm is one term of a parsed query.
type QueryTerm struct {
	Kind   QueryKind
	Negate bool
	// Text is the folded text the term looks for; Words holds it as the
	// one word of a QueryFuzzy term.
	Text  string
	Words []string
	// Facet is the facet a QueryFilter tests.
	Facet Facet
	// Col is the term's 1-based column in the query, in runes.
	Col int
}

// Query is a parsed query: every group must match, and a group matches
// when any of its terms does.
type Query struct {
	Groups [][]QueryTerm
}

// QueryError is a query that cannot be read as written, at a rune column.
type QueryError struct {
	Col int
	Msg string
	// format and args made Msg, for Localize.
	format string
	args   []any
}

func (e *QueryError) Error() string { return fmt.Sprintf("column %d: %s", e.Col, e.Msg) }

// Localize returns the message with its format string translated by tr,
// which gets the English format ("%s: needs a value, such as %s").
func (e *QueryError) Localize(tr func(format string) string) string {
	return fmt.Sprintf(tr(e.format), e.args...)
}

// filterKeys maps the words before ':' to the facets they filter.
var filterKeys = map[string]Facet{
	"org": FacetOrg, "year": FacetYear, "domain": FacetDomain, "component": FacetComponent,
	"cause": FacetRootCause, "root_cause": FacetRootCause, "factor": FacetContributing,
	"contributing": FacetContributing, "severity": FacetSeverity, "sev": FacetSeverity,
}

// FilterKeys lists the filter keys of the query syntax, for help and
// completion.
var FilterKeys = []string{"org:", "year:", "domain:", "component:", "cause:", "factor:", "severity:", "has:timeline"}

// ParseQuery parses a query. It always returns what it could read: a term
// it cannot read (a filter without a value, an unknown has:, a dangling
// "|") is left out and reported in the error, the first one only, so that
// a search box can search as the user types while the command line
// reports the mistake.
func ParseQuery(s string) (Query, error) {
	var q Query
	var first error
	fail := func(col int, format string, a ...any) {
		if first == nil {
			first = &QueryError{Col: col, Msg: fmt.Sprintf(format, a...), format: format, args: a}
		}
	}
	folded, _ := fold.String(strings.ToValidUTF8(s, "\uFFFD"))
	orNext := false // the previous token was "|"
	lastBar := 0
	for _, tok := range tokens(folded) {
		if tok.s == "|" {
			if len(q.Groups) == 0 || orNext {
				fail(tok.col, "%q needs a term on each side", "|")
			}
			orNext, lastBar = true, tok.col
			continue
		}
		t, ok, msg := parseTerm(tok.s, tok.col)
		if !ok {
			if msg != nil {
				fail(tok.col, msg[0].(string), msg[1:]...)
			}
			continue
		}
		if orNext && len(q.Groups) > 0 {
			g := &q.Groups[len(q.Groups)-1]
			*g = append(*g, t)
		} else {
			q.Groups = append(q.Groups, []QueryTerm{t})
		}
		orNext = false
	}
	if orNext {
		fail(lastBar, "%q needs a term on each side", "|")
	}
	return q, first
}

type token struct {
	s   string
	col int
}

// tokens splits s at white space, remembering each token's rune column.
func tokens(s string) []token {
	var out []token
	col, start, startCol := 1, -1, 0
	for i, r := range s {
		if unicode.IsSpace(r) {
			if start >= 0 {
				out = append(out, token{s[start:i], startCol})
				start = -1
			}
		} else if start < 0 {
			start, startCol = i, col
		}
		col++
	}
	if start >= 0 {
		out = append(out, token{s[start:], startCol})
	}
	return out
}

// parseTerm reads one token. ok is false for a token that holds nothing to
// match, with msg (a format string and its arguments) saying why when it
// is a mistake.
func parseTerm(s string, col int) (t QueryTerm, ok bool, msg []any) {
	t.Col = col
	if strings.HasPrefix(s, "!") && len(s) > 1 {
		t.Negate = true
		s = s[1:]
	}
	if k, v, found := strings.Cut(s, ":"); found && k != "" {
		if k == "has" {
			if v != "timeline" {
				return t, false, []any{"unknown has:%s (want has:timeline)", v}
			}
			t.Kind, t.Text = QueryHas, v
			return t, true, nil
		}
		if f, known := filterKeys[k]; known {
			v = normName(v)
			if v == "" {
				return t, false, []any{"%s: needs a value, such as %s", k, filterExample[f]}
			}
			t.Kind, t.Facet, t.Text = QueryFilter, f, v
			return t, true, nil
		}
	}
	switch {
	case strings.HasPrefix(s, "'"):
		t.Kind, t.Text = QueryExact, s[1:]
	case strings.HasPrefix(s, "^"):
		t.Kind, t.Text = QueryPrefix, s[1:]
	case strings.HasSuffix(s, "$") && len(s) > 1:
		t.Kind, t.Text = QuerySuffix, s[:len(s)-1]
	default:
		t.Kind, t.Text, t.Words = QueryFuzzy, s, []string{s}
		return t, true, nil
	}
	return t, t.Text != "", nil
}

var filterExample = map[Facet]string{
	FacetOrg: "org:discord", FacetYear: "year:2020", FacetDomain: "domain:aws", FacetComponent: "component:etcd",
	FacetRootCause: "cause:config-change", FacetContributing: "factor:retry-storm", FacetSeverity: "severity:sev1",
}

// splitWords splits a folded word at punctuation, so that "power-peg" and
// "power peg" ask for the same thing.
func splitWords(s string) []string {
	return strings.FieldsFunc(s, isQueryBreak)
}

func isQueryBreak(r rune) bool { return !fold.IsWordRune(r) && !jamo.IsJamo(r) }

// normName folds a name for comparing filter values: lower case, without
// spaces or punctuation ("Knight Capital" and "knight-capital" agree).
func normName(s string) string {
	s, _ = fold.String(s)
	var b strings.Builder
	for _, r := range s {
		if fold.IsWordRune(r) || jamo.IsJamo(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// plainWords returns the words of a query made only of plain words, which
// the fast path searches; ok is false when any syntax is used.
func (q Query) plainWords() (words []string, ok bool) {
	for _, g := range q.Groups {
		if len(g) != 1 || g[0].Kind != QueryFuzzy || g[0].Negate {
			return nil, false
		}
		words = append(words, g[0].Words...)
	}
	return words, true
}

// isPlain reports, without parsing, whether a query holds no syntax at all:
// no ', ^, $, !, | or ':'. Most queries are plain, and the fast path then
// skips the parser.
func isPlain(s string) bool {
	return !strings.ContainsAny(s, "'^$!|:")
}
