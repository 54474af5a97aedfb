package replayer

import (
	"slices"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/layout"
)

// question returns what study mode asks before event e: its own prompt, or
// the default question, in lang (both languages for Both).
func question(e data.Event, lang data.Lang) string {
	if !e.Prompt.IsZero() {
		return pick(e.Prompt, lang, "\n")
	}
	if lang == data.Both {
		return words.question.EN + "\n" + words.question.KO
	}
	return words.question.In(lang)
}

// beforeStop is the moment a stop at t shows its figures for: a second
// before the decision, whose effect a modelled series may show at t itself.
func beforeStop(tl *data.Timeline, t time.Time) time.Time {
	if b := t.Add(-time.Second); !b.Before(tl.Start) {
		return b
	}
	return t
}

// maxKnown is how many symptoms and detections a stop lists.
const maxKnown = 4

// knownEvents returns the events a group knows of at stop k, in time
// order: the symptoms and detections since the stop before (the latest
// symptom and detection when there are none), the last maxKnown of them.
func knownEvents(tl *data.Timeline, stops []replay.Stop, k int) []int {
	from := 0
	if k > 0 {
		from = stops[k-1].Last + 1
	}
	seen := map[int]bool{}
	var out []int
	for _, i := range replay.Known(tl, stops[k]) {
		if i < from {
			seen[i] = true
			out = append(out, i)
		}
	}
	for i := from; i < stops[k].First; i++ {
		if kd := tl.Events[i].Kind; (kd == data.KindSymptom || kd == data.KindDetection) && !seen[i] {
			out = append(out, i)
		}
	}
	if len(out) > maxKnown {
		out = out[len(out)-maxKnown:]
	}
	return out
}

// promptText is study stop k's prompt as plain lines of text: the
// question, what was known then (the latest symptoms and detections; with
// learned, the outcome of each decision revealed at the stops before; the
// headline series at that moment) and the keys. It shows nothing of the
// stop's own events or anything after them.
func promptText(tl *data.Timeline, stops []replay.Stop, k int, lang data.Lang, learned bool) (q string, known []string, now string) {
	st := stops[k]
	e := tl.Events[st.First]
	q = question(e, lang)
	var ids []int
	if learned {
		for _, p := range stops[:k] {
			for i := p.First; i <= p.Last; i++ {
				ids = append(ids, i)
			}
		}
	}
	ids = append(ids, knownEvents(tl, stops, k)...)
	slices.Sort(ids)
	for _, i := range ids {
		ev := tl.Events[i]
		what := kindName(ev.Kind, lang)
		if o, ok := words.outcomes[ev.Outcome]; ok {
			what += " " + outcomeMark(ev.Outcome) + " " + o.In(lang)
		}
		known = append(known, eventTime(tl, ev.At)+" "+what+" · "+pick(ev.Title, lang, " / "))
	}
	var vals []string
	at := beforeStop(tl, e.At)
	for _, s := range headline(tl) {
		// The last point before the stop, never one interpolated toward
		// the stop's own point, which may already show its effect.
		pt, ok := replay.LastAt(s.Points, at)
		v := pt.V
		if !ok {
			continue
		}
		label := pick(s.Label, lang, " / ")
		if label == "" {
			label = s.Name
		}
		vals = append(vals, label+" "+formatValue(v, unitName(s.Unit, lang))+" ("+provName(s.Provenance, lang)+")")
	}
	return q, known, strings.Join(vals, " · ")
}

// promptLines draws the prompt of the frame's asking stop in width cells.
func (m Model) promptLines(f frame, width int) []string {
	if f.asking < 0 || f.asking >= len(m.study.stops) || width <= 0 {
		return nil
	}
	p := m.cache.p
	q, known, now := promptText(m.tl, m.study.stops, f.asking, m.lang, true)
	var out []string
	for _, l := range layout.Wrap("? "+q, width) {
		out = append(out, p.annotationTitle.Paint(l))
	}
	// The keys come right after the question: what was known may be long
	// enough to be cut at the foot of a small screen.
	for _, l := range layout.Wrap(m.promptHint(), width) {
		out = append(out, p.faint.Paint(l))
	}
	if len(known) > 0 || now != "" {
		out = append(out, p.faint.Paint(layout.Truncate(words.known.In(m.lang)+":", width)))
	}
	for _, k := range known {
		for _, l := range indented(k, width) {
			out = append(out, p.annotation.Paint(l))
		}
	}
	if now != "" {
		for _, l := range indented(words.now.In(m.lang)+": "+now, width) {
			out = append(out, p.value.Paint(l))
		}
	}
	return out
}

// indented wraps s in width cells less two and indents every line by two.
func indented(s string, width int) []string {
	if width <= 4 {
		return layout.Wrap(s, max(1, width))
	}
	lines := layout.Wrap(s, width-2)
	for i, l := range lines {
		lines[i] = "  " + l
	}
	return lines
}

// promptHint is the keys line under a study prompt; for a follower, whose
// keys do not move the replay, it says who reveals.
func (m Model) promptHint() string {
	if m.mirrored {
		return words.promptFollow.In(m.lang)
	}
	return words.promptHint.In(m.lang)
}
