package whatif

import (
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// Study mode's rule for the what-if panel's texts: nothing on it may tell
// what the operators did later. A text that names a time of day after the
// moment the panel knows (study mode's cursor, or just before the stop that
// asks) is held back until the replay reaches that time.

// studyTextWords stand in for a text held back.
var studyTextWords = i18n.Register("whatif.studytext", &struct {
	later i18n.Word
}{
	later: i18n.W("Held back in study mode: it tells what happened at a later moment.",
		"학습 모드에서는 가려 둡니다. 나중에 일어난 일이 나오기 때문입니다."),
})

// namesLater reports whether text names a time of day after the moment the
// panel knows; outside study mode nothing is later.
func (w Model) namesLater(text string) bool {
	if w.known.IsZero() || w.tl == nil {
		return false
	}
	for _, hm := range clockWords.FindAllString(text, -1) {
		if at, ok := clockOn(w.tl, hm); ok && at.After(w.known) {
			return true
		}
	}
	return false
}

// shownParam is parameter i as the panel describes it: in study mode,
// without its description and basis when its label or incident value is
// held back (they would say what it was), and with each of them that
// names a later moment replaced by a line saying it is held back.
func (w Model) shownParam(i int) replay.Param {
	p := w.params[i]
	if w.known.IsZero() {
		return p
	}
	if w.shownLabel(i) != whatIfText(p.Label, w.lang) || w.hidesBase(i) {
		p.Desc, p.Basis, p.Note = data.Text{}, "", data.Text{}
		return p
	}
	later := studyTextWords.later.Text()
	if w.namesLater(whatIfText(p.Desc, data.Both)) {
		p.Desc = later
	}
	if w.namesLater(whatIfText(p.Note, data.Both)) {
		p.Note = later
	}
	return p
}
