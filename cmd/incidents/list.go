package main

import (
	"bufio"
	"fmt"
	"io"
	"runtime/debug"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/theme"
)

func runList(e *env, o options) (int, error) {
	lib := e.load(o)
	if o.json {
		return exitOK, library.WriteJSON(e.stdout, library.ListEntries(lib.Records()))
	}
	rows := make([]row, len(lib.Records()))
	for i, r := range lib.Records() {
		rows[i] = row{rec: r, replay: replayMark(r)}
	}
	writeRows(e.stdout, rows, o.lang, e.cliStyles(o), e.termWidth)
	return exitOK, nil
}

// searchMemory is the soft memory limit of a search (see runSearch): far
// more than a search needs live (the matches of 100k records take a few
// tens of megabytes), so it costs little collection.
const searchMemory = 200 << 20

func runSearch(e *env, o options) (int, error) {
	query := strings.Join(o.args, " ")
	if e.getenv("GOMEMLIMIT") == "" {
		// A search streams the library and keeps only its matches, so
		// nearly everything it allocates is soon garbage: a soft limit
		// collects it before the heap doubles, at a little more CPU.
		debug.SetMemoryLimit(searchMemory)
	}
	opts := library.Options{Paths: o.data}
	if !o.noCache {
		opts.Cache = e.cacheDir()
	}
	found, err := library.SearchOnce(opts, query)
	e.reportLoad(found.Notices, err, o.lang)
	matches := found.Matches
	if o.json {
		if err := library.WriteJSON(e.stdout, library.SearchView(matches)); err != nil {
			return exitFail, err
		}
	} else {
		if e.termWidth > 0 {
			withText(matches, o)
		}
		rows := make([]row, len(matches))
		for i, m := range matches {
			rows[i] = row{rec: m.Record, match: &matches[i]}
		}
		writeRows(e.stdout, rows, o.lang, e.cliStyles(o), e.termWidth)
	}
	if len(matches) == 0 {
		noMatch(e, o, query, found)
		return exitFail, nil
	}
	return exitOK, nil
}

// row is one line of list or search output.
type row struct {
	rec   *data.Record
	match *data.Match // nil in list
	// replay marks a replayable record in list (replayMark); the column
	// shows when a row has a mark.
	replay string
}

// writeRows prints one line per record: id, date, organisation, title, in
// columns measured in display cells. On a terminal the title is cut to the
// width; to a pipe lines are never cut.
func writeRows(w io.Writer, rows []row, lang data.Lang, st theme.CLIStyles, width int) {
	idW, orgW, markW := 0, 0, 0
	for _, r := range rows {
		idW = max(idW, lipgloss.Width(r.rec.ID))
		orgW = max(orgW, lipgloss.Width(r.rec.Org))
		markW = max(markW, lipgloss.Width(r.replay))
	}
	orgW = min(orgW, 24)
	// One write per line was thousands of system calls for a search
	// matching thousands of records.
	bw := bufio.NewWriterSize(w, 64<<10)
	defer bw.Flush()
	w = bw
	for _, r := range rows {
		title := titleFor(r.rec, lang, r.match, st)
		line := st.ID.Render(layout.Fit(r.rec.ID, idW)) + "  "
		if markW > 0 {
			line += st.Faint.Render(layout.Fit(r.replay, markW)) + " "
		}
		line += st.Date.Render(layout.Fit(r.rec.Date, 10)) + "  " +
			st.Org.Render(layout.Fit(r.rec.Org, orgW)) + "  "
		indent := lipgloss.Width(line) // where the title starts
		line += title
		if width > 0 {
			line = layout.Truncate(line, width)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		if width > 0 && r.match != nil {
			// On a terminal, a match the line does not show gets the line
			// that shows why it matched (see whyLine).
			if s := whyLine(*r.match, lang, st, indent, width); s != "" {
				fmt.Fprintln(w, s)
			}
		}
	}
}

// withText gives the matches that a streamed search kept without their
// summaries (see data.SearchOnce) their whole records, from the library
// opened once for them, so that whyLine can show a summary's match. The
// texts are the same, as loaded, so the matches' offsets hold.
func withText(matches []data.Match, o options) {
	var lib *library.Library
	lacks := func(r *data.Record, m data.Match) bool {
		for _, f := range []data.Field{data.FieldSummaryEN, data.FieldSummaryKO} {
			if idx := m.Indexes(f); len(idx) > 0 && idx[len(idx)-1] >= len(r.FieldText(f)) {
				return true
			}
		}
		return false
	}
	for i, m := range matches {
		if !lacks(m.Record, m) {
			continue
		}
		if lib == nil {
			lib, _ = library.Open(library.Options{Paths: o.data}) // its problems were reported
		}
		if r := lib.Find(m.Record.ID); r != nil && !lacks(r, m) {
			matches[i].Record = r
		}
	}
}

// whyLine is the line under a search result whose match is in no field
// the result's line shows (a summary, a tag, the other language's title):
// a snippet of that field with the match highlighted, under the title
// column. It is "" when the line shows the match, or there is no room.
// Pipes never get it: scripts read one line per result.
func whyLine(m data.Match, lang data.Lang, st theme.CLIStyles, indent, width int) string {
	const arrow = "↳ "
	sw := width - indent - lipgloss.Width(arrow)
	if sw < 16 {
		return ""
	}
	sn, ok := m.Snippet(lang, sw)
	if !ok {
		if sn, ok = titlePast(m, lang, width-indent); !ok {
			return ""
		}
	}
	text := layout.Truncate(sn.Text, sw)
	n := len(strings.TrimSuffix(text, "…"))
	var idx []int
	for _, i := range sn.Index {
		if i < n {
			idx = append(idx, i)
		}
	}
	return strings.Repeat(" ", indent) + st.Faint.Render(arrow) + highlight(text, idx, st.Match)
}

// titlePast is the title of a one-language line, from a word before its
// first matched letter, when the line's cut to tw cells leaves every
// matched letter out (a fuzzy match spread over a long title); ok is false
// when one shows.
func titlePast(m data.Match, lang data.Lang, tw int) (data.Snippet, bool) {
	f := data.FieldTitleEN
	if lang == data.KO {
		f = data.FieldTitleKO
	}
	if lang == data.Both || m.Record == nil {
		return data.Snippet{}, false
	}
	s, idx := m.Record.FieldText(f), m.Indexes(f)
	if len(idx) == 0 || idx[len(idx)-1] >= len(s) || tw <= 0 {
		return data.Snippet{}, false
	}
	if visible := len(strings.TrimSuffix(layout.Truncate(s, tw), "…")); idx[0] < visible {
		return data.Snippet{}, false
	}
	start := strings.LastIndexByte(s[:idx[0]], ' ') + 1
	const ell = "…"
	sn := data.Snippet{Field: f, Text: ell + s[start:]}
	for _, i := range idx {
		if i >= start {
			sn.Index = append(sn.Index, i-start+len(ell))
		}
	}
	return sn, true
}

// titleFor returns the record's title in lang by the rule every screen
// uses (i18n.Show: "both" is English, then Korean; a missing translation
// shows the other language after the one marker), with the characters the
// query matched highlighted.
func titleFor(r *data.Record, lang data.Lang, m *data.Match, st theme.CLIStyles) string {
	part := func(s string, f data.Field) string {
		if m == nil {
			return s
		}
		return highlight(s, m.Indexes(f), st.Match)
	}
	en, ko := r.Title.EN, r.Title.KO
	_, mark := i18n.Show(r.Title, lang, "")
	var s string
	switch {
	case mark == "" && lang == data.Both && en != ko: // Show joins the two
		s = part(en, data.FieldTitleEN) + st.Faint.Render(" · ") + part(ko, data.FieldTitleKO)
	case mark == "" && lang == data.KO, mark != "" && en == "":
		s = part(ko, data.FieldTitleKO)
	default:
		s = part(en, data.FieldTitleEN)
	}
	if mark != "" {
		s = st.Warning.Render(mark) + " " + s
	}
	return s
}

// highlight styles the runes of s that start at the given byte offsets, as
// sahilm/fuzzy reports them. Ranging over a string yields byte offsets too,
// so a Hangul syllable (three bytes) is matched by its first byte.
func highlight(s string, idx []int, st lipgloss.Style) string {
	if len(idx) == 0 {
		return s
	}
	hit := make(map[int]bool, len(idx))
	for _, i := range idx {
		hit[i] = true
	}
	var b strings.Builder
	for i, r := range s {
		if hit[i] {
			b.WriteString(st.Render(string(r)))
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}
