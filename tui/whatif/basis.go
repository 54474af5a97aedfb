package whatif

import (
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// basisWords are the texts of the what-if panel's basis page.
var basisWords = i18n.Register("whatif.basis", &struct {
	title, postmortem, judgement, more, key i18n.Word
	// study stands in for the page in study mode.
	study i18n.Word
}{
	title:      i18n.W("Where each value comes from", "값마다 근거"),
	postmortem: i18n.W("postmortem", "포스트모템"),
	study:      i18n.W("Each parameter's basis names what the operators did and when; it is shown once study mode (s) is off.", "매개변수의 근거에는 운영자가 언제 무엇을 했는지가 나옵니다. 학습 모드(s)를 끄면 보입니다."),
	judgement:  i18n.W("judgement", "판단"),
	more:       i18n.W("↑↓ scroll · i back", "↑↓ 스크롤 · i 돌아가기"),
	key:        i18n.W("basis", "근거"),
})

// basisLines lays out every model parameter: its name (the what-if key,
// with the panel's label, for those the panel changes), value and unit,
// whether the postmortem states it or it is a judgement, then its note.
func (w Model) basisLines(width int) []string {
	ms := w.st.Model
	var out []string
	if !w.known.IsZero() {
		// Its notes tell what the operators did and when: the answers.
		return whatIfWrap(w.st.Base, ms.Note, pick(basisWords.study.Text(), w.lang, " / "), width-2, "")
	}
	for _, b := range w.sc.Basis() {
		basis := basisWords.judgement.In(w.lang)
		if b.Basis == "postmortem" {
			basis = basisWords.postmortem.In(w.lang)
		}
		if w.lang == data.Both {
			basis = basisWords.judgement.EN + " / " + basisWords.judgement.KO
			if b.Basis == "postmortem" {
				basis = basisWords.postmortem.EN + " / " + basisWords.postmortem.KO
			}
		}
		value := withUnit(switchValue(b.Value, w.lang), b.Unit, w.lang)
		name := ms.Selected.Render(b.Name)
		for _, p := range w.params {
			if p.Name == b.Name { // a what-if key: its label as the panel shows it
				name += ms.Label.Render(" (" + whatIfText(p.Label, w.lang) + ")")
			}
		}
		out = append(out, name+" "+ms.Value.Render(value)+ms.Faint.Render(" · "+basis))
		out = append(out, whatIfWrap(w.st.Base, ms.Note, whatIfText(b.Note, w.lang), width-3, "  ")...)
	}
	return out
}

// basisView draws the basis page in width × height, scrolled to
// w.basisTop.
func (w Model) basisView(width, height int) string {
	ms := w.st.Model
	title := ms.Title.Render(basisWords.title.In(w.lang))
	if w.lang == data.Both {
		title = ms.Title.Render(basisWords.title.EN + " / " + basisWords.title.KO)
	}
	lines := w.basisLines(width)
	rows := max(0, height-2)
	top := min(w.basisTop, max(0, len(lines)-rows))
	body := cutLines(lines[top:], rows) // more below: its last line ends in "…"
	out := append([]string{title + ms.Faint.Render(" · "+basisWords.more.In(w.lang)), ""}, body...)
	return whatIfFit(out, width, height)
}

// scrollBasis moves the basis page by d lines.
func (w Model) scrollBasis(d int) Model {
	w.basisTop = max(0, w.basisTop+d)
	return w
}
