package whatif

import (
	"strings"
	"testing"
	"time"

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
	if stop.orig.PeakMailbox >= full.orig.PeakMailbox {
		t.Errorf("at the stop the peak is the whole run's (%v)", stop.orig.PeakMailbox)
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
