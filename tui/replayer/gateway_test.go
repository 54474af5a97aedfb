package replayer

import (
	"fmt"
	"os"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	_ "github.com/incidents-dev/incidents/replay/gateway" // IX-0020's model, for replay.Open
)

// gatewayFixture is a frozen copy of IX-0020's timeline, the second
// modelled incident, with its model's series, and a record for it.
func gatewayFixture(t testing.TB) (*data.Record, *data.Timeline) {
	t.Helper()
	raw, err := os.ReadFile("testdata/IX-0020-model.json")
	if err != nil {
		t.Fatal(err)
	}
	rec := &data.Record{
		ID:    "IX-0020",
		Org:   "Canva",
		Date:  "2024-11-12",
		Title: data.Text{EN: "A stalled asset held editors in step until they hit the API Gateway together", KO: "멈춘 파일 하나가 편집기를 묶어 두었다가 API 게이트웨이로 한꺼번에 보냈다"},
		Body:  &data.Body{},
	}
	return rec, preparedTimeline(t, raw)
}

// TestReplayViewGateway is the replayer on the second model's curves:
// before the herd, while the gateway is down, and at the end.
func TestReplayViewGateway(t *testing.T) {
	for _, lang := range []data.Lang{data.EN, data.KO} {
		for _, at := range []string{"08:50", "09:15", "10:00"} {
			for _, sz := range [][2]int{{120, 40}, {80, 24}} {
				name := fmt.Sprintf("%s_%s_%dx%d", lang, strings.ReplaceAll(at, ":", ""), sz[0], sz[1])
				t.Run(name, func(t *testing.T) {
					rec, tl := gatewayFixture(t)
					m := New(rec, tl, Options{Lang: lang, Styles: styles(), At: at})
					m.SetSize(sz[0], sz[1])
					checkView(t, m.View(), sz[0], sz[1], name)
					golden.RequireEqual(t, []byte(m.View()))
				})
			}
		}
	}
}

// TestWhatIfScreenGateway is the replayer with the what-if panel of the
// second model open, after running the lock fixed, at 09:15.
func TestWhatIfScreenGateway(t *testing.T) {
	down, left := tea.KeyMsg{Type: tea.KeyDown}, tea.KeyMsg{Type: tea.KeyLeft}
	for _, lang := range []data.Lang{data.EN, data.KO} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			t.Run(fmt.Sprintf("%s_%dx%d", lang, sz[0], sz[1]), func(t *testing.T) {
				rec, tl := gatewayFixture(t)
				m := New(rec, tl, Options{Styles: styles(), Lang: lang, At: "09:15"})
				m.SetSize(sz[0], sz[1])
				m, _ = press(m, runes("w"), down, left, left, left, left)
				m, ok := pressApply(t, m)
				if !ok {
					t.Fatal("the what-if did not apply")
				}
				checkView(t, m.View(), sz[0], sz[1], "what-if screen")
				golden.RequireEqual(t, []byte(ansi.Strip(m.View())))
			})
		}
	}
}

// TestStudyGateway opens the second model in study mode: the curves stop
// at the cursor, as IL-0499's do.
func TestStudyGateway(t *testing.T) {
	for _, lang := range []data.Lang{data.EN, data.KO} {
		t.Run(lang.String(), func(t *testing.T) {
			rec, tl := gatewayFixture(t)
			m := New(rec, tl, Options{Styles: styles(), Lang: lang, At: "09:08", Study: true})
			m.SetSize(120, 40)
			checkView(t, m.View(), 120, 40, "study")
			golden.RequireEqual(t, []byte(m.View()))
		})
	}
}
