package explorer

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"
	"github.com/muesli/termenv"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/internal/tuitest"
	"github.com/incidents-dev/incidents/tui/theme"
)

var langs = []data.Lang{data.EN, data.KO, data.Both}

func newModel(t testing.TB, l data.Lang, w, h int) Model {
	recs := fixture(t)
	m := New(recs, data.NewIndex(recs), Options{Lang: l, Styles: theme.Plain(), Label: labels, Replay: true, HasTimeline: hasTimeline(t)})
	m.SetSize(w, h)
	m.Focus()
	return m
}

// hasTimeline reports which fixture records have a timeline (FX-0007).
func hasTimeline(t testing.TB) func(string) bool {
	lib := tuitest.Library(t)
	return func(id string) bool { _, ok := lib.Timeline(id); return ok }
}

func keyMsg(s string) tea.KeyMsg {
	switch s {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "space":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	case "end":
		return tea.KeyMsg{Type: tea.KeyEnd}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

// run runs a command and everything it leads to, feeding explorer
// messages back into the model; it returns the messages meant for the
// root (OpenMsg, ReplayMsg).
func run(m Model, cmd tea.Cmd) (Model, []tea.Msg) {
	var out []tea.Msg
	queue := []tea.Cmd{cmd}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		switch msg := c().(type) {
		case tea.BatchMsg:
			queue = append(queue, msg...)
		case resultsMsg, facetsMsg, suggestMsg:
			var next tea.Cmd
			m, next = m.Update(msg)
			queue = append(queue, next)
		case nil:
		default:
			out = append(out, msg)
		}
	}
	return m, out
}

// press sends keys one by one, running the commands each returns.
func press(m Model, keys ...string) (Model, []tea.Msg) {
	var out []tea.Msg
	for _, k := range keys {
		var cmd tea.Cmd
		var msgs []tea.Msg
		m, cmd = m.Update(keyMsg(k))
		m, msgs = run(m, cmd)
		out = append(out, msgs...)
	}
	return m, out
}

func typed(s string) []string {
	var ks []string
	for _, r := range s {
		ks = append(ks, string(r))
	}
	return ks
}

func ids(m Model) []string {
	var out []string
	for _, x := range m.shown {
		out = append(out, x.Record.ID)
	}
	return out
}

// TestExplorerView goldens the explorer pane in each language at the
// sizes the app gives it: the list pane at 120×40 and the whole window
// at 80×24 (less the header and the hint bar).
func TestExplorerView(t *testing.T) {
	sizes := []struct {
		name string
		w, h int
	}{{"120", 66, 38}, {"80", 80, 22}}
	states := []struct {
		name string
		keys []string
	}{
		{"list", []string{"j", "j"}},
		{"search", append([]string{"/"}, typed("northw")...)},
		{"search_korean", append([]string{"/"}, typed("세션")...)},
		{"facets", []string{"f", "space", "tab", "space"}},
		{"chips", []string{"f", "space", "esc"}},
	}
	for _, st := range states {
		for _, l := range langs {
			for _, sz := range sizes {
				t.Run(fmt.Sprintf("%s_%v_%s", st.name, l, sz.name), func(t *testing.T) {
					m := newModel(t, l, sz.w, sz.h)
					m, _ = press(m, st.keys...)
					golden.RequireEqual(t, []byte(m.View()))
				})
			}
		}
	}
}

// TestListWidths goldens the list at the widths where its columns change,
// in English and Korean: every row keeps its date and timeline mark from
// 60 columns, durations are whole.
func TestListWidths(t *testing.T) {
	for _, l := range []data.Lang{data.EN, data.KO} {
		for _, w := range []int{60, 80, 100, 120} {
			t.Run(fmt.Sprintf("%v_%d", l, w), func(t *testing.T) {
				m := newModel(t, l, w, 14)
				golden.RequireEqual(t, []byte(m.View()))
			})
		}
	}
}

// TestPlaceholderWhole checks that the search hint is never cut: from 40
// columns, the full hint or the short one shows whole, before and after
// the search box is opened.
func TestPlaceholderWhole(t *testing.T) {
	for _, l := range []data.Lang{data.EN, data.KO} {
		hints := []string{words.placeholder.In(l)}
		for _, h := range words.shorter {
			hints = append(hints, h.In(l))
		}
		for w := 40; w <= 120; w++ {
			for _, keys := range [][]string{nil, {"/"}} {
				m, _ := press(newModel(t, l, w, 5), keys...)
				first := strings.Split(m.View(), "\n")[0]
				if !slices.ContainsFunc(hints, func(h string) bool { return strings.Contains(first, h) }) {
					t.Fatalf("%v at %d after %v: the hint is cut: %q", l, w, keys, first)
				}
			}
		}
	}
}

func TestSearchKeys(t *testing.T) {
	tests := []struct {
		name      string
		keys      []string
		wantQuery string
		wantInput bool
		wantFirst string
		wantShown int
	}{
		{"typing filters as you type", append([]string{"/"}, typed("fjord")...), "fjord", true, "FX-0012", 1},
		{"enter keeps the filter", append(append([]string{"/"}, typed("fjord")...), "enter"), "fjord", false, "FX-0012", 1},
		// Clearing keeps the incident that was found selected.
		{"esc clears it", append(append([]string{"/"}, typed("fjord")...), "esc"), "", false, "FX-0012", 11},
		{"esc in the list clears a kept filter", append(append([]string{"/"}, typed("fjord")...), "enter", "esc"), "", false, "FX-0012", 11},
		{"korean matches korean", append([]string{"/"}, typed("인증서")...), "인증서", true, "FX-0011", 1},
		{"backspace widens the search", append(append([]string{"/"}, typed("fjordx")...), "backspace"), "fjord", true, "FX-0012", 1},
		{"no match", append([]string{"/"}, typed("zzzzqq")...), "zzzzqq", true, "", 0},
		{"j and k are typed, not moves", append([]string{"/"}, typed("jk")...), "jk", true, "", -1},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := newModel(t, data.EN, 80, 20)
			m, _ = press(m, tc.keys...)
			if got := m.Query(); got != tc.wantQuery {
				t.Errorf("query %q, want %q", got, tc.wantQuery)
			}
			if m.InputFocused() != tc.wantInput {
				t.Errorf("input focused %v, want %v", m.InputFocused(), tc.wantInput)
			}
			if tc.wantShown >= 0 && m.Shown() != tc.wantShown {
				t.Errorf("shown %d (%v), want %d", m.Shown(), ids(m), tc.wantShown)
			}
			if tc.wantFirst != "" && (m.Selected() == nil || m.Selected().ID != tc.wantFirst) {
				t.Errorf("selected %v, want %s", m.Selected(), tc.wantFirst)
			}
		})
	}
}

// TestSearchDropsStaleResults types faster than searches complete: only
// one search runs at a time, results for an old query are dropped and the
// newest query is searched next.
func TestSearchDropsStaleResults(t *testing.T) {
	m := newModel(t, data.EN, 80, 20)
	m, _ = press(m, "/")
	m, first := m.Update(keyMsg("f"))
	if first == nil {
		t.Fatal("no search for the first key")
	}
	// Two more keys while the first search runs: they start nothing.
	var cmd tea.Cmd
	m, cmd = m.Update(keyMsg("j"))
	m, cmd2 := m.Update(keyMsg("o"))
	for _, c := range []tea.Cmd{cmd, cmd2} {
		if c == nil {
			continue
		}
		if _, ok := c().(resultsMsg); ok {
			t.Fatal("a second search started while one was running")
		}
	}
	if !strings.Contains(m.View(), "/ fjo") {
		t.Fatalf("keys not echoed at once:\n%s", m.View())
	}
	// The first search finishes: its results ("f") are stale, dropped, and
	// the search for "fjo" starts.
	var res tea.Msg
	for _, msg := range flatten(first) {
		if r, ok := msg.(resultsMsg); ok {
			res = r
		}
	}
	m, next := m.Update(res)
	if m.Query() != "" {
		t.Fatalf("stale results for %q were shown", m.Query())
	}
	if next == nil {
		t.Fatal("no search for the newest query")
	}
	m, _ = run(m, next)
	if m.Query() != "fjo" || m.Shown() != 1 {
		t.Fatalf("query %q shown %v, want fjo and FX-0012", m.Query(), ids(m))
	}
}

func flatten(c tea.Cmd) []tea.Msg {
	if c == nil {
		return nil
	}
	msg := c()
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, x := range b {
			out = append(out, flatten(x)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

func TestFacetKeys(t *testing.T) {
	tests := []struct {
		name  string
		keys  []string
		want  []string
		chips string
	}{
		// Organisations come most frequent first: Acme Cloud and Northwind
		// Chat have two each, alphabetical between equals.
		{"one organisation", []string{"f", "space"}, []string{"FX-0030", "FX-0031"}, "[Organisation: Acme Cloud]"},
		// Choosing narrows: the other organisations are gone, and the
		// next value is Acme Cloud's year.
		{"a second choice narrows", []string{"f", "space", "j", "space"}, []string{"FX-0030"}, "[Organisation: Acme Cloud] [Year: 2022]"},
		{"across facets: and", []string{"f", "j", "space", "tab", "space"}, []string{"FX-0007"}, "[Organisation: Northwind Chat] [Year: 2025]"},
		{"toggle off", []string{"f", "space", "space"}, nil, ""},
		{"clear all", []string{"f", "space", "tab", "space", "c"}, nil, ""},
		{"close keeps the filter", []string{"f", "space", "esc"}, []string{"FX-0030", "FX-0031"}, "[Organisation: Acme Cloud]"},
		{"esc in the list clears it", []string{"f", "space", "esc", "esc"}, nil, ""},
		{"with a text query", append(append([]string{"/"}, typed("acme")...), "enter", "f", "tab", "space"), []string{"FX-0030"}, "[Year: 2022]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := newModel(t, data.EN, 80, 30)
			m, _ = press(m, tc.keys...)
			want := tc.want
			if want == nil {
				want = ids(newModel(t, data.EN, 80, 30))
			}
			if got := ids(m); strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("shown %v, want %v", got, want)
			}
			first := strings.Split(m.View(), "\n")
			if tc.chips != "" && !strings.Contains(first[1], tc.chips) {
				t.Errorf("chips line %q, want %q", first[1], tc.chips)
			}
		})
	}
}

func TestOpenAndReplay(t *testing.T) {
	m := newModel(t, data.EN, 80, 20)
	_, msgs := press(m, "j", "enter")
	if len(msgs) != 1 || msgs[0] != (OpenMsg{ID: "FX-0011"}) {
		t.Fatalf("enter sent %v", msgs)
	}
	_, msgs = press(m, "r")
	if len(msgs) != 1 || msgs[0] != (ReplayMsg{ID: "FX-0007"}) {
		t.Fatalf("r sent %v", msgs)
	}
	// r on an incident without a timeline opens nothing and says why.
	if _, msgs = press(m, "j", "r"); len(msgs) != 1 || msgs[0] != (StatusMsg{Text: "FX-0011 has no timeline to replay"}) {
		t.Fatalf("r on FX-0011, which has no timeline, sent %v", msgs)
	}
	if k, _ := press(m, "j"); slices.ContainsFunc(k.ShortHelp(), func(b key.Binding) bool { return b.Help().Key == "r" && b.Enabled() }) {
		t.Fatal("r is offered on FX-0011, which has no timeline")
	}
	if !slices.ContainsFunc(m.ShortHelp(), func(b key.Binding) bool { return b.Help().Key == "r" && b.Enabled() }) {
		t.Fatal("r is not offered on FX-0007, which has a timeline")
	}
	m.SetReplay(false)
	if _, msgs = press(m, "r"); len(msgs) != 0 {
		t.Fatalf("r without a replayer sent %v", msgs)
	}
	if _, msgs = press(newModel(t, data.EN, 80, 20), "/", "z", "z", "q", "q", "enter", "enter"); slices.ContainsFunc(msgs, func(m tea.Msg) bool {
		_, open := m.(OpenMsg)
		_, replay := m.(ReplayMsg)
		return open || replay
	}) {
		t.Fatalf("enter on an empty list sent %v", msgs)
	}
}

// TestResizeKeepsSelection moves down, shrinks the pane and grows it.
func TestResizeKeepsSelection(t *testing.T) {
	m := newModel(t, data.EN, 80, 8)
	m, _ = press(m, "G")
	want := m.Selected().ID
	for _, sz := range [][2]int{{40, 4}, {120, 40}, {0, 0}, {80, 8}} {
		m.SetSize(sz[0], sz[1])
		if got := m.Selected().ID; got != want {
			t.Fatalf("at %v selected %s, want %s", sz, got, want)
		}
	}
	if !strings.Contains(m.View(), "▸ "+want) {
		t.Fatalf("selected row not in view:\n%s", m.View())
	}
}

// TestHighlightByteOffsets highlights Korean and ASCII matches from byte
// offsets, the form search reports them in.
func TestHighlightByteOffsets(t *testing.T) {
	st := theme.Mono(theme.NewRenderer(io.Discard, termenv.ANSI, true)).Explorer
	st.Match = st.Sev1 // bold: one escape per run, unlike underline
	tests := []struct {
		name string
		s    string
		idx  []int
		want string
	}{
		{"ascii", "etcd key", []int{0, 1}, "\x1b[1met\x1b[0mcd key"},
		{"korean by bytes", "세션 서버", []int{3, 7}, "세\x1b[1m션\x1b[0m \x1b[1m서\x1b[0m버"},
		{"none", "abc", nil, "abc"},
		{"out of range ignored", "ab", []int{5}, "ab"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := highlight(tc.s, tc.idx, newPaint(st.Text), newPaint(st.Match)); got != tc.want {
				t.Errorf("highlight = %q, want %q", got, tc.want)
			}
		})
	}
	// A cut cell keeps only the matches before the cut.
	got := cell("세션 서버가 멈췄다", []int{0, 7, 20}, 8, newPaint(st.Text), newPaint(st.Match), false)
	if want := "\x1b[1m세\x1b[0m션 \x1b[1m서\x1b[0m…"; got != want {
		t.Errorf("cell = %q, want %q", got, want)
	}
}

// TestExplorerFits checks every line at the widths that catch off-by-one
// and wide-rune mistakes, in every mode and language.
func TestExplorerFits(t *testing.T) {
	for _, l := range langs {
		for _, w := range []int{0, 1, 2, 39, 40, 41, 80, 99, 100, 120} {
			for _, h := range []int{0, 1, 3, 10, 24} {
				for _, keys := range [][]string{nil, {"/", "세", "션"}, {"f", "space"}, {"f", "space", "esc"}} {
					m := newModel(t, l, w, h)
					m, _ = press(m, keys...)
					lines := strings.Split(m.View(), "\n")
					if h > 0 && len(lines) != h {
						t.Fatalf("%v %dx%d %v: %d lines", l, w, h, keys, len(lines))
					}
					for i, line := range lines {
						if lw := lipgloss.Width(line); lw > w {
							t.Fatalf("%v %dx%d %v: line %d is %d cells: %q", l, w, h, keys, i, lw, line)
						}
					}
				}
			}
		}
	}
}

// TestLayoutColumns checks the order columns are dropped in as the list
// narrows: for a title of wantTitleW the severity, the organisation to ten
// cells, the organisation, then durations to their largest unit; for one
// of minTitleW the duration, the date and the timeline mark.
func TestLayoutColumns(t *testing.T) {
	all := want{id: 7, org: 12, dur: 10, sev: true}
	short := want{id: 7, org: 12, dur: 10, short: 3, sev: true}
	// The bundle in Korean: "Amazon Web Services", "13일 16시간", "17시간".
	ko := want{id: 7, org: 19, dur: 11, short: 6}
	tests := []struct {
		name string
		w    int
		x    want
		want columns
	}{
		{"wide keeps everything", 120, all, columns{id: 7, mark: 1, date: 10, org: 12, title: 68, sev: 4, dur: 10}},
		{"no severity in view, no column", 120, want{id: 7, org: 12, dur: 10}, columns{id: 7, mark: 1, date: 10, org: 12, title: 73, dur: 10}},
		{"severity goes first", 80, all, columns{id: 7, mark: 1, date: 10, org: 12, title: 33, dur: 10}},
		{"then the organisation narrows", 76, all, columns{id: 7, mark: 1, date: 10, org: 10, title: 31, dur: 10}},
		{"then the organisation goes", 70, short, columns{id: 7, mark: 1, date: 10, title: 36, dur: 10}},
		{"then durations keep their largest unit", 60, short, columns{id: 7, mark: 1, date: 10, title: 33, dur: 3}},
		{"then the duration", 45, short, columns{id: 7, mark: 1, date: 10, title: 22}},
		{"then the date", 40, all, columns{id: 7, mark: 1, title: 28}},
		{"then the mark", 30, all, columns{id: 7, title: 20}},
		{"tiny keeps the id", 10, all, columns{id: 8}},
		{"zero", 0, all, columns{}},
		// The list pane beside the preview at 120 and 100 columns.
		{"Korean list pane at 120", 66, ko, columns{id: 7, mark: 1, date: 10, title: 31, dur: 11}},
		{"Korean list pane at 100", 55, ko, columns{id: 7, mark: 1, date: 10, title: 25, dur: 6}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := layoutColumns(tc.w, tc.x); got != tc.want {
				t.Errorf("layoutColumns(%d, %+v) = %+v, want %+v", tc.w, tc.x, got, tc.want)
			}
		})
	}
	// The date and the mark stay at every width from 60, whatever the
	// id and organisation take (each is at most 12 cells).
	for w := 60; w <= 200; w++ {
		c := layoutColumns(w, want{id: 12, org: 12, dur: maxDurW(data.KO), sev: true})
		if c.date == 0 || c.mark == 0 || c.title < minTitleW {
			t.Errorf("layoutColumns(%d) = %+v", w, c)
		}
	}
}

// TestFacetsRunOffLoop: choosing a value shows its checkbox and chip at
// once, the list follows when the filtering command is done, and a run
// overtaken by a newer choice is dropped.
func TestFacetsRunOffLoop(t *testing.T) {
	m := newModel(t, data.EN, 80, 30)
	m, _ = press(m, "f")
	m, first := m.Update(keyMsg("space")) // choose Acme Cloud
	if first == nil {
		t.Fatal("no filtering command")
	}
	if v := m.View(); !strings.Contains(v, "[x] Acme Cloud") || !strings.Contains(v, "[Organisation: Acme Cloud]") {
		t.Fatalf("choice not shown at once:\n%s", v)
	}
	if m.Shown() != 11 {
		t.Fatalf("list filtered on the UI loop: %v", ids(m))
	}
	m, second := m.Update(keyMsg("space")) // and drop it again
	m, _ = m.Update(first())
	if m.Shown() != 11 || strings.Contains(m.View(), "Acme Cloud]") {
		t.Fatalf("a stale run was applied: %v", ids(m))
	}
	m, _ = run(m, second)
	if m.Shown() != 11 {
		t.Fatalf("shown %v after dropping the value", ids(m))
	}
}

// fakeSuggester is a Searcher that finds nothing and suggests a fixed
// query.
type fakeSuggester struct{ Searcher }

func (fakeSuggester) Search(string) []data.Match { return nil }

func (fakeSuggester) Suggest(q string, n int) []string { return []string{"Acme Cloud"} }

func TestEmptyListSuggests(t *testing.T) {
	m := newModel(t, data.EN, 80, 10)
	m.ix = fakeSuggester{}
	m, _ = press(m, append([]string{"/"}, typed("acne")...)...)
	if v := m.View(); !strings.Contains(v, "did you mean Acme Cloud?") {
		t.Errorf("no suggestion under the empty list:\n%s", v)
	}
}

func TestSnippetInRow(t *testing.T) {
	recs := fixture(t)
	ix := data.NewIndex(recs)
	// A word found only in a summary: the row shows where.
	var word string
	for _, w := range []string{"announce", "packet", "supervisor", "mailbox"} {
		if ms := ix.Search(w); len(ms) > 0 {
			if _, ok := ms[0].Snippet(data.EN, 40); ok {
				word = w
				break
			}
		}
	}
	if word == "" {
		t.Skip("no summary-only word in the fixture")
	}
	m := newModel(t, data.EN, 120, 10)
	m, _ = press(m, append([]string{"/"}, typed(word)...)...)
	lines := strings.Split(ansi.Strip(m.View()), "\n")
	if !strings.Contains(lines[1], snippetSep) || !strings.Contains(strings.ToLower(lines[1]), word) {
		t.Errorf("row %q shows no snippet with %q", lines[1], word)
	}
	for _, l := range lines {
		if lipgloss.Width(l) > 120 {
			t.Errorf("line wider than 120: %q", l)
		}
	}
}

func TestHintsFollowTheRow(t *testing.T) {
	shown := func(m Model, k string) bool {
		return slices.ContainsFunc(m.ShortHelp(), func(b key.Binding) bool { return b.Help().Key == k && b.Enabled() })
	}
	m := newModel(t, data.EN, 80, 20)
	if shown(m, "↑/k") || !shown(m, "↓/j") {
		t.Errorf("first row: ↑ %v ↓ %v, want only ↓", shown(m, "↑/k"), shown(m, "↓/j"))
	}
	m, _ = press(m, "j")
	if !shown(m, "↑/k") || !shown(m, "↓/j") {
		t.Errorf("second row: want both ↑ and ↓")
	}
	m, _ = press(m, "G")
	if !shown(m, "↑/k") || shown(m, "↓/j") {
		t.Errorf("last row: ↑ %v ↓ %v, want only ↑", shown(m, "↑/k"), shown(m, "↓/j"))
	}
}

// TestTimelineFacet chooses the timeline facet's one value: the list keeps
// the incidents with a timeline (FX-0007 in the fixture).
func TestTimelineFacet(t *testing.T) {
	for _, l := range []data.Lang{data.EN, data.KO} {
		keys := []string{"f"}
		for range len(panelFacets) - 1 {
			keys = append(keys, "tab")
		}
		m, _ := press(newModel(t, l, 100, 40), append(keys, "space")...)
		if v := m.View(); !strings.Contains(v, words.replayable.In(l)) {
			t.Fatalf("%v: no timeline facet in the panel:\n%s", l, v)
		}
		m, _ = press(m, "esc")
		if got := ids(m); len(got) != 1 || got[0] != "FX-0007" {
			t.Fatalf("%v: the timeline facet keeps %v, want [FX-0007]", l, got)
		}
	}
}
