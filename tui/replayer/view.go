package replayer

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
)

// plan is how the screen's rows are shared out at one size.
type plan struct {
	stageBar bool
	// spark is what the sparklines get: 0 nothing, 1 one head line per
	// series, 2 heads, blocks and the axis.
	spark         int
	rules         bool
	events, notes int
	// heat is the heatmap's rows, in place of the sparklines, when shown.
	heat int
}

const (
	sparkNone = iota
	sparkHeads
	sparkFull
)

// sparkHeight returns the rows the sparklines take in a mode.
func (c *frameCache) sparkHeight(mode int) int {
	switch mode {
	case sparkHeads:
		n := 0
		for _, e := range c.sparks {
			n++
			if e.hypSeries != nil {
				n++
			}
		}
		return n
	case sparkFull:
		n := 1 // the axis row
		for _, e := range c.sparks {
			n += 2
			if e.hypSeries != nil {
				n += 2
			}
		}
		return n
	}
	return 0
}

// plan shares the height out, most important first: the header, the event
// list and the annotation, then the stage bar and the sparklines, full when
// they leave room, else their head lines only. It depends on the size and
// the data, never on the moment, so the screen does not jump while playing.
func (m Model) plan() plan {
	var p plan
	rest := m.height - 1 // header
	if rest <= 0 {
		return p
	}
	if len(m.cache.stages) > 0 && rest >= 7 {
		p.stageBar = true
		rest--
	}
	if rest < 5 {
		p.events = rest
		return p
	}
	p.rules = true
	rest -= 2
	if m.heatmap {
		p.heat = max(0, rest-max(6, rest*2/5))
		rest -= p.heat
	} else if full := m.cache.sparkHeight(sparkFull); len(m.cache.sparks) > 0 && rest-full >= 5 {
		p.spark = sparkFull
		rest -= full
	} else if heads := m.cache.sparkHeight(sparkHeads); heads > 0 && rest-heads >= 5 {
		p.spark = sparkHeads
		rest -= heads
	}
	// The annotation gets what its longest text needs, up to 45%; the event
	// list the rest. Both depend on the data only, not on the moment.
	p.notes = max(2, min(m.cache.longestNote, rest*9/20))
	p.events = max(0, rest-p.notes)
	if n := len(m.tl.Events); n > 0 && p.events > n {
		p.events = n
	}
	p.notes = rest - p.events
	return p
}

// View draws the replay screen in the size set by SetSize: exactly that many
// lines, none wider than the width. It reads the model and its cache only.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	var lines []string
	if m.tl == nil {
		lines = m.viewNoTimeline()
	} else {
		lines = m.viewTimeline()
	}
	for len(lines) < m.height {
		lines = append(lines, "")
	}
	return strings.Join(lines[:m.height], "\n")
}

func (m Model) viewNoTimeline() []string {
	p := m.cache.p
	lines := []string{p.header.paint(layout.Truncate(m.title(), m.width)), ""}
	for _, l := range layout.Wrap(wordsFor(m.lang).noTimeline, m.width) {
		lines = append(lines, p.notice.paint(layout.Truncate(l, m.width)))
	}
	return lines
}

func (m Model) viewTimeline() []string {
	p := m.plan()
	c := m.cache
	cur := m.clock.Event()
	col := cursorColumn(m.clock.Start(), m.clock.End(), m.clock.Now(), m.width)
	lines := []string{m.header()}
	if p.stageBar {
		lines = append(lines, c.stageBars[m.clock.Stage()+1])
	}
	lines = append(lines, m.sparkLines(p.spark, col)...)
	lines = append(lines, block(m.heat, m.width, p.heat)...)
	if m.whatIf != nil && p.rules {
		return append(lines, block(m.whatIf.View(m.width, p.events+p.notes+2), m.width, p.events+p.notes+2)...)
	}
	if p.rules {
		lines = append(lines, m.rule(m.stageCaption()))
	}
	lines = append(lines, m.eventLines(cur, p.events)...)
	if p.rules {
		caption := clockText(m.tl, m.clock.Start(), false)
		if cur >= 0 {
			caption = c.captions[cur]
		}
		lines = append(lines, m.rule(caption))
	}
	note := c.before
	if cur >= 0 {
		note = c.notes[cur]
	}
	if len(note) > p.notes && p.notes > 0 {
		note = append(note[:p.notes-1:p.notes-1], ansi.Truncate(note[p.notes-1], max(0, m.width-1), "")+"…")
	}
	if len(note) > p.notes {
		note = note[:p.notes]
	}
	return append(lines, note...)
}

func (m Model) title() string {
	if m.rec == nil {
		if m.tl != nil {
			return m.tl.Incident
		}
		return ""
	}
	return m.rec.ID + "  " + pick(m.rec.Title, m.lang, " / ")
}

// header is the top line: id and title at the left (or a notice such as a
// bad --at), and the clock, elapsed time, play state and speed at the right.
// The title gives way first, then the elapsed total.
func (m Model) header() string {
	p := m.cache.p
	w := wordsFor(m.lang)
	c := m.clock
	clock := clockText(m.tl, c.Now(), c.Speed() <= 10)
	// Durations by the rule every screen uses; the whole span from the
	// timeline's times, which a time.Duration cannot hold past 292 years.
	el := "T+" + i18n.Duration(max(c.Elapsed(), 0), m.lang)
	total := " " + w.of + " " + i18n.Duration(max(c.Total(), 0), m.lang)
	if m.tl != nil {
		total = " " + w.of + " " + i18n.Span(m.tl.Start, m.tl.End, m.lang)
	}
	state := "|| " + w.paused
	if c.Playing() {
		state = "▶ " + w.playing
	}
	state += fmt.Sprintf(" %d×", c.Speed())
	el += total
	rw := lipgloss.Width(clock) + 2 + lipgloss.Width(el) + 2 + lipgloss.Width(state)
	if rw > m.width {
		el = strings.TrimSuffix(el, total)
		rw -= lipgloss.Width(total)
	}
	if rw > m.width {
		return layout.Truncate(clock+"  "+el+"  "+state, m.width)
	}
	right := p.clock.paint(clock) + "  " + p.faint.paint(el) + "  " + p.state.paint(state)
	left, lp := m.title(), p.header
	if m.notice != "" {
		left, lp = m.notice, p.notice
	}
	room := m.width - rw - 2
	if room < 10 {
		return right
	}
	left = layout.Truncate(left, room)
	gap := strings.Repeat(" ", max(2, m.width-lipgloss.Width(left)-rw))
	return lp.paint(left) + gap + right
}

// stageBar draws the stages along the time axis, aligned with the
// sparklines; the current stage is bracketed (and highlighted in colour).
func (m Model) stageBar(c *frameCache, cur int) string {
	p := c.p
	var b strings.Builder
	for i, seg := range c.stages {
		w := seg.to - seg.from
		sep := ""
		if i+1 < len(c.stages) {
			sep = "│"
			w--
		}
		title := pick(m.tl.Stages[seg.stage].Title, m.lang, " / ")
		if seg.stage == cur {
			label := layout.Fit(stageLabel(seg.stage, title, w-2), w-2)
			if w < 3 {
				label = stageLabel(seg.stage, title, w)
			} else {
				label = "[" + label + "]"
			}
			b.WriteString(p.stageCurrent.paint(layout.Fit(label, w)))
		} else {
			b.WriteString(p.stage.paint(layout.Fit(stageLabel(seg.stage, title, w), w)))
		}
		b.WriteString(p.rule.paint(sep))
	}
	return b.String()
}

// stageLabel is a stage's label in w cells: "3 Restarts", cut with "…"
// while at least a few cells of the title show, else the number alone
// (stages after the ninth have no key and no number).
func stageLabel(stage int, title string, w int) string {
	if stage >= 9 {
		return layout.Truncate(title, w)
	}
	num := fmt.Sprint(stage + 1)
	full := num + " " + title
	if lipgloss.Width(full) <= w || w-lipgloss.Width(num)-1 >= 4 {
		return layout.Truncate(full, w)
	}
	return layout.Truncate(num, w)
}

// stageCaption names the current stage: "Stage 3/5 · Restarts".
func (m Model) stageCaption() string {
	w := wordsFor(m.lang)
	n := len(m.tl.Stages)
	s := m.clock.Stage()
	if s < 0 {
		return fmt.Sprintf("%s –/%d", w.stage, n)
	}
	return fmt.Sprintf("%s %d/%d · %s", w.stage, s+1, n, pick(m.tl.Stages[s].Title, m.lang, " / "))
}

// rule is a separator line with a caption: "── caption ─────".
func (m Model) rule(caption string) string {
	p := m.cache.p
	if m.width < 6 {
		return p.rule.paint(strings.Repeat("─", m.width))
	}
	caption = layout.Truncate(caption, m.width-4)
	rest := max(0, m.width-3-lipgloss.Width(caption)-1)
	return p.rule.paint("── ") + p.faint.paint(caption) + " " + p.rule.paint(strings.Repeat("─", rest))
}

// sparkLines draws the headline series in a plan's mode, with the cursor in
// column col.
func (m Model) sparkLines(mode, col int) []string {
	if mode == sparkNone {
		return nil
	}
	p := m.cache.p
	now := m.clock.Now()
	var lines []string
	for _, e := range m.cache.sparks {
		v, ok := replay.ValueAt(e.series.Points, now)
		lines = append(lines, e.head.render(m.width, v, ok, m.lang, p))
		if mode == sparkHeads {
			if e.hypSeries != nil {
				v, ok := replay.ValueAt(e.hypSeries.Points, now)
				lines = append(lines, e.hypHead.render(m.width, v, ok, m.lang, p))
			}
			continue
		}
		lines = append(lines, e.sp.line(col, p.spark, p.sparkCursor))
		if e.hypSeries != nil {
			v, ok := replay.ValueAt(e.hypSeries.Points, now)
			lines = append(lines, e.hypHead.render(m.width, v, ok, m.lang, p),
				e.hyp.line(col, p.hypothetical, p.sparkCursor))
		}
	}
	if mode == sparkFull {
		lines = append(lines, axisRow(m.width, col, m.cache.axisL, m.cache.axisR, p))
	}
	return lines
}

// eventLines draws n rows of the event list, scrolled so the current event
// sits a third of the way down.
func (m Model) eventLines(cur, n int) []string {
	rows := m.cache.rows
	if n <= 0 || len(rows) == 0 {
		return nil
	}
	off := min(max(0, cur-n/3), max(0, len(rows)-n))
	var lines []string
	for i := off; i < min(len(rows), off+n); i++ {
		switch {
		case i < cur:
			lines = append(lines, rows[i][past])
		case i == cur:
			lines = append(lines, rows[i][current])
		default:
			lines = append(lines, rows[i][future])
		}
	}
	return lines
}
