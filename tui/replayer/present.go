package replayer

import (
	"slices"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/widget"
)

// presentMaxW is the widest presenter mode's text gets: on a shared screen
// a longer line is hard to follow.
const presentMaxW = 100

// presentCache is presenter mode's layout at one size: the column it draws
// in, the box's fixed height, every event's box text and the two-row
// sparklines.
type presentCache struct {
	w, margin int
	// inner is the box's height inside its border, the same for every
	// event of the timeline; boxes[i] event i's lines (caption, title,
	// annotation), not yet cut to it.
	inner int
	boxes [][]string
	// sparks are the headline series two rows tall; heads their head lines
	// only, when there is no room for more.
	sparks []widget.Spark2
	heads  bool
	// tight drops the blank rows between the parts (a short screen).
	tight bool
	// rows is how tall the sparklines are: 2, or 1 on a short screen,
	// drawn from sparks1.
	rows    int
	sparks1 []widget.Spark
}

// presentGaps is how many of presentFixed's rows are blank gaps.
const presentGaps = 3

// presentMinBox is the fewest rows the box keeps before the sparklines
// give up a row: its text can be scrolled (ctrl+d, ctrl+u).
const presentMinBox = 3

// presentFixed is the rows presenter mode takes besides the box and the
// sparklines: header, gap, three rows of clock, gap, previous event, the
// box's two borders, next event, gap, overlay.
const presentFixed = 1 + 1 + 3 + 1 + 1 + 2 + 1 + 1 + 1

func (m *Model) buildPresent(c *frameCache) *presentCache {
	tl := m.tl
	if tl == nil || m.width < presentMinW || m.height < presentMinH {
		return nil
	}
	pc := &presentCache{w: min(m.width, presentMaxW)}
	pc.margin = (m.width - pc.w) / 2
	tw := pc.w - 4 // border and gutter each side
	need := 0
	for _, e := range tl.Events {
		lines := []string{eventCaption(tl, e, m.lang)}
		lines = append(lines, layout.Wrap(pick(e.Title, m.lang, "\n"), tw)...)
		if a := annotation(e.Annotation, m.lang); a != "" {
			lines = append(lines, layout.Wrap(a, tw)...)
		}
		pc.boxes = append(pc.boxes, lines)
		need = max(need, len(lines))
	}
	if m.study.on {
		for k := range m.study.stops {
			need = max(need, len(m.promptPlain(k, tw)))
		}
	}
	// Sparklines two rows tall where they leave the box presentMinBox
	// rows, else one row tall, else their head lines alone.
	// On a short screen the blank rows between the parts go first.
	n := len(c.sparks)
	room := m.height - presentFixed
	sparkRows := 1 + 3*n // heads, two rows each, the axis
	pc.rows = 2
	if n > 0 && room-sparkRows < presentMinBox {
		pc.rows = 1
		sparkRows = 1 + 2*n
	}
	if n > 0 && room-sparkRows < presentMinBox {
		pc.tight = true
		room += presentGaps
	}
	if n > 0 && room-sparkRows < presentMinBox {
		pc.heads = true
		sparkRows = n
	}
	pc.inner = max(1, min(need, room-sparkRows))
	for _, e := range c.sparks {
		pc.sparks = append(pc.sparks, widget.NewSpark2(e.drawn, m.clock.Start(), m.clock.End(), pc.w, e.sp.Lo, e.sp.Hi))
		pc.sparks1 = append(pc.sparks1, widget.NewSpark(e.drawn, m.clock.Start(), m.clock.End(), pc.w, e.sp.Lo, e.sp.Hi))
	}
	return pc
}

// viewPresent draws presenter mode: one column at most presentMaxW wide,
// centred; a large clock with the stage; the current event in a box of
// fixed height between the previous and next events, dimmed; two-row
// sparklines; the keystroke overlay at the bottom. Every row but the
// clock's, the cursor's and the event's own is the same from frame to
// frame.
func (m Model) viewPresent(f frame) []string {
	pc := m.cache.present
	if pc == nil {
		return m.viewTimeline(f)
	}
	p := m.cache.p
	pad := strings.Repeat(" ", pc.margin)
	var out []string
	add := func(s string) { out = append(out, layout.Fit(pad+s, m.width)) }
	title, tp := m.title(), p.header
	if m.notice != "" {
		title, tp = m.notice, p.notice
	}
	title = m.hypMark() + title
	// The meeting clock sits at the right end of the title row, in a field
	// of fixed width.
	mw := m.meetingWidth()
	add(tp.Paint(layout.Fit(title, max(0, pc.w-mw-2))) + "  " + p.faint.Paint(m.meetingText()))
	gap := func() {
		if !pc.tight {
			add("")
		}
	}
	gap()
	for _, l := range m.bigClock(f, pc.w) {
		add(l)
	}
	gap()
	prev, next := f.event-1, f.event+1
	if f.asking >= 0 {
		prev, next = f.event, f.limit
	}
	add(m.neighbour(f, prev, pc.w))
	for _, l := range m.box(f, pc) {
		add(l)
	}
	add(m.neighbour(f, next, pc.w))
	gap()
	for _, l := range m.presentSparks(f, pc) {
		add(l)
	}
	for len(out) < m.height-1 {
		add("")
	}
	out = out[:m.height-1]
	keys := ""
	if m.overlay.on {
		keys = m.overlay.text()
	}
	if r := m.roomText(f); r != "" { // the meeting's line shares the last row
		keys = strings.TrimPrefix(keys+" · "+r, " · ")
	}
	add(p.state.Paint(layout.Truncate(keys, pc.w)))
	return out
}

// neighbour is the dimmed row of event i above or below the box: its time,
// outcome (glyph and word) and title; past the frame's limit, the count of
// hidden events.
func (m Model) neighbour(f frame, i, w int) string {
	p := m.cache.p
	n := len(m.tl.Events)
	switch {
	case i < 0 || i >= n:
		return ""
	case i >= f.limit:
		return p.faint.Paint(layout.Truncate("  "+words.hidden.In(m.lang), w))
	}
	e := m.tl.Events[i]
	s := "  " + eventTime(m.tl, e.At)
	if o, ok := words.outcomes[e.Outcome]; ok {
		s += " " + outcomeMark(e.Outcome) + " " + o.In(m.lang)
	}
	return p.eventPast.Paint(layout.Truncate(s+" · "+pick(e.Title, m.lang, " / "), w))
}

// box is the current event (or the stop's prompt) in a bordered box whose
// height is fixed for the timeline, in reverse video with a ▶ gutter.
func (m Model) box(f frame, pc *presentCache) []string {
	p := m.cache.p
	tw := pc.w - 4
	text := slices.Clone(m.boxText(f, pc))
	if off := min(m.noteOff, max(0, len(text)-pc.inner)); off > 0 {
		text = text[off:]
	}
	if len(text) > pc.inner {
		text = append(text[:pc.inner-1:pc.inner-1], layout.Truncate(text[pc.inner-1]+"…", tw))
	}
	out := []string{p.rule.Paint("┌" + strings.Repeat("─", pc.w-2) + "┐")}
	for i := range pc.inner {
		gutter, line := "  ", ""
		if i == 0 {
			gutter = "▶ "
		}
		if i < len(text) {
			line = text[i]
		}
		st := p.box
		if i == 0 {
			st = p.boxTitle
		}
		out = append(out, p.rule.Paint("│")+st.Paint(gutter+layout.Fit(line, tw))+p.rule.Paint("│"))
	}
	return append(out, p.rule.Paint("└"+strings.Repeat("─", pc.w-2)+"┘"))
}

// bigClock is the clock three rows tall, with the stage, the elapsed time
// and the play state beside it, each padded to its widest.
func (m Model) bigClock(f frame, w int) []string {
	p := m.cache.p
	big := bigDigits(m.moment(false).digits)
	clock, el, state := m.headerRight(false)
	side := []string{m.stageCaption(f), clock + "  " + el, state}
	bw := lipgloss.Width(big[0])
	out := make([]string, 3)
	for i := range out {
		out[i] = p.clock.Paint(big[i]) + "   " + p.faint.Paint(layout.Truncate(side[i], max(0, w-bw-3)))
	}
	out[2] = m.withUnexplained(out[2], f, w)
	return out
}

// presentSparks draws each headline series as a head line over two rows of
// blocks, then the time axis.
func (m Model) presentSparks(f frame, pc *presentCache) []string {
	p := m.cache.p
	col := widget.Column(m.clock.Start(), m.clock.End(), f.now, pc.w)
	var out []string
	for i, e := range m.cache.sparks {
		s := f.sparks[i]
		head := e.head
		head.noRange = f.study
		if f.study {
			head.nowW = 0 // padded to the widest value, it would tell how large it grows
		}
		out = append(out, head.render(pc.w, s.v, s.ok, m.lang, p))
		if pc.heads {
			continue
		}
		l := -1
		if s.ok && s.cell != " " {
			l = widget.Level16(s.v, e.sp.Lo, e.sp.Hi)
		}
		if pc.rows == 1 {
			out = append(out, pc.sparks1[i].Line(col, s.cell, f.study, p.spark, p.sparkCursor))
			continue
		}
		r := pc.sparks[i].Rows(col, l, f.study, p.spark, p.sparkCursor)
		out = append(out, r[0], r[1])
	}
	if !pc.heads && len(m.cache.sparks) > 0 {
		out = append(out, widget.AxisRow(pc.w, col, m.cache.axisL, m.cache.axisR, p.faint, p.marker))
	}
	return out
}

// boxText is the text of the box for the frame, before scrolling.
func (m Model) boxText(f frame, pc *presentCache) []string {
	tw := pc.w - 4
	switch {
	case m.recapping():
		text, hint := m.recapText(tw)
		return append(text, hint...)
	case f.asking >= 0:
		return m.promptPlain(f.asking, tw)
	case f.event >= 0 && f.event < len(pc.boxes):
		var out []string
		if a := m.answerBeside(f.event); a != "" {
			out = layout.Wrap(a, tw)
		}
		out = append(out, m.predictionsBeside(f.event, tw)...)
		if len(out) > 0 {
			return append(out, pc.boxes[f.event]...)
		}
		return pc.boxes[f.event]
	}
	return layout.Wrap(words.before.In(m.lang), tw)
}

// promptPlain is a study stop's prompt as unstyled lines of w cells, for
// the presenter's box.
func (m Model) promptPlain(k, w int) []string {
	q, known, now := promptText(m.tl, m.study.stops, k, m.lang, true)
	out := layout.Wrap("? "+q, w)
	out = append(out, layout.Wrap(m.promptHint(), w)...)
	if len(known) > 0 || now != "" {
		out = append(out, words.known.In(m.lang)+":")
	}
	for _, s := range known {
		out = append(out, indented(s, w)...)
	}
	if now != "" {
		out = append(out, indented(words.now.In(m.lang)+": "+now, w)...)
	}
	return out
}

// digitRows are the digits and the colon three rows tall.
var digitRows = map[rune][3]string{
	'0': {"█▀█", "█ █", "▀▀▀"}, '1': {"▀█ ", " █ ", "▀▀▀"}, '2': {"▀▀█", "█▀▀", "▀▀▀"},
	'3': {"▀▀█", " ▀█", "▀▀▀"}, '4': {"█ █", "▀▀█", "  ▀"}, '5': {"█▀▀", "▀▀█", "▀▀▀"},
	'6': {"█▀▀", "█▀█", "▀▀▀"}, '7': {"▀▀█", "  █", "  ▀"}, '8': {"█▀█", "█▀█", "▀▀▀"},
	'9': {"█▀█", "▀▀█", "▀▀▀"}, ':': {" ", "▀", "▀"},
}

// bigDigits writes s ("15:04") three rows tall; every digit is as wide as
// every other, so the clock never changes width.
func bigDigits(s string) [3]string {
	var out [3]string
	for i, r := range s {
		g, ok := digitRows[r]
		if !ok {
			continue
		}
		for row := range out {
			if i > 0 {
				out[row] += " "
			}
			out[row] += g[row]
		}
	}
	return out
}
