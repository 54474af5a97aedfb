package whatif

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	_ "github.com/incidents-dev/incidents/replay/mailbox" // IL-0499's model, for replay.Open
)

// modelTimeline is a frozen copy of IL-0499's timeline (testdata, so that
// editing the bundle never moves these goldens) with the series its model
// computes.
func modelTimeline(t testing.TB) *data.Timeline {
	t.Helper()
	raw, err := os.ReadFile("testdata/IL-0499-model.json")
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

var modelSizes = []struct{ w, h int }{{120, 40}, {80, 24}}

// sized is w's view at width × height.
func sized(w Model, width, height int) string {
	w.SetSize(width, height)
	return w.View()
}

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
