package replayer

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
)

// TestHypotheticalMarkedAndReset applies a what-if run, closes the panel
// with esc, and reopens it to reset: while the run's curves are drawn the
// header says so, also with the panel closed and over a notice; r takes
// the curves and the mark off the screen. Goldens of the closed panel
// with the mark, in English and Korean at 120×40 and 80×24.
func TestHypotheticalMarkedAndReset(t *testing.T) {
	rec, _ := fixture(t)
	tl := modelTimeline(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		mark := strings.TrimSpace(dayWords.hypMark.In(lang))
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			t.Run(fmt.Sprintf("%s_%dx%d", lang, sz[0], sz[1]), func(t *testing.T) {
				m := New(rec, tl, Options{Styles: styles(), Lang: lang})
				m.SetSize(sz[0], sz[1])
				if strings.Contains(header(m), mark) {
					t.Fatalf("marked before any run: %q", header(m))
				}
				m, _ = press(m, runes("w"), wiRight)
				m, ok := pressApply(t, m)
				if !ok {
					t.Fatal("no run applied")
				}
				m = run(t, m, keyEsc)
				if m.whatIf != nil {
					t.Fatal("esc did not close the panel")
				}
				if h := header(m); !strings.HasPrefix(h, mark) {
					t.Errorf("panel closed: the header %q does not start with %q", h, mark)
				}
				golden.RequireEqual(t, []byte(m.View()))
				m = find(m, "zebra") // a notice: still marked
				if h := header(m); !strings.HasPrefix(h, mark) {
					t.Errorf("with a notice: the header %q does not start with %q", h, mark)
				}
				m, _ = press(m, keyEsc, runes("w"))
				m = run(t, m, runes("r"))
				if m.hyp != nil || strings.Contains(header(m), mark) {
					t.Errorf("after r: hypothetical %v, header %q", m.hyp != nil, header(m))
				}
				m = run(t, m, keyEsc)
				if v := ansi.Strip(m.View()); strings.Contains(v, words.hypothetical.In(lang)) {
					t.Errorf("after r the hypothetical curves are still drawn:\n%s", v)
				}
			})
		}
	}
}

// run presses k and delivers the message of the command it returns: the
// panel's messages travel as commands.
func run(t *testing.T, m Model, k tea.KeyMsg) Model {
	t.Helper()
	m, cmd := press(m, k)
	if cmd == nil {
		t.Fatalf("%s sent nothing", k)
	}
	m, _ = m.Update(cmd())
	return m
}
