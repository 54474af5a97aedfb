package whatif

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

// TestWhatIfAtAStudyStop opens the panel as study mode does at 12:43, before
// the rate limits (13:43) and the recovery: the incident's figures come
// from the series up to 12:43 only, and the limits' time is hidden. Opened
// outside study mode, the same panel shows both, so the test can fail.
func TestWhatIfAtAStudyStop(t *testing.T) {
	tl := modelTimeline(t)
	at, ok := clockOn(tl, "12:43")
	if !ok {
		t.Fatal("12:43 does not parse")
	}
	full := New(tl, data.EN, theme.Plain()).KnownAt(time.Time{})
	stop := New(tl, data.EN, theme.Plain()).KnownAt(at)
	if !full.origOK || !stop.origOK {
		t.Fatal("no summary of the incident's run")
	}
	if !full.orig.PeakAt.After(at) {
		t.Fatalf("the fixture's peak (%v) is not after the stop: the test proves nothing", full.orig.PeakAt)
	}
	if stop.orig.PeakAt.After(at) {
		t.Errorf("at the stop the panel's peak is at %v, after the cursor %v", stop.orig.PeakAt, at)
	}
	if stop.orig.Peak >= full.orig.Peak {
		t.Errorf("at the stop the peak is the whole run's (%v)", stop.orig.Peak)
	}
	fullView, stopView := sized(full, 120, 40), sized(stop, 120, 40)
	if !strings.Contains(fullView, "13:43") {
		t.Fatalf("outside study mode the panel does not show 13:43:\n%s", fullView)
	}
	if strings.Contains(stopView, "‹ 13:43 ›") {
		t.Errorf("at a 12:43 stop the panel shows when the limits came:\n%s", stopView)
	}
	for _, later := range []string{"13:05", "14:15", "13:43"} {
		if strings.Contains(stopView, later) {
			t.Errorf("at a 12:43 stop the panel names %s:\n%s", later, stopView)
		}
	}
	stop.basis = true
	if b := sized(stop, 120, 40); strings.Contains(b, "13:43") || strings.Contains(b, "14:15") {
		t.Errorf("at a 12:43 stop the basis page names a later action:\n%s", b)
	}
	stop.basis = false
	if !strings.Contains(stopView, "incident so far") || !strings.Contains(stopView, "later (hidden)") {
		t.Errorf("the panel does not say it shows the incident so far:\n%s", stopView)
	}
}

// TestWhatIfStudyLevers: at a 12:43 stop the panel offers no lever named
// for a later action (the 13:05 restart, the 14:15 doubling), and stepping
// the hidden time of the rate limits starts from the moment known, so that
// no two steps bracket the hidden 13:43.
func TestWhatIfStudyLevers(t *testing.T) {
	tl := modelTimeline(t)
	at, _ := clockOn(tl, "12:43")
	w := New(tl, data.EN, theme.Plain()).KnownAt(at)
	v := sized(w, 120, 40)
	for _, later := range []string{"restart_1305", "doubling", "13:05", "14:15"} {
		if strings.Contains(v, later) {
			t.Errorf("the panel offers %q at 12:43:\n%s", later, v)
		}
	}
	rl := -1
	for i, p := range w.params {
		if p.Name == "rate_limit_at" {
			rl = i
		}
	}
	if rl < 0 || !w.hidesBase(rl) {
		t.Fatal("rate_limit_at is not hidden at 12:43: the test proves nothing")
	}
	for w.sel != rl {
		w, _ = w.Update(tea.KeyMsg{Type: tea.KeyDown})
	}
	up, _ := w.Update(tea.KeyMsg{Type: tea.KeyRight})
	down, _ := w.Update(tea.KeyMsg{Type: tea.KeyLeft})
	if got := up.values[rl]; got != "12:45" {
		t.Errorf("→ from the hidden time gives %s, want 12:45", got)
	}
	if got := down.values[rl]; got != "12:40" {
		t.Errorf("← from the hidden time gives %s, want 12:40", got)
	}
	// Outside study mode every lever is offered.
	full := sized(New(tl, data.EN, theme.Plain()), 120, 40)
	if !strings.Contains(full, "restart_1305") {
		t.Errorf("outside study mode the 13:05 restart is not offered:\n%s", full)
	}
}
