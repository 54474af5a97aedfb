package replayer

import (
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
	return whatIfKeyMap{
		Up:    key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", whatIfWords.keyUp.In(l))),
		Down:  key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", whatIfWords.keyDown.In(l))),
		Less:  key.NewBinding(key.WithKeys("left", "h", "-"), key.WithHelp("←/-", whatIfWords.keyLess.In(l))),
		More:  key.NewBinding(key.WithKeys("right", "l", "+", "="), key.WithHelp("→/+", whatIfWords.keyMore.In(l))),
		Apply: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", whatIfWords.keyApply.In(l))),
		Reset: key.NewBinding(key.WithKeys("r"), key.WithHelp("r", whatIfWords.keyReset.In(l))),
		Basis: key.NewBinding(key.WithKeys("i"), key.WithHelp("i", basisWords.key.In(l))),
		Close: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", whatIfWords.keyClose.In(l))),
	}
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
	var top, params, notes, summary []string
	title := ms.Title.Render(whatIfWords.title.In(w.lang))
	if w.lang == data.Both {
		title = ms.Title.Render(whatIfWords.title.EN + " / " + whatIfWords.title.KO)
	}
	top = append(top, title+ms.Faint.Render(" · ")+ms.Hypothetical.Render(whatIfWords.sub.In(w.lang)))
	if w.err != nil {
		top = append(top, ms.Error.Render(whatIfWords.noModel.In(w.lang)), ms.Faint.Render(w.err.Error()))
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
			shown = ms.Changed.Render("‹ "+value+" ›") + ms.Faint.Render(" ("+whatIfWords.original.In(w.lang)+": "+w.shownBase(i)+")")
		}
		params = append(params, mark+label+"  "+shown)
	}

	// The selected parameter: what it does and where the incident's value
	// comes from.
	p := w.shownParam(w.sel) // in study mode, nothing that tells what came next
	notes = append(notes, whatIfWrap(w.st.Base, ms.Note, whatIfText(p.Desc, w.lang), width-2, "  ")...)
	if p.Basis != "" {
		basis := whatIfWords.basisJ.In(w.lang)
		if p.Basis == "postmortem" {
			basis = whatIfWords.basisPM.In(w.lang)
		}
		notes = append(notes, whatIfWrap(w.st.Base, ms.Faint, basis+": "+whatIfText(p.Note, w.lang), width-2, "  ")...)
	}

	summary = w.summary(width)
	status := ""
	switch {
	case w.runErr != "":
		status = ms.Error.Render(w.runErr)
	case w.pending():
		status = ms.Changed.Render(whatIfWords.pending.In(w.lang))
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
