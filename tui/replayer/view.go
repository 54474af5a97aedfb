package replayer

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/widget"
)

// mode is the replayer's layout: each has its own plan of rows and its own
// keys (see refresh). Study mode is not a layout: it combines with each,
// hiding what lies after the cursor.
type mode int

const (
	modePlay mode = iota
	modeHeatmap
	modeWhatIf
	modePresent
)

// mode returns the layout the replayer draws now. Presenter mode needs
// presentMinW×presentMinH; below, the normal layout says why.
func (m Model) mode() mode {
	switch {
	case m.whatIf != nil:
		return modeWhatIf
	case m.presenting():
		return modePresent
	case m.heatmap:
		return modeHeatmap
	}
	return modePlay
}

// The smallest screen presenter mode draws in: an 80×24 terminal less the
// root's header line.
const presentMinW, presentMinH = 80, 23

func (m Model) presenting() bool {
	return m.present && m.tl != nil && m.width >= presentMinW && m.height >= presentMinH
}

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
	// panel is the what-if panel's rows, in place of the events and the
	// annotation, while it is open.
	panel int
	// keys is the keystroke overlay's row; note a one-line notice (such as
	// presenter mode's fallback) above the header's.
	keys, note bool
	// milestones is the row of milestones and intervals under the header.
	milestones bool
	// room is the meeting's row (room.go), in a served meeting.
	room bool
}

const (
	sparkNone = iota
	sparkHeads
	sparkFull
	// sparkTwin is sparkFull with a hypothetical twin's head folded into
	// its incident's: a head, the incident's blocks and the twin's.
	sparkTwin
)

// sparkHeight returns the rows the sparklines take in a mode.
func (c *frameCache) sparkHeight(mode int) int {
	per := map[int]int{sparkHeads: 1, sparkFull: 2, sparkTwin: 2}[mode]
	if per == 0 {
		return 0
	}
	n := 0
	if mode != sparkHeads {
		n = 1 // the axis row
	}
	for _, e := range c.sparks {
		n += per
		switch {
		case e.hypSeries == nil:
		case mode == sparkTwin:
			n++ // the twin's blocks; its head shares the incident's
		default:
			n += per
		}
	}
	return n
}

// minEvents is how many rows the event list keeps before the annotation
// takes the rest.
const minEvents = 3

// plan shares the height out, most important first: the header, the
// annotation (the reason an event mattered) and a few events, then the
// stage bar and the sparklines (full when they leave room, else their head
// lines), then more events. It depends on the size, the data and the mode,
// never on the moment, so the screen does not jump while playing.
func (m Model) plan() plan {
	var p plan
	rest := m.height - 1 // header
	if rest <= 0 {
		return p
	}
	if p.milestones = m.milestoneRow(rest); p.milestones {
		rest--
	}
	if m.room.in && m.tl != nil && rest >= 6 {
		p.room = true
		rest--
	}
	if m.present && !m.presenting() && rest >= 8 {
		p.note = true
		rest--
	}
	if m.overlay.on && rest >= 8 {
		p.keys = true
		rest--
	}
	if m.whatIf != nil {
		return m.planWhatIf(p, rest)
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
	n := len(m.tl.Events) + 1 // and the line saying how many are hidden
	p.notes = min(m.cache.longestNote, max(2, rest-min(minEvents, n)))
	p.events = min(rest-p.notes, n)
	p.notes = rest - p.events
	if m.recapping() { // the recap takes the event list's rows, and its rule's
		p.notes, p.events = rest+1, 0
	}
	return p
}

// whatIfMinRows is the fewest rows the what-if panel is given while the
// sparklines take the rest: its title, the selected parameter, the figures'
// header, peak mailbox, minutes under 50% and lowest success, and a status.
const whatIfMinRows = 8

// planWhatIf shares the rows below the header out while the what-if panel
// is open: the panel keeps whatIfMinRows; the sparklines take what they
// need, full if they can, else with each hypothetical twin folded into its
// incident's head, else head lines alone; then the stage bar; the panel gets
// the rest.
func (m Model) planWhatIf(p plan, rest int) plan {
	if len(m.cache.sparks) > 0 {
		for _, mode := range []int{sparkFull, sparkTwin, sparkHeads} {
			if h := m.cache.sparkHeight(mode); rest-h >= whatIfMinRows {
				p.spark = mode
				rest -= h
				break
			}
		}
	}
	if len(m.cache.stages) > 0 && rest-1 >= whatIfMinRows {
		p.stageBar = true
		rest--
	}
	p.panel = max(0, rest)
	return p
}

// View draws the replay screen in the size set by SetSize: exactly that many
// lines, none wider than the width. It reads the model and its cache only.
func (m Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	var lines []string
	switch {
	case m.tl == nil:
		lines = m.viewNoTimeline()
	case m.mode() == modePresent:
		lines = m.viewPresent(m.frame())
	default:
		lines = m.viewTimeline(m.frame())
	}
	for len(lines) < m.height {
		lines = append(lines, "")
	}
	lines = lines[:m.height]
	if m.typing != inputNone { // the one-line input takes the last row
		lines[m.height-1] = layout.Truncate(m.inputLine(), m.width)
	}
	return strings.Join(lines, "\n")
}

func (m Model) viewNoTimeline() []string {
	p := m.cache.p
	lines := []string{p.header.Paint(layout.Truncate(m.title(), m.width)), ""}
	for _, l := range layout.Wrap(words.noTimeline.In(m.lang), m.width) {
		lines = append(lines, p.notice.Paint(layout.Truncate(l, m.width)))
	}
	return lines
}

func (m Model) viewTimeline(f frame) []string {
	p := m.plan()
	c := m.cache
	lines := []string{m.header(f)}
	if p.milestones {
		lines = append(lines, m.milestoneLine(f))
	}
	if p.room {
		lines = append(lines, m.roomLine(f))
	}
	if p.note {
		lines = append(lines, c.p.notice.Paint(layout.Fit(words.presentTooSmall.In(m.lang), m.width)))
	}
	if p.stageBar {
		lines = append(lines, m.stageBarAt(f))
	}
	lines = append(lines, m.sparkLines(p.spark, f)...)
	lines = append(lines, m.heatLines(f, p.heat)...)
	if m.whatIf != nil {
		w := *m.whatIf // a copy sized to the plan: View writes nothing
		w.SetSize(m.width, p.panel)
		lines = append(lines, block(w.View(), m.width, p.panel)...)
		return m.withKeys(lines, p)
	}
	if p.rules && !m.recapping() {
		lines = append(lines, m.stageRule(f))
	}
	lines = append(lines, m.eventLines(f, p.events)...)
	if p.rules {
		lines = append(lines, m.rule(m.noteCaption(f)))
	}
	lines = append(lines, m.noteLines(f, p.notes)...)
	return m.withKeys(lines, p)
}

// withKeys pads lines to the screen and puts the keystroke overlay in the
// last row when the plan has one.
func (m Model) withKeys(lines []string, p plan) []string {
	if !p.keys {
		return lines
	}
	for len(lines) < m.height-1 {
		lines = append(lines, "")
	}
	return append(lines[:m.height-1], m.cache.p.state.Paint(layout.Truncate(m.overlay.text(), m.width)))
}

// noteCaption heads the annotation: the current event's time, actor, kind
// and outcome, or the study stop that asks.
func (m Model) noteCaption(f frame) string {
	if f.asking >= 0 {
		return fmt.Sprintf(words.stopCaption.In(m.lang), f.asking+1) // how many follow is for later
	}
	if m.recapping() {
		return sheetWords.recap.In(m.lang)
	}
	if f.event >= 0 {
		return m.cache.captions[f.event]
	}
	return clockText(m.tl, m.clock.Start(), false)
}

// noteLines draws the annotation of the current event (or a study stop's
// prompt) in n rows, from the scroll offset; a cut text ends in "…".
func (m Model) noteLines(f frame, n int) []string {
	note := m.cache.before
	switch {
	case m.recapping():
		note = m.recapLines(m.width)
	case f.asking >= 0:
		note = m.promptLines(f, m.width)
	case f.event >= 0 && f.event < len(m.cache.notes):
		note = m.cache.notes[f.event]
		var lines []string
		if a := m.answerBeside(f.event); a != "" {
			for _, l := range layout.Wrap(a, m.width) {
				lines = append(lines, m.cache.p.value.Paint(l))
			}
		}
		for _, l := range m.predictionsBeside(f.event, m.width) {
			lines = append(lines, m.cache.p.value.Paint(l))
		}
		if len(lines) > 0 {
			note = append(lines, note...)
		}
	}
	if off := min(m.noteOff, max(0, len(note)-n)); off > 0 {
		note = note[off:]
	}
	if len(note) > n && n > 0 {
		note = append(note[:n-1:n-1], ansi.Truncate(note[n-1], max(0, m.width-1), "")+"…")
	}
	return note[:min(len(note), max(n, 0))]
}

// notePage is how far ctrl+d scrolls: the annotation's rows (presenter
// mode's box) less one.
func (m Model) notePage() int {
	return max(1, m.noteRows()-1)
}

// noteRows is how many rows the annotation (or presenter mode's box) has.
func (m Model) noteRows() int {
	if pc := m.cache.present; pc != nil && m.mode() == modePresent {
		return pc.inner
	}
	return m.plan().notes
}

// clampNote keeps a scroll offset inside the current annotation.
func (m Model) clampNote(off int) int {
	f := m.frame()
	if pc := m.cache.present; pc != nil && m.mode() == modePresent {
		return max(0, min(off, len(m.boxText(f, pc))-pc.inner))
	}
	n := len(m.cache.before)
	switch {
	case m.recapping():
		n = len(m.recapLines(m.width))
	case f.asking >= 0:
		n = len(m.promptLines(f, m.width))
	case f.event >= 0 && f.event < len(m.cache.notes):
		n = len(m.cache.notes[f.event]) + len(m.predictionsBeside(f.event, m.width))
		if a := m.answerBeside(f.event); a != "" {
			n += len(layout.Wrap(a, m.width))
		}
	}
	return max(0, min(off, n-m.noteRows()))
}

// stageCaption names the current stage: "Stage 3/5 · Restarts".
func (m Model) stageCaption(f frame) string {
	n := len(m.tl.Stages)
	s := -1
	if f.event >= 0 {
		s = m.tl.StageIndex(m.tl.Events[f.event].Stage)
	}
	if s < 0 {
		if f.study {
			return words.stage.In(m.lang) + " –" // how many stages follow is for later
		}
		return fmt.Sprintf("%s –/%d", words.stage.In(m.lang), n)
	}
	if f.study && !m.stageDone(s, f.limit) {
		return fmt.Sprintf("%s %d", words.stage.In(m.lang), s+1) // its title can tell how it ends, the count how many follow
	}
	return fmt.Sprintf("%s %d/%d · %s", words.stage.In(m.lang), s+1, n, pick(m.tl.Stages[s].Title, m.lang, " / "))
}

// rule is a separator line with a caption: "── caption ─────".
func (m Model) rule(caption string) string {
	p := m.cache.p
	if m.width < 6 {
		return p.rule.Paint(strings.Repeat("─", m.width))
	}
	caption = layout.Truncate(caption, m.width-4)
	rest := max(0, m.width-3-lipgloss.Width(caption)-1)
	return p.rule.Paint("── ") + p.faint.Paint(caption) + " " + p.rule.Paint(strings.Repeat("─", rest))
}

// sparkLines draws the headline series in a plan's mode, with the cursor in
// the frame's column.
func (m Model) sparkLines(mode int, f frame) []string {
	if mode == sparkNone {
		return nil
	}
	p := m.cache.p
	var lines []string
	for i, e := range m.cache.sparks {
		s := f.sparks[i]
		// In study mode a hypothetical run is drawn only up to the
		// cursor, as the incident is: its later curve would show the
		// operators' later actions (the 14:15 doubling); the what-if
		// panel's figures give its outcome.
		head, hypHead := e.head, e.hypHead
		head.noRange, hypHead.noRange = f.study, f.study
		if f.study { // padded to the widest value, the head would tell how large it grows
			head.nowW, hypHead.nowW = 0, 0
		}
		if mode == sparkTwin && e.hypSeries != nil {
			lines = append(lines, m.twinHead(head, s),
				e.sp.Line(f.col, s.cell, f.study, p.spark, p.sparkCursor),
				e.hyp.Line(f.col, s.hcell, f.study, p.hypothetical, p.sparkCursor))
			continue
		}
		lines = append(lines, head.render(m.width, s.v, s.ok, m.lang, p))
		if mode != sparkHeads {
			lines = append(lines, e.sp.Line(f.col, s.cell, f.study, p.spark, p.sparkCursor))
		}
		if e.hypSeries != nil {
			lines = append(lines, hypHead.render(m.width, s.hv, s.hok, m.lang, p))
			if mode == sparkFull {
				lines = append(lines, e.hyp.Line(f.col, s.hcell, f.study, p.hypothetical, p.sparkCursor))
			}
		}
	}
	if mode != sparkHeads {
		lines = append(lines, m.markColumn(m.axisRow(f)))
	}
	return lines
}

// twinHead is a series' head line with its hypothetical twin's figure
// beside the incident's: "now 412k msgs · hypothetical 3k msgs".
func (m Model) twinHead(h sparkHead, s sparkNow) string {
	v, hv := "–", "–"
	if s.ok {
		v = formatValue(s.v, h.unit)
	}
	if s.hok {
		hv = formatValue(s.hv, h.unit)
	}
	return h.renderWith(m.width, words.now.In(m.lang)+" "+v+" · "+words.hypothetical.In(m.lang)+" "+hv, m.lang, m.cache.p)
}

// eventLines draws n rows of the event list, scrolled so the current event
// sits a third of the way down. Events the frame may not draw (study mode)
// are replaced by one line saying how many are hidden.
func (m Model) eventLines(f frame, n int) []string {
	hidden := m.cache.p.faint.Paint(layout.Fit("  "+words.hidden.In(m.lang), m.width)) // no count: it lies ahead
	return widget.EventList(m.markPointed(m.cache.rows), f.event, f.limit, n, hidden)
}
