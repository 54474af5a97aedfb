package explorer

import (
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/theme"
)

// Fixed column widths, in cells.
const (
	gutterW = 2  // "▸ " before the selected row
	markW   = 1  // timelineMark
	dateW   = 10 // YYYY-MM-DD
	sevW    = 4  // "SEV1"
	gapW    = 1
	// shortOrgW is the organisation column once the list is short of room.
	shortOrgW = 10
	// wantTitleW is the title column the list gives up the severity, the
	// organisation and the smaller units of durations for (in that order): a Korean title
	// is a sentence, and under about 30 cells it says little more than its
	// subject. The organisation is also in the preview header beside a
	// narrow list.
	wantTitleW = 30
	// minTitleW is the narrowest title column worth keeping before the
	// duration, the date and the timeline mark are dropped to make room.
	minTitleW = 20
)

// timelineMark marks a record whose timeline can be replayed (the facet
// panel's "timeline" says the same). It is one cell in every terminal:
// not an East Asian ambiguous-width character.
const timelineMark = "↻"

// columns is the list's column layout for one width: which columns are
// shown and how wide each is. A width of 0 means the column is dropped.
type columns struct {
	id, mark, date, org, title, sev, dur int
}

// want is what the list would show given room: the widths of the id,
// organisation and duration columns, and whether any record in view has a
// severity (the column is left out when none has: "–" for all says
// nothing).
type want struct {
	id, org, dur int
	// short is the width of the duration column with each duration cut to
	// its largest unit ("3h", "2d").
	short int
	sev   bool
}

// layoutColumns fits the columns into w cells: the title takes what is
// left. While it would be narrower than wantTitleW, the severity goes, the
// organisation narrows to shortOrgW and then goes, and durations keep only
// their largest unit; while it would still be narrower than minTitleW, the
// duration, the date and the timeline mark go.
// With an id of up to 12 cells, the date and the mark are kept at every
// width from 60; the preview beside a narrow list shows the rest.
func layoutColumns(w int, x want) columns {
	c := columns{id: x.id, mark: markW, date: dateW, org: x.org, dur: x.dur}
	if x.sev {
		c.sev = sevW
	}
	short := x.dur // no shorter form measured
	if x.short > 0 {
		short = min(x.short, x.dur)
	}
	type step struct {
		col *int
		to  int
	}
	phases := []struct {
		title int
		steps []step
	}{
		{wantTitleW, []step{{&c.sev, 0}, {&c.org, min(x.org, shortOrgW)}, {&c.org, 0}, {&c.dur, short}}},
		{minTitleW, []step{{&c.dur, 0}, {&c.date, 0}, {&c.mark, 0}}},
	}
	for _, ph := range phases {
		for _, st := range ph.steps {
			if w-c.fixed() >= ph.title {
				break
			}
			*st.col = st.to
		}
	}
	c.title = max(w-c.fixed(), 0)
	if c.title == 0 {
		// Not even the id fits beside a title: the id takes the row.
		c = columns{id: max(w-gutterW, 0)}
	}
	return c
}

// fixed is the width of every column but the title, with the gaps.
func (c columns) fixed() int {
	n := gutterW + c.id
	if c.mark > 0 {
		n += 1 + c.mark // one space between the id and its mark
	}
	for _, x := range []int{c.date, c.org, c.sev, c.dur} {
		if x > 0 {
			n += gapW + x
		}
	}
	return n + gapW // before the title
}

// titleOffset is where the title column starts.
func (c columns) titleOffset() int {
	n := gutterW + c.id + gapW
	if c.mark > 0 {
		n += 1 + c.mark
	}
	for _, x := range []int{c.date, c.org} {
		if x > 0 {
			n += x + gapW
		}
	}
	return n
}

// wants measures what the list would show in language l for the records
// in view.
func (m *Model) wants(l data.Lang) want {
	x := want{id: m.idW, org: m.orgW}
	if m.durW == nil {
		m.durW = map[data.Lang][2]int{}
	}
	dw, ok := m.durW[l]
	if !ok {
		// Measured once per language: the records do not change.
		dw = [2]int{lipgloss.Width(dash), lipgloss.Width(dash)}
		for _, r := range m.recs {
			if d := r.Timeline.ResolvedAfter; d.Known() {
				s := i18n.Duration(d.D, l)
				dw[0] = max(dw[0], lipgloss.Width(s))
				largest, _, _ := strings.Cut(s, " ")
				dw[1] = max(dw[1], lipgloss.Width(largest))
			}
		}
		m.durW[l] = dw
	}
	x.dur = min(dw[0], maxDurW(l))
	x.short = min(dw[1], x.dur)
	for _, s := range m.shown {
		if _, known := severity(s.Record.Severity); known {
			x.sev = true
			break
		}
	}
	return x
}

// maxDurW bounds the duration column in language l: a duration under a
// day always fits whole ("23h 59m", "23시간 59분"); a longer one may lose
// its smallest units (never a digit) to fit.
func maxDurW(l data.Lang) int {
	return lipgloss.Width(i18n.Duration(23*time.Hour+59*time.Minute, l))
}

// hasTimeline reports whether r has a timeline to replay; without a way
// to tell, every record is taken to have one (and none is marked).
func (m Model) hasTimeline(r *data.Record) bool {
	return r != nil && (m.opts.HasTimeline == nil || m.opts.HasTimeline(r.ID))
}

// highlight styles s with base, and the runes starting at the byte offsets
// in idx with match. idx are BYTE offsets (as data.Hit reports them), so it
// ranges over the string, which yields byte offsets too; runs of equally
// styled runes are rendered together.
func highlight(s string, idx []int, base, match paint) string {
	if s == "" {
		return ""
	}
	if len(idx) == 0 {
		return base.Render(s)
	}
	var b strings.Builder
	b.Grow(2*len(s) + 32)
	start, on, k := 0, false, 0
	for i := range s {
		for k < len(idx) && idx[k] < i {
			k++
		}
		hit := k < len(idx) && idx[k] == i
		if i > 0 && hit != on {
			b.WriteString(styleFor(on, base, match).Render(s[start:i]))
			start = i
		}
		on = hit
	}
	b.WriteString(styleFor(on, base, match).Render(s[start:]))
	return b.String()
}

func styleFor(hit bool, base, match paint) paint {
	if hit {
		return match
	}
	return base
}

// cell cuts s to w cells (with "…"), highlights the matched bytes that
// survive the cut, and pads it to exactly w cells in base's style (so a
// selected row's background runs on). With right, it is right-aligned.
func cell(s string, idx []int, w int, base, match paint, right bool) string {
	if w <= 0 {
		return ""
	}
	cut := layout.Truncate(s, w)
	keep := idx
	if cut != s {
		// The cut text is a byte prefix of s followed by "…": matches past
		// the prefix are gone.
		n := len(strings.TrimSuffix(cut, "…"))
		keep = nil
		for _, i := range idx {
			if i < n {
				keep = append(keep, i)
			}
		}
	}
	out := highlight(cut, keep, base, match)
	pad := w - lineWidth(cut)
	if pad <= 0 {
		return out
	}
	if right {
		return spaces(pad, base) + out
	}
	return out + spaces(pad, base)
}

// spaces returns n spaces, styled only when st paints a background (the
// selected row), so plain rows carry no escape codes around padding.
func spaces(n int, st paint) string {
	if n <= 0 {
		return ""
	}
	s := strings.Repeat(" ", n)
	if !st.bg {
		return s
	}
	return st.Render(s)
}

// rowStyles are the styles of one row, plain or selected.
type rowStyles struct {
	id, date, org, text, faint, match, sev1, sev2, sev3, sevUnknown, dur, gap paint
	// both says the row shows both languages' titles (for snippets).
	both bool
}

func newRowStyles(st theme.ExplorerStyles, selected bool) rowStyles {
	if selected {
		s, m := newPaint(st.Selected), newPaint(st.SelectedMatch)
		return rowStyles{s, s, s, s, s, m, s, s, s, s, s, s, false}
	}
	text := newPaint(st.Text)
	return rowStyles{
		id: newPaint(st.ID), date: newPaint(st.Date), org: newPaint(st.Org), text: text, faint: newPaint(st.Faint),
		match: newPaint(st.Match), sev1: newPaint(st.Sev1), sev2: newPaint(st.Sev2), sev3: newPaint(st.Sev3),
		sevUnknown: newPaint(st.SevUnknown), dur: newPaint(st.Duration), gap: text,
	}
}

// title returns the record's title in language l, the field it came from
// and, when the translation is missing, a marker.
func title(r *data.Record, l data.Lang) (string, data.Field, string) {
	s, mark := i18n.Show(r.Title, l, "")
	f := data.FieldTitleEN
	if (l == data.KO) != (mark != "") {
		f = data.FieldTitleKO
	}
	return s, f, mark
}

// renderRow draws one record as one line (two in both languages), exactly
// w cells wide, in rs (newRowStyles of the row's state). mark is timelineMark for a record with a timeline, else a space.
func renderRow(m data.Match, c columns, w int, l data.Lang, rs rowStyles, selected bool, mark string) []string {
	rs.both = l == data.Both
	r := m.Record
	gutter := "  "
	if selected {
		gutter = "▸ "
	}
	gap := spaces(gapW, rs.gap)
	var b strings.Builder
	b.Grow(2*w + 64) // a row's text, and a few escape codes
	b.WriteString(cell(gutter, nil, min(gutterW, w), rs.gap, rs.gap, false))
	b.WriteString(cell(r.ID, m.Indexes(data.FieldID), c.id, rs.id, rs.match, false))
	if c.mark > 0 {
		b.WriteString(spaces(1, rs.gap) + cell(mark, nil, c.mark, rs.faint, rs.faint, false))
	}
	if c.date > 0 {
		b.WriteString(gap + cell(r.Date, nil, c.date, rs.date, rs.match, false))
	}
	if c.org > 0 {
		b.WriteString(gap + cell(r.Org, m.Indexes(data.FieldOrg), c.org, rs.org, rs.match, false))
	}
	lang := l
	if l == data.Both {
		lang = data.EN
	}
	if c.title > 0 {
		b.WriteString(gap + titleCell(m, lang, c.title, rs))
	}
	if c.sev > 0 {
		text, sst := severityBadge(r.Severity, rs)
		b.WriteString(gap + cell(text, nil, c.sev, sst, sst, false))
	}
	if c.dur > 0 {
		b.WriteString(gap + cell(durationBadge(r, lang, c.dur), nil, c.dur, rs.dur, rs.dur, true))
	}
	line := b.String()
	if lineWidth(line) > w {
		line = layout.Truncate(line, w)
	}
	if l != data.Both {
		return []string{line}
	}
	// The Korean title sits under the English one, in the title column.
	off := c.titleOffset()
	second := spaces(min(off, w), rs.gap)
	if c.title > 0 {
		second += titleCell(m, data.KO, c.title, rowStyles{text: rs.faint, faint: rs.faint, match: rs.match, both: true})
		second += spaces(w-off-c.title, rs.gap)
	} else {
		second += spaces(w-off, rs.gap)
	}
	return []string{line, second}
}

// titleCell is the title in language l with its matches highlighted and,
// for a missing translation, a marker before it.
func titleCell(m data.Match, l data.Lang, w int, rs rowStyles) string {
	if s, ok := snippetTitleCell(m, l, w, rs); ok {
		return s
	}
	s, f, marker := title(m.Record, l)
	if marker == "" {
		s, idx := titleAround(s, m.Indexes(f), w)
		return cell(s, idx, w, rs.text, rs.match, false)
	}
	mw := lipgloss.Width(marker) + 1
	if w <= mw {
		return cell(marker, nil, w, rs.faint, rs.faint, false)
	}
	s, idx := titleAround(s, m.Indexes(f), w-mw)
	return rs.faint.Render(marker+" ") + cell(s, idx, w-mw, rs.text, rs.match, false)
}
