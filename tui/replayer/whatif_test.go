package replayer

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
func feed(w whatIf, keys ...tea.KeyMsg) (whatIf, tea.Msg) {
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
		w, _ := feed(newWhatIf(tl, lang, theme.New(theme.Ascii(), theme.DefaultPalette())), keys...)
		for _, sz := range modelSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", lang, sz.w, sz.h), func(t *testing.T) {
				out := w.View(sz.w, sz.h)
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
	w := newWhatIf(tl, data.EN, theme.Plain())
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
	applied, ok := msg.(whatIfAppliedMsg)
	if !ok || applied.Timeline == nil {
		t.Fatalf("enter sent %#v", msg)
	}
	if w.values[0] != "32" || !w.hypOK || w.hyp.PeakMailbox > w.orig.PeakMailbox/100 {
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
	w, msg = feed(w, wiReset)
	if msg != nil || !w.pending() || w.values[0] != "1" {
		t.Errorf("reset: msg %v, pending %v, values %v", msg, w.pending(), w.values)
	}
	w, msg = feed(w, wiEnter)
	if applied, ok := msg.(whatIfAppliedMsg); !ok || applied.Timeline != nil || w.hypOK {
		t.Errorf("enter with the incident's values sent %#v (hypOK %v), want no timeline", msg, w.hypOK)
	}
	if _, msg = feed(w, wiEsc); msg != (whatIfClosedMsg{}) {
		t.Errorf("esc sent %#v", msg)
	}
	if n := len(w.KeyBindings()); n != 7 {
		t.Errorf("%d bindings, want 7", n)
	}
	for _, b := range w.KeyBindings() {
		if b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("binding without help: %+v", b.Help())
		}
	}
	ko := newWhatIf(tl, data.KO, theme.Plain())
	if desc := ko.KeyBindings()[0].Help().Desc; desc != "적용" {
		t.Errorf("Korean help for enter is %q", desc)
	}
}

func TestWhatIfWithoutModel(t *testing.T) {
	w := newWhatIf(&data.Timeline{Incident: "IL-0271"}, data.EN, theme.Plain())
	if w.err == nil {
		t.Fatal("no error for a timeline without a model")
	}
	w, msg := feed(w, wiRight, wiEnter)
	if msg != nil {
		t.Errorf("keys did something without a model: %#v", msg)
	}
	if out := w.View(80, 24); !strings.Contains(out, "no model") {
		t.Errorf("view does not say there is no model:\n%s", out)
	}
	if _, msg := feed(w, wiEsc); msg != (whatIfClosedMsg{}) {
		t.Errorf("esc sent %#v", msg)
	}
	if b := w.KeyBindings(); len(b) != 1 {
		t.Errorf("%d bindings without a model, want esc only", len(b))
	}
}

func TestWhatIfSizes(t *testing.T) {
	tl := modelTimeline(t)
	for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
		panels := []whatIf{
			newWhatIf(tl, lang, theme.New(theme.Ascii(), theme.DefaultPalette())),
			newWhatIf(nil, lang, theme.Plain()),
		}
		applied, _ := feed(panels[0], wiRight, wiEnter, wiDown, wiDown, wiDown, wiLeft)
		panels = append(panels, applied)
		for _, w := range panels {
			for _, width := range []int{0, 1, 2, 7, 20, 39, 40, 41, 79, 80, 99, 100, 120, 200} {
				for _, h := range []int{0, 1, 2, 3, 5, 8, 12, 24, 40} {
					checkModelView(t, w.View(width, h), width, h)
				}
			}
		}
	}
}

// appliedPartitions2 is the replayer at 13:00 in l with the what-if panel
// open and partitions=2 applied.
func appliedPartitions2(t *testing.T, l data.Lang) Model {
	t.Helper()
	rec, _ := fixture(t)
	m := New(rec, modelTimeline(t), Options{Lang: l, Styles: theme.Plain(), At: "13:00"})
	m.SetSize(120, 40)
	m, _ = m.openWhatIf()
	w, msg := feed(*m.whatIf, wiRight, wiEnter)
	m.whatIf = &w
	m, _ = m.onWhatIf(msg)
	return m
}

// TestWhatIfReopen: closed and reopened, the panel shows the values and
// results of its last run, and the heatmap follows the applied scenario and
// names it.
func TestWhatIfReopen(t *testing.T) {
	m := appliedPartitions2(t, data.EN)
	m, _ = m.onWhatIf(whatIfClosedMsg{})
	m, _ = m.openWhatIf()
	if m.whatIf.values[0] != "2" || m.whatIf.applied[0] != "2" || !m.whatIf.hypOK {
		t.Errorf("reopened: values %v, applied %v, results %v", m.whatIf.values, m.whatIf.applied, m.whatIf.hypOK)
	}
	m, _ = m.onWhatIf(whatIfClosedMsg{})
	m, _ = m.toggleHeatmap()
	if first := strings.SplitN(m.heat, "\n", 2)[0]; !strings.Contains(first, "hypothetical: partitions=2") {
		t.Errorf("heatmap title %q does not name the applied scenario", first)
	}
}

// TestWhatIfLang switches the language with the panel open: the panel and
// its keys follow, and keep the values and results.
func TestWhatIfLang(t *testing.T) {
	m := appliedPartitions2(t, data.KO)
	m.SetLang(data.EN)
	v := m.View()
	if !strings.Contains(v, "What if") || strings.Contains(v, "가정해 보기") {
		t.Errorf("the open panel did not switch to English:\n%s", v)
	}
	var help []string
	for _, b := range m.ShortHelp() {
		help = append(help, b.Help().Desc)
	}
	if strings.Contains(strings.Join(help, " "), "적용") {
		t.Errorf("the panel's keys stayed Korean: %v", help)
	}
	if m.whatIf.applied[0] != "2" || !m.whatIf.hypOK {
		t.Errorf("switching the language lost the panel's run: applied %v, results %v", m.whatIf.applied, m.whatIf.hypOK)
	}
}

// TestWhatIfBasisPage: i shows every model parameter with its value, unit
// and basis, in both languages; ↓ scrolls; i again goes back.
func TestWhatIfBasisPage(t *testing.T) {
	tl := modelTimeline(t)
	for _, tc := range []struct {
		lang       data.Lang
		pm, j, ttl string
	}{
		{data.EN, "· postmortem", "· judgement", "ttl_s 60 s · postmortem"},
		{data.KO, "· 포스트모템", "· 판단", "ttl_s 60 s · 포스트모템"},
	} {
		w := newWhatIf(tl, tc.lang, theme.Plain())
		w, _ = feed(w, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("i")})
		all := strings.Join(w.basisLines(120), "\n")
		for _, want := range []string{tc.pm, tc.j, tc.ttl, "spawn_base_ms 0.6 ms", "retry_backoff 2 factor", "cores 2 cores"} {
			if !strings.Contains(all, want) {
				t.Errorf("%s: basis page lacks %q", tc.lang, want)
			}
		}
		first := w.View(120, 40)
		w, _ = feed(w, wiDown, wiDown)
		if w.View(120, 40) == first {
			t.Errorf("%s: ↓ did not scroll the basis page", tc.lang)
		}
		for _, l := range strings.Split(w.View(80, 24), "\n") {
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
