package whatif

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

var wiSens = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("g")}

// sensResult opens the sensitivity page of a panel on tl and runs the
// command it starts, as the program would in the background.
func sensResult(t *testing.T, tl *data.Timeline) SensitivityMsg {
	t.Helper()
	w := New(tl, data.EN, theme.Plain())
	w, cmd := w.Update(wiSens)
	if cmd == nil || !w.sens.shown || !w.sens.running {
		t.Fatalf("g: cmd %v, state %+v, want the runs started", cmd != nil, w.sens)
	}
	msg, ok := cmd().(SensitivityMsg)
	if !ok || msg.err != nil {
		t.Fatalf("the runs sent %#v", msg)
	}
	return msg
}

// TestSensitivity is the sensitivity page of IL-0499's model, in English
// and Korean: each judgement ±20%, sorted by effect, with the threshold the
// sweep finds and the model's reason for it.
func TestSensitivity(t *testing.T) {
	if testing.Short() {
		t.Skip("about 60 runs of the model")
	}
	tl := modelTimeline(t)
	msg := sensResult(t, tl)
	if len(msg.sens.Effects) < 20 {
		t.Fatalf("%d effects, want every numeric judgement", len(msg.sens.Effects))
	}
	for _, lang := range []data.Lang{data.EN, data.KO} {
		w := New(tl, lang, theme.New(theme.Ascii(), theme.DefaultPalette()))
		w, _ = w.Update(wiSens)
		w, _ = w.Update(msg)
		for _, sz := range modelSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", lang, sz.w, sz.h), func(t *testing.T) {
				out := sized(w, sz.w, sz.h)
				checkModelView(t, out, sz.w, sz.h)
				golden.RequireEqual(t, []byte(out))
			})
		}
	}
	// The first rows are the largest effects, and the page names a
	// threshold with its reason.
	w := New(tl, data.EN, theme.Plain())
	w, _ = w.Update(wiSens)
	w, _ = w.Update(msg)
	w.SetSize(120, 200)
	out := w.View()
	if !strings.Contains(out, "threshold between") || !strings.Contains(out, "[1] Why:") {
		t.Errorf("no threshold with its reason:\n%s", out)
	}
	first := msg.sens.Effects[0].Name
	if i, j := strings.Index(out, first), strings.Index(out, "restart_step_s"); i < 0 || (j >= 0 && j < i) {
		t.Errorf("%s (largest effect) not listed first:\n%s", first, out)
	}
}

// TestSensitivityInBackground: g returns at once with a command, the page
// says the runs are going, and the keys still work meanwhile; a result for
// another timeline is ignored, and one arriving while the panel is
// blurred is kept.
func TestSensitivityInBackground(t *testing.T) {
	tl := modelTimeline(t)
	w := New(tl, data.EN, theme.Plain())
	start := time.Now()
	w, cmd := w.Update(wiSens)
	if d := time.Since(start); d > 20*time.Millisecond || cmd == nil {
		t.Fatalf("g took %v (cmd %v): the runs must go to the background", d, cmd != nil)
	}
	w.SetSize(80, 24)
	if out := w.View(); !strings.Contains(out, "in the background") {
		t.Errorf("while running:\n%s", out)
	}
	if b := w.KeyBindings(); len(b) != 4 || b[2].Help().Desc != "sensitivity" {
		t.Errorf("page bindings %v", b)
	}
	if _, msg := feed(w, wiEsc); msg != (ClosedMsg{}) {
		t.Errorf("esc while running sent %#v", msg)
	}
	back, cmd2 := w.Update(wiSens)
	if back.sens.shown || cmd2 != nil {
		t.Errorf("g again: shown %v, cmd %v; want the panel back and no second run", back.sens.shown, cmd2 != nil)
	}
	other := *tl
	w, _ = w.Update(SensitivityMsg{tl: &other})
	if w.sens.done {
		t.Error("a result for another timeline was kept")
	}
	w.Blur()
	w, _ = w.Update(SensitivityMsg{tl: tl, err: fmt.Errorf("model: boom")})
	if !w.sens.done || w.sens.running {
		t.Errorf("result while blurred: %+v", w.sens)
	}
	if out := w.View(); !strings.Contains(out, "failed: model: boom") {
		t.Errorf("failed runs:\n%s", out)
	}
	for _, sz := range []struct{ w, h int }{{0, 0}, {1, 1}, {10, 3}, {40, 10}} {
		w.SetSize(sz.w, sz.h)
		checkModelView(t, w.View(), sz.w, sz.h)
	}
}

// TestSensitivityStudy: in study mode the page holds back the runs, whose
// recovery times tell how the incident ended.
func TestSensitivityStudy(t *testing.T) {
	tl := modelTimeline(t)
	w := New(tl, data.EN, theme.Plain()).KnownAt(time.Date(2026, 3, 25, 13, 5, 0, 0, tl.Location()))
	w, _ = w.Update(wiSens)
	w, _ = w.Update(SensitivityMsg{tl: w.tl})
	w.SetSize(100, 30)
	out := w.View()
	if !strings.Contains(out, "study mode") || strings.Contains(out, "14:") {
		t.Errorf("study mode:\n%s", out)
	}
}
