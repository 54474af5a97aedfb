package data

import (
	"strings"
	"unicode/utf8"
)

// Snippet is a short cut of one field around where a query matched it,
// for showing why a record matched when the match is not on screen.
type Snippet struct {
	Field Field
	// Text is the cut, with "…" where it was cut and line breaks as
	// spaces.
	Text string
	// Index holds the BYTE offsets in Text of the matched runes.
	Index []int
}

// Shown returns the fields a list row shows in language l: the id, the
// organisation and the title(s).
func Shown(l Lang) []Field {
	switch l {
	case KO:
		return []Field{FieldID, FieldOrg, FieldTitleKO}
	case Both:
		return []Field{FieldID, FieldOrg, FieldTitleEN, FieldTitleKO}
	}
	return []Field{FieldID, FieldOrg, FieldTitleEN}
}

// snippetOrder is where a snippet is looked for, per language: the
// summary in the reader's language first, then tags and other names, then
// the other language.
func snippetOrder(l Lang) []Field {
	switch l {
	case KO:
		return []Field{FieldSummaryKO, FieldTags, FieldAliases, FieldTitleEN, FieldSummaryEN}
	case Both:
		return []Field{FieldSummaryEN, FieldSummaryKO, FieldTags, FieldAliases}
	}
	return []Field{FieldSummaryEN, FieldTags, FieldAliases, FieldTitleKO, FieldSummaryKO}
}

// Snippet returns a cut of about width runes of the field that explains
// the match, for a record shown in language l: none (ok false) when a
// field the row shows already holds a hit, or no hit is elsewhere. The cut
// starts a few words before the first hit.
func (m Match) Snippet(l Lang, width int) (Snippet, bool) {
	if m.Record == nil || width <= 0 {
		return Snippet{}, false
	}
	for _, f := range Shown(l) {
		if len(m.Indexes(f)) > 0 {
			return Snippet{}, false
		}
	}
	for _, f := range snippetOrder(l) {
		if idx := m.Indexes(f); len(idx) > 0 {
			text := m.Record.FieldText(f)
			if idx[len(idx)-1] >= len(text) {
				continue // a record kept without this text (a streamed search's)
			}
			text, at := cut(text, idx, width)
			return Snippet{Field: f, Text: text, Index: at}, true
		}
	}
	return Snippet{}, false
}

// cut returns about width runes of text from a little before idx[0], and
// the offsets of idx that fall inside, moved to the cut.
func cut(text string, idx []int, width int) (string, []int) {
	first := idx[0]
	// Up to a quarter of the width before the hit, from a word's start.
	start := first
	for n := 0; start > 0 && n < width/4; n++ {
		_, size := utf8.DecodeLastRuneInString(text[:start])
		start -= size
	}
	if start > 0 {
		if sp := strings.IndexByte(text[start:first], ' '); sp >= 0 {
			start += sp + 1
		}
	}
	end, n := start, 0
	for end < len(text) && n < width {
		_, size := utf8.DecodeRuneInString(text[end:])
		end += size
		n++
	}
	if end < len(text) {
		if sp := strings.LastIndexByte(text[first:end], ' '); sp > 0 {
			end = first + sp
		}
	}
	prefix, suffix := "", ""
	if start > 0 {
		prefix = "…"
	}
	if end < len(text) {
		suffix = "…"
	}
	body := strings.NewReplacer("\n", " ", "\t", " ", "\r", " ").Replace(text[start:end])
	var at []int
	for _, i := range idx {
		if i >= start && i < end {
			at = append(at, i-start+len(prefix))
		}
	}
	return prefix + body + suffix, at
}
