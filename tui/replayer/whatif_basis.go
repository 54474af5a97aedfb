package replayer

import "github.com/incidents-dev/incidents/data"

// basisWords are the texts of the what-if panel's basis page.
type basisWords struct {
	title, postmortem, judgement, more, key string
	// studyEN and studyKO stand in for the page in study mode.
	studyEN, studyKO string
}

var basisDict = map[data.Lang]basisWords{
	data.EN: {
		title:      "Where each value comes from",
		postmortem: "postmortem",
		studyEN:    "Each parameter's basis names what the operators did and when; it is shown once study mode (s) is off.",
		studyKO:    "매개변수의 근거에는 운영자가 언제 무엇을 했는지가 나옵니다. 학습 모드(s)를 끄면 보입니다.",
		judgement:  "judgement",
		more:       "↑↓ scroll · i back",
		key:        "basis",
	},
	data.KO: {
		title:      "값마다 근거",
		postmortem: "포스트모템",
		studyEN:    "Each parameter's basis names what the operators did and when; it is shown once study mode (s) is off.",
		studyKO:    "매개변수의 근거에는 운영자가 언제 무엇을 했는지가 나옵니다. 학습 모드(s)를 끄면 보입니다.",
		judgement:  "판단",
		more:       "↑↓ 스크롤 · i 돌아가기",
		key:        "근거",
	},
}

func basisWordsFor(l data.Lang) basisWords {
	if l == data.KO {
		return basisDict[data.KO]
	}
	return basisDict[data.EN]
}

// basisLines lays out every model parameter: its name, value and unit,
// whether the postmortem states it or it is a judgement, then its note.
func (w whatIf) basisLines(width int) []string {
	ms := w.st.Model
	words := basisWordsFor(w.lang)
	var out []string
	if !w.known.IsZero() {
		// Its notes tell what the operators did and when: the answers.
		return whatIfWrap(w.st.Base, ms.Note, whatIfText(data.Text{EN: words.studyEN, KO: words.studyKO}, w.lang), width-2, "")
	}
	for _, b := range w.sc.Basis() {
		basis := words.judgement
		if b.Basis == "postmortem" {
			basis = words.postmortem
		}
		if w.lang == data.Both {
			basis = basisDict[data.EN].judgement + " / " + basisDict[data.KO].judgement
			if b.Basis == "postmortem" {
				basis = basisDict[data.EN].postmortem + " / " + basisDict[data.KO].postmortem
			}
		}
		value := b.Value
		if b.Unit != "" {
			value += " " + b.Unit
		}
		out = append(out, ms.Selected.Render(b.Name)+" "+ms.Value.Render(value)+ms.Faint.Render(" · "+basis))
		out = append(out, whatIfWrap(w.st.Base, ms.Note, whatIfText(b.Note, w.lang), width-2, "  ")...)
	}
	return out
}

// basisView draws the basis page in width × height, scrolled to
// w.basisTop.
func (w whatIf) basisView(width, height int) string {
	ms := w.st.Model
	words := basisWordsFor(w.lang)
	title := ms.Title.Render(words.title)
	if w.lang == data.Both {
		title = ms.Title.Render(basisDict[data.EN].title + " / " + basisDict[data.KO].title)
	}
	lines := w.basisLines(width)
	rows := max(0, height-2)
	top := min(w.basisTop, max(0, len(lines)-rows))
	body := lines[top:min(len(lines), top+rows)]
	out := append([]string{title + ms.Faint.Render(" · "+words.more), ""}, body...)
	return whatIfFit(out, width, height)
}

// scrollBasis moves the basis page by d lines.
func (w whatIf) scrollBasis(d int) whatIf {
	w.basisTop = max(0, w.basisTop+d)
	return w
}
