package detail

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"regexp"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

var langs = []data.Lang{data.EN, data.KO, data.Both}

// TestRender goldens the whole record as `incidents show` prints it: a full
// record, one with missing translations and one with every field missing.
func TestRender(t *testing.T) {
	recs := fixture(t)
	rel := byID(recs)
	for _, id := range []string{"FX-0007", "FX-0012", "FX-0020"} {
		for _, l := range langs {
			for _, w := range []int{80, 120} {
				t.Run(fmt.Sprintf("%s_%v_%d", id, l, w), func(t *testing.T) {
					out := Render(rel(id), RenderOptions{Lang: l, Width: w, Styles: theme.Plain(), Related: rel, Label: labels})
					golden.RequireEqual(t, []byte(out))
				})
			}
		}
	}
}

var escape = regexp.MustCompile("\x1b|\u009b|\x07")

// TestRenderPlainHasNoEscapes: `incidents show` prints Render with the
// plain theme to pipes, which must carry no escape codes at all.
func TestRenderPlainHasNoEscapes(t *testing.T) {
	recs := fixture(t)
	for _, r := range recs {
		for _, l := range langs {
			for _, w := range []int{0, 40, 99, 100, 160} {
				out := Render(r, RenderOptions{Lang: l, Width: w, Styles: theme.Plain(), Related: byID(recs), Label: labels})
				if escape.MatchString(out) {
					t.Fatalf("%s %v %d: escape code in plain output:\n%q", r.ID, l, w, out)
				}
			}
		}
	}
}

// TestRenderSections checks the order of the sections and the markers.
func TestRenderSections(t *testing.T) {
	recs := fixture(t)
	rel := byID(recs)
	tests := []struct {
		name string
		id   string
		lang data.Lang
		want []string // in this order
	}{
		{"english order", "FX-0007", data.EN, []string{"FX-0007 · Northwind Chat · 2025-11-04", "Severity", "Scope", "Users affected", "Region", "Detected after", "Resolved after", "Summary", "Symptoms", "Cause", "Trigger", "Detection", "Remediation", "Action items", "Lessons", "Tags", "Sources", "Related incidents", "FX-0003"}},
		{"korean headings", "FX-0007", data.KO, []string{"심각도", "영향 범위", "영향 사용자", "지역", "감지까지", "복구까지", "요약", "증상", "원인", "촉발", "감지", "조치", "후속 조치", "교훈", "태그", "출처", "관련 사례"}},
		{"korean duration units", "FX-0007", data.KO, []string{"감지까지     4분", "복구까지     3시간 17분"}},
		{"unknown users is a dash", "FX-0007", data.EN, []string{"Users affected  –"}},
		{"missing korean marked", "FX-0012", data.KO, []string{"[EN] Replication lag left read replicas", "[EN] 한국어 번역이 없어", "영향 범위    [EN] Read-only"}},
		{"missing english item marked", "FX-0012", data.EN, []string{"• [KO] 마이그레이션을"}},
		{"english title missing", "FX-0020", data.EN, []string{"[KO] 영어 제목이 없는 사례", "[KO] no English translation yet"}},
		{"both marks the missing side only", "FX-0020", data.Both, []string{"[KO]\n영어 제목이 없는 사례", "[KO] no English translation yet"}},
		{"related not in library", "FX-0007", data.EN, []string{"• FX-9999  (not in this library)"}},
		{"source urls", "FX-0007", data.EN, []string{"• blog", "https://status.northwind.example/incidents/", "archived", "https://archive.example/"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out := Render(rel(tc.id), RenderOptions{Lang: tc.lang, Width: 120, Styles: theme.Plain(), Related: rel, Label: labels})
			rest := out
			for _, w := range tc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("%q missing or out of order in:\n%s", w, out)
				}
				rest = rest[i+len(w):]
			}
		})
	}
}

// fitWidths are the narrow widths where indents and labels squeeze, and
// each side of every width where the layout changes, odd ones included.
var fitWidths = []int{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 15, 18, 20, 25, 39, 40, 41, 59, 60, 61, 79, 80, 81, 99, 100, 101, 119, 120, 121}

// TestRenderFits checks every line at fitWidths, in every language and
// theme, with hyperlinks on: OSC 8 sequences must not count as cells. A
// URL alone on its line is wider by design, and must then be whole.
func TestRenderFits(t *testing.T) {
	recs := fixture(t)
	for _, st := range []theme.Styles{theme.Plain(), theme.New(theme.Ascii(), theme.DefaultPalette())} {
		for _, r := range recs {
			for _, l := range langs {
				for _, w := range fitWidths {
					out := Render(r, RenderOptions{Lang: l, Width: w, Styles: st, Related: byID(recs), Label: labels, Hyperlinks: true, Focus: "FX-0003"})
					for i, line := range strings.Split(out, "\n") {
						if lw := lipgloss.Width(line); lw > w && !sourceURL(r, strings.TrimSpace(ansi.Strip(line))) {
							t.Fatalf("%s %v width %d: line %d is %d cells: %q", r.ID, l, w, i, lw, line)
						}
					}
				}
			}
		}
	}
}

// sourceURL reports whether u is one of rec's source URLs, whole.
func sourceURL(rec *data.Record, u string) bool {
	for _, s := range rec.Sources {
		if u != "" && (u == s.URL || u == s.Archived) {
			return true
		}
	}
	return false
}

// TestViewCutsLongURLs checks that the screen cuts a URL wider than the
// pane with "…" while its OSC 8 hyperlink still holds the whole URL.
func TestViewCutsLongURLs(t *testing.T) {
	recs := fixture(t)
	long := ""
	var rec *data.Record
	for _, r := range recs {
		for _, s := range r.Sources {
			if lipgloss.Width(s.URL) > 60 {
				long, rec = s.URL, r
			}
		}
	}
	if rec == nil {
		t.Fatal("the fixture has no URL wider than 60 cells")
	}
	m := newModel(t, rec.ID, data.EN, 40, 2000)
	v := m.View()
	if !strings.Contains(v, "\x1b]8;;"+long+"\x07") {
		t.Fatalf("no hyperlink to %s in the view", long)
	}
	for _, line := range strings.Split(v, "\n") {
		if lipgloss.Width(line) > 40 {
			t.Fatalf("line %q is wider than the pane", line)
		}
	}
	if strings.Contains(ansi.Strip(v), long) {
		t.Fatalf("%s is shown whole in a 40-cell pane", long)
	}
}

func TestRenderHyperlinks(t *testing.T) {
	recs := fixture(t)
	rel := byID(recs)
	out := Render(rel("FX-0012"), RenderOptions{Lang: data.EN, Width: 80, Styles: theme.Plain(), Hyperlinks: true})
	want := "\x1b]8;;https://fjord.example/blog/lag\x07https://fjord.example/blog/lag\x1b]8;;\x07"
	if !strings.Contains(out, want) {
		t.Fatalf("no OSC 8 link in:\n%q", out)
	}
	if plain := Render(rel("FX-0012"), RenderOptions{Lang: data.EN, Width: 80, Styles: theme.Plain()}); strings.Contains(plain, "\x1b]8") {
		t.Fatal("hyperlink without Hyperlinks")
	}
}

func TestRenderNilRecord(t *testing.T) {
	if got := Render(nil, RenderOptions{Styles: theme.Plain()}); got != "–" {
		t.Fatalf("Render(nil) = %q", got)
	}
}

func newModel(t testing.TB, id string, l data.Lang, w, h int) Model {
	recs := fixture(t)
	rel := byID(recs)
	m := New(rel(id), Options{Lang: l, Styles: theme.Plain(), Related: rel, Label: labels, Hyperlinks: true})
	m.SetSize(w, h)
	m.Focus()
	return m
}

// TestDetailView goldens the screen at the two reference sizes, in each
// language, after scrolling a little.
func TestDetailView(t *testing.T) {
	for _, l := range langs {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			t.Run(fmt.Sprintf("%v_%d", l, sz[0]), func(t *testing.T) {
				m := newModel(t, "FX-0007", l, sz[0], sz[1]-2) // the app's header and hint bar take two rows
				m, _ = m.Update(tea.KeyMsg{Type: tea.KeyDown})
				golden.RequireEqual(t, []byte(m.View()))
			})
		}
	}
}

func keyMsg(s string) tea.KeyMsg {
	switch s {
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "shift+tab":
		return tea.KeyMsg{Type: tea.KeyShiftTab}
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "end":
		return tea.KeyMsg{Type: tea.KeyEnd}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)}
}

func TestDetailKeys(t *testing.T) {
	tests := []struct {
		name   string
		id     string
		replay bool
		keys   []string
		want   tea.Msg
	}{
		{"esc goes back", "FX-0007", false, []string{"esc"}, BackMsg{}},
		{"tab then enter opens the related incident", "FX-0007", false, []string{"tab", "enter"}, OpenRelatedMsg{ID: "FX-0003"}},
		{"enter without a focus does nothing", "FX-0007", false, []string{"enter"}, nil},
		{"ids not in the library are skipped", "FX-0007", false, []string{"tab", "tab", "enter"}, OpenRelatedMsg{ID: "FX-0003"}},
		{"r replays when the replayer is there", "FX-0007", true, []string{"r"}, ReplayMsg{ID: "FX-0007"}},
		{"r does nothing without it", "FX-0007", false, []string{"r"}, nil},
		{"no related ids, tab does nothing", "FX-0011", false, []string{"tab", "enter"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := newModel(t, tc.id, data.EN, 80, 20)
			m.SetReplay(tc.replay)
			var cmd tea.Cmd
			for _, k := range tc.keys {
				m, cmd = m.Update(keyMsg(k))
			}
			var got tea.Msg
			if cmd != nil {
				got = cmd()
			}
			if got != tc.want {
				t.Fatalf("got %#v, want %#v", got, tc.want)
			}
		})
	}
}

func TestDetailScroll(t *testing.T) {
	m := newModel(t, "FX-0007", data.EN, 80, 20)
	m, _ = m.Update(keyMsg("pgdown"))
	if m.YOffset() == 0 {
		t.Fatal("pgdown did not scroll")
	}
	m, _ = m.Update(keyMsg("end"))
	end := m.YOffset()
	if !strings.Contains(m.View(), "100%") {
		t.Fatalf("position at the end is not 100%%:\n%s", m.View())
	}
	// Resizing keeps the place in the text.
	m.SetSize(100, 20)
	if m.YOffset() == 0 || m.YOffset() > end {
		t.Fatalf("resize moved the scroll from %d to %d", end, m.YOffset())
	}
	// Switching language keeps it too.
	m.SetLang(data.KO)
	if m.YOffset() == 0 {
		t.Fatal("language switch lost the scroll position")
	}
}

// TestDetailFits checks the screen at every width the app can give it.
func TestDetailFits(t *testing.T) {
	recs := fixture(t)
	for _, r := range recs {
		for _, l := range langs {
			for _, w := range []int{0, 1, 2, 39, 40, 80, 99, 100, 120} {
				for _, h := range []int{0, 1, 2, 10, 24} {
					m := New(r, Options{Lang: l, Styles: theme.New(theme.Ascii(), theme.DefaultPalette()), Related: byID(recs), Label: labels, Hyperlinks: true})
					m.SetSize(w, h)
					m.Focus()
					m, _ = m.Update(keyMsg("tab"))
					lines := strings.Split(m.View(), "\n")
					if h > 0 && len(lines) != h {
						t.Fatalf("%s %v %dx%d: %d lines", r.ID, l, w, h, len(lines))
					}
					for i, line := range lines {
						if lw := lipgloss.Width(line); lw > w && !sourceURL(r, strings.TrimSpace(ansi.Strip(line))) {
							t.Fatalf("%s %v %dx%d: line %d is %d cells: %q", r.ID, l, w, h, i, lw, line)
						}
					}
				}
			}
		}
	}
}

// TestCopyMarkdown: y writes the record as Markdown in an OSC 52 sequence
// and says so in the position line.
func TestCopyMarkdown(t *testing.T) {
	rec := &data.Record{ID: "FX-1", Org: "Northwind", Date: "2024-01-02",
		Title: data.Text{EN: "Cache stampede", KO: "캐시 쇄도"},
		Body: &data.Body{Summary: data.Text{EN: "A cache flush sent every request to the database."},
			Sources: []data.Source{{URL: "https://status.northwind.example/1"}}}}
	var out bytes.Buffer
	m := New(rec, Options{Styles: theme.Plain(), Clipboard: &out})
	m.SetSize(60, 10)
	m.Focus()
	m, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("y")})
	if cmd == nil {
		t.Fatal("y returns no command")
	}
	cmd()
	seq := out.String()
	body := strings.TrimSuffix(strings.TrimPrefix(seq, "\x1b]52;c;"), "\a")
	md, err := base64.StdEncoding.DecodeString(body)
	want := "**FX-1** Cache stampede\n\nNorthwind · 2024-01-02\n\nA cache flush sent every request to the database.\n\n" +
		"- <https://status.northwind.example/1>\n"
	if err != nil || !strings.HasPrefix(seq, "\x1b]52;c;") || string(md) != want {
		t.Fatalf("wrote %q, decoding to\n%q\nwant\n%q", seq, md, want)
	}
	if !strings.Contains(m.View(), "copied as Markdown") {
		t.Error("the position line does not say the record was copied")
	}
}

// TestReplayOnlyWithTimeline checks that `r` is offered, in the hint bar
// and the help, only on an incident with a timeline.
func TestReplayOnlyWithTimeline(t *testing.T) {
	recs := fixture(t)
	rel := byID(recs)
	offered := func(m Model) bool {
		for _, col := range m.FullHelp() {
			for _, b := range col {
				if b.Help().Key == "r" && b.Enabled() {
					return true
				}
			}
		}
		return false
	}
	for id, want := range map[string]bool{"FX-0007": true, "FX-0011": false} {
		m := New(rel(id), Options{Lang: data.EN, Styles: theme.Plain(), Related: rel, Replay: true,
			HasTimeline: func(id string) bool { return id == "FX-0007" }})
		m.SetSize(80, 24)
		m.Focus()
		if got := offered(m); got != want {
			t.Errorf("%s: r offered %v, want %v", id, got, want)
		}
	}
}

// TestMarkdownSeverity: a copied record names a known severity in the
// reader's language and leaves out one the record does not know, as the
// facts grid does ("unknown" is no severity).
func TestMarkdownSeverity(t *testing.T) {
	rec := &data.Record{ID: "FX-1", Org: "Northwind", Date: "2024-01-02", Title: data.Text{EN: "T", KO: "제목"}}
	for _, tc := range []struct {
		sev  string
		lang data.Lang
		want string
	}{
		{"unknown", data.KO, "Northwind · 2024-01-02\n"},
		{"", data.EN, "Northwind · 2024-01-02\n"},
		{"sev1", data.EN, "Northwind · 2024-01-02 · Severity SEV1\n"},
		{"sev1", data.KO, "Northwind · 2024-01-02 · 심각도 SEV1\n"},
	} {
		rec.Severity = tc.sev
		if md := Markdown(rec, tc.lang); !strings.Contains(md, "\n\n"+tc.want) || strings.Contains(md, "unknown") {
			t.Errorf("%q in %v:\n%s\nwant the line %q", tc.sev, tc.lang, md, tc.want)
		}
	}
}
