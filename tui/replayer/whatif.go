package replayer

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/theme"
)

// whatIfAppliedMsg carries the result of applying the what-if panel: the
// timeline re-run with the chosen parameters, its series marked
// hypothetical. Timeline is nil when every parameter is back at the
// incident's value: there is nothing hypothetical left to draw.
type whatIfAppliedMsg struct {
	Timeline *data.Timeline
}

// whatIfClosedMsg says the reader closed the what-if panel (esc).
type whatIfClosedMsg struct{}

// whatIfKeyMap holds the panel's bindings.
type whatIfKeyMap struct {
	Up, Down, Less, More, Apply, Reset, Basis, Close key.Binding
}

func newWhatIfKeyMap(l data.Lang) whatIfKeyMap {
	w := whatIfWordsFor(l)
	return whatIfKeyMap{
		Up:    key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", w.keyUp)),
		Down:  key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", w.keyDown)),
		Less:  key.NewBinding(key.WithKeys("left", "h", "-"), key.WithHelp("←/-", w.keyLess)),
		More:  key.NewBinding(key.WithKeys("right", "l", "+", "="), key.WithHelp("→/+", w.keyMore)),
		Apply: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", w.keyApply)),
		Reset: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", w.keyReset)),
		Basis: key.NewBinding(key.WithKeys("i"), key.WithHelp("i", basisWordsFor(l).key)),
		Close: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", w.keyClose)),
	}
}

// whatIfWords are the panel's texts in one language.
type whatIfWords struct {
	title, sub, noModel, original, hypothetical, peak, at, below50, notRun, pending, never string
	soFar, later, laterAction                                                              string
	basisPM, basisJ                                                                        string
	keyUp, keyDown, keyLess, keyMore, keyApply, keyReset, keyClose                         string
}

var whatIfDict = map[data.Lang]whatIfWords{
	data.EN: {
		title:        "What if…",
		sub:          "re-run the model with other choices; results are hypothetical",
		noModel:      "This timeline has no model to re-run.",
		original:     "incident",
		soFar:        "incident so far",
		later:        "later (hidden)",
		laterAction:  "a later action (hidden)",
		hypothetical: "hypothetical",
		peak:         "Peak mailbox",
		at:           "reached at",
		below50:      "Minutes with success < 50%",
		notRun:       "press enter to run",
		pending:      "changed; enter runs it",
		never:        "never",
		basisPM:      "Incident's value",
		basisJ:       "Incident's value (a judgement)",
		keyUp:        "up", keyDown: "down", keyLess: "less", keyMore: "more",
		keyApply: "apply", keyReset: "reset", keyClose: "close",
	},
	data.KO: {
		title:        "가정해 보기",
		sub:          "다른 선택으로 모델을 다시 돌립니다. 결과는 가정입니다",
		noModel:      "이 타임라인에는 다시 돌릴 모델이 없습니다.",
		original:     "실제 사고",
		soFar:        "지금까지 실제",
		later:        "나중(숨김)",
		laterAction:  "이후 조치(숨김)",
		hypothetical: "가정",
		peak:         "메일박스 최고치",
		at:           "도달 시각",
		below50:      "성공률 50% 미만 시간(분)",
		notRun:       "enter를 누르면 실행",
		pending:      "바뀜, enter로 실행",
		never:        "없음",
		basisPM:      "사고 당시 값",
		basisJ:       "사고 당시 값(판단)",
		keyUp:        "이전", keyDown: "다음", keyLess: "줄이기", keyMore: "늘리기",
		keyApply: "적용", keyReset: "되돌리기", keyClose: "닫기",
	},
}

func whatIfWordsFor(l data.Lang) whatIfWords {
	if l == data.KO {
		return whatIfDict[data.KO]
	}
	return whatIfDict[data.EN]
}

// whatIfText returns t in l; Both joins the two sides with " / ".
func whatIfText(t data.Text, l data.Lang) string {
	if l == data.Both && t.Complete() {
		return t.EN + " / " + t.KO
	}
	s, _ := t.Get(l)
	return s
}

// whatIf is the what-if panel: the model's parameters a reader may change,
// their values and notes, and the incident's figures beside those of the
// last hypothetical run.
type whatIf struct {
	tl     *data.Timeline
	sc     replay.Scenario
	err    error // the timeline's model does not parse
	params []replay.Param
	// base holds the incident's values, values the panel's, applied those of
	// the last run.
	base, values, applied []string
	sel                   int
	lang                  data.Lang
	st                    theme.Styles
	keys                  whatIfKeyMap

	orig, hyp     replay.Summary
	origOK, hypOK bool
	runErr        string
	// basis shows the page listing every parameter's basis, scrolled to
	// basisTop.
	basis    bool
	basisTop int
	// known is the moment study mode has reached: the incident is shown only
	// up to it (zero: all of it). See whatif_study.go.
	known time.Time
}

// newWhatIf returns the panel for tl (a prepared timeline with a model).
func newWhatIf(tl *data.Timeline, lang data.Lang, st theme.Styles) whatIf {
	w := whatIf{tl: tl, lang: lang, st: st, keys: newWhatIfKeyMap(lang)}
	if tl == nil || len(tl.Model) == 0 {
		w.err = replay.ErrNoModel
		return w
	}
	w.sc, w.err = replay.Open(tl)
	if w.err != nil {
		return w
	}
	w.params = w.sc.Params()
	for _, p := range w.params {
		w.base = append(w.base, p.Value)
	}
	w.values = append([]string(nil), w.base...)
	w.applied = append([]string(nil), w.base...)
	w.orig, w.origOK = w.sc.Summarize(tl)
	return w
}

// Update handles the panel's keys: ↑↓ select a parameter, ←→ change it,
// enter re-runs the model and returns a command carrying whatIfAppliedMsg,
// r puts every value back, esc closes with whatIfClosedMsg.
func (w whatIf) Update(msg tea.KeyMsg) (whatIf, tea.Cmd) {
	k := w.keys
	if key.Matches(msg, k.Close) {
		return w, func() tea.Msg { return whatIfClosedMsg{} }
	}
	if w.err != nil {
		return w, nil
	}
	if key.Matches(msg, k.Basis) {
		w.basis = !w.basis
		return w, nil
	}
	if w.basis {
		switch {
		case key.Matches(msg, k.Up):
			w = w.scrollBasis(-1)
		case key.Matches(msg, k.Down):
			w = w.scrollBasis(1)
		}
		return w, nil
	}
	switch {
	case key.Matches(msg, k.Up):
		w.sel = max(0, w.sel-1)
	case key.Matches(msg, k.Down):
		w.sel = min(len(w.params)-1, w.sel+1)
	case key.Matches(msg, k.Less):
		w.values = w.stepped(-1)
	case key.Matches(msg, k.More):
		w.values = w.stepped(1)
	case key.Matches(msg, k.Reset):
		w.values = append([]string(nil), w.base...)
	case key.Matches(msg, k.Apply):
		return w.apply()
	}
	return w, nil
}

func (w whatIf) stepped(d int) []string {
	v := append([]string(nil), w.values...)
	v[w.sel] = w.sc.Step(w.params[w.sel].Name, v[w.sel], d)
	return v
}

// apply re-runs the model with the panel's values. The run takes tens of
// milliseconds, so it is done here rather than in a command, and its
// figures are shown at once.
func (w whatIf) apply() (whatIf, tea.Cmd) {
	set := map[string]string{}
	for i, p := range w.params {
		if w.values[i] != w.base[i] {
			set[p.Name] = w.values[i]
		}
	}
	w.runErr = ""
	w.applied = append([]string(nil), w.values...)
	if len(set) == 0 {
		w.hypOK = false
		return w, func() tea.Msg { return whatIfAppliedMsg{} }
	}
	hyp, err := w.sc.Run(set)
	if err != nil {
		w.runErr = err.Error()
		w.hypOK = false
		return w, nil
	}
	w.hyp, w.hypOK = w.sc.Summarize(hyp)
	return w, func() tea.Msg { return whatIfAppliedMsg{Timeline: hyp} }
}

// pending reports whether the values differ from the last run.
func (w whatIf) pending() bool {
	for i := range w.values {
		if w.values[i] != w.applied[i] {
			return true
		}
	}
	return false
}

// KeyBindings returns the panel's bindings for the hint bar.
func (w whatIf) KeyBindings() []key.Binding {
	k := w.keys
	if w.err != nil {
		return []key.Binding{k.Close}
	}
	if w.basis {
		return []key.Binding{k.Up, k.Down, k.Basis, k.Close}
	}
	return []key.Binding{k.Up, k.Down, k.Less, k.More, k.Apply, k.Reset, k.Basis, k.Close}
}

// View draws the panel in width × height: the parameters with their values
// (the selected one with its description and where the incident's value
// comes from), then the incident's peak mailbox and minutes under 50%
// success beside the hypothetical run's. Every line fits the width.
func (w whatIf) View(width, height int) string {
	if width <= 0 || height <= 0 {
		return ""
	}
	ms := w.st.Model
	words := whatIfWordsFor(w.lang)
	var top, params, notes, summary []string
	title := ms.Title.Render(words.title)
	if w.lang == data.Both {
		title = ms.Title.Render(whatIfDict[data.EN].title + " / " + whatIfDict[data.KO].title)
	}
	top = append(top, title+ms.Faint.Render(" · ")+ms.Hypothetical.Render(words.sub))
	if w.err != nil {
		top = append(top, ms.Error.Render(words.noModel), ms.Faint.Render(w.err.Error()))
		return whatIfFit(top, width, height)
	}
	if w.basis {
		return w.basisView(width, height)
	}

	labelW, valueW := 0, 0
	labels := make([]string, len(w.params))
	for i := range w.params {
		labels[i] = w.shownLabel(i)
		labelW = max(labelW, lipgloss.Width(labels[i]))
		valueW = max(valueW, lipgloss.Width(w.display(w.values[i])), lipgloss.Width(w.shownBase(i)))
	}
	labelW = min(labelW, max(8, width/2))
	for i := range w.params {
		mark, label := "  ", layout.Fit(labels[i], labelW)
		if i == w.sel {
			mark, label = "▸ ", ms.Selected.Render(label)
		}
		value := w.display(w.values[i])
		if w.values[i] == w.base[i] {
			value = w.shownBase(i)
		}
		value = strings.Repeat(" ", max(0, valueW-lipgloss.Width(value))) + value
		shown := ms.Value.Render("‹ " + value + " ›")
		if w.values[i] != w.base[i] {
			shown = ms.Changed.Render("‹ "+value+" ›") + ms.Faint.Render(" ("+words.original+": "+w.shownBase(i)+")")
		}
		params = append(params, mark+label+"  "+shown)
	}

	// The selected parameter: what it does and where the incident's value
	// comes from.
	p := w.params[w.sel]
	if w.shownLabel(w.sel) != whatIfText(p.Label, w.lang) || w.hidesBase(w.sel) {
		p.Desc, p.Basis = data.Text{}, "" // its notes would tell what came next
	}
	notes = append(notes, whatIfWrap(w.st.Base, ms.Note, whatIfText(p.Desc, w.lang), width-2, "  ")...)
	if p.Basis != "" {
		basis := words.basisJ
		if p.Basis == "postmortem" {
			basis = words.basisPM
		}
		notes = append(notes, whatIfWrap(w.st.Base, ms.Faint, basis+": "+whatIfText(p.Note, w.lang), width-2, "  ")...)
	}

	summary = w.summary(width)
	status := ""
	switch {
	case w.runErr != "":
		status = ms.Error.Render(w.runErr)
	case w.pending():
		status = ms.Changed.Render(words.pending)
	}

	// Fill the height, most important first: parameters and the figures,
	// then the notes, as many lines as are left.
	lines := append([]string{}, top...)
	lines = append(lines, "")
	lines = append(lines, params...)
	rest := height - len(lines) - 1 - len(summary)
	if status != "" {
		rest--
	}
	if rest > 0 {
		lines = append(lines, notes[:min(len(notes), rest)]...)
	}
	if status != "" {
		lines = append(lines, status)
	}
	lines = append(lines, "")
	lines = append(lines, summary...)
	return whatIfFit(lines, width, height)
}

// display shows a parameter value in the panel's language.
func (w whatIf) display(v string) string {
	if v == "never" {
		return whatIfWordsFor(w.lang).never
	}
	return v
}

// summary lays out the incident's figures beside the hypothetical ones.
func (w whatIf) summary(width int) []string {
	ms := w.st.Model
	words := whatIfWordsFor(w.lang)
	na := "–"
	origPeak, origAt, origBelow := na, na, na
	if w.origOK {
		origPeak = replay.FormatCount(w.orig.PeakMailbox)
		origAt = w.orig.PeakAt.In(w.tl.Location()).Format("15:04")
		origBelow = fmt.Sprintf("%.0f", w.orig.MinutesBelow50)
	}
	hypPeak, hypAt, hypBelow := na, na, na
	if w.pending() {
		hypPeak, hypAt, hypBelow = words.notRun, "", ""
	} else if w.hypOK {
		hypPeak = replay.FormatCount(w.hyp.PeakMailbox)
		hypAt = na
		if w.hyp.PeakMailbox > 0 {
			hypAt = w.hyp.PeakAt.In(w.tl.Location()).Format("15:04")
		}
		hypBelow = fmt.Sprintf("%.0f", w.hyp.MinutesBelow50)
	}
	origHead := words.original
	if !w.known.IsZero() {
		origHead = words.soFar
	}
	rows := [][3]string{
		{"", origHead, words.hypothetical},
		{words.peak, origPeak, hypPeak},
		{"  " + words.at, origAt, hypAt},
		{words.below50, origBelow, hypBelow},
	}
	c0, c1 := 0, 0
	for _, r := range rows {
		c0 = max(c0, lipgloss.Width(r[0]))
		c1 = max(c1, lipgloss.Width(r[1]))
	}
	c0 = min(c0, max(10, width/2))
	out := make([]string, len(rows))
	for i, r := range rows {
		a := ms.Label.Render(layout.Fit(r[0], c0))
		b := ms.Value.Render(layout.Fit(r[1], c1))
		c := ms.Hypothetical.Render(r[2])
		if i == 0 {
			b, c = ms.Faint.Render(layout.Fit(r[1], c1)), ms.Hypothetical.Render(r[2])
		}
		out[i] = a + "  " + b + "  " + c
	}
	if w.hypOK && !w.pending() {
		var set []string
		for i, p := range w.params {
			if w.applied[i] != w.base[i] {
				set = append(set, p.Name+"="+w.applied[i])
			}
		}
		out = append(out, ms.Hypothetical.Render(words.hypothetical+": "+strings.Join(set, ", ")))
	}
	return out
}

// whatIfWrap wraps s to width cells (at least 1) as every view does
// (layout.Wrap: Korean at spaces), each line styled and indented. base is
// unused: the wrapping no longer needs the renderer's style.
func whatIfWrap(_, st lipgloss.Style, s string, width int, indent string) []string {
	var out []string
	for _, l := range layout.Wrap(s, max(1, width)) {
		out = append(out, indent+st.Render(l))
	}
	return out
}

// whatIfFit cuts lines to height and each line to width.
func whatIfFit(lines []string, width, height int) string {
	if len(lines) > height {
		lines = lines[:height]
	}
	for i, l := range lines {
		lines[i] = layout.Truncate(l, width)
	}
	return strings.Join(lines, "\n")
}
