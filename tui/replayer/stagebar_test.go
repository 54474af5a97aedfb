package replayer

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/widget"
)

// TestStageBarNamesTheCurrentStageFirst jumps to each stage of the fixture
// at 80 and 120 columns, in English and Korean: the current stage's whole
// title shows in the bar (the others give way), and the bar keeps its
// width.
func TestStageBarNamesTheCurrentStageFirst(t *testing.T) {
	rec, tl := fixture(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		for _, w := range []int{80, 120} {
			for s := range tl.Stages {
				m := New(rec, tl, Options{Lang: lang, Styles: styles()})
				m.SetSize(w, 24)
				m, _ = press(m, runes(string(rune('1'+s))))
				bar := ansi.Strip(m.stageBarAt(m.frame()))
				title := pick(tl.Stages[s].Title, lang, " / ")
				if !strings.Contains(bar, "["+widget.StageLabel(s, title, 1000)) {
					t.Errorf("%s %d stage %d: %q does not name %q", lang, w, s+1, bar, title)
				}
				if got := ansi.StringWidth(bar); got != w {
					t.Errorf("%s %d stage %d: bar is %d cells", lang, w, s+1, got)
				}
			}
		}
	}
}

// TestGrowCurrent leaves every other stage at least stageMinW cells and
// the segments their total width, in order.
func TestGrowCurrent(t *testing.T) {
	segs := []widget.Segment{{Stage: 0, From: 0, To: 4}, {Stage: 1, From: 4, To: 7}, {Stage: 2, From: 7, To: 30}}
	got := growCurrent(segs, 0, 40)
	if got[0].From != 0 || got[2].To != 30 || got[1].To-got[1].From != 3 || got[2].To-got[2].From != stageMinW {
		t.Errorf("grown: %v", got)
	}
	for i := 1; i < len(got); i++ {
		if got[i].From != got[i-1].To {
			t.Errorf("segments apart: %v", got)
		}
	}
	if segs[0].To != 4 {
		t.Error("growCurrent changed its argument")
	}
}
