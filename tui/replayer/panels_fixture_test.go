package replayer

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/theme"
	"github.com/incidents-dev/incidents/tui/whatif"
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

var (
	wiRight = tea.KeyMsg{Type: tea.KeyRight}
	wiEnter = tea.KeyMsg{Type: tea.KeyEnter}
)

// feed sends keys to w and returns it with the message of the last command.
func feed(w whatif.Model, keys ...tea.KeyMsg) (whatif.Model, tea.Msg) {
	var cmd tea.Cmd
	for _, k := range keys {
		w, cmd = w.Update(k)
	}
	if cmd == nil {
		return w, nil
	}
	return w, cmd()
}

// panelView is the open what-if panel's view at 120×40.
func panelView(m Model) string {
	w := *m.whatIf
	w.SetSize(120, 40)
	return w.View()
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
	m, _ = m.onWhatIf(whatif.ClosedMsg{})
	m, _ = m.openWhatIf()
	if v := panelView(m); !strings.Contains(v, "‹     2 ›") || !strings.Contains(v, "hypothetical: partitions=2") {
		t.Errorf("reopened, the panel lost its values or results:\n%s", v)
	}
	m, _ = m.onWhatIf(whatif.ClosedMsg{})
	m, _ = m.toggleHeatmap()
	if first := strings.SplitN(m.heat.View(), "\n", 2)[0]; !strings.Contains(first, "hypothetical: partitions=2") {
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
	if v := panelView(m); !strings.Contains(v, "hypothetical: partitions=2") {
		t.Errorf("switching the language lost the panel's run:\n%s", v)
	}
}

// BenchmarkHeatmapView is one frame with the heatmap shown at 120×40, after
// a tick at 600×: the heatmap brought to the moment (refresh, which Update
// runs after every tick and key) and the frame drawn.
func BenchmarkHeatmapView(b *testing.B) {
	rec, _ := fixture(b)
	m := New(rec, modelTimeline(b), Options{Styles: styles(), Speed: 600})
	m.SetSize(120, 40)
	m, _ = press(m, runes("m"), keySpace)
	m, _ = m.Update(tickMsg{gen: m.gen})
	b.ReportAllocs()
	for b.Loop() {
		f := m
		f.refresh()
		_ = f.View()
	}
}
