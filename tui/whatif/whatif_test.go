package whatif

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

var (
	wiUp    = tea.KeyMsg{Type: tea.KeyUp}
	wiDown  = tea.KeyMsg{Type: tea.KeyDown}
	wiLeft  = tea.KeyMsg{Type: tea.KeyLeft}
	wiRight = tea.KeyMsg{Type: tea.KeyRight}
	wiEnter = tea.KeyMsg{Type: tea.KeyEnter}
	wiEsc   = tea.KeyMsg{Type: tea.KeyEsc}
	wiReset = tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("r")}
)

// feed sends keys to w and returns it with the message of the last command.
func feed(w Model, keys ...tea.KeyMsg) (Model, tea.Msg) {
	var cmd tea.Cmd
	for _, k := range keys {
		w, cmd = w.Update(k)
	}
	if cmd == nil {
		return w, nil
	}
	return w, cmd()
}

func whatIfGoldens(t *testing.T, keys ...tea.KeyMsg) {
	tl := modelTimeline(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		w, _ := feed(New(tl, lang, theme.New(theme.Ascii(), theme.DefaultPalette())), keys...)
		for _, sz := range modelSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", lang, sz.w, sz.h), func(t *testing.T) {
				out := sized(w, sz.w, sz.h)
				checkModelView(t, out, sz.w, sz.h)
				golden.RequireEqual(t, []byte(out))
			})
		}
	}
}

// TestWhatIf is the panel after running 32 partitions: the incident's peak
// beside the hypothetical one.
func TestWhatIf(t *testing.T) {
	whatIfGoldens(t, wiRight, wiRight, wiRight, wiRight, wiRight, wiEnter)
}

// TestWhatIfPending is the panel with the rate limits moved to 12:15 and
// not yet run.
func TestWhatIfPending(t *testing.T) {
	whatIfGoldens(t, wiDown, wiDown, wiDown, wiUp, wiDown, wiLeft, wiLeft, wiLeft, wiLeft, wiLeft, wiLeft)
}

func TestWhatIfKeys(t *testing.T) {
	tl := modelTimeline(t)
	w := New(tl, data.EN, theme.Plain())
	if w.err != nil {
		t.Fatal(w.err)
	}
	w, _ = feed(w, wiUp)
	if w.sel != 0 {
		t.Errorf("↑ at the top moved to %d", w.sel)
	}
	w, _ = feed(w, wiDown, wiDown, wiDown, wiDown, wiDown, wiDown, wiDown, wiDown)
	if w.sel != len(w.params)-1 {
		t.Errorf("↓ past the bottom: %d", w.sel)
	}
	w, _ = feed(w, wiUp, wiUp, wiUp, wiUp, wiUp, wiUp, wiRight)
	if w.values[0] != "2" {
		t.Errorf("→ on partitions gave %q", w.values[0])
	}
	w, msg := feed(w, wiRight, wiRight, wiRight, wiRight, wiEnter)
	applied, ok := msg.(AppliedMsg)
	if !ok || applied.Timeline == nil {
		t.Fatalf("enter sent %#v", msg)
	}
	if w.values[0] != "32" || !w.hypOK || w.hyp.Peak > w.orig.Peak/100 {
		t.Errorf("after 32 partitions: values %v, summary %+v vs %+v", w.values, w.hyp, w.orig)
	}
	for _, s := range applied.Timeline.Series {
		if s.Provenance == data.Modelled && !s.Hypothetical {
			t.Errorf("%s not labelled hypothetical", s.Name)
		}
	}
	if tl.Series[0].Label.EN == applied.Timeline.Series[0].Label.EN {
		t.Error("the panel changed the original timeline")
	}
	// Reset takes the run off the screen too: nothing is hypothetical.
	w, msg = feed(w, wiReset)
	if applied, ok := msg.(AppliedMsg); !ok || applied.Timeline != nil || w.pending() || w.hypOK || w.values[0] != "1" {
		t.Errorf("reset: msg %#v, pending %v, hypOK %v, values %v", msg, w.pending(), w.hypOK, w.values)
	}
	w, msg = feed(w, wiEnter)
	if applied, ok := msg.(AppliedMsg); !ok || applied.Timeline != nil || w.hypOK {
		t.Errorf("enter with the incident's values sent %#v (hypOK %v), want no timeline", msg, w.hypOK)
	}
	if _, msg = feed(w, wiEsc); msg != (ClosedMsg{}) {
		t.Errorf("esc sent %#v", msg)
	}
	if n := len(w.KeyBindings()); n != 8 {
		t.Errorf("%d bindings, want 8", n)
	}
	for _, b := range w.KeyBindings() {
		if b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("binding without help: %+v", b.Help())
		}
	}
	ko := New(tl, data.KO, theme.Plain())
	if desc := ko.KeyBindings()[0].Help().Desc; desc != "적용" {
		t.Errorf("Korean help for enter is %q", desc)
	}
}

func TestWhatIfWithoutModel(t *testing.T) {
	w := New(&data.Timeline{Incident: "IL-0271"}, data.EN, theme.Plain())
	if w.err == nil {
		t.Fatal("no error for a timeline without a model")
	}
	w, msg := feed(w, wiRight, wiEnter)
	if msg != nil {
		t.Errorf("keys did something without a model: %#v", msg)
	}
	if out := sized(w, 80, 24); !strings.Contains(out, "no model") {
		t.Errorf("view does not say there is no model:\n%s", out)
	}
	if _, msg := feed(w, wiEsc); msg != (ClosedMsg{}) {
		t.Errorf("esc sent %#v", msg)
	}
	if b := w.KeyBindings(); len(b) != 1 {
		t.Errorf("%d bindings without a model, want esc only", len(b))
	}
}

func TestWhatIfSizes(t *testing.T) {
	tl := modelTimeline(t)
	for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
		panels := []Model{
			New(tl, lang, theme.New(theme.Ascii(), theme.DefaultPalette())),
			New(nil, lang, theme.Plain()),
		}
		applied, _ := feed(panels[0], wiRight, wiEnter, wiDown, wiDown, wiDown, wiLeft)
		panels = append(panels, applied)
		for _, w := range panels {
			for _, width := range []int{0, 1, 2, 7, 20, 39, 40, 41, 79, 80, 99, 100, 120, 200} {
				for _, h := range []int{0, 1, 2, 3, 5, 8, 12, 24, 40} {
					checkModelView(t, sized(w, width, h), width, h)
				}
			}
		}
	}
}

// TestWhatIfBasisPage: i shows every model parameter with its value, unit
// and basis, in both languages; ↓ scrolls; i again goes back.
func TestWhatIfBasisPage(t *testing.T) {
	tl := modelTimeline(t)
	for _, tc := range []struct {
		lang                  data.Lang
		pm, j, ttl            string
		spawn, backoff, cores string
	}{
		{data.EN, "· postmortem", "· judgement", "ttl_s 60 s · postmortem", "spawn_base_ms 0.6 ms", "retry_backoff 2×", "cores 2 cores"},
		{data.KO, "· 포스트모템", "· 판단", "ttl_s 60초 · 포스트모템", "spawn_base_ms 0.6ms", "retry_backoff 2배", "cores 코어 2개"},
	} {
		w := New(tl, tc.lang, theme.Plain())
		w, _ = feed(w, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("i")})
		all := strings.Join(w.basisLines(120), "\n")
		for _, want := range []string{tc.pm, tc.j, tc.ttl, tc.spawn, tc.backoff, tc.cores} {
			if !strings.Contains(all, want) {
				t.Errorf("%s: basis page lacks %q", tc.lang, want)
			}
		}
		first := sized(w, 120, 40)
		w, _ = feed(w, wiDown, wiDown)
		if sized(w, 120, 40) == first {
			t.Errorf("%s: ↓ did not scroll the basis page", tc.lang)
		}
		for _, l := range strings.Split(sized(w, 80, 24), "\n") {
			if lipgloss.Width(l) > 80 {
				t.Errorf("%s: line wider than 80: %q", tc.lang, l)
			}
		}
		w, _ = feed(w, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("i")})
		if w.basis {
			t.Errorf("%s: i did not go back", tc.lang)
		}
	}
}
