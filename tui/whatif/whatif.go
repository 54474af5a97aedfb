// Package whatif is the what-if panel: the model's parameters a reader may
// change, their values and notes, and the incident's figures beside those
// of a hypothetical run. It is a component, as bubbles' are: the replayer
// embeds a Model, sizes it with SetSize, gives it keys while it has the
// focus, and hears back through AppliedMsg, ClosedMsg and HeatmapMsg.
package whatif

import (
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/theme"
)

// HeatmapMsg asks the screen around the panel to close it (kept as it
// is) and show the heatmap, which needs the rows the panel takes.
type HeatmapMsg struct{}

// AppliedMsg carries the result of applying the what-if panel: the
// timeline re-run with the chosen parameters, its series marked
// hypothetical. Timeline is nil when every parameter is back at the
// incident's value: there is nothing hypothetical left to draw.
type AppliedMsg struct {
	Timeline *data.Timeline
}

// ClosedMsg says the reader closed the what-if panel (esc).
type ClosedMsg struct{}

// KeyMap holds the panel's bindings.
type KeyMap struct {
	// Up and Down select a parameter, Less and More change it; Apply runs
	// the model, Reset puts every value back, Basis shows where each value
	// comes from and Close closes the panel.
	Up, Down, Less, More, Apply, Reset, Basis, Close key.Binding
	// Sensitivity shows what the outcome hinges on: each judgement ±20%,
	// run in the background (see SensitivityMsg).
	Sensitivity key.Binding
	// Heatmap closes the panel and shows the heatmap (of the applied
	// scenario, when there is one), through HeatmapMsg.
	Heatmap key.Binding
	// Select and Change stand for Up/Down and Less/More in the hint bar,
	// one entry each, so that the bar has room for enter and esc at 80
	// columns.
	Select, Change key.Binding
}

func newKeyMap(l data.Lang) KeyMap {
	return KeyMap{
		Up:          key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", whatIfWords.keyUp.In(l))),
		Down:        key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", whatIfWords.keyDown.In(l))),
		Less:        key.NewBinding(key.WithKeys("left", "h", "-"), key.WithHelp("←/-", whatIfWords.keyLess.In(l))),
		More:        key.NewBinding(key.WithKeys("right", "l", "+", "="), key.WithHelp("→/+", whatIfWords.keyMore.In(l))),
		Apply:       key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", whatIfWords.keyApply.In(l))),
		Reset:       key.NewBinding(key.WithKeys("r"), key.WithHelp("r", whatIfWords.keyReset.In(l))),
		Basis:       key.NewBinding(key.WithKeys("i"), key.WithHelp("i", basisWords.key.In(l))),
		Sensitivity: key.NewBinding(key.WithKeys("g"), key.WithHelp("g", sensWords.key.In(l))),
		Close:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", whatIfWords.keyClose.In(l))),
		Heatmap:     key.NewBinding(key.WithKeys("m"), key.WithHelp("m", whatIfWords.keyHeatmap.In(l))),
		Select:      key.NewBinding(key.WithKeys("up", "down", "k", "j"), key.WithHelp("↑↓", whatIfWords.keySelect.In(l))),
		Change:      key.NewBinding(key.WithKeys("left", "right", "h", "l", "-", "+", "="), key.WithHelp("←→", whatIfWords.keyChange.In(l))),
	}
}

// Model is the what-if panel: the model's parameters a reader may change,
// their values and notes, and the incident's figures beside those of the
// last hypothetical run.
type Model struct {
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
	keys                  KeyMap

	orig, hyp     replay.Summary
	origOK, hypOK bool
	runErr        string
	// basis shows the page listing every parameter's basis, scrolled to
	// basisTop.
	basis    bool
	basisTop int
	// sens is the sensitivity page and the runs behind it.
	sens sensState
	// known is the moment study mode has reached: the incident is shown only
	// up to it (zero: all of it). See study.go.
	known time.Time

	width, height int
	focused       bool
}

// New returns the panel for tl (a prepared timeline with a model).
func New(tl *data.Timeline, lang data.Lang, st theme.Styles) Model {
	w := Model{tl: tl, lang: lang, st: st, keys: newKeyMap(lang), focused: true}
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

// SetSize sets the cells the panel draws in.
func (w *Model) SetSize(width, height int) { w.width, w.height = max(width, 0), max(height, 0) }

// SetLang switches the panel and its keys to l; values and results stay.
func (w *Model) SetLang(l data.Lang) { w.lang, w.keys = l, newKeyMap(l) }

// ShowTimeline writes the panel's times in tl's zone: tl is the panel's
// timeline shown in another zone (replay.Zone.Apply); values and results
// stay.
func (w *Model) ShowTimeline(tl *data.Timeline) {
	if tl != nil && w.tl != nil && tl.Incident == w.tl.Incident {
		w.tl = tl
	}
}

// Focus lets the panel take keys; Blur stops it.
func (w *Model) Focus() { w.focused = true }

// Blur stops the panel taking keys.
func (w *Model) Blur() { w.focused = false }

// Timeline returns the incident's timeline the panel re-runs.
func (w Model) Timeline() *data.Timeline { return w.tl }

// Update handles the panel's keys: ↑↓ select a parameter, ←→ change it,
// enter re-runs the model and returns a command carrying AppliedMsg,
// r puts every value back, m asks for the heatmap (HeatmapMsg), i shows the
// basis page, g the sensitivity page (starting its runs in the background
// the first time), esc closes with ClosedMsg. A SensitivityMsg is kept
// whether or not the panel has the focus; other messages are ignored.
func (w Model) Update(msg tea.Msg) (Model, tea.Cmd) {
	if sm, ok := msg.(SensitivityMsg); ok {
		return w.onSensitivity(sm), nil
	}
	km, ok := msg.(tea.KeyMsg)
	if !ok || !w.focused {
		return w, nil
	}
	return w.onKey(km)
}

func (w Model) onKey(msg tea.KeyMsg) (Model, tea.Cmd) {
	k := w.keys
	if key.Matches(msg, k.Close) {
		return w, func() tea.Msg { return ClosedMsg{} }
	}
	if key.Matches(msg, k.Heatmap) && hasInstances(w.tl) {
		return w, func() tea.Msg { return HeatmapMsg{} }
	}
	if w.err != nil {
		return w, nil
	}
	if key.Matches(msg, k.Basis) {
		w.basis = !w.basis
		w.sens.shown = false
		return w, nil
	}
	if key.Matches(msg, k.Sensitivity) {
		w.basis = false
		return w.toggleSens()
	}
	if w.sens.shown {
		switch {
		case key.Matches(msg, k.Up):
			w = w.scrollSens(-1)
		case key.Matches(msg, k.Down):
			w = w.scrollSens(1)
		}
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
		w.sel = w.nextShown(-1)
	case key.Matches(msg, k.Down):
		w.sel = w.nextShown(1)
	case key.Matches(msg, k.Less):
		w.values = w.stepped(-1)
	case key.Matches(msg, k.More):
		w.values = w.stepped(1)
	case key.Matches(msg, k.Reset):
		// Back at the incident's values nothing is hypothetical: the run
		// applied is taken off the screen too (AppliedMsg with no timeline).
		w.values = append([]string(nil), w.base...)
		return w.apply()
	case key.Matches(msg, k.Apply):
		return w.apply()
	}
	return w, nil
}

func (w Model) stepped(d int) []string {
	v := append([]string(nil), w.values...)
	from := v[w.sel]
	if w.laterTime(w.sel) && from == w.base[w.sel] {
		// From the hidden value, steps start at the moment known: two
		// steps either side of it would bracket the hidden time.
		from = w.known.In(w.tl.Location()).Format("15:04")
	}
	if w.hidesBase(w.sel) && !w.laterTime(w.sel) && from == w.base[w.sel] {
		// A hidden setting starts from the lowest the model takes: a step
		// either side of the incident's would tell it.
		v[w.sel] = w.lowest(w.sel)
		return v
	}
	v[w.sel] = w.sc.Step(w.params[w.sel].Name, from, d)
	return v
}

// lowest is the lowest value parameter i steps down to from its
// incident's value.
func (w Model) lowest(i int) string {
	v := w.base[i]
	for range 1000 {
		next := w.sc.Step(w.params[i].Name, v, -1)
		if next == v {
			break
		}
		v = next
	}
	return v
}

// apply re-runs the model with the panel's values. The run takes tens of
// milliseconds, so it is done here rather than in a command, and its
// figures are shown at once.
func (w Model) apply() (Model, tea.Cmd) {
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
		return w, func() tea.Msg { return AppliedMsg{} }
	}
	hyp, err := w.sc.Run(set)
	if err != nil {
		w.runErr = err.Error()
		w.hypOK = false
		return w, nil
	}
	w.hyp, w.hypOK = w.sc.Summarize(hyp)
	return w, func() tea.Msg { return AppliedMsg{Timeline: hyp} }
}

// pending reports whether the values differ from the last run.
func (w Model) pending() bool {
	for i := range w.values {
		if w.values[i] != w.applied[i] {
			return true
		}
	}
	return false
}

// ShortHelp returns the panel's bindings for the hint bar.
func (w Model) ShortHelp() []key.Binding { return w.KeyBindings() }

// FullHelp returns the panel's bindings for the full help, one column.
func (w Model) FullHelp() [][]key.Binding { return [][]key.Binding{w.KeyBindings()} }

// KeyBindings returns the panel's bindings for the hint bar.
func (w Model) KeyBindings() []key.Binding {
	k := w.keys
	if w.err != nil {
		return []key.Binding{k.Close}
	}
	if w.basis {
		return []key.Binding{k.Up, k.Down, k.Basis, k.Close}
	}
	if w.sens.shown {
		return []key.Binding{k.Up, k.Down, k.Sensitivity, k.Close}
	}
	// Most wanted first: the hint bar drops whole entries from the end
	// (fitShort), and enter is the key nobody can guess.
	k.Heatmap.SetEnabled(hasInstances(w.tl))
	return []key.Binding{k.Apply, k.Select, k.Change, k.Close, k.Heatmap, k.Reset, k.Basis, k.Sensitivity}
}

// hasInstances reports whether tl has per-instance series, which the
// heatmap draws.
func hasInstances(tl *data.Timeline) bool {
	if tl == nil {
		return false
	}
	for _, s := range tl.Series {
		if s.Group == replay.GroupInstance {
			return true
		}
	}
	return false
}

// pick returns t in l by the one rule for bilingual text (i18n.Plain);
// Both joins the two with sep when they differ.
func pick(t data.Text, l data.Lang, sep string) string { return i18n.Plain(t, l, sep) }
