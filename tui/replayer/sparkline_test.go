package replayer

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
	"github.com/incidents-dev/incidents/tui/widget"
)

var pdt = time.FixedZone("PDT", -7*3600)

func clock(hhmm string) time.Time {
	t, err := time.ParseInLocation("2006-01-02 15:04", "2026-03-25 "+hhmm, pdt)
	if err != nil {
		panic(err)
	}
	return t
}

// minuteSeries is a series with one point a minute from 12:00.
func minuteSeries(prov data.Provenance, vs ...float64) *data.Series {
	s := &data.Series{
		Name: "mailbox", Unit: "msgs", Provenance: prov,
		Label: data.Text{EN: "Aggregate mailbox", KO: "메일박스 합계"},
	}
	for i, v := range vs {
		s.Points = append(s.Points, data.Point{T: clock("12:00").Add(time.Duration(i) * time.Minute), V: v})
	}
	return s
}

func flat(n int, v float64) []float64 {
	vs := make([]float64, n)
	for i := range vs {
		vs[i] = v
	}
	return vs
}

func TestSparklineWidths(t *testing.T) {
	s := minuteSeries(data.Modelled, 0, 10, 500, 90_000, 1_200_000, 40, 3)
	for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
		for w := 0; w <= 131; w++ {
			lines := renderSparkline(s, clock("12:00"), clock("12:06"), clock("12:03"), w, lang, styles())
			if len(lines) != 3 {
				t.Fatalf("%s width %d: %d lines", lang, w, len(lines))
			}
			for i, l := range lines {
				lw := lipgloss.Width(l)
				if lw > w {
					t.Fatalf("%s width %d: line %d is %d cells: %q", lang, w, i, lw, l)
				}
				if i > 0 && lw != w {
					t.Errorf("%s width %d: line %d is %d cells, want exactly %d: %q", lang, w, i, lw, w, l)
				}
			}
			prov := provName(data.Modelled, lang)
			if w >= lipgloss.Width(prov)+12 && !strings.Contains(lines[0], prov) {
				t.Errorf("%s width %d: head lacks the provenance %q: %q", lang, w, prov, lines[0])
			}
		}
	}
}

func TestSparkHead(t *testing.T) {
	tests := []struct {
		name  string
		lang  data.Lang
		prov  data.Provenance
		width int
		want  string
	}{
		{"wide", data.EN, data.Modelled, 75, "Aggregate mailbox · modelled     now    3 msgs · min 0 msgs · max 1.2M msgs"},
		{"reported gives its last figure and time", data.EN, data.Reported, 90,
			"Aggregate mailbox · reported    last reported 3 msgs at 12:02 · min 0 msgs · max 1.2M msgs"},
		{"Korean reported", data.KO, data.Reported, 80, "메일박스 합계 · 보고된 값               12:02 보고 3개 · 최소 0개 · 최대 120만개"},
		{"min and max give way first", data.EN, data.Modelled, 45, "Aggregate mailbox · modelled    now    3 msgs"},
		{"then the label is cut", data.EN, data.Modelled, 36, "Aggregate… · modelled  now    3 msgs"},
		{"the provenance stays", data.EN, data.Illustrative, 22, "Aggreg… · illustrative"},
		{"Korean", data.KO, data.Modelled, 70, "메일박스 합계 · 모델 계산       현재     3개 · 최소 0개 · 최대 120만개"},
		{"Korean cut", data.KO, data.Illustrative, 37, "메일박스 … · 예시 곡선   현재     3개"},
		{"Korean odd width", data.KO, data.Reported, 25, "메일박스 합계 · 보고된 값"},
		{"both", data.Both, data.Modelled, 60, "Aggregate mailbox / … · modelled / 모델 계산   now    3 msgs"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := minuteSeries(tc.prov, 0, 1_200_000, 3)
			lines := renderSparkline(s, clock("12:00"), clock("12:02"), clock("12:02"), tc.width, tc.lang, theme.Plain())
			if got := strings.TrimRight(lines[0], " "); got != tc.want {
				t.Errorf("head\n got %q\nwant %q", got, tc.want)
			}
		})
	}
}

func TestSparklineCursor(t *testing.T) {
	s := minuteSeries(data.Reported, flat(61, 1)...)
	tests := []struct {
		now   string
		width int
		col   int
	}{
		{"12:00", 60, 0},
		{"12:01", 60, 1},
		{"12:30", 60, 30},
		{"12:59", 60, 59},
		{"13:00", 60, 59},
		{"12:30", 7, 3},
		{"12:30", 1, 0},
		{"11:00", 10, 0}, // before the start: at the start
	}
	for _, tc := range tests {
		lines := renderSparkline(s, clock("12:00"), clock("13:00"), clock(tc.now), tc.width, data.EN, theme.Plain())
		axis := []rune(lines[2])
		if len(axis) != tc.width || axis[tc.col] != '▲' || strings.Count(lines[2], "▲") != 1 {
			t.Errorf("%s at width %d: axis %q, want ▲ in column %d", tc.now, tc.width, lines[2], tc.col)
		}
		if got := widget.Column(clock("12:00"), clock("13:00"), clock(tc.now), tc.width); got != tc.col {
			t.Errorf("widget.Column(%s, %d) = %d, want %d", tc.now, tc.width, got, tc.col)
		}
	}
	// The axis keeps the times at its ends unless the marker touches them.
	lines := renderSparkline(s, clock("12:00"), clock("13:00"), clock("12:30"), 40, data.EN, theme.Plain())
	if want := "12:00" + strings.Repeat(" ", 15) + "▲" + strings.Repeat(" ", 14) + "13:00"; lines[2] != want {
		t.Errorf("axis\n got %q\nwant %q", lines[2], want)
	}
	// Without a moment there is no marker and no value at now.
	lines = renderSparkline(s, clock("12:00"), clock("13:00"), time.Time{}, 40, data.EN, theme.Plain())
	if strings.Contains(lines[2], "▲") || strings.Contains(lines[0], "now") {
		t.Errorf("zero moment draws a cursor: %q / %q", lines[0], lines[2])
	}
}

// TestSparklineKeepsExtremes draws a one-minute spike and a one-minute dip
// at every width from 1 to 200: the extreme always shows. (Columns next to
// it may show interpolated in-between levels when the width exceeds the
// number of points.)
func TestSparklineKeepsExtremes(t *testing.T) {
	up := flat(181, 0)
	up[97] = 1_000_000
	down := flat(181, 100)
	down[41] = 0
	tests := []struct {
		name   string
		vs     []float64
		glyph  string
		others string
	}{
		{"a one-minute spike", up, "█", "▁"},
		{"a one-minute dip", down, "▁", "█"},
	}
	for _, tc := range tests {
		// Modelled: columns between points are filled, as extremes need.
		s := minuteSeries(data.Modelled, tc.vs...)
		for w := 1; w <= 200; w++ {
			line := renderSparkline(s, clock("12:00"), clock("15:00"), time.Time{}, w, data.EN, theme.Plain())[1]
			if strings.Count(line, tc.glyph) != 1 || strings.Count(line, tc.others) < w-2 {
				t.Fatalf("%s at width %d: %q", tc.name, w, line)
			}
		}
	}
}

func TestSparklineLevels(t *testing.T) {
	s := minuteSeries(data.Reported, 0, 1, 2, 3, 4, 5, 6, 7)
	got := renderSparkline(s, clock("12:00"), clock("12:08"), time.Time{}, 8, data.EN, theme.Plain())[1]
	if got != "▁▂▃▄▅▆▇█" {
		t.Errorf("levels %q, want ▁▂▃▄▅▆▇█", got)
	}
	// Columns outside the series are blank, not drawn as a value; a flat
	// count is drawn against zero, so at the top.
	short := minuteSeries(data.Reported, 5, 5)
	got = renderSparkline(short, clock("12:00"), clock("12:08"), time.Time{}, 8, data.EN, theme.Plain())[1]
	if got != "██      " {
		t.Errorf("short series %q, want two full blocks then blanks", got)
	}
}

// TestSparklineFromZero: percentages are drawn on 0-100 and counts from
// zero, so a flat 100% is full, a dip to 30% is not an empty row, and a
// relative index keeps its own extent.
func TestSparklineFromZero(t *testing.T) {
	for _, tc := range []struct {
		unit string
		vs   []float64
		want string
	}{
		{"%", []float64{100, 100, 100, 100}, "████"},
		{"%", []float64{100, 30, 30, 100}, "█▃▃█"},
		{"msgs", []float64{50, 100, 100, 50}, "▅██▅"},
		{"relative", []float64{50, 100, 100, 50}, "▁██▁"},
	} {
		s := minuteSeries(data.Reported, tc.vs...)
		s.Unit = tc.unit
		got := renderSparkline(s, clock("12:00"), clock("12:04"), time.Time{}, 4, data.EN, theme.Plain())[1]
		if got != tc.want {
			t.Errorf("%s %v: %q, want %q", tc.unit, tc.vs, got, tc.want)
		}
	}
}

func TestFormatValue(t *testing.T) {
	tests := []struct {
		v    float64
		unit string
		want string
	}{
		{0, "msgs", "0 msgs"},
		{3.14159, "", "3.14"},
		{42.26, "%", "42.3%"},
		{100, "%", "100%"},
		{999, "ms", "999 ms"},
		{1500, "", "1.5k"},
		{12_345, "", "12.3k"},
		{1_260_000, "msgs", "1.3M msgs"},
		{1_000_000, "", "1M"},
		{2.5e9, "", "2.5G"},
		{-0.5, "", "-0.5"},
		{1, "instances", "1 instance"},
		{2, "instances", "2 instances"},
		{1, "ms", "1 ms"},
		{1, "%s개", "1개"},
		{62, "% of normal", "62% of normal"},
		{1, "partitions", "1 partition"},
		{1, "min", "1 min"},
	}
	for _, tc := range tests {
		if got := formatValue(tc.v, tc.unit); got != tc.want {
			t.Errorf("formatValue(%v, %q) = %q, want %q", tc.v, tc.unit, got, tc.want)
		}
	}
}

func TestUnitName(t *testing.T) {
	tests := []struct {
		unit string
		lang data.Lang
		want string
	}{
		{"messages", data.KO, "%s개"},
		{"instances", data.KO, "%s개"},
		{"messages", data.EN, "messages"},
		{"messages", data.Both, "messages"},
		{"%", data.KO, "%"},
		{"furlongs", data.KO, "furlongs"}, // unknown units show as written
	}
	for _, tc := range tests {
		if got := unitName(tc.unit, tc.lang); got != tc.want {
			t.Errorf("unitName(%q, %v) = %q, want %q", tc.unit, tc.lang, got, tc.want)
		}
	}
	s := minuteSeries(data.Modelled, 0, 1_200_000, 3)
	s.Unit = "messages"
	head := renderSparkline(s, clock("12:00"), clock("12:02"), clock("12:02"), 70, data.KO, theme.Plain())[0]
	if !strings.Contains(head, "최대 120만개") {
		t.Errorf("Korean head %q does not show the number and unit in Korean", head)
	}
}

// TestSparklineReportedIsNotInterpolated: a reported series is drawn only in
// the columns that hold its figures; between them the chart stays blank, and
// before its first figure the head gives none.
func TestSparklineReportedIsNotInterpolated(t *testing.T) {
	s := &data.Series{Name: "erroring", Unit: "%", Provenance: data.Reported,
		Points: []data.Point{{T: clock("12:10"), V: 85}, {T: clock("13:00"), V: 5}}}
	lines := renderSparkline(s, clock("12:00"), clock("14:00"), clock("12:30"), 60, data.EN, theme.Plain())
	if n := 60 - strings.Count(lines[1], " "); n != 2 {
		t.Errorf("drew %d columns, want the 2 that hold figures: %q", n, lines[1])
	}
	if !strings.Contains(lines[0], "last reported 85% at 12:10") {
		t.Errorf("head %q lacks the last reported figure", lines[0])
	}
	s.Provenance = data.Illustrative
	if line := renderSparkline(s, clock("12:00"), clock("14:00"), time.Time{}, 60, data.EN, theme.Plain())[1]; strings.Count(line, " ") > 60-25 {
		t.Errorf("an illustrative shape is not joined between its points: %q", line)
	}
	s.Provenance = data.Reported
	if head := renderSparkline(s, clock("12:00"), clock("14:00"), clock("12:05"), 60, data.EN, theme.Plain())[0]; strings.Contains(head, "last reported") || strings.Contains(head, "now") {
		t.Errorf("before the first figure the head should give none: %q", head)
	}
}

// TestSparkHeadUnits writes the minimum with its unit, as the maximum:
// "min 0 msgs · max 1.1M msgs".
func TestSparkHeadUnits(t *testing.T) {
	s := &data.Series{Name: "m", Unit: "msgs", Label: data.Text{EN: "Mailbox"}, Provenance: data.Modelled,
		Points: []data.Point{{T: time.Unix(0, 0), V: 0}, {T: time.Unix(60, 0), V: 1_100_000}}}
	h := newSparkHead(s, data.EN, newPainters(styles()), false)
	got := ansi.Strip(h.render(100, 1, true, data.EN, newPainters(styles())))
	if !strings.Contains(got, "now     1 msg · min 0 msgs · max 1.1M msgs") {
		t.Errorf("head %q", got)
	}
}
