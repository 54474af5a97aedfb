package replayer

import (
	"fmt"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/heatmap"
)

// The replay screen with the what-if panel open, at the sizes the product
// supports (the model's size: the terminal less the root's header and hint
// bar).
var whatIfScreens = []struct{ w, h int }{{80, 22}, {100, 28}, {120, 38}}

// TestWhatIfFitsSmallScreens: at every supported size, in English and
// Korean, before and after applying partitions=4 and after resizing with
// the panel open, the screen keeps the changed parameter, the three key
// figures for incident and hypothetical, enter in the hint bar, and a
// sparkline of blocks for each series (and each twin) with the axis.
func TestWhatIfFitsSmallScreens(t *testing.T) {
	rec, _ := fixture(t)
	tl := modelTimeline(t)
	series := len(headline(tl))
	for _, lang := range []data.Lang{data.EN, data.KO} {
		for _, sz := range whatIfScreens {
			t.Run(fmt.Sprintf("%s_%dx%d", lang, sz.w, sz.h), func(t *testing.T) {
				m := New(rec, tl, Options{Styles: styles(), Lang: lang})
				m.SetSize(120, 38)
				m, _ = press(m, runes("w"), wiRight)
				m, _ = pressApply(t, m)
				m.SetSize(sz.w, sz.h) // resized while the panel is open
				view := m.View()
				checkView(t, view, sz.w, sz.h, "what-if")
				plain := ansi.Strip(view)
				for _, want := range append([]string{"partitions", "‹     2 ›"}, panelWords[lang]...) {
					if !strings.Contains(plain, want) {
						t.Errorf("no %q in\n%s", want, plain)
					}
				}
				if got := len(sparkRows(view)); got != 2*series {
					t.Errorf("%d sparkline rows, want %d (each series and its twin):\n%s", got, 2*series, plain)
				}
				if !strings.Contains(plain, "▲") {
					t.Errorf("no time axis:\n%s", plain)
				}
				if !hasKey(m, "enter") || !hasKey(m, "esc") {
					t.Errorf("hint bar %v lacks enter or esc", helpKeys(m))
				}
			})
		}
	}
}

// panelWords are the figures' labels the panel shows in each language.
var panelWords = map[data.Lang][]string{
	data.EN: {"Peak mailbox", "Minutes with success < 50%", "Lowest success", "hypothetical"},
	data.KO: {"메일박스 최고치", "성공률 50% 미만 시간(분)", "가장 낮은 성공률", "가정"},
}

// pressApply sends enter to the panel and hands its result to the model.
func pressApply(t *testing.T, m Model) (Model, bool) {
	t.Helper()
	m, cmd := press(m, wiEnter)
	if cmd == nil {
		t.Fatal("enter sent nothing")
	}
	m, _ = m.Update(cmd())
	return m, m.hyp != nil
}

func helpKeys(m Model) []string {
	var out []string
	for _, b := range m.ShortHelp() {
		out = append(out, b.Help().Key)
	}
	return out
}

func hasKey(m Model, k string) bool {
	for _, h := range helpKeys(m) {
		if h == k {
			return true
		}
	}
	return false
}

// TestWhatIfHeatmapKey: m in the panel closes it (kept, with its run) and
// shows the heatmap of the applied scenario; the hint bar offers it.
func TestWhatIfHeatmapKey(t *testing.T) {
	rec, _ := fixture(t)
	tl := modelTimeline(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		m := New(rec, tl, Options{Styles: styles(), Lang: lang, At: "13:40"})
		m.SetSize(120, 38)
		m, _ = press(m, runes("w"), wiRight)
		m, _ = pressApply(t, m)
		if !hasKey(m, "m") {
			t.Errorf("%s: hint bar %v lacks m", lang, helpKeys(m))
		}
		m, cmd := press(m, runes("m"))
		if cmd == nil {
			t.Fatalf("%s: m in the panel returns no command", lang)
		}
		m, _ = m.Update(cmd())
		if m.whatIf != nil || !m.heatmap || m.whatIfKept == nil {
			t.Fatalf("%s: after m: panel open %v, heatmap %v, kept %v", lang, m.whatIf != nil, m.heatmap, m.whatIfKept != nil)
		}
		want := heatmap.Render(m.hyp, m.Now(), 120, m.plan().heat, lang, styles())
		if !strings.Contains(m.View(), strings.Split(want, "\n")[1]) {
			t.Errorf("%s: the view does not show the applied scenario's heatmap:\n%s", lang, m.View())
		}
		m, _ = press(m, runes("w"))
		if m.whatIf == nil || !strings.Contains(panelView(m), "‹     2 ›") {
			t.Errorf("%s: reopened, the panel lost its values", lang)
		}
	}
}

// TestWhatIfScreen is the whole replay screen at 80×24 (less the root's
// two rows) with partitions=4 applied: each series' head with its twin's
// figure, both sparklines, the axis, then the compact panel.
func TestWhatIfScreen(t *testing.T) {
	rec, _ := fixture(t)
	tl := modelTimeline(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		t.Run(lang.String(), func(t *testing.T) {
			m := New(rec, tl, Options{Styles: styles(), Lang: lang, At: "13:40"})
			m.SetSize(80, 22)
			m, _ = press(m, runes("w"), wiRight, wiRight)
			m, _ = pressApply(t, m)
			out := ansi.Strip(m.View())
			checkView(t, m.View(), 80, 22, "what-if screen")
			golden.RequireEqual(t, []byte(out))
		})
	}
}
