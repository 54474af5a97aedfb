package heatmap

import (
	"slices"
	"sort"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/theme"
)

// heatGlyphs draw the heatmap's intensity levels, lowest first: the density
// of the glyph carries the level, so the map reads in monochrome.
var heatGlyphs = [theme.HeatLevels]string{"·", "░", "▒", "▓", "█"}

// heatSteps are the lower bounds of levels 1…4 (log scale, messages).
var heatSteps = [theme.HeatLevels - 1]float64{1e3, 1e4, 1e5, 1e6}

const (
	heatOutMark    = "x" // gutter mark of an instance out of the ring
	heatCursorMark = "▼"
)

// heatWords are the heatmap's texts in one language.
var heatWords = i18n.Register("heatmap", &struct {
	title, hypothetical, none, more, out, scale, modelled i18n.Word
}{
	title:        i18n.W("Mailbox per instance", "인스턴스별 메일박스"),
	hypothetical: i18n.W("hypothetical", "가정"),
	none:         i18n.W("This timeline has no per-instance series.", "이 타임라인에는 인스턴스별 계열이 없습니다."),
	more:         i18n.W("+%d more instances (taller window shows them)", "인스턴스 %d개 더 있음(창을 키우면 보임)"),
	out:          i18n.W("out of ring at cursor", "커서 시각에 링 밖"),
	scale:        i18n.W("messages", "메시지"),
	modelled:     i18n.W("modelled", "모델 계산"),
})

// heatRow is one instance of the heatmap.
type heatRow struct {
	name    string
	mailbox []data.Point
	ring    []data.Point
}

// heatRows returns the instances of tl in series order, with their mailbox
// (group "instance") and ring (group "ring") points, and whether the series
// are a what-if run.
func heatRows(tl *data.Timeline) (rows []heatRow, hypothetical bool) {
	ring := map[string][]data.Point{}
	for _, s := range tl.Series {
		if s.Group == replay.GroupRing {
			ring[s.Instance] = s.Points
		}
	}
	for _, s := range tl.Series {
		if s.Group != replay.GroupInstance {
			continue
		}
		rows = append(rows, heatRow{name: s.Instance, mailbox: s.Points, ring: ring[s.Instance]})
		hypothetical = hypothetical || s.Hypothetical
	}
	return rows, hypothetical
}

// scenarioSuffix returns ": partitions=4" for a timeline whose per-instance
// series are a what-if run, naming the changed parameters.
func scenarioSuffix(tl *data.Timeline) string {
	for _, s := range tl.Series {
		if s.Hypothetical && s.Scenario != "" {
			return ": " + s.Scenario
		}
	}
	return ""
}

// heatLevel maps a mailbox length to an intensity level.
func heatLevel(v float64) int {
	l := 0
	for l < len(heatSteps) && v >= heatSteps[l] {
		l++
	}
	return l
}

// heatCell is what one row shows in one column: the largest mailbox in the
// column's span (so a spike never disappears), whether the instance was out
// of the ring for most of it, and whether it existed at all.
type heatCell struct {
	v      float64
	out    bool
	exists bool
}

// heatCells resamples a row to n columns over [start, end).
func heatCells(r heatRow, start, end time.Time, n int) []heatCell {
	cells := make([]heatCell, n)
	span := end.Sub(start)
	if n == 0 || span <= 0 {
		return cells
	}
	col := func(t time.Time) int {
		return min(n-1, max(0, int(float64(t.Sub(start))/float64(span)*float64(n))))
	}
	for _, p := range r.mailbox {
		c := &cells[col(p.T)]
		if !c.exists || p.V > c.v {
			c.v = p.V
		}
		c.exists = true
	}
	outs, ins := make([]int, n), make([]int, n)
	for _, p := range r.ring {
		if p.V < 0.5 {
			outs[col(p.T)]++
		} else {
			ins[col(p.T)]++
		}
	}
	// A column narrower than the sampling holds no point: carry the row's
	// state across it, from the first point on.
	for i := range cells {
		cells[i].out = outs[i] > ins[i]
		if !cells[i].exists && i > 0 && cells[i-1].exists {
			cells[i] = cells[i-1]
			if outs[i]+ins[i] > 0 {
				cells[i].out = outs[i] > ins[i]
			}
		}
	}
	return cells
}

// heatAfter returns the index of the first point after t, scanning from the
// start as a reader of the points in their order would (so points out of
// time order give what such a scan gives); with sorted true it searches.
func heatAfter(pts []data.Point, t time.Time, sorted bool) int {
	if sorted {
		return sort.Search(len(pts), func(i int) bool { return pts[i].T.After(t) })
	}
	for i, p := range pts {
		if p.T.After(t) {
			return i
		}
	}
	return len(pts)
}

func pointsSorted(pts []data.Point) bool {
	return slices.IsSortedFunc(pts, func(a, b data.Point) int { return a.T.Compare(b.T) })
}

// renderHeatmap draws every instance's mailbox over the timeline as a grid:
// one row per instance, one column per slice of time, intensity by mailbox
// length on a log scale (glyph density and colour), a marker over the column
// of at, and an "x" in the gutter of each instance out of the ring at that
// moment. Instances not yet online are blank. It fits width × height and
// never panics, at any size. The Model keeps the heatGrid and renders only
// the moment; this builds both.
func renderHeatmap(tl *data.Timeline, at time.Time, width, height int, lang data.Lang, st theme.Styles) string {
	return newHeatGrid(tl, width, height, lang, st).render(at)
}
