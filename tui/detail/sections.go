package detail

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
)

// fact is one row of a grid: a label and its value in one language.
type fact struct {
	label, value, marker string
}

// grid lays facts out as label and value columns, or label over value when
// the column is too narrow for both: one block of lines per fact.
func (r *renderer) grid(rows []fact, w int) [][]string {
	lw := 0
	for _, f := range rows {
		lw = max(lw, lipgloss.Width(f.label))
	}
	lw += 2
	side := w >= lw+16
	out := make([][]string, 0, len(rows))
	for _, f := range rows {
		label := r.paint(r.st.Label, layout.Fit(f.label, lw))
		switch {
		case f.value == "" && f.marker == "" && side:
			out = append(out, []string{label + r.paint(r.st.Missing, dash)})
		case f.value == "" && f.marker == "":
			out = append(out, []string{r.paint(r.st.Label, layout.Truncate(f.label, w)), "  " + r.paint(r.st.Missing, dash)})
		case side:
			out = append(out, r.hanging(label, f.marker, f.value, w, r.st.Value))
		default:
			head := []string{r.paint(r.st.Label, layout.Truncate(f.label, w))}
			out = append(out, append(head, r.hanging("  ", f.marker, f.value, w, r.st.Value)...))
		}
	}
	return out
}

// flat joins the blocks of a grid.
func flat(blocks [][]string) []string {
	var out []string
	for _, b := range blocks {
		out = append(out, b...)
	}
	return out
}

// gridSection lays out a section made of a grid. In two columns the rows
// are aligned: a fact and its translation start on the same line, however
// many lines either takes.
func (r *renderer) gridSection(heading i18n.Word, blocks func(l data.Lang, w int) [][]string) {
	if !r.cols {
		r.section(heading, func(l data.Lang, w int) []string { return flat(blocks(l, w)) })
		return
	}
	left, right := blocks(data.EN, r.lw), blocks(data.KO, r.rw)
	if len(left) != len(right) {
		r.section(heading, func(l data.Lang, w int) []string { return flat(blocks(l, w)) })
		return
	}
	if heading.EN != "" {
		r.addColumns([]string{r.heading(heading.EN, r.lw)}, []string{r.heading(heading.KO, r.rw)})
	}
	for i := range left {
		r.addColumns(left[i], right[i])
	}
	r.add("")
}

// impact returns an impact value in language l; "unknown" counts as missing.
func (r *renderer) impact(t data.Text, l data.Lang) (string, string) {
	s, marker := r.inline(t, l)
	if unknown(t.EN) && unknown(t.KO) {
		return "", ""
	}
	if unknown(s) && marker == "" {
		return "", ""
	}
	return s, marker
}

func (r *renderer) facts(rec *data.Record, l data.Lang, w int) [][]string {
	sev := ""
	if !unknown(rec.Severity) {
		sev = r.label(rec.Severity, l)
		if sev == rec.Severity {
			sev = data.SeverityCode(sev)
		}
	}
	row := func(label string, t data.Text) fact {
		s, m := r.impact(t, l)
		return fact{label: label, value: s, marker: m}
	}
	return r.grid([]fact{
		{label: words.severity.In(l), value: sev},
		row(words.scope.In(l), rec.Impact.Scope),
		row(words.users.In(l), rec.Impact.Users),
		row(words.region.In(l), rec.Impact.Region),
		{label: words.detected.In(l), value: duration(rec.Timeline.DetectedAfter, l)},
		{label: words.resolved.In(l), value: duration(rec.Timeline.ResolvedAfter, l)},
	}, w)
}

// duration is a delay in language l by the rule every screen uses, as
// written when it could not be read, and "" when missing or unknown.
func duration(d data.Duration, l data.Lang) string {
	switch {
	case unknown(d.Text):
		return ""
	case d.Known():
		return i18n.Duration(d.D, l)
	}
	return d.Text
}

// label returns a tag's vocabulary label in language l, or the tag.
func (r *renderer) label(term string, l data.Lang) string {
	if r.o.Label != nil {
		if s, _ := r.o.Label(term).Get(l); s != "" {
			return s
		}
	}
	return term
}

func (r *renderer) labels(terms []string, l data.Lang) string {
	var out []string
	for _, t := range terms {
		if !unknown(t) {
			out = append(out, r.label(t, l))
		}
	}
	return strings.Join(out, ", ")
}

// tags is the tags grid: every facet's row, "–" where the record has no
// term for it (a root cause left open reads as such, not as a hole).
func (r *renderer) tags(rec *data.Record, l data.Lang, w int) [][]string {
	return r.grid([]fact{
		{label: words.domain.In(l), value: r.labels(rec.Domain, l)},
		{label: words.components.In(l), value: r.labels(rec.Components, l)},
		{label: words.rootCause.In(l), value: r.labels([]string{rec.RootCause}, l)},
		{label: words.contributing.In(l), value: r.labels(rec.Contributing, l)},
		{label: words.symptomTags.In(l), value: r.labels(rec.Symptoms, l)},
	}, w)
}

// link styles a piece of a URL and, in the TUI, makes it a hyperlink to
// the whole URL. OSC 8 sequences take no cells, so widths stay right.
func (r *renderer) link(url, piece string) string {
	s := r.paint(r.st.Link, piece)
	if r.o.Hyperlinks && url != "" {
		return ansi.SetHyperlink(url) + s + ansi.ResetHyperlink()
	}
	return s
}

// url lays a URL out after indent on one line, whole even when it is
// wider than w: a URL cut across lines cannot be copied.
func (r *renderer) url(u string, indent string) []string {
	return []string{indent + r.link(u, u)}
}

func (r *renderer) sources(rec *data.Record, w int) []string {
	archived := words.archived.In(r.o.Lang)
	if r.o.Lang == data.Both {
		archived = both(words.archived)
	}
	var out []string
	for _, s := range rec.Sources {
		if s.URL == "" && s.Archived == "" {
			continue
		}
		kind := s.Kind
		if w, ok := words.sourceKinds[strings.ToLower(kind)]; ok {
			kind = w.In(r.o.Lang)
			if r.o.Lang == data.Both {
				kind = both(w)
			}
		}
		if kind == "" {
			kind = dash
		}
		out = append(out, "• "+r.paint(r.st.Faint, layout.Truncate(kind, w-2)))
		if s.URL != "" {
			out = append(out, r.url(s.URL, "  ")...)
		}
		if s.Archived != "" {
			out = append(out, "  "+r.paint(r.st.Faint, layout.Truncate(archived, w-2)))
			out = append(out, r.url(s.Archived, "  ")...)
		}
	}
	if len(out) == 0 {
		return []string{r.paint(r.st.Missing, dash)}
	}
	return out
}

// relatedEntry lays out one related incident in language l: its id, then
// its title with a hanging indent.
func (r *renderer) relatedEntry(id string, l data.Lang, w int, withID bool) []string {
	st, mark := r.st.RelatedID, "• "
	if id == r.o.Focus {
		// The arrow marks the focus where reverse video does not show.
		st, mark = r.st.RelatedFocus, "▸ "
	}
	first := mark + r.paint(st, id) + "  "
	if !withID {
		first = strings.Repeat(" ", lipgloss.Width(id)+4)
	}
	var rec *data.Record
	if r.o.Related != nil {
		rec = r.o.Related(id)
	}
	if rec == nil {
		return r.hanging(first, "", words.notInLibrary.In(l), w, r.st.Faint)
	}
	s, marker := r.inline(rec.Title, l)
	return r.hanging(first, marker, s, w, r.st.Body)
}

func (r *renderer) related(rec *data.Record) {
	h := words.related.In(r.o.Lang)
	if r.o.Lang == data.Both && !r.cols {
		h = both(words.related)
	}
	if r.cols {
		r.addColumns([]string{r.heading(words.related.EN, r.lw)}, []string{r.heading(words.related.KO, r.rw)})
	} else {
		r.add(r.heading(h, r.w))
	}
	n := 0
	for _, id := range rec.Related {
		if strings.TrimSpace(id) == "" {
			continue
		}
		n++
		r.p.anchors[id] = len(r.p.lines)
		switch {
		case r.cols:
			r.addColumns(r.relatedEntry(id, data.EN, r.lw, true), r.relatedEntry(id, data.KO, r.rw, true))
		case r.o.Lang == data.Both:
			r.add(r.relatedEntry(id, data.EN, r.w, true)...)
			r.add(r.relatedEntry(id, data.KO, r.w, false)...)
		default:
			r.add(r.relatedEntry(id, r.o.Lang, r.w, true)...)
		}
	}
	if n == 0 {
		r.add(r.paint(r.st.Missing, dash))
	}
}
