package i18n

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/incidents-dev/incidents/data"
)

// Word is one word or phrase of the interface, in both languages.
type Word struct {
	EN, KO string
}

// In returns the word in l: Korean for data.KO, English otherwise (both
// languages chosen: English).
func (w Word) In(l data.Lang) string {
	if l == data.KO && w.KO != "" {
		return w.KO
	}
	return w.EN
}

// SetHelp sets b's help to keys and w in l, so a key map's help follows
// the language.
func SetHelp(b *key.Binding, keys string, w Word, l data.Lang) {
	b.SetHelp(keys, w.In(l))
}

// Marker returns the one mark put before a data text shown in another
// language than the reader's because its translation is missing: it names
// the language shown, "[KO]" or "[EN]".
func Marker(shown data.Lang) string {
	if shown == data.KO {
		return "[KO]"
	}
	return "[EN]"
}

// Show returns t in l by the one rule for bilingual text: the text in l;
// when that translation is missing, the other language after Marker and a
// space; with both languages chosen, English and Korean joined by sep, or
// the one that exists, unmarked, when they are the same or one is missing.
// fell reports that a translation was missing.
func Show(t data.Text, l data.Lang, sep string) (s string, fell bool) {
	if l == data.Both {
		en, ko := t.EN, t.KO
		switch {
		case en == "" || ko == "":
			return en + ko, en != ko
		case en == ko:
			return en, false
		}
		return en + sep + ko, false
	}
	s, fell = t.Get(l)
	if fell && s != "" {
		other := data.KO
		if l == data.KO {
			other = data.EN
		}
		return Marker(other) + " " + s, true
	}
	return s, fell
}
