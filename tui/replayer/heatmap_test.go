package replayer

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/theme"
)

// modelTimeline is IL-0499's bundled timeline with the series its model
// computes (the heatmap and the what-if panel draw nothing else).
func modelTimeline(t testing.TB) *data.Timeline {
	t.Helper()
	raw, err := os.ReadFile("../../data/library/timelines/IL-0499.json")
	if err != nil {
		t.Fatal(err)
	}
	var tl data.Timeline
	if err := json.Unmarshal(raw, &tl); err != nil {
		t.Fatal(err)
	}
	if err := replay.Prepare(&tl); err != nil {
		t.Fatal(err)
	}
	return &tl
}

func modelAt(h, m int) time.Time {
	return time.Date(2026, 3, 25, h, m, 0, 0, time.FixedZone("PDT", -7*3600))
}

var modelSizes = []struct{ w, h int }{{120, 40}, {80, 24}}

func heatGoldens(t *testing.T, at time.Time) {
	tl := modelTimeline(t)
	st := theme.New(theme.DefaultPalette())
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

// TestHeatmap is the doubled cluster at 14:20: 30 rows, 2-7 still backed up.
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
	for _, st := range []theme.Styles{theme.New(theme.DefaultPalette()), theme.Plain()} {
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
	early := rowsOf(renderHeatmap(tl, modelAt(12, 44), 120, 40, data.EN, st))
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
		case name == "2-13" && out:
			t.Errorf("2-13 marked out of the ring just after its restart")
		case name != "2-13" && !out:
			t.Errorf("%s not marked out of the ring at 12:44: %q", name, row)
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
	if !strings.Contains(late["2-1"], heatGlyphs[4]) {
		t.Errorf("2-1 never reaches the top level: %q", late["2-1"])
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
	hyp, err := replay.WhatIf(tl, map[string]string{"partitions": "32"})
	if err != nil {
		t.Fatal(err)
	}
	out := renderHeatmap(hyp, modelAt(13, 0), 120, 40, data.KO, theme.Plain())
	if first := strings.Split(out, "\n")[0]; !strings.Contains(first, "가정") {
		t.Errorf("hypothetical heatmap not labelled: %q", first)
	}
	for name, row := range rowsOf(out) {
		if strings.ContainsAny(row, "░▒▓█") {
			t.Errorf("32 partitions: %s still queues: %q", name, row)
		}
	}
}
