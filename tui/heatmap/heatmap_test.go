package heatmap

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
	"github.com/incidents-dev/incidents/tui/layout"
	"github.com/incidents-dev/incidents/tui/theme"
)

// modelTimeline is a frozen copy of IL-0499's timeline (testdata, so that
// editing the bundle never moves these goldens) with the series its model
// computes (the heatmap and the what-if panel draw nothing else).
func modelTimeline(t testing.TB) *data.Timeline {
	t.Helper()
	raw, err := os.ReadFile("testdata/IL-0499-model.json")
	if err != nil {
		t.Fatal(err)
	}
	return preparedTimeline(t, raw)
}

// preparedTimeline decodes and prepares a timeline file's bytes.
func preparedTimeline(t testing.TB, raw []byte) *data.Timeline {
	t.Helper()
	var tl data.Timeline
	if err := json.Unmarshal(raw, &tl); err != nil {
		t.Fatal(err)
	}
	if err := replay.Prepare(&tl); err != nil {
		t.Fatal(err)
	}
	return &tl
}

// runWhatIf runs tl's scenario with set changed.
func runWhatIf(t testing.TB, tl *data.Timeline, set map[string]string) (*data.Timeline, error) {
	t.Helper()
	sc, err := replay.Open(tl)
	if err != nil {
		t.Fatal(err)
	}
	return sc.Run(set)
}

func modelAt(h, m int) time.Time {
	return time.Date(2026, 3, 25, h, m, 0, 0, time.FixedZone("PDT", -7*3600))
}

var modelSizes = []struct{ w, h int }{{120, 40}, {80, 24}}

func heatGoldens(t *testing.T, at time.Time) {
	tl := modelTimeline(t)
	st := theme.New(theme.Ascii(), theme.DefaultPalette())
	for _, lang := range []data.Lang{data.EN, data.KO} {
		for _, sz := range modelSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", lang, sz.w, sz.h), func(t *testing.T) {
				out := renderHeatmap(tl, at, sz.w, sz.h, lang, st)
				checkModelView(t, out, sz.w, sz.h)
				golden.RequireEqual(t, []byte(out))
			})
		}
	}
}

// TestHeatmap is the doubled cluster at 14:20: 30 rows, 2-12 still backed up.
func TestHeatmap(t *testing.T) { heatGoldens(t, modelAt(14, 20)) }

// TestHeatmapEarly is 12:44: every instance but 2-13 out of the ring, the
// 15 later instances not yet online.
func TestHeatmapEarly(t *testing.T) { heatGoldens(t, modelAt(12, 44)) }

// checkModelView fails if a view is taller than h or a line wider than w.
func checkModelView(t *testing.T, out string, w, h int) {
	t.Helper()
	if out == "" {
		return
	}
	lines := strings.Split(out, "\n")
	if len(lines) > h {
		t.Errorf("%d lines, want at most %d", len(lines), h)
	}
	for i, l := range lines {
		if lw := lipgloss.Width(l); lw > w {
			t.Errorf("line %d is %d cells wide, want at most %d: %q", i, lw, w, l)
		}
	}
}

func TestHeatmapSizes(t *testing.T) {
	tl := modelTimeline(t)
	empty := &data.Timeline{Start: modelAt(12, 0), End: modelAt(13, 0)}
	zero := &data.Timeline{Start: modelAt(12, 0), End: modelAt(12, 0), Series: tl.Series}
	for _, st := range []theme.Styles{theme.New(theme.Ascii(), theme.DefaultPalette()), theme.Plain()} {
		for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
			for _, w := range []int{0, 1, 2, 9, 39, 40, 41, 79, 80, 99, 100, 120, 200} {
				for _, h := range []int{0, 1, 2, 3, 4, 10, 24, 40} {
					for _, at := range []time.Time{modelAt(11, 0), modelAt(14, 20)} {
						for _, x := range []*data.Timeline{tl, empty, zero, nil} {
							checkModelView(t, renderHeatmap(x, at, w, h, lang, st), w, h)
						}
					}
				}
			}
		}
	}
}

// rowsOf returns the heatmap's instance rows by name.
func rowsOf(out string) map[string]string {
	rows := map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		for i, x := range f {
			if strings.Count(x, "-") == 1 && (strings.HasPrefix(x, "2-") || strings.HasPrefix(x, "3-")) && i <= 1 {
				rows[x] = l
			}
		}
	}
	return rows
}

func TestHeatmapMarks(t *testing.T) {
	tl := modelTimeline(t)
	st := theme.Plain()
	early := rowsOf(renderHeatmap(tl, modelAt(12, 47).Add(30*time.Second), 120, 40, data.EN, st))
	late := rowsOf(renderHeatmap(tl, modelAt(14, 30), 120, 40, data.EN, st))
	if len(early) != 30 || len(late) != 30 {
		t.Fatalf("%d and %d rows, want 30", len(early), len(late))
	}
	// At 120 columns: gutter 2, names 4, space 1, then 106 cells of time.
	left, cols := 7, 120-7-7
	online := left + int(float64(modelAt(14, 15).Sub(tl.Start))/float64(tl.Duration())*float64(cols))
	for name, row := range early {
		out := strings.HasPrefix(row, heatOutMark+" ")
		switch {
		case strings.HasPrefix(name, "3-"):
			r := []rune(row)
			if strings.TrimSpace(string(r[left:online])) != "" || out || !strings.Contains(string(r[online:]), heatGlyphs[0]) {
				t.Errorf("%s: want blank before 14:15 (column %d), cells after: %q", name, online, row)
			}
		case (name == "2-1" || name == "2-8") && out:
			t.Errorf("%s marked out of the ring at 12:47:30 (2-8 caught up at 12:15, 2-1's supervisor just restarted)", name)
		case name != "2-1" && name != "2-8" && !out:
			t.Errorf("%s not marked out of the ring at 12:47:30: %q", name, row)
		}
	}
	for name, row := range late {
		if strings.HasPrefix(row, heatOutMark+" ") {
			t.Errorf("%s out of the ring at 14:30", name)
		}
		if !strings.Contains(row, heatGlyphs[0]) {
			t.Errorf("%s has no cells: %q", name, row)
		}
	}
	if !strings.Contains(late["2-12"], heatGlyphs[4]) {
		t.Errorf("2-12 never reaches the top level: %q", late["2-12"])
	}
	out := renderHeatmap(tl, modelAt(13, 5), 80, 24, data.EN, st)
	lines := strings.Split(out, "\n")
	if marker := lines[2]; strings.Count(marker, heatCursorMark) != 1 {
		t.Errorf("marker row %q, want one %s", marker, heatCursorMark)
	}
	if !strings.Contains(out, "+") || !strings.Contains(lines[len(lines)-1], heatOutMark) {
		t.Errorf("at 80×24 the hidden rows or the legend are missing:\n%s", out)
	}
}

func TestHeatLevel(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want int
	}{{0, 0}, {999, 0}, {1000, 1}, {9999, 1}, {1e4, 2}, {1e5, 3}, {999999, 3}, {1e6, 4}, {5e7, 4}} {
		if got := heatLevel(tc.v); got != tc.want {
			t.Errorf("heatLevel(%g) = %d, want %d", tc.v, got, tc.want)
		}
	}
}

func TestHeatmapHypothetical(t *testing.T) {
	tl := modelTimeline(t)
	hyp, err := runWhatIf(t, tl, map[string]string{"partitions": "32"})
	if err != nil {
		t.Fatal(err)
	}
	out := renderHeatmap(hyp, modelAt(13, 0), 120, 40, data.KO, theme.Plain())
	if first := strings.Split(out, "\n")[0]; !strings.Contains(first, "가정") {
		t.Errorf("hypothetical heatmap not labelled: %q", first)
	}
	for name, row := range rowsOf(out) {
		if strings.ContainsAny(row, "▓█") {
			t.Errorf("32 partitions: %s still queues past 100k: %q", name, row)
		}
	}
}

// TestHeatmapGrid checks the grid built once and rendered at each moment
// against the heatmap drawn whole, byte for byte: at every size, language and
// style, at moments across the timeline and off its ends, for the real
// timeline, a what-if run, one with points out of time order, and the
// degenerate ones.
func TestHeatmapGrid(t *testing.T) {
	tl := modelTimeline(t)
	hyp, err := runWhatIf(t, tl, map[string]string{"partitions": "32"})
	if err != nil {
		t.Fatal(err)
	}
	shuffled := *tl
	shuffled.Series = slices.Clone(tl.Series)
	for i, s := range shuffled.Series {
		if s.Group != "" && len(s.Points) > 10 {
			pts := slices.Clone(s.Points)
			pts[3], pts[len(pts)/2] = pts[len(pts)/2], pts[3]
			shuffled.Series[i].Points = pts
		}
	}
	empty := &data.Timeline{Start: modelAt(12, 0), End: modelAt(13, 0)}
	zero := &data.Timeline{Start: modelAt(12, 0), End: modelAt(12, 0), Series: tl.Series}
	var moments []time.Time
	for at := tl.Start.Add(-time.Minute); !at.After(tl.End.Add(time.Minute)); at = at.Add(23*time.Minute + 13*time.Second) {
		moments = append(moments, at)
	}
	moments = append(moments, tl.Start, tl.End, modelAt(12, 44), modelAt(14, 15), modelAt(14, 20))
	timelines := []struct {
		name string
		tl   *data.Timeline
	}{{"model", tl}, {"hypothetical", hyp}, {"unordered", &shuffled}, {"empty", empty}, {"zero", zero}, {"nil", nil}}
	looks := []struct {
		st   theme.Styles
		lang data.Lang
	}{{theme.New(theme.Ascii(), theme.DefaultPalette()), data.EN}, {theme.New(theme.Ascii(), theme.DefaultPalette()), data.KO}, {theme.Plain(), data.Both}}
	sizes := []struct{ w, h int }{{120, 40}, {80, 24}, {48, 10}, {47, 5}, {200, 3}, {9, 4}, {5, 10}, {6, 8}, {40, 2}, {1, 1}, {0, 5}, {120, 0}}
	for _, x := range timelines {
		for li, look := range looks {
			for _, sz := range sizes {
				g := newHeatGrid(x.tl, sz.w, sz.h, look.lang, look.st)
				for _, at := range moments {
					want := referenceHeatmap(x.tl, at, sz.w, sz.h, look.lang, look.st)
					if got := g.render(at); got != want {
						t.Fatalf("%s, look %d, %d×%d at %s:\ngot\n%s\nwant\n%s",
							x.name, li, sz.w, sz.h, at.Format("15:04:05"), got, want)
					}
				}
			}
		}
	}
}

// TestHeatmapGridKept checks that the Model builds the grid once per
// timeline, size and language, and that what it shows at each moment is the
// heatmap drawn whole.
func TestHeatmapGridKept(t *testing.T) {
	tl := modelTimeline(t)
	m := New(tl, data.EN, styles())
	if m.grid != nil {
		t.Fatal("grid built before the heatmap has a size")
	}
	m.SetSize(120, 22)
	g := m.grid
	for i := range 5 {
		at := modelAt(12, 40).Add(time.Duration(i) * time.Minute)
		m, _ = m.Update(MomentMsg{At: at})
		if m.grid != g {
			t.Fatalf("moment %d rebuilt the grid", i)
		}
		if want := Render(tl, at, 120, 22, data.EN, styles()); m.View() != want {
			t.Fatalf("moment %d at %s: heatmap differs from the one drawn whole", i, at.Format("15:04"))
		}
	}
	m.SetLang(data.KO)
	if m.grid == g || m.grid.lang != data.KO {
		t.Error("the grid was not rebuilt for Korean")
	}
	g = m.grid
	m.SetSize(80, 10)
	if m.grid == g || m.grid.width != 80 {
		t.Error("the grid was not rebuilt for 80×10")
	}
	if want := Render(tl, m.at, 80, 10, data.KO, styles()); m.View() != want {
		t.Error("after resizing, the heatmap differs from the one drawn whole")
	}
}

// styles are the colour styles the goldens use.
func styles() theme.Styles { return theme.New(theme.Ascii(), theme.DefaultPalette()) }

// refOutAt reports whether the row's instance is out of the ring at t.
func refOutAt(r heatRow, t time.Time) bool {
	out := false
	for _, p := range r.ring {
		if p.T.After(t) {
			break
		}
		out = p.V < 0.5
	}
	return out
}

// refValueAt returns the row's mailbox at t (its last point not after t).
func refValueAt(r heatRow, t time.Time) float64 {
	v := 0.0
	for _, p := range r.mailbox {
		if p.T.After(t) {
			break
		}
		v = p.V
	}
	return v
}

// refOnline reports whether the row's instance exists at t.
func refOnline(r heatRow, t time.Time) bool {
	return len(r.mailbox) > 0 && !r.mailbox[0].T.After(t)
}

// referenceHeatmap is the heatmap drawn whole at each call, as it was before
// the replayer kept its grid (heatGrid): renderHeatmap must give the same
// bytes for the same inputs.
func referenceHeatmap(tl *data.Timeline, at time.Time, width, height int, lang data.Lang, st theme.Styles) string {
	if width <= 0 || height <= 0 {
		return ""
	}
	ms := st.Model
	fit := func(lines []string) string {
		if len(lines) > height {
			lines = lines[:height]
		}
		for i, l := range lines {
			lines[i] = layout.Truncate(l, width)
		}
		return strings.Join(lines, "\n")
	}
	if tl == nil {
		return fit([]string{heatWords.none.In(lang)})
	}
	rows, hyp := heatRows(tl)
	if len(rows) == 0 || !tl.End.After(tl.Start) {
		return fit([]string{ms.Faint.Render(heatWords.none.In(lang))})
	}
	loc := tl.Location()
	at = at.In(loc)

	labelW := 0
	for _, r := range rows {
		labelW = max(labelW, lipgloss.Width(r.name))
	}
	left := 2 + labelW + 1 // gutter mark, space, name, space
	// Wide enough, each row ends with its mailbox at the cursor.
	valueW := heatValueW
	right := 0
	if width-left >= 40 {
		right = valueW
	}
	cols := max(0, width-left-right)

	// Title: what it is, that it is modelled (or hypothetical), the moment.
	title := ms.Title.Render(heatWords.title.In(lang))
	if lang == data.Both {
		title = ms.Title.Render(heatWords.title.EN + " / " + heatWords.title.KO)
	}
	tag := "modelled"
	if lang == data.KO {
		tag = "모델 계산"
	}
	if hyp {
		title += " " + ms.Hypothetical.Render("· "+heatWords.hypothetical.In(lang)+scenarioSuffix(tl))
	} else {
		title += " " + ms.Faint.Render("· "+tag)
	}
	title += " " + ms.Faint.Render("· "+at.Format("15:04")+" "+loc.String())

	cursor := -1
	if cols > 0 && !at.Before(tl.Start) && !at.After(tl.End) {
		cursor = min(cols-1, int(float64(at.Sub(tl.Start))/float64(tl.Duration())*float64(cols)))
	}
	axis := strings.Repeat(" ", left) + heatAxis(tl.Start.In(loc), tl.End.In(loc), cols)
	marker := strings.Repeat(" ", left+max(0, cursor))
	if cursor >= 0 {
		marker += ms.Cursor.UnsetReverse().Bold(true).Render(heatCursorMark)
	}

	legend := heatLegend(ms, lang)
	head := []string{title, axis, marker}
	// Rows get what the title, axis, marker and legend leave.
	room := height - len(head) - 1
	shown := rows
	more := 0
	if room < len(rows) {
		keep := max(0, room-1) // one line says how many are hidden
		shown, more = rows[:min(keep, len(rows))], len(rows)-min(keep, len(rows))
	}

	lines := head
	for _, r := range shown {
		cells := heatCells(r, tl.Start, tl.End, cols)
		var b strings.Builder
		switch {
		case !refOnline(r, at):
			b.WriteString("  ")
		case refOutAt(r, at):
			b.WriteString(ms.OutOfRing.Render(heatOutMark) + " ")
		default:
			b.WriteString("  ")
		}
		b.WriteString(ms.Label.Render(layout.Fit(r.name, labelW)) + " ")
		for i, c := range cells {
			g := " "
			style := st.Base
			if c.exists {
				lv := heatLevel(c.v)
				g, style = heatGlyphs[lv], ms.Heat[lv]
				if c.out {
					style = style.Inherit(ms.OutOfRing.UnsetBold())
				}
			}
			if i == cursor {
				style = style.Inherit(ms.Cursor)
			}
			b.WriteString(style.Render(g))
		}
		if right > 0 && refOnline(r, at) {
			v := refValueAt(r, at)
			b.WriteString(ms.Heat[heatLevel(v)].Render(fmt.Sprintf("%*s", valueW, i18n.Count(v))))
		}
		lines = append(lines, b.String())
	}
	if more > 0 && room > 0 {
		lines = append(lines, ms.Faint.Render(fmt.Sprintf(heatWords.more.In(lang), more)))
	}
	lines = append(lines, legend)
	return fit(lines)
}

// BenchmarkHeatmapGrid is what a change of size or language (or pressing m
// the first time) costs: building the grid in the 120 × 22 cells the replay
// screen gives it at 120×40.
func BenchmarkHeatmapGrid(b *testing.B) {
	tl := modelTimeline(b)
	st := styles()
	b.ReportAllocs()
	for b.Loop() {
		_ = newHeatGrid(tl, 120, 22, data.EN, st)
	}
}

// TestHeatmapStudy: in study mode at 12:44 the heatmap lists only the 15
// instances online then (not the 3-* added at 14:15, nor a count of them)
// and no time on its axis after the cursor.
func TestHeatmapStudy(t *testing.T) {
	tl := modelTimeline(t)
	for _, sz := range modelSizes {
		m := New(tl, data.EN, theme.Plain())
		m.SetSize(sz.w, sz.h)
		m, _ = m.Update(MomentMsg{At: modelAt(12, 44), Study: true})
		v := m.View()
		if strings.Contains(v, "3-1") || strings.Contains(v, "+15") || strings.Contains(v, "+1") {
			t.Errorf("%dx%d: the study heatmap shows later instances:\n%s", sz.w, sz.h, v)
		}
		for _, later := range []string{"13:00", "14:00", "15:00"} {
			if strings.Contains(v, later) {
				t.Errorf("%dx%d: the axis shows %s:\n%s", sz.w, sz.h, later, v)
			}
		}
		if !strings.Contains(v, "2-1") {
			t.Errorf("%dx%d: no instance 2-1:\n%s", sz.w, sz.h, v)
		}
		m, _ = m.Update(MomentMsg{At: modelAt(12, 44)})
		if v := m.View(); !strings.Contains(v, "3-1") && sz.h >= 40 {
			t.Errorf("%dx%d: outside study mode 3-1 is not listed:\n%s", sz.w, sz.h, v)
		}
	}
}
