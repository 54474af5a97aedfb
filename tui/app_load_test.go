package tui

import (
	"errors"
	"strings"
	"testing"

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
