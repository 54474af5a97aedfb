package tui

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
)

// helpScreens are the screens whose help and hint bar the tests below
// visit, with the keys that open each and a text only it shows.
var helpScreens = []struct {
	name string
	keys []string
	// crumb is the header's start on that screen.
	crumb string
}{
	{"explorer", nil, "incidents   "},
	{"detail", []string{"enter"}, "incidents · FX-0007"},
	{"problems", []string{"!"}, "incidents · !"},
}

// someProblems are load problems, so that `!` opens the problems screen.
var someProblems = []string{"my/broken.jsonl:2:1: record T-0101: date: invalid date \"2023-13-40\" (want YYYY-MM-DD)"}

// TestHelpClosesOnQAndEsc presses ? then q, and ? then esc, on each screen
// in English and Korean: the full help closes, the screen stays and the
// program does not quit (less, man and glow close their help on q).
func TestHelpClosesOnQAndEsc(t *testing.T) {
	full := map[data.Lang]string{data.EN: "close help", data.KO: "도움말 닫기"}
	bar := map[data.Lang]string{data.EN: "? help", data.KO: "? 도움말"}
	for _, sc := range helpScreens {
		for _, l := range []data.Lang{data.EN, data.KO} {
			for _, closeKey := range []string{"q", "esc"} {
				t.Run(fmt.Sprintf("%s_%v_%s", sc.name, l, closeKey), func(t *testing.T) {
					d := newDriver(t, Options{Lang: l, Problems: someProblems}, 80, 24)
					d.press(sc.keys...)
					d.press("?")
					if v := d.app.View(); !strings.Contains(v, full[l]) || !strings.HasPrefix(v, sc.crumb) {
						t.Fatalf("? did not open the full help on the %s:\n%s", sc.name, v)
					}
					d.press(closeKey)
					v := d.app.View()
					if d.quit {
						t.Fatalf("? then %s quit the program", closeKey)
					}
					if strings.Contains(v, full[l]) || !strings.Contains(v, bar[l]) {
						t.Errorf("? then %s left the full help open:\n%s", closeKey, v)
					}
					if !strings.HasPrefix(v, sc.crumb) {
						t.Errorf("? then %s left the %s:\n%s", closeKey, sc.name, v)
					}
					// The next q or esc does what it did before: back, or
					// quit from the explorer (esc there clears, and says
					// there is nothing to clear).
					d.press(closeKey)
					switch {
					case sc.name == "explorer" && closeKey == "q":
						if !d.quit {
							t.Errorf("q after closing the help did not quit")
						}
					case sc.name != "explorer":
						if v := d.app.View(); strings.HasPrefix(v, sc.crumb) {
							t.Errorf("%s after closing the help did not leave the %s:\n%s", closeKey, sc.name, v)
						}
					}
				})
			}
		}
	}
}

// TestHelpClosesOverlays: q and esc close the facet panel and the search
// inside a record, not the screen under them, and the help over them
// first.
func TestHelpClosesOverlays(t *testing.T) {
	for _, tc := range []struct {
		name string
		keys []string
		want string
	}{
		{"facet panel, q", []string{"f", "?", "q", "q"}, "11 incidents"},
		{"facet panel, esc", []string{"f", "?", "esc", "esc"}, "11 incidents"},
		{"record search, q", []string{"enter", "/", "s", "e", "s", "s", "enter", "?", "q", "q"}, "FX-0007 "},
		{"record search, esc", []string{"enter", "/", "s", "e", "s", "s", "enter", "?", "esc", "esc"}, "FX-0007 "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := newDriver(t, Options{}, 80, 24)
			d.press(tc.keys...)
			v := d.app.View()
			if d.quit || !strings.Contains(v, tc.want) || strings.Contains(v, "close help") ||
				strings.Contains(v, "Filters") || strings.Contains(v, "/sess") {
				t.Errorf("quit %v, view:\n%s", d.quit, v)
			}
		})
	}
}

// TestHintBars goldens the hint bar of the explorer, the detail and the
// problems screen at 80, 60 and 40 columns in English and Korean, and
// checks that every one keeps `? help` and the way back whole.
func TestHintBars(t *testing.T) {
	back := map[data.Lang][]string{data.EN: {"? help", "q "}, data.KO: {"? 도움말", "q "}}
	states := append(helpScreens[:len(helpScreens):len(helpScreens)],
		struct {
			name  string
			keys  []string
			crumb string
		}{"facets", []string{"f"}, ""},
		struct {
			name  string
			keys  []string
			crumb string
		}{"search_box", []string{"/"}, ""},
		struct {
			name  string
			keys  []string
			crumb string
		}{"record_search", []string{"enter", "/", "s", "enter"}, ""},
	)
	for _, sc := range states {
		for _, l := range []data.Lang{data.EN, data.KO} {
			for _, w := range []int{80, 60, 40} {
				t.Run(fmt.Sprintf("%s_%v_%d", sc.name, l, w), func(t *testing.T) {
					d := newDriver(t, Options{Lang: l, Problems: someProblems}, w, 24)
					d.press(sc.keys...)
					v := d.app.View()
					checkFits(t, v, w, 24, sc.name)
					lines := strings.Split(v, "\n")
					hint := strings.TrimRight(lines[len(lines)-1], " ")
					want := back[l]
					if sc.name == "search_box" {
						want = []string{"esc ", "ctrl+c "} // typing: ? and q are text
					}
					for _, k := range want {
						if !strings.Contains(hint, k) && !strings.Contains(hint, strings.TrimSpace(k)+"/") {
							t.Errorf("hint bar %q lacks %q", hint, k)
						}
					}
					if strings.HasSuffix(hint, "…") {
						t.Errorf("hint bar %q is cut", hint)
					}
					golden.RequireEqual(t, []byte(hint+"\n"))
				})
			}
		}
	}
}

// TestMarkerLegend: the full help explains the [KO] marker only while the
// screen shows it.
func TestMarkerLegend(t *testing.T) {
	const legend = "[KO] no English translation yet"
	d := newDriver(t, Options{}, 80, 24)
	d.press("?")
	if v := d.app.View(); !strings.Contains(v, "[KO] 영어 제목이 없는 사례") || !strings.Contains(v, legend) {
		t.Errorf("the list shows [KO] and the help does not explain it:\n%s", v)
	}
	d.press("?", "enter", "?") // FX-0007 is translated
	if v := d.app.View(); strings.Contains(v, "[KO]") {
		t.Errorf("the help explains [KO] over a record without one:\n%s", v)
	}
	d = newDriver(t, Options{}, 120, 8) // FX-0020 is out of view
	d.press("?")
	if v := d.app.View(); strings.Contains(v, "[KO]") {
		t.Errorf("the help explains [KO] with none on screen:\n%s", v)
	}
}

// TestExplorerSilentKeys: r on an incident without a timeline and esc with
// nothing to clear say why in the status line, in the reader's language;
// the next key clears it.
func TestExplorerSilentKeys(t *testing.T) {
	for _, tc := range []struct {
		keys   []string
		en, ko string
	}{
		{[]string{"j", "r"}, "FX-0011 has no timeline to replay", "FX-0011에는 재생할 타임라인이 없습니다"},
		{[]string{"esc"}, "no search or filter to clear · q quits", "지울 검색어나 필터가 없습니다 · q로 종료"},
	} {
		for l, want := range map[data.Lang]string{data.EN: tc.en, data.KO: tc.ko} {
			d := newDriver(t, Options{Lang: l}, 80, 24)
			d.press(tc.keys...)
			v := d.app.View()
			if !strings.Contains(strings.SplitN(v, "\n", 2)[0], want) {
				t.Errorf("%v %v: status line lacks %q:\n%s", l, tc.keys, want, v)
			}
			if strings.Contains(v, "incidents · replay") {
				t.Errorf("%v %v: the replayer opened", l, tc.keys)
			}
			d.press("k")
			if strings.Contains(d.app.View(), want) {
				t.Errorf("%v %v: the status stayed after the next key", l, tc.keys)
			}
		}
	}
}

// TestTypeToSearch: a letter that is no command starts a search with it
// (fzf); the commands keep their keys, on every row, enabled or not; a
// paste searches.
func TestTypeToSearch(t *testing.T) {
	for _, tc := range []struct {
		name      string
		keys      []string
		want, not []string
	}{
		{"a letter starts a search", []string{"e", "t", "c", "d"}, []string{"/ etcd"}, []string{"한국어"}},
		{"hangul starts a search", []string{"세", "션"}, []string{"/ 세션", "FX-0007"}, nil},
		{"a digit starts a search", []string{"2", "0", "2", "4"}, []string{"/ 2024"}, nil},
		{"typed keys split", []string{"fjord"}, []string{"Filters"}, []string{"/ fjord"}}, // f opens the panel
		{"j still moves", []string{"j"}, []string{"▸ FX-0011"}, []string{"/ j"}},
		{"t still switches the language", []string{"t"}, []string{"한국어"}, []string{"/ t"}},
		{"r on a row without a timeline is no search", []string{"j", "r"}, []string{"no timeline"}, []string{"/ r"}},
		{"G on the last row is no search", []string{"G", "G"}, []string{"▸ FX-0035"}, []string{"/ G"}},
		{"enter keeps the typed filter", []string{"f", "esc", "s", "e", "s", "s", "enter"}, []string{"/ sess", "of 11"}, nil},
		{"a letter adds to a kept query", []string{"/", "s", "e", "enter", "s", "s"}, []string{"/ sess"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := newDriver(t, Options{}, 120, 40)
			d.press(tc.keys...)
			v := d.app.View()
			for _, w := range tc.want {
				if !strings.Contains(v, w) {
					t.Errorf("%q not in view:\n%s", w, v)
				}
			}
			for _, w := range tc.not {
				if strings.Contains(v, w) {
					t.Errorf("%q in view:\n%s", w, v)
				}
			}
		})
	}
	d := newDriver(t, Options{}, 120, 40)
	d.send(pasteMsg("kafka"))
	if v := d.app.View(); !strings.Contains(v, "/ kafka") {
		t.Errorf("a paste did not search:\n%s", v)
	}
}

// pasteMsg is text pasted in a terminal with bracketed paste.
func pasteMsg(s string) tea.KeyMsg {
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s), Paste: true}
}
