package widget

import (
	"fmt"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
)

var t0 = time.Date(2026, 3, 25, 12, 0, 0, 0, time.UTC)

func TestColumn(t *testing.T) {
	tests := []struct {
		name     string
		now      time.Duration
		width    int
		want     int
		startCol time.Duration
	}{
		{"start", 0, 60, 0, 0},
		{"middle", 30 * time.Minute, 60, 30, 30 * time.Minute},
		{"end is the last column", time.Hour, 60, 59, 59 * time.Minute},
		{"no width", 10 * time.Minute, 0, -1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Column(t0, t0.Add(time.Hour), t0.Add(tc.now), tc.width)
			if got != tc.want {
				t.Fatalf("Column = %d, want %d", got, tc.want)
			}
			if s := ColumnStart(t0, t0.Add(time.Hour), got, tc.width); !s.Equal(t0.Add(tc.startCol)) {
				t.Fatalf("ColumnStart(%d) = %v, want %v", got, s, t0.Add(tc.startCol))
			}
		})
	}
}

func TestSparkLine(t *testing.T) {
	s := &data.Series{Provenance: data.Modelled}
	for i := range 11 {
		s.Points = append(s.Points, data.Point{T: t0.Add(time.Duration(i) * 6 * time.Minute), V: float64(i)})
	}
	lo, hi := Scale(s, nil)
	sp := NewSpark(s, t0, t0.Add(time.Hour), 10, lo, hi)
	plain := Painter{}
	if got := sp.Line(-1, "", false, plain, plain); got != "▁▂▂▃▄▅▅▆▇█" {
		t.Fatalf("line %q", got)
	}
	if got := sp.Line(3, "X", false, plain, plain); got != "▁▂▂X▄▅▅▆▇█" {
		t.Fatalf("with the cursor %q", got)
	}
	if got := sp.Line(3, "X", true, plain, plain); got != "▁▂▂X      " {
		t.Fatalf("blank right of the cursor %q", got)
	}
	sp2 := NewSpark2(s, t0, t0.Add(time.Hour), 10, lo, hi)
	r := sp2.Rows(9, 15, false, plain, plain)
	if lipgloss.Width(r[0]) != 10 || lipgloss.Width(r[1]) != 10 || r[1][len(r[1])-3:] != "█" {
		t.Fatalf("two rows %q", r)
	}
}

func TestCells2(t *testing.T) {
	for l := range 16 {
		top, bottom := Cells2(l)
		if l < 8 && (top != " " || bottom != Blocks[l]) || l >= 8 && (bottom != "█" || top != Blocks[l-8]) {
			t.Errorf("level %d: %q over %q", l, top, bottom)
		}
	}
}

func TestWindow(t *testing.T) {
	tests := []struct{ cur, n, total, want int }{
		{0, 10, 30, 0}, {12, 9, 30, 9}, {29, 10, 30, 20}, {5, 10, 4, 0},
	}
	for _, tc := range tests {
		if got := Window(tc.cur, tc.n, tc.total); got != tc.want {
			t.Errorf("Window(%d, %d, %d) = %d, want %d", tc.cur, tc.n, tc.total, got, tc.want)
		}
	}
}

func TestPainterPlain(t *testing.T) {
	p := NewPainter(lipgloss.NewStyle().Bold(true), true)
	if got := p.Paint("x"); got != "x" {
		t.Errorf("plain painter wrote %q", got)
	}
}

func TestAxisRow(t *testing.T) {
	plain := Painter{}
	if got := AxisRow(20, 10, "12:00", "13:00", plain, plain); got != "12:00     ▲    13:00" {
		t.Errorf("axis %q", got)
	}
	if got := AxisRow(20, 2, "12:00", "13:00", plain, plain); got != "  ▲            13:00" {
		t.Errorf("axis with the marker on the start label %q", got)
	}
}

func TestEventList(t *testing.T) {
	rows := make([][3]string, 6)
	for i := range rows {
		for s, tag := range []string{"past", "cur", "fut"} {
			rows[i][s] = fmt.Sprintf("%d %s", i, tag)
		}
	}
	got := EventList(rows, 2, 3, 10, "hidden")
	want := []string{"0 past", "1 past", "2 cur", "hidden"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("limited list %q, want %q", got, want)
	}
	got = EventList(rows, 5, 6, 3, "hidden")
	if fmt.Sprint(got) != fmt.Sprint([]string{"3 past", "4 past", "5 cur"}) {
		t.Errorf("scrolled list %q", got)
	}
}

func TestStageBar(t *testing.T) {
	segs := []Segment{{0, 0, 10}, {1, 10, 20}, {2, 20, 30}}
	titles := []string{"Deploy", "Cascade", "Recovery"}
	bar := StageBar(segs, titles, 1, func(s int) bool { return s < 2 }, StagePainters{})
	if want := "1 Deploy │[2 Casc…]│          "; bar != want {
		t.Errorf("bar %q, want %q", bar, want)
	}
	if lipgloss.Width(bar) != 30 {
		t.Errorf("bar is %d cells, want 30", lipgloss.Width(bar))
	}
}

// TestLevelBaseline checks that only the baseline itself draws the lowest
// block: one instance of thirty, or 3 % against zero, draws the second.
func TestLevelBaseline(t *testing.T) {
	for _, tc := range []struct {
		v, lo, hi float64
		want      int
	}{
		{0, 0, 30, 0}, {1, 0, 30, 1}, {0.03, 0, 1, 1}, {0.12, 0, 1, 1},
		{0.5, 0, 1, 4}, {1, 0, 1, 7}, {5, 5, 5, 0}, {-1, 0, 1, 0},
	} {
		if got := Level(tc.v, tc.lo, tc.hi); got != tc.want {
			t.Errorf("Level(%g, %g, %g) = %d, want %d", tc.v, tc.lo, tc.hi, got, tc.want)
		}
	}
}

// TestLevel16Baseline is TestLevelBaseline for two-row sparklines.
func TestLevel16Baseline(t *testing.T) {
	for _, tc := range []struct {
		v, lo, hi float64
		want      int
	}{{0, 0, 30, 0}, {1, 0, 30, 1}, {0.03, 0, 1, 1}, {0.5, 0, 1, 7}, {1, 0, 1, 15}, {2, 2, 2, 0}} {
		if got := Level16(tc.v, tc.lo, tc.hi); got != tc.want {
			t.Errorf("Level16(%g, %g, %g) = %d, want %d", tc.v, tc.lo, tc.hi, got, tc.want)
		}
	}
}
