package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/incidents-dev/incidents/data"
)

// checkArgs checks what parseFlags cannot: a search query must hold
// something to search for and read as the query syntax says.
func checkArgs(c *command, o options) error {
	if c.name != "search" {
		return nil
	}
	query := strings.Join(o.args, " ")
	if strings.TrimSpace(query) == "" {
		return usageErrorf("%s", cliWords.emptyQuery.In(o.lang))
	}
	if _, err := data.ParseQuery(query); err != nil {
		return usageErrorf(cliWords.query.In(o.lang), queryError(err, o.lang))
	}
	return nil
}

// queryError words a query syntax error in language l.
func queryError(err error, l data.Lang) string {
	var qe *data.QueryError
	if !errors.As(err, &qe) {
		return err.Error()
	}
	m := qe.Localize(func(format string) string { return queryWord(format).In(l) })
	return fmt.Sprintf(cliWords.column.In(l), qe.Col, m)
}

// noMatch reports a search that found nothing, with the nearest queries
// that find something. found streams the library again for those,
// quietly (its problems were reported), holding only their names.
func noMatch(e *env, o options, query string, found *data.Found) {
	s := fmt.Sprintf(cliWords.noMatch.In(o.lang), query)
	if near := found.Suggest(3); len(near) > 0 {
		s += fmt.Sprintf(cliWords.didYouMean.In(o.lang), strings.Join(near, ", "))
	}
	fmt.Fprintf(e.stderr, "incidents search: %s\n", s)
}
