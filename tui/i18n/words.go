package i18n

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/incidents-dev/incidents/data"
)

// Word is one word or phrase of the interface, in both languages. A
// phrase with verbs ("%d of %d") has the same verbs in both; Korean may
// reorder them with explicit indexes ("%[2]s").
type Word struct {
	EN, KO string
}

// W returns the word en in English and ko in Korean: the short form
// the catalogue's tables are written in.
func W(en, ko string) Word { return Word{EN: en, KO: ko} }

// In returns the word in l: Korean for data.KO, English otherwise (both
// languages chosen: English).
func (w Word) In(l data.Lang) string {
	if l == data.KO && w.KO != "" {
		return w.KO
	}
	return w.EN
}

// Text returns the word as a data text, for a place that shows words by
// the rule for bilingual text (Show), such as a note in both languages.
func (w Word) Text() data.Text { return data.Text{EN: w.EN, KO: w.KO} }

// SetHelp sets b's help to keys and w in l, so a key map's help follows
// the language.
func SetHelp(b *key.Binding, keys string, w Word, l data.Lang) {
	b.SetHelp(keys, w.In(l))
}

// Marker returns the one mark put before a data text shown in another
// language than the reader's because its translation is missing: it names
// the language shown, "[KO]" or "[EN]". It is the same in both languages
// and short enough for a list row at 80 columns; MarkerNote explains it.
func Marker(shown data.Lang) string {
	if shown == data.KO {
		return "[KO]"
	}
	return "[EN]"
}

// MarkerNote explains Marker(shown) to the reader who sees it, in that
// reader's language: "[KO]" in English (a Korean text on an English page),
// "[EN]" in Korean. It does not repeat the marker.
func MarkerNote(shown data.Lang) string {
	if shown == data.KO {
		return words.markerNote.EN
	}
	return words.markerNote.KO
}

// Show returns t as shown to a reader of l, by the one rule for bilingual
// text, and the marker to put before it ("" when nothing is missing):
//
//   - English or Korean: the text in l; when that translation is missing,
//     the other language, marked with Marker.
//   - Both: English and Korean joined by sep, or one of them when they are
//     the same; when one is missing, the other, marked.
//
// A text missing in both languages is "" and unmarked.
func Show(t data.Text, l data.Lang, sep string) (s, mark string) {
	en, ko := t.EN, t.KO
	switch {
	case en == "" && ko == "":
		return "", ""
	case en == "":
		return ko, markFor(l, data.KO)
	case ko == "":
		return en, markFor(l, data.EN)
	case l == data.KO:
		return ko, ""
	case l == data.Both && en != ko:
		return en + sep + ko, ""
	}
	return en, ""
}

// markFor is the marker for a text that exists only in shown, read in l.
func markFor(l, shown data.Lang) string {
	if l == shown {
		return ""
	}
	return Marker(shown)
}

// Plain returns Show's text with its marker before it, for text that is
// not styled: "[EN] Voice outage".
func Plain(t data.Text, l data.Lang, sep string) string {
	s, mark := Show(t, l, sep)
	if mark == "" {
		return s
	}
	return mark + " " + s
}
