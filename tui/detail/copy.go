package detail

import (
	"fmt"
	"strings"

	"github.com/incidents-dev/incidents/data"
)

// Markdown returns the record as a Markdown snippet for `y`: id, title,
// organisation and date, summary, trigger, remediation and sources, in the
// language shown (both: English, then Korean).
func Markdown(rec *data.Record, lang data.Lang) string {
	if rec == nil {
		return ""
	}
	text := func(t data.Text) string {
		if lang == data.Both && t.EN != "" && t.KO != "" && t.EN != t.KO {
			return t.EN + "\n\n" + t.KO
		}
		l := lang
		if l == data.Both {
			l = data.EN
		}
		s, _ := t.Get(l)
		return s
	}
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** %s\n\n", rec.ID, strings.ReplaceAll(text(rec.Title), "\n\n", " / "))
	var meta []string
	for _, s := range []string{rec.Org, rec.Date} {
		if s != "" {
			meta = append(meta, s)
		}
	}
	// A severity the record does not know is left out, as the facts grid
	// shows it as "–"; a known one is named, in the reader's language.
	if !unknown(rec.Severity) {
		label := words.severity.In(lang)
		if lang == data.Both {
			label = both(words.severity)
		}
		meta = append(meta, label+" "+data.SeverityCode(rec.Severity))
	}
	if len(meta) > 0 {
		fmt.Fprintf(&b, "%s\n\n", strings.Join(meta, " · "))
	}
	if rec.Body != nil { // a record read only for the list has none
		for _, t := range []data.Text{rec.Summary, rec.Trigger} {
			if s := text(t); s != "" {
				fmt.Fprintf(&b, "%s\n\n", s)
			}
		}
		for _, s := range rec.Sources {
			fmt.Fprintf(&b, "- <%s>\n", s.URL)
		}
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}
