package replayer

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/clipboard"
)

// copyMoment copies the moment on screen as Markdown to the clipboard (OSC
// 52) and says so in the header.
func (m Model) copyMoment() (Model, tea.Cmd) {
	md := m.Markdown()
	if m.recapping() {
		md = m.Minutes()
	}
	m.notice = words.copied.In(m.lang)
	return m, clipboard.Copy(m.clip, md)
}

// Markdown returns the moment on screen as a Markdown snippet: incident,
// title, clock and stage, the current event with its outcome and
// annotation (or, at a study stop, the question), the headline series at
// the cursor with their provenance, and the source. Nothing that study
// mode hides is in it.
func (m Model) Markdown() string {
	if m.tl == nil {
		return m.title() + "\n"
	}
	f := m.frame()
	var b strings.Builder
	id, title := m.tl.Incident, ""
	if m.rec != nil {
		id, title = m.rec.ID, pick(m.rec.Title, m.lang, " / ")
	}
	fmt.Fprintf(&b, "**%s** %s\n\n", id, title)
	mo := m.moment(false)
	el := "T+" + m.elapsedText(mo)
	if !m.study.on { // in study mode the length tells how far is left
		el += " " + words.of.In(m.lang) + " " + m.totalText()
	}
	fmt.Fprintf(&b, "%s · %s · %s\n\n", mo.clock, el, m.stageCaption(f))
	switch {
	case f.asking >= 0:
		q, known, _ := promptText(m.tl, m.study.stops, f.asking, m.lang, true)
		fmt.Fprintf(&b, "> %s\n\n", strings.ReplaceAll(q, "\n", "\n> "))
		for _, k := range known {
			fmt.Fprintf(&b, "- %s\n", k)
		}
		if len(known) > 0 {
			b.WriteString("\n")
		}
	case f.event >= 0:
		e := m.tl.Events[f.event]
		fmt.Fprintf(&b, "%s\n\n**%s**\n\n", eventCaption(m.tl, e, m.lang), pick(e.Title, m.lang, " / "))
		if a := annotation(e.Annotation, m.lang); a != "" {
			fmt.Fprintf(&b, "%s\n\n", a)
		}
	}
	for i, e := range m.cache.sparks {
		s := f.sparks[i]
		if !s.ok {
			continue
		}
		label := pick(e.series.Label, m.lang, " / ")
		if label == "" {
			label = e.series.Name
		}
		fmt.Fprintf(&b, "- %s: %s (%s)\n", label, formatValue(s.v, unitName(e.series.Unit, m.lang)),
			provName(e.series.Provenance, m.lang))
	}
	if src := m.sourceURL(); src != "" {
		fmt.Fprintf(&b, "\n%s: %s\n", words.sources.In(m.lang), src)
	}
	return b.String()
}

// sourceURL is the timeline's first source, else the record's.
func (m Model) sourceURL() string {
	var srcs []data.Source
	if m.tl != nil {
		srcs = m.tl.Sources
	}
	if len(srcs) == 0 && m.rec != nil {
		srcs = m.rec.Sources
	}
	if len(srcs) == 0 {
		return ""
	}
	return srcs[0].URL
}
