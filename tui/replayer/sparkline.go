package replayer

import (
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/theme"
	"github.com/incidents-dev/incidents/tui/widget"
)

// sparkHead is the line above a sparkline: the label and its provenance
// (always kept, the label is cut first), then the value at now, min and max
// as room allows. A hypothetical head labels the what-if line instead.
type sparkHead struct {
	label, prov string
	provPaint   widget.Painter
	unit        string
	lo, hi      float64
	ok          bool // the series has points
	// nowW is the width of the widest value the series takes, so the head
	// keeps its layout as the value at now changes; noRange drops the
	// minimum and maximum (study mode: the maximum may lie ahead).
	nowW    int
	noRange bool
	// whole keeps the label whole while figures can give way: a what-if
	// line's label names the run ("partitions=32"), the word that matters.
	whole bool
}

func newSparkHead(s *data.Series, lang data.Lang, p painters, hypothetical bool) sparkHead {
	h := sparkHead{
		label:     pick(s.Label, lang, " / "),
		prov:      provName(s.Provenance, lang),
		provPaint: p.prov(s.Provenance),
		unit:      unitName(s.Unit, lang),
	}
	if h.label == "" {
		h.label = s.Name
	}
	if hypothetical {
		if lang == data.Both {
			h.label = words.hypothetical.EN + " / " + words.hypothetical.KO
		} else {
			h.label = words.hypothetical.In(lang)
		}
		h.prov = ""
		if s.Scenario != "" {
			// Which parameters the run changed, and that it is modelled.
			h.label += " · " + s.Scenario
			h.prov = provName(s.Provenance, lang)
		}
		h.provPaint = p.hypothetical
		h.whole = true
	}
	h.lo, h.hi, h.ok = replay.Extent(s.Points)
	h.nowW = lipgloss.Width("–")
	for _, pt := range s.Points {
		h.nowW = max(h.nowW, lipgloss.Width(formatValue(pt.V, h.unit)))
	}
	return h
}

// render draws the head in width cells, with the value at now (ok false: no
// value then).
func (h sparkHead) render(width int, now float64, nowOK bool, lang data.Lang, p painters) string {
	v := "–"
	if nowOK {
		v = formatValue(now, h.unit)
	}
	return h.renderWith(width, words.now.In(lang)+" "+widget.PadLeft(v, h.nowW), lang, p)
}

// lastReported is the head's figure for a reported series: the last value
// the source gives at or before now, with its time ("last reported 85% at
// 09:47"), or "" before the first.
func lastReported(s *data.Series, now time.Time, loc *time.Location, lang data.Lang) string {
	pt, ok := replay.LastAt(s.Points, now)
	if !ok {
		return ""
	}
	return fmt.Sprintf(words.lastReported.In(lang), formatValue(pt.V, unitName(s.Unit, lang)), pt.T.In(loc).Format("15:04"))
}

// renderWith draws the head with nowText ("now 412k msgs", or "" for none)
// before the minimum and maximum.
func (h sparkHead) renderWith(width int, nowText string, lang data.Lang, p painters) string {
	if width <= 0 {
		return ""
	}
	var right []string
	if h.ok {
		if nowText != "" {
			right = append(right, nowText)
		}
		if !h.noRange {
			right = append(right, words.min.In(lang)+" "+minText(h.lo, h.unit)+" · "+words.max.In(lang)+" "+formatValue(h.hi, h.unit))
		}
	}
	prov := ""
	if h.prov != "" {
		prov = " · " + h.prov
	}
	provW := lipgloss.Width(prov)
	for n := len(right); n >= 0; n-- {
		r := strings.Join(right[:n], " · ")
		rw := lipgloss.Width(r)
		gap := 0
		if rw > 0 {
			gap = 2
		}
		// The label may shrink to a quarter of the width before the
		// figures give way.
		room := width - provW - gap - rw
		need := min(lipgloss.Width(h.label), max(8, width/4))
		if h.whole {
			need = lipgloss.Width(h.label)
		}
		if n > 0 && room < need {
			continue
		}
		label := layout.Truncate(h.label, max(room, 0))
		lw := lipgloss.Width(label)
		if lw+provW+gap+rw > width { // not even the provenance fits
			return layout.Truncate(h.label+prov, width)
		}
		pad := max(0, width-lw-provW-rw)
		return p.label.Paint(label) + h.provPaint.Paint(prov) + strings.Repeat(" ", pad) + p.value.Paint(r)
	}
	return ""
}

// minText writes the minimum with its unit, as the maximum and the value
// at now are written: "min 0 msgs · max 1.1M msgs", never a bare number.
func minText(v float64, unit string) string { return formatValue(v, unit) }

// formatValue writes v shortly with its unit: "1.2M msgs", "62%", "0.42 s",
// "110만개".
func formatValue(v float64, unit string) string {
	n := formatNumber(v)
	if strings.Contains(unit, "%s") { // a Korean unit around its number
		if !strings.Contains(unit, "%%") {
			// A Korean counter takes a Korean number: "110만개", never
			// "1.1M개".
			n = i18n.CountKO(v)
		}
		return fmt.Sprintf(unit, n)
	}
	switch {
	case unit == "":
		return n
	case strings.HasPrefix(unit, "%"): // "62%", "62% of normal": no space before %
		return n + unit
	}
	if one, ok := singular[unit]; ok && n == "1" {
		unit = one
	}
	return n + " " + unit
}

// singular is the English form for one of the count units the data uses:
// "1 instance", not "1 instances".
var singular = map[string]string{
	"messages": "message", "msgs": "msg", "instances": "instance", "events": "event",
	"calls": "call", "partitions": "partition", "cores": "core",
	"users": "user", "tasks": "task",
}

// formatNumber is the figure without its unit, written the one way every
// screen writes a figure.
func formatNumber(v float64) string { return i18n.Count(v) }

// renderSparkline draws one series in width cells as three lines: the head
// (label, provenance, value at now, min, max), the blocks with the cursor
// cell marked, and the axis row with the marker. A zero now draws no cursor
// and no value at now. Times on the axis are in start's location.
func renderSparkline(s *data.Series, start, end, now time.Time, width int, lang data.Lang, st theme.Styles) []string {
	p := newPainters(st)
	lo, hi := widget.Scale(s)
	sp := widget.NewSpark(s, start, end, width, lo, hi)
	head := newSparkHead(s, lang, p, false)
	col := -1
	headLine := head.renderWith(width, "", lang, p)
	if !now.IsZero() {
		col = widget.Column(start, end, now, width)
		if s.Provenance == data.Reported {
			headLine = head.renderWith(width, lastReported(s, now, start.Location(), lang), lang, p)
		} else {
			v, ok := replay.ValueAt(s.Points, now)
			headLine = head.render(width, v, ok, lang, p)
		}
	}
	loc := start.Location()
	return []string{
		headLine,
		sp.Line(col, sp.Cell(col), false, p.spark, p.sparkCursor),
		widget.AxisRow(width, col, start.In(loc).Format("15:04"), end.In(loc).Format("15:04"), p.faint, p.marker),
	}
}
