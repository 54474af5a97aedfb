package replayer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/theme"
)

// TestRenderStudy: the worksheet asks every stop with nothing of the stop's
// own events before the divider, and answers each after it.
func TestRenderStudy(t *testing.T) {
	for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
		t.Run(fmt.Sprintf("%s_80", lang), func(t *testing.T) {
			rec, tl := studyFixture(t)
			out := RenderStudy(rec, tl, TextOptions{Lang: lang, Width: 80, Styles: theme.Plain()})
			for i, l := range strings.Split(out, "\n") {
				if lipgloss.Width(l) > 80 {
					t.Errorf("line %d is wider than 80: %q", i+1, l)
				}
			}
			questions, answers, ok := strings.Cut(out, "\n---\n")
			if !ok {
				t.Fatal("no divider")
			}
			stops := replay.Stops(tl)
			blocks := strings.Split(questions, "\n## ")
			for k, st := range stops {
				// Each question, in the section headed "## k · ", shows
				// nothing of its stop's events or later ones.
				var q string
				for _, b := range blocks {
					if strings.HasPrefix(b, fmt.Sprintf("%d · ", k+1)) {
						q = b
					}
				}
				if q == "" {
					t.Fatalf("no question %d", k+1)
				}
				if l := leaks(q, tl, st.First, lang); len(l) > 0 {
					t.Errorf("stop %d: the questions show %v", k+1, l)
				}
				if c := flatText(eventCaption(tl, tl.Events[st.First], lang)); !strings.Contains(flatText(answers), c) {
					t.Errorf("stop %d: no answer %q", k+1, c)
				}
			}
			if n := strings.Count(questions, "\n> "); n != len(stops) {
				t.Errorf("%d questions, want %d", n, len(stops))
			}
			golden.RequireEqual(t, []byte(out))
		})
	}
}

// TestWorksheetTitlePlural writes one decision in the singular.
func TestWorksheetTitlePlural(t *testing.T) {
	for n, want := range map[int]string{1: "Study worksheet: 1 decision", 2: "Study worksheet: 2 decisions", 0: "Study worksheet: 0 decisions"} {
		if got := worksheetTitle(n, data.EN); got != want {
			t.Errorf("%d: %q, want %q", n, got, want)
		}
	}
	if got := worksheetTitle(1, data.KO); got != "학습 문제지: 결정 1개" {
		t.Errorf("ko: %q", got)
	}
}
