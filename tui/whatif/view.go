package whatif

import (
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/layout"
)

// View draws the panel in width × height: the parameters with their values
// (the selected one with its description and where the incident's value
// comes from), then the incident's peak mailbox and minutes under 50%
// success beside the hypothetical run's. Every line fits the width. When
// the height is short of all that, the panel keeps, most important first,
// the figures' header, peak mailbox, minutes under 50% and lowest success,
// the selected and the changed parameters and the status, then the title
// and the rest of the figures; the notes go first.
func (w Model) View() string {
	width, height := w.width, w.height
	if width <= 0 || height <= 0 {
		return ""
	}
	ms := w.st.Model
	title := ms.Title.Render(whatIfWords.title.In(w.lang))
	if w.lang == data.Both {
		title = ms.Title.Render(whatIfWords.title.EN + " / " + whatIfWords.title.KO)
	}
	top := []string{title + ms.Faint.Render(" · ") + ms.Hypothetical.Render(whatIfWords.sub.In(w.lang))}
	if w.err != nil {
		top = append(top, ms.Error.Render(whatIfWords.noModel.In(w.lang)), ms.Faint.Render(w.err.Error()))
		return whatIfFit(top, width, height)
	}
	if w.basis {
		return w.basisView(width, height)
	}
	if w.sens.shown {
		return w.sensView(width, height)
	}
	rows := w.paramRows(width)
	summary := w.summary(width)
	var status []string
	switch {
	case w.runErr != "":
		status = []string{ms.Error.Render(w.runErr)}
	case w.pending():
		status = []string{ms.Changed.Render(whatIfWords.pending.In(w.lang))}
	}
	fixed := len(top) + 1 + len(rows) + len(status) + 1 + len(summary)
	if height < fixed {
		return w.compactView(title, rows, status, summary, width, height)
	}
	// Fill the height: parameters and the figures, then as many lines of
	// the notes as are left, a cut one ending in "…".
	lines := append(append([]string{}, top...), "")
	lines = append(lines, rows...)
	lines = append(lines, cutLines(w.notes(width), height-fixed)...)
	lines = append(lines, status...)
	lines = append(lines, "")
	lines = append(lines, summary...)
	return whatIfFit(lines, width, height)
}

// compactView is View in fewer rows than every part needs.
func (w Model) compactView(title string, rows, status, summary []string, width, height int) string {
	// summary: header, peak, reached at, minutes under 50%, lowest, then
	// the applied parameters (shown by the changed rows here).
	core := []string{summary[0], summary[1], summary[3], summary[4]}
	vis := w.shownParams()
	shown := pickRows(rows, max(0, slices.Index(vis, w.sel)), func(k int) bool {
		i := vis[k]
		return w.values[i] != w.base[i] || w.applied[i] != w.base[i]
	},
		height-len(core)-len(status)-2)
	shown = shown[:max(0, min(len(shown), height-len(core)-len(status)))]
	left := height - len(core) - len(status) - len(shown)
	var lines []string
	if left > 0 {
		lines = append(lines, title)
		left--
	}
	lines = append(lines, shown...)
	lines = append(lines, status...)
	lines = append(lines, core[:2]...)
	if left > 0 {
		lines = append(lines, summary[2])
	}
	lines = append(lines, core[2:]...)
	return whatIfFit(lines, width, height)
}

// paramRows draws one row per parameter: its label, the key `--set` takes,
// the value with its unit, and the incident's value when changed.
func (w Model) paramRows(width int) []string {
	ms := w.st.Model
	units := w.units()
	labelW, keyW, valueW := 0, 0, 0
	labels := make([]string, len(w.params))
	vis := w.shownParams()
	for _, i := range vis {
		p := w.params[i]
		labels[i] = w.shownLabel(i)
		labelW = max(labelW, lipgloss.Width(labels[i]))
		keyW = max(keyW, lipgloss.Width(p.Name))
		valueW = max(valueW, lipgloss.Width(w.display(w.values[i])), lipgloss.Width(w.shownBase(i)))
	}
	labelW = min(labelW, max(8, width/3))
	out := make([]string, 0, len(vis))
	for _, i := range vis {
		p := w.params[i]
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
			shown = ms.Changed.Render("‹ " + value + " ›")
		}
		if u := units[p.Name]; u != "" {
			shown += ms.Faint.Render(" " + unitAlone(u, w.lang))
		}
		if w.values[i] != w.base[i] {
			shown += ms.Faint.Render(" (" + whatIfWords.original.In(w.lang) + ": " + w.shownBase(i) + ")")
		}
		out = append(out, mark+label+"  "+ms.Faint.Render(layout.Fit(p.Name, keyW))+"  "+shown)
	}
	return out
}

// units returns each parameter's unit where the model states one that the
// label does not already say ("ms per 100k queued"; not "instances").
func (w Model) units() map[string]string {
	out := map[string]string{}
	for _, b := range w.sc.Basis() {
		out[b.Name] = b.Unit
	}
	for i, p := range w.params {
		if u := out[p.Name]; u != "" && strings.Contains(strings.ToLower(p.Label.EN), strings.TrimSuffix(u, "s")) {
			out[p.Name] = ""
		} else if w.hidesBase(i) {
			out[p.Name] = "" // the value itself is hidden
		}
	}
	return out
}

// notes are the selected parameter's description and the basis of the
// incident's value, wrapped with room for a closing "…".
func (w Model) notes(width int) []string {
	ms := w.st.Model
	p := w.shownParam(w.sel) // in study mode, nothing that tells what came next
	notes := whatIfWrap(w.st.Base, ms.Note, whatIfText(p.Desc, w.lang), width-3, "  ")
	if p.Basis != "" {
		basis := whatIfWords.basisJ.In(w.lang)
		if p.Basis == "postmortem" {
			basis = whatIfWords.basisPM.In(w.lang)
		}
		notes = append(notes, whatIfWrap(w.st.Base, ms.Faint, basis+": "+whatIfText(p.Note, w.lang), width-3, "  ")...)
	}
	return notes
}

// cutLines keeps the first n of lines (wrapped at word breaks, each with a
// cell to spare); when some are left off, the last kept one ends in "…" so
// that it never reads as a whole sentence.
func cutLines(lines []string, n int) []string {
	if n <= 0 {
		return nil
	}
	if len(lines) <= n {
		return lines
	}
	out := append([]string(nil), lines[:n]...)
	out[n-1] += "…"
	return out
}

// pickRows keeps n of rows, in order: the selected one and those keep
// says must stay first, then the nearest to the selected.
func pickRows(rows []string, sel int, keep func(int) bool, n int) []string {
	in := make([]bool, len(rows))
	got := 0
	for i := range rows {
		if i == sel || keep(i) {
			in[i] = true
			got++
		}
	}
	for d := 1; got < n && d < len(rows); d++ {
		for _, i := range []int{sel + d, sel - d} {
			if i >= 0 && i < len(rows) && !in[i] && got < n {
				in[i] = true
				got++
			}
		}
	}
	var out []string
	for i, r := range rows {
		if in[i] {
			out = append(out, r)
		}
	}
	return out
}
