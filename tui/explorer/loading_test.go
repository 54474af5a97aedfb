package explorer

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

// TestProgressLine shows the loading line in both languages, within the
// width, and hides it again.
func TestProgressLine(t *testing.T) {
	for _, tc := range []struct {
		lang data.Lang
		want string
	}{
		{data.EN, "loading 43,000 of 100,000 records…"},
		{data.KO, "사례 100,000건 중 43,000건 불러오는 중…"},
	} {
		t.Run(tc.lang.String(), func(t *testing.T) {
			for _, w := range []int{0, 39, 40, 80, 120} {
				m := newModel(t, tc.lang, w, 8) // fewer rows than records
				before := len(m.frame)
				m.SetProgress(43_000, 100_000)
				v := m.View()
				if w >= 80 && !strings.Contains(v, tc.want) {
					t.Errorf("width %d: view lacks %q:\n%s", w, tc.want, v)
				}
				for i, line := range strings.Split(v, "\n") {
					if lw := lipgloss.Width(line); lw > w {
						t.Errorf("width %d: line %d is %d cells", w, i, lw)
					}
				}
				if w >= 40 && len(m.frame) != before-1 {
					t.Errorf("width %d: list has %d lines with the progress line, want %d", w, len(m.frame), before-1)
				}
				m.SetProgress(0, 0)
				if strings.Contains(m.View(), "100,000") || len(m.frame) != before {
					t.Errorf("width %d: progress line still shown after SetProgress(0, 0)", w)
				}
			}
		})
	}
}

// TestSetRecords replaces a part of the fixture with all of it, as a
// background load does: the query is searched again over the new records,
// the selection stays on the same incident, and the progress line goes.
func TestSetRecords(t *testing.T) {
	all := fixture(t)
	part := all[len(all)/2:]
	m := New(part, data.NewIndex(part), Options{Lang: data.EN, Styles: theme.Plain()})
	m.SetSize(80, 20)
	m.Focus()
	m, _ = press(m, append([]string{"/"}, typed("e")...)...)
	m, _ = press(m, "enter", "down")
	sel := m.Selected()
	before := ids(m)
	m.SetProgress(1, 2)

	cmd := m.SetRecords(all, data.NewIndex(all), labels, hasTimeline(t))
	if m.Loading() {
		t.Error("progress line still shown after SetRecords")
	}
	if got := ids(m); !slices.Equal(got, before) {
		t.Errorf("before the new search ends, listed %v, want the old results %v", got, before)
	}
	m, _ = run(m, cmd)
	want := ids(newSearched(t, all, "e"))
	if got := ids(m); !slices.Equal(got, want) {
		t.Errorf("after SetRecords, listed %v, want %v", got, want)
	}
	if m.Query() != "e" {
		t.Errorf("query %q, want %q", m.Query(), "e")
	}
	if got := m.Selected(); got == nil || got.ID != sel.ID {
		t.Errorf("selected %v, want %s", got, sel.ID)
	}
}

// newSearched is a model over recs with query q searched.
func newSearched(t *testing.T, recs []*data.Record, q string) Model {
	m := New(recs, data.NewIndex(recs), Options{Lang: data.EN, Styles: theme.Plain()})
	m.SetSize(80, 20)
	m.Focus()
	m, _ = press(m, append([]string{"/"}, typed(q)...)...)
	m, _ = press(m, "enter")
	return m
}

// TestAddRecords lists records as a load delivers them, in batches out of
// order and with ids already listed among them: the list ends as one over
// every record would be, before and after a query, and a search running
// when a batch arrives is searched again over the batch too. A selection
// on the first row stays on the first row; one moved down stays on its
// incident.
func TestAddRecords(t *testing.T) {
	all := fixture(t)
	first := all[:len(all)/3]
	batches := [][]*data.Record{
		slices.Concat(all[2*len(all)/3:], first[:2]), // repeats are skipped
		all[len(all)/3 : 2*len(all)/3],
	}
	for _, q := range []string{"", "e", "dns"} {
		for _, moved := range []bool{false, true} {
			t.Run(fmt.Sprintf("query=%s/moved=%v", q, moved), func(t *testing.T) {
				m := New(first, data.NewIndex(first), Options{Lang: data.EN, Styles: theme.Plain()})
				m.SetSize(80, 20)
				m.Focus()
				var pending tea.Cmd
				if q != "" {
					m, _ = press(m, append([]string{"/"}, typed(q[:len(q)-1])...)...)
					m, pending = m.Update(keyMsg(q[len(q)-1:])) // its search still running
				}
				m.SetProgress(len(first), len(all))
				var sel *data.Record
				for i, b := range batches {
					cmd := m.AddRecords(b)
					m, _ = run(m, pending)
					pending = nil
					if i == 0 && moved {
						m, _ = press(m, "down")
						if m.sel > 0 { // else one result: nothing to move to
							sel = m.Selected()
						}
					}
					m, _ = run(m, cmd)
				}
				m.SetProgress(0, 0)
				want := New(all, data.NewIndex(all), Options{Lang: data.EN, Styles: theme.Plain()})
				want.SetSize(80, 20)
				want.Focus()
				if q != "" {
					want, _ = press(want, append([]string{"/"}, typed(q)...)...)
				}
				if got, w := ids(m), ids(want); !slices.Equal(got, w) {
					t.Fatalf("listed %d: %v\nwant %d: %v", len(got), got, len(w), w)
				}
				if sel != nil {
					if got := m.Selected(); got != sel {
						t.Fatalf("selected %s after the batches, want %s still", got.ID, sel.ID)
					}
					return
				}
				if got, w := m.View(), want.View(); got != w {
					t.Errorf("view:\n%s\nwant:\n%s", got, w)
				}
			})
		}
	}
}

// TestSetRecordsWhileSearching replaces the records while the first search
// of a query is still running: the query is searched over the new records,
// not forgotten.
func TestSetRecordsWhileSearching(t *testing.T) {
	all := fixture(t)
	part := all[len(all)/2:]
	m := New(part, data.NewIndex(part), Options{Lang: data.EN, Styles: theme.Plain()})
	m.SetSize(80, 20)
	m.Focus()
	m, _ = press(m, "/")
	m, _ = m.Update(keyMsg("e")) // its search is never delivered
	cmd := m.SetRecords(all, data.NewIndex(all), labels, hasTimeline(t))
	m, _ = run(m, cmd)
	if got, want := ids(m), ids(newSearched(t, all, "e")); !slices.Equal(got, want) {
		t.Errorf("listed %v, want %v", got, want)
	}
}
