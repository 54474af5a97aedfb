package replayer

import (
	"fmt"

	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/widget"
)

// frameCache holds what View draws from that does not change with the clock:
// sparklines resampled to the width, event rows styled in each of their three
// states, wrapped annotations, stage segments. rebuild replaces it whole when
// the size, the language or the data change; nothing mutates it afterwards,
// so copies of a Model can share it.
type frameCache struct {
	p      painters
	sparks []sparkEntry
	stages []widget.Segment
	// stageBars[s+1] is the stage bar with stage s current (-1: none).
	stageBars []string
	// rows[i] is event i's row as past, current and future.
	rows [][3]string
	// notes[i] is event i's wrapped title and annotation.
	notes    [][]string
	captions []string // event i's annotation caption: time, actor, outcome
	// longestNote is the most lines any annotation (or the text before the
	// first event) takes.
	longestNote  int
	before       []string // shown before the first event
	axisL, axisR string
	// clockW and stateW are the widest clock and play-state word, which
	// the header pads to.
	clockW, stateW int
	// present is presenter mode's layout, when it is on.
	present *presentCache
	// unexplained is the stretch the model does not explain.
	unexplained unexplained
	// knownCol is the column of the moment known the sparklines were
	// drawn for (study mode; -1 outside it).
	knownCol int
}

// sparkEntry is a headline series with its optional hypothetical twin.
// drawn and hypDrawn are what the sparklines are drawn from: the series,
// or in study mode the series up to the moment known.
type sparkEntry struct {
	sp, hyp           widget.Spark
	head, hypHead     sparkHead
	series, hypSeries *data.Series
	drawn, hypDrawn   *data.Series
}

// buildSparks prepares the headline series for drawing at the screen's
// width. In study mode they are drawn from their points up to the moment
// known (a column's glyph may otherwise come from the minutes after it),
// on the scale that moment gives.
func (m *Model) buildSparks(p painters) []sparkEntry {
	start, end, w := m.clock.Start(), m.clock.End(), m.width
	var out []sparkEntry
	for _, s := range headline(m.tl) {
		h := hypotheticalOf(m.hyp, s)
		lo, hi := m.sparkScale(s, h)
		e := sparkEntry{series: s, hypSeries: h, drawn: s, hypDrawn: h, head: newSparkHead(s, m.lang, p, false)}
		if m.study.on {
			known := m.shownNow()
			e.drawn, e.hypDrawn = untilKnown(s, known), untilKnown(h, known)
		}
		e.sp = widget.NewSpark(e.drawn, start, end, w, lo, hi)
		if h != nil {
			e.hyp = widget.NewSpark(e.hypDrawn, start, end, w, lo, hi)
			e.hypHead = newSparkHead(h, m.lang, p, true)
		}
		out = append(out, e)
	}
	return out
}

// knownCol is the column of the moment known in study mode (-1 outside
// it): the sparklines are drawn again when it moves.
func (m Model) knownCol() int {
	if !m.study.on || m.tl == nil {
		return -1
	}
	return widget.Column(m.clock.Start(), m.clock.End(), m.shownNow(), m.width)
}

// Event row states.
const (
	past    = widget.Past
	current = widget.Current
	future  = widget.Future
)

// headline returns the series drawn as sparklines: those not in a group.
func headline(tl *data.Timeline) []*data.Series {
	if tl == nil {
		return nil
	}
	var out []*data.Series
	for i := range tl.Series {
		if tl.Series[i].Group == "" {
			out = append(out, &tl.Series[i])
		}
	}
	return out
}

// hypotheticalOf returns the hypothetical series named like s in the what-if
// timeline.
func hypotheticalOf(hyp *data.Timeline, s *data.Series) *data.Series {
	if hyp == nil {
		return nil
	}
	for i := range hyp.Series {
		if h := &hyp.Series[i]; h.Hypothetical && h.Name == s.Name && h.Group == s.Group {
			return &hyp.Series[i]
		}
	}
	return nil
}

// rebuild recomputes the cache after a change of size, language or data.
func (m *Model) rebuild() {
	m.cache = m.buildCache()
	m.refresh()
}

func (m *Model) buildCache() *frameCache {
	c := &frameCache{p: newPainters(m.styles), knownCol: -1}
	tl, w := m.tl, m.width
	if tl == nil || w <= 0 {
		return c
	}
	start, end := m.clock.Start(), m.clock.End()
	c.sparks = m.buildSparks(c.p)
	c.knownCol = m.knownCol()
	if !m.study.on { // the stretch's end, and the model's failing, lie ahead
		c.unexplained = findUnexplained(tl)
	}
	c.axisL, c.axisR = axisLabel(tl, start, m.lang), axisLabel(tl, end, m.lang)
	if m.study.on {
		c.axisR = "" // the end is after the cursor
	}
	c.stages = widget.Segments(m.clock.Cursor, w)
	c.stageBars = make([]string, len(tl.Stages)+1)
	for cur := -1; cur < len(tl.Stages); cur++ {
		c.stageBars[cur+1] = m.stageBar(c, cur, len(tl.Events))
	}
	c.clockW = max(lipgloss.Width(clockText(tl, end, true)), lipgloss.Width(clockText(tl, start, true)))
	c.stateW = max(lipgloss.Width(words.playing.In(m.lang)), lipgloss.Width(words.paused.In(m.lang)))

	cols := eventColumns(tl, m.lang, w)
	cols.plain = m.styles.Plain
	for _, e := range tl.Events {
		c.rows = append(c.rows, cols.row(e, m.lang, c.p))
		c.captions = append(c.captions, eventCaption(tl, e, m.lang))
		var note []string
		title := pick(e.Title, m.lang, "\n")
		for _, l := range layout.Wrap(title, w) {
			note = append(note, c.p.annotationTitle.Paint(l))
		}
		text := annotation(e.Annotation, m.lang)
		if text == "" {
			text = words.noAnnotation.In(m.lang)
		}
		for _, l := range layout.Wrap(text, w) {
			note = append(note, c.p.annotation.Paint(l))
		}
		note = append(note, m.rhymeLines(e, w, c.p)...)
		c.notes = append(c.notes, note)
	}
	for _, l := range layout.Wrap(words.before.In(m.lang), w) {
		c.before = append(c.before, c.p.faint.Paint(l))
	}
	c.longestNote = len(c.before)
	for _, n := range c.notes {
		c.longestNote = max(c.longestNote, len(n))
	}
	if m.study.on {
		for k := range m.study.stops {
			c.longestNote = max(c.longestNote, len(m.promptLines(frame{asking: k}, w)))
		}
	}
	if m.present {
		c.present = m.buildPresent(c)
	}
	return c
}

// annotation returns the annotation in lang; Both gives English, then Korean
// as a second paragraph.
func annotation(t data.Text, lang data.Lang) string {
	if lang == data.Both && t.EN != "" && t.KO != "" && t.EN != t.KO {
		return t.EN + "\n\n" + t.KO
	}
	return pick(t, lang, "\n\n")
}

// eventCaption heads an event's annotation: "13:05 PDT · On-call · ✗ failed".
func eventCaption(tl *data.Timeline, e data.Event, lang data.Lang) string {
	parts := []string{placedMark(e) + clockText(tl, e.At, false)}
	if a := pick(e.Actor, lang, " / "); a != "" {
		parts = append(parts, a)
	}
	parts = append(parts, kindName(e.Kind, lang))
	if o, ok := words.outcomes[e.Outcome]; ok {
		parts = append(parts, outcomeMark(e.Outcome)+" "+o.In(lang))
	}
	return strings.Join(parts, " · ")
}

// clockText writes t in the timeline's zone, "13:05 PDT", with seconds when
// asked, and a day mark ("+1d") after the day the timeline starts.
func clockText(tl *data.Timeline, t time.Time, seconds bool) string {
	loc := tl.Location()
	layout := "15:04 MST"
	if seconds {
		layout = "15:04:05 MST"
	}
	s := t.In(loc).Format(layout)
	if d := dayOffset(tl, t); d > 0 {
		s += fmt.Sprintf(" +%dd", d)
	}
	return s
}

// dayOffset counts the days between the timeline's first day and t's, in the
// timeline's zone.
func dayOffset(tl *data.Timeline, t time.Time) int {
	loc := tl.Location()
	y, mo, d := tl.Start.In(loc).Date()
	y2, mo2, d2 := t.In(loc).Date()
	a := time.Date(y, mo, d, 0, 0, 0, 0, time.UTC)
	b := time.Date(y2, mo2, d2, 0, 0, 0, 0, time.UTC)
	return int(b.Sub(a).Hours() / 24)
}

// columns are the widths of the event list's columns at one screen width.
type columns struct {
	width, timeW, kindW, actorW int
	tl                          *data.Timeline
	plain                       bool // monochrome: past rows get a glyph
}

// eventColumns sizes the event list: time and outcome always; the kind from
// 80 columns and the actor from 60, each as wide as its longest value (the
// actor at most a fifth of the width).
func eventColumns(tl *data.Timeline, lang data.Lang, w int) columns {
	c := columns{width: w, tl: tl}
	for _, e := range tl.Events {
		c.timeW = max(c.timeW, lipgloss.Width(listTime(tl, e)))
		if w >= 80 {
			c.kindW = max(c.kindW, lipgloss.Width(kindName(e.Kind, lang)))
		}
		if w >= 60 {
			c.actorW = max(c.actorW, lipgloss.Width(listActor(e, lang)))
		}
	}
	c.actorW = min(c.actorW, w/5)
	return c
}

// listActor is the actor as the event list shows it: in the reader's
// language, or in English when showing both (the annotation's caption has
// both).
func listActor(e data.Event, lang data.Lang) string {
	if lang == data.Both {
		lang = data.EN
	}
	return pick(e.Actor, lang, "")
}

// eventTime is an event's time in the list: "13:05", "01:10+1d".
func eventTime(tl *data.Timeline, t time.Time) string {
	s := t.In(tl.Location()).Format("15:04")
	if d := dayOffset(tl, t); d > 0 {
		s += fmt.Sprintf("+%dd", d)
	}
	return s
}

// row renders event e in its three states, each exactly c.width cells: past
// rows are dimmed (and marked "·" in monochrome), the current one is
// highlighted and marked "▶", future ones keep their colours.
func (c columns) row(e data.Event, lang data.Lang, p painters) [3]string {
	gutter := [3]string{"  ", "▶ ", "  "}
	if c.plain { // without colour, dimming does not show: mark past events
		gutter[past] = "· "
	}
	timeS := layout.Fit(listTime(c.tl, e), c.timeW)
	mark := outcomeMark(e.Outcome)
	kind, actor := "", ""
	if c.kindW > 0 {
		kind = layout.Fit(kindName(e.Kind, lang), c.kindW) + " "
	}
	if c.actorW > 0 {
		actor = layout.Fit(listActor(e, lang), c.actorW) + " "
	}
	title := pick(e.Title, lang, " · ")
	fixed := 2 + c.timeW + 1 + lipgloss.Width(mark) + 1 + lipgloss.Width(kind) + lipgloss.Width(actor)
	title = layout.Fit(title, max(0, c.width-fixed))
	var out [3]string
	out[past] = p.eventPast.Paint(layout.Fit(gutter[past]+timeS+" "+mark+" "+kind+actor+title, c.width))
	out[current] = p.eventCurrent.Paint(layout.Fit(gutter[current]+timeS+" "+mark+" "+kind+actor+title, c.width))
	out[future] = layout.Truncate(gutter[future]+p.eventFuture.Paint(timeS)+" "+p.outcome(e.Outcome).Paint(mark)+" "+
		p.kind.Paint(kind)+p.actor.Paint(actor)+p.eventFuture.Paint(title), c.width)
	return out
}

// refresh updates what depends on the clock: the enabled keys and their
// help, and the heatmap at the moment.
func (m *Model) refresh() {
	if m.scaleMoved() || m.cache != nil && m.cache.knownCol != m.knownCol() {
		m.cache = m.buildCache()
	}
	m.enableKeys()
	m.syncHeatmap()
}

// setStageKeys binds 1…N to the stages that have events (at most nine), so
// a digit without a stage does nothing and the help shows the real range.
func (m *Model) setStageKeys() {
	var digits []string
	if m.tl != nil {
		for s := 0; s < min(len(m.tl.Stages), 9); s++ {
			if m.clock.StageStart(s) >= 0 {
				digits = append(digits, strconv.Itoa(s+1))
			}
		}
	}
	k := &m.keys.Stage
	if len(digits) == 0 {
		k.SetEnabled(false)
		return
	}
	k.SetKeys(digits...)
	help := digits[0]
	if len(digits) > 1 {
		help += "…" + digits[len(digits)-1]
	}
	k.SetHelp(help, k.Help().Desc)
	k.SetEnabled(true)
}
