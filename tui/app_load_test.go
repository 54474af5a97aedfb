package tui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
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

// TestLoadedNotices: a background load whose user record replaces a
// bundled one says so in the header and on the problems screen while the
// TUI runs, not only on stderr once it exits.
func TestLoadedNotices(t *testing.T) {
	dir := t.TempDir()
	rec := `{"id":"IL-0499","date":"2026-03-25","org":"Discord","title":{"en":"My own notes","ko":"내 메모"}}`
	if err := os.WriteFile(filepath.Join(dir, "IL-0499.json"), []byte(rec), 0o600); err != nil {
		t.Fatal(err)
	}
	lib, err := library.Open(library.Options{Paths: []string{dir}})
	if err != nil || len(lib.Notices()) != 1 {
		t.Fatalf("open: %v, notices %q", err, lib.Notices())
	}
	for _, tc := range []struct {
		lang           data.Lang
		header, screen string
	}{
		{data.EN, "1 notice about your data · ! to see it", "record IL-0499 replaces the bundled record"},
		{data.KO, "데이터 알림 1개 · ! 키로 보기", "사례 IL-0499: 내장된 같은 사례 대신 이 파일의 것을 씁니다"},
	} {
		d := newDriver(t, Options{Lang: tc.lang}, 120, 40)
		m, _ := d.app.loaded(loadMsg{p: library.Progress{Lib: lib}})
		d.app = m.(App)
		if v := d.app.View(); !strings.Contains(v, tc.header) {
			t.Errorf("%v: the header does not count the notice %q:\n%s", tc.lang, tc.header, v)
		}
		d.press("!")
		if v := d.app.View(); !strings.Contains(v, tc.screen) {
			t.Errorf("%v: ! does not list the notice %q:\n%s", tc.lang, tc.screen, v)
		}
	}
}
