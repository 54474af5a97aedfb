package tui

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/internal/synth"
	"github.com/incidents-dev/incidents/library"
)

// TestLoadedProblems: a background load that ends with problems gives the
// header its notice and `!` its list, as a load before the start does.
func TestLoadedProblems(t *testing.T) {
	d := newDriver(t, Options{}, 120, 40)
	if d.app.problemNotice() != "" {
		t.Fatalf("a notice before any problem: %q", d.app.problemNotice())
	}
	err := errors.Join(errors.New("mine/a.json:3:7: want an object"), errors.New("mine/b.json: record X-1: date: invalid"))
	m, _ := d.app.loaded(loadMsg{p: library.Progress{Lib: d.app.lib, Err: err}})
	d.app = m.(App)
	if got := len(d.app.problemList); got != 2 {
		t.Fatalf("%d problems after the load, want 2", got)
	}
	if d.app.problemNotice() == "" {
		t.Error("no notice after a load with problems")
	}
	d.press("!")
	if v := d.app.View(); !strings.Contains(v, "mine/a.json:3:7") {
		t.Errorf("! does not list the load's problems:\n%s", v)
	}
}

// TestLoadedRecords: records reported while a load goes on join the list
// behind the progress line, and a search finds them, before the load ends.
func TestLoadedRecords(t *testing.T) {
	d := newDriver(t, Options{}, 120, 40)
	before := len(d.app.lib.Records())
	ch := make(chan library.Progress)
	close(ch) // no more reports: waitLoad returns nothing
	d.send(loadMsg{p: library.Progress{Done: 50, Total: 1000, Recs: synth.Records(50, 2)}, ch: ch})
	v := d.app.View()
	if !strings.Contains(v, "loading 50 of 1,000 records") {
		t.Errorf("no progress line:\n%s", v)
	}
	if want := fmt.Sprintf("%d incidents", before+50); !strings.Contains(v, want) {
		t.Errorf("the list does not count %q:\n%s", want, v)
	}
	d.press("/")
	d.press(strings.Split("sy-000007", "")...)
	if v := d.app.View(); !strings.Contains(v, "SY-000007") || !strings.Contains(v, "1 of") {
		t.Errorf("a search does not find a record that arrived:\n%s", v)
	}
}
