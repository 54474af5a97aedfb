package detail

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/theme"
)

// BothColumns is the width from which the "both" language setting puts
// English and Korean in two columns; below it they are stacked section by
// section.
const BothColumns = 100

// DefaultWidth is the width Render uses when RenderOptions.Width is not set.
const DefaultWidth = 80

// RenderOptions says how Render lays a record out.
type RenderOptions struct {
	// Lang is English, Korean or both.
	Lang data.Lang
	// Width is the width in cells; every line fits it. <= 0 means DefaultWidth.
	Width int
	// Styles colour the text; theme.Plain() adds no escape codes.
	Styles theme.Styles
	// Related looks up a related incident to show its title; nil, or a nil
	// result, shows the id alone.
	Related func(id string) *data.Record
	// Hyperlinks wraps source URLs in OSC 8 hyperlinks.
	Hyperlinks bool
	// Label returns the vocabulary label of a tag; nil, or a zero Text,
	// shows the tag as written.
	Label func(term string) data.Text
	// Focus is the related id to highlight (the one enter would open).
	Focus string
	// Stale says the record's file changed after it was loaded, so that
	// only what was loaded of it is shown (see data.Full); a line under
	// the title says so.
	Stale bool
}

// Render returns the whole record as text, section by section in the order
// of the Incident Library's page: title; facts grid; summary; symptoms;
// cause and trigger; detection; remediation; action items; lessons; tags;
// sources; related incidents. A missing or null field shows "–"; a missing
// translation shows the other language with a marker.
func Render(rec *data.Record, opts RenderOptions) string {
	return strings.Join(render(rec, opts).lines, "\n")
}

// page is a rendered record: its lines and, for each related id, the line
// its entry starts on (so the screen can scroll to it).
type page struct {
	lines   []string
	anchors map[string]int
	// padded is lines padded to the width, for the screen.
	padded []string
}

type renderer struct {
	o      RenderOptions
	st     *theme.DetailStyles
	w      int
	cols   bool // both languages in two columns
	lw, rw int  // column widths when cols
	gap    string
	p      page
	// marks are the missing-translation markers the page shows.
	marks map[string]bool
}

func render(rec *data.Record, o RenderOptions) page {
	if o.Width <= 0 {
		o.Width = DefaultWidth
	}
	r := &renderer{o: o, st: o.Styles.Detail, w: o.Width, p: page{anchors: map[string]int{}}}
	if o.Lang == data.Both && o.Width >= BothColumns {
		r.cols = true
		r.gap = " " + r.paint(r.st.Divider, "│") + " "
		r.lw = (o.Width - 3) / 2
		r.rw = o.Width - 3 - r.lw
	}
	if rec == nil {
		r.add(r.paint(r.st.Missing, dash))
		return r.p
	}
	r.title(rec)
	if o.Stale {
		for _, l := range layout.Wrap(words.stale.In(o.Lang), r.w) {
			r.add(r.paint(r.st.Missing, l))
		}
		r.add("")
	}
	afterTitle := len(r.p.lines)
	r.gridSection(i18n.Word{}, func(l data.Lang, w int) [][]string { return r.facts(rec, l, w) })
	r.section(words.summary, r.textOf(rec.Summary))
	r.section(words.symptoms, r.textOf(rec.SymptomsText))
	r.section(words.cause, func(l data.Lang, w int) []string {
		return append([]string{r.paint(r.st.Label, layout.Truncate(words.trigger.In(l), w))}, r.text(rec.Trigger, l, w, r.st.Body)...)
	})
	r.section(words.detection, r.textOf(rec.Detection))
	r.section(words.remediation, r.itemsOf(rec.Remediation))
	r.section(words.actions, r.itemsOf(rec.ActionItems))
	r.section(words.lessons, r.textOf(rec.Lessons))
	r.gridSection(words.tags, func(l data.Lang, w int) [][]string { return r.tags(rec, l, w) })
	r.shared(words.sources, func(w int) []string { return r.sources(rec, w) })
	r.related(rec)
	r.insert(afterTitle, r.legend())
	// Drop the blank line after the last section.
	for len(r.p.lines) > 0 && r.p.lines[len(r.p.lines)-1] == "" {
		r.p.lines = r.p.lines[:len(r.p.lines)-1]
	}
	// The layout keeps within the width down to a few cells; below that
	// (indents, labels), cut what is left over. A URL is never cut: it
	// has a line of its own, wider than the width if it must be, so that
	// it can be copied (the screen cuts it, keeping the hyperlink whole).
	for i, l := range r.p.lines {
		if lipgloss.Width(l) > r.w && !urlLine(l) {
			r.p.lines[i] = layout.Truncate(l, r.w)
		}
	}
	return r.p
}

func (r *renderer) add(lines ...string) { r.p.lines = append(r.p.lines, lines...) }

// insert puts lines before line i, moving the anchors after it.
func (r *renderer) insert(i int, lines []string) {
	if len(lines) == 0 {
		return
	}
	lines = append(lines, "")
	r.p.lines = append(r.p.lines[:i], append(lines, r.p.lines[i:]...)...)
	for id, at := range r.p.anchors {
		if at >= i {
			r.p.anchors[id] = at + len(lines)
		}
	}
}

// urlLine reports whether a line holds a single word and it is a URL.
func urlLine(l string) bool {
	f := strings.Fields(ansi.Strip(l))
	return len(f) == 1 && layout.IsURL(f[0])
}

// addColumns adds English and Korean lines side by side. The right column
// is not padded, so printed text carries no trailing spaces.
func (r *renderer) addColumns(left, right []string) {
	for _, l := range layout.Columns(left, r.lw, r.gap, right, r.rw) {
		r.add(strings.TrimRight(l, " "))
	}
}

// paint styles s, leaving empty strings alone.
func (r *renderer) paint(st lipgloss.Style, s string) string {
	if s == "" {
		return s
	}
	return st.Render(s)
}

func (r *renderer) paintAll(st lipgloss.Style, lines []string) []string {
	for i, l := range lines {
		lines[i] = r.paint(st, l)
	}
	return lines
}

// section lays out one section: its heading and body in the current
// language; for both languages, in two columns or stacked. A nil heading
// (a zero Word)
// means a section without one (the facts grid).
func (r *renderer) section(heading i18n.Word, body func(l data.Lang, w int) []string) {
	head := func(l data.Lang, w int) []string {
		if heading.EN == "" {
			return nil
		}
		return []string{r.heading(heading.In(l), w)}
	}
	switch {
	case r.cols:
		left := append(head(data.EN, r.lw), body(data.EN, r.lw)...)
		right := append(head(data.KO, r.rw), body(data.KO, r.rw)...)
		r.addColumns(left, right)
	case r.o.Lang == data.Both:
		if heading.EN != "" {
			r.add(r.heading(both(heading), r.w))
		}
		r.add(body(data.EN, r.w)...)
		r.add("")
		r.add(body(data.KO, r.w)...)
	default:
		r.add(head(r.o.Lang, r.w)...)
		r.add(body(r.o.Lang, r.w)...)
	}
	r.add("")
}

// shared lays out a section whose body does not depend on the language
// (sources): full width, once.
func (r *renderer) shared(heading i18n.Word, body func(w int) []string) {
	h := heading.In(r.o.Lang)
	if r.o.Lang == data.Both {
		h = both(heading)
	}
	r.add(r.heading(h, r.w))
	r.add(body(r.w)...)
	r.add("")
}

// heading is a section heading followed by a rule to the column's width.
func (r *renderer) heading(s string, w int) string {
	s = layout.Truncate(s, w)
	rest := w - lipgloss.Width(s) - 1
	if rest <= 0 {
		return r.paint(r.st.Heading, s)
	}
	return r.paint(r.st.Heading, s) + " " + r.paint(r.st.Divider, strings.Repeat("─", rest))
}

func (r *renderer) title(rec *data.Record) {
	meta := []string{rec.ID}
	if rec.Org != "" {
		meta = append(meta, rec.Org)
	}
	if rec.Date != "" {
		meta = append(meta, rec.Date)
	}
	r.add(r.paint(r.st.Meta, layout.Truncate(strings.Join(meta, " · "), r.w)))
	if r.o.Lang == data.Both {
		r.add(r.text(rec.Title, data.EN, r.w, r.st.Title)...)
		r.add(r.text(rec.Title, data.KO, r.w, r.st.Title)...)
	} else {
		r.add(r.text(rec.Title, r.o.Lang, r.w, r.st.Title)...)
	}
	r.add("")
}

func (r *renderer) textOf(t data.Text) func(l data.Lang, w int) []string {
	return func(l data.Lang, w int) []string { return r.text(t, l, w, r.st.Body) }
}

// text wraps a bilingual field in language l. A missing field is "–". A
// missing translation shows the marker and, when only one language is on
// screen, the other language's text after it.
func (r *renderer) text(t data.Text, l data.Lang, w int, st lipgloss.Style) []string {
	if t.IsZero() {
		return []string{r.paint(r.st.Missing, dash)}
	}
	s, mark := r.show(t, l)
	switch {
	case mark == "":
		return r.paintAll(st, layout.WrapText(s, w))
	case r.o.Lang == data.Both:
		return []string{r.paint(r.st.Marker, mark)} // the text is beside or above
	}
	return r.hanging("", mark, s, w, st)
}

// inline returns a short value in language l for a grid cell or list item
// and its marker: "" when missing, the marker alone when the other
// language is beside it, otherwise the other language's text.
func (r *renderer) inline(t data.Text, l data.Lang) (s, marker string) {
	s, mark := r.show(t, l)
	if mark != "" && r.o.Lang == data.Both {
		return "", mark
	}
	return s, mark
}

// show is i18n.Show for one language, noting each marker it gives so the
// legend under the title can explain it.
func (r *renderer) show(t data.Text, l data.Lang) (s, mark string) {
	s, mark = i18n.Show(t, l, "")
	if mark != "" {
		if r.marks == nil {
			r.marks = map[string]bool{}
		}
		r.marks[mark] = true
	}
	return s, mark
}

// legend explains the markers the page shows, one line each, to be put
// under the title.
func (r *renderer) legend() []string {
	var out []string
	for _, shown := range []data.Lang{data.KO, data.EN} {
		if r.marks[i18n.Marker(shown)] {
			out = append(out, r.hanging("", i18n.Marker(shown), i18n.MarkerNote(shown), r.w, r.st.Faint)...)
		}
	}
	return out
}

// hanging wraps a marker and text at w cells with first put before the
// first line and every other line indented by first's width.
func (r *renderer) hanging(first, marker, s string, w int, st lipgloss.Style) []string {
	ind := lipgloss.Width(first)
	var lead []string
	if w-ind < 8 {
		// Too narrow for a hanging indent: first goes on its own line.
		if strings.TrimSpace(first) != "" {
			lead = []string{layout.Truncate(first, w)}
		}
		ind, first = 0, ""
	}
	text := strings.TrimSpace(marker + " " + s)
	lines := layout.WrapText(text, max(w-ind, 1))
	pad := strings.Repeat(" ", ind)
	for i, l := range lines {
		styled := r.paint(st, l)
		if i == 0 && marker != "" && strings.HasPrefix(l, marker) {
			styled = r.paint(r.st.Marker, marker) + r.paint(st, l[len(marker):])
		}
		if i == 0 {
			lines[i] = first + styled
		} else {
			lines[i] = pad + styled
		}
	}
	if len(lines) == 0 && first != "" {
		lines = []string{first}
	}
	return append(lead, lines...)
}

func (r *renderer) itemsOf(items []data.Item) func(l data.Lang, w int) []string {
	return func(l data.Lang, w int) []string {
		var out []string
		for _, it := range items {
			if it.Text.IsZero() {
				continue
			}
			s, marker := r.inline(it.Text, l)
			out = append(out, r.hanging("• ", marker, s, w, r.st.Body)...)
		}
		if len(out) == 0 {
			return []string{r.paint(r.st.Missing, dash)}
		}
		return out
	}
}
