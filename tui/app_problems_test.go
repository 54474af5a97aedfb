package tui

import (
	"strings"
	"testing"
)

func TestLoadProblems(t *testing.T) {
	ps := []string{
		"my/broken.jsonl:2:1: record T-0101: date: invalid date \"2023-13-40\" (want YYYY-MM-DD)",
		"my/broken.jsonl:3:25: record T-0102: org: got number, want string",
		"my/broken.jsonl:4:1: invalid character '}' looking for beginning of object key string",
	}
	d := newDriver(t, Options{Problems: ps}, 120, 30)
	if v := d.app.View(); !strings.Contains(v, "3 problems in your data · ! to see them") {
		t.Fatalf("no notice on start:\n%s", v)
	}
	d.press("!")
	v := d.app.View()
	for _, p := range ps {
		if !strings.Contains(v, p[:40]) {
			t.Errorf("problems screen lacks %q:\n%s", p[:40], v)
		}
	}
	d.press("j", "q") // keys go to the screen while it is open
	if d.quit {
		t.Fatal("q quit from the problems screen")
	}
	d.press("esc")
	if v := d.app.View(); strings.Contains(v, "my/broken.jsonl:2:1") || !strings.Contains(v, "FX-0007") {
		t.Errorf("esc did not close the problems screen:\n%s", v)
	}
	// Typing ! in the search box types it.
	d.press("/", "!")
	if v := d.app.View(); !strings.Contains(v, "/ !") {
		t.Errorf("! in the search box was not typed:\n%s", v)
	}
	// Without problems, no notice and ! does nothing.
	d = newDriver(t, Options{}, 120, 30)
	d.press("!")
	if v := d.app.View(); strings.Contains(v, "problems") {
		t.Errorf("notice or screen without problems:\n%s", v)
	}
}
