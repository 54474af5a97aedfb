package detail

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
)

func typeKeys(m Model, keys ...string) Model {
	for _, k := range keys {
		if k == "esc" || k == "enter" || k == "tab" {
			m, _ = m.Update(keyMsg(k))
			continue
		}
		for _, r := range k {
			m, _ = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
	}
	return m
}

// lastLine is the position line.
func lastLine(m Model) string {
	lines := strings.Split(m.View(), "\n")
	return ansi.Strip(lines[len(lines)-1])
}

func TestFindInRecord(t *testing.T) {
	m := newModel(t, "FX-0007", data.EN, 80, 12)
	m = typeKeys(m, "/", "session")
	if !m.InputFocused() {
		t.Fatal("/ did not open the search box")
	}
	n, cur := m.MatchCount()
	if n < 3 || cur < 0 {
		t.Fatalf("session: %d matches, current %d; want several", n, cur)
	}
	if got := lastLine(m); !strings.Contains(got, "/session") || !strings.Contains(got, "1/") {
		t.Errorf("position line %q lacks the query and count", got)
	}
	m = typeKeys(m, "enter")
	if m.InputFocused() || !m.Searching() {
		t.Fatal("enter should keep the query and close the box")
	}
	// n walks every match, each in view, and wraps.
	for i := 1; i <= n; i++ {
		m, _ = m.Update(keyMsg("n"))
		_, cur = m.MatchCount()
		if cur != i%n {
			t.Fatalf("after %d n: current %d, want %d", i, cur, i%n)
		}
		h := m.find.hits[cur]
		if top := m.YOffset(); h.line < top || h.line >= top+m.bodyHeight() {
			t.Fatalf("match %d on line %d not in view (top %d)", cur, h.line, top)
		}
		if !strings.Contains(strings.ToLower(ansi.Strip(m.View())), "session") {
			t.Fatalf("match not shown")
		}
	}
	m, _ = m.Update(keyMsg("N"))
	if _, cur = m.MatchCount(); cur != n-1 {
		t.Errorf("N from the first match: current %d, want the last (%d)", cur, n-1)
	}
	// esc clears the search; the next esc goes back.
	var cmd tea.Cmd
	m, cmd = m.Update(keyMsg("esc"))
	if m.Searching() || cmd != nil {
		t.Errorf("esc did not clear the search (searching %v, cmd %v)", m.Searching(), cmd)
	}
	if _, cmd = m.Update(keyMsg("esc")); cmd == nil {
		t.Errorf("esc after clearing did not go back")
	} else if _, ok := cmd().(BackMsg); !ok {
		t.Errorf("esc after clearing sent %T", cmd())
	}
}

func TestFindFollowsLanguage(t *testing.T) {
	m := newModel(t, "FX-0007", data.KO, 80, 12)
	m = typeKeys(m, "/", "세션", "enter")
	if n, _ := m.MatchCount(); n == 0 {
		t.Fatal("세션 not found in the Korean record")
	}
	m.SetLang(data.EN)
	if n, _ := m.MatchCount(); n != 0 {
		t.Errorf("세션 found %d times in the English record", n)
	}
	m = typeKeys(newModel(t, "FX-0007", data.EN, 80, 12), "/", "zzqxj")
	if got := lastLine(m); !strings.Contains(got, "no match") {
		t.Errorf("position line %q does not say no match", got)
	}
}
