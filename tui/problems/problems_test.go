package problems

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

func fixture(n int) []string {
	var ps []string
	for i := range n {
		ps = append(ps, fmt.Sprintf("my-incidents/broken.jsonl:%d:1: record T-%04d: date: invalid date \"2023-13-40\" (want YYYY-MM-DD)", i+2, i))
	}
	return ps
}

func TestNotice(t *testing.T) {
	for _, tc := range []struct {
		n    int
		l    data.Lang
		want string
	}{
		{0, data.EN, ""},
		{1, data.EN, "1 problem in your data · ! to see it"},
		{3, data.EN, "3 problems in your data · ! to see them"},
		{3, data.KO, "데이터에 문제 3개 · ! 로 보기"},
	} {
		if got := Notice(tc.n, tc.l); got != tc.want {
			t.Errorf("Notice(%d, %v) = %q, want %q", tc.n, tc.l, got, tc.want)
		}
	}
}

func TestView(t *testing.T) {
	st := theme.Plain()
	for _, l := range []data.Lang{data.EN, data.KO} {
		for _, w := range []int{0, 39, 40, 80, 120} {
			m := New(fixture(3), l, &st)
			m.SetSize(w, 8)
			v := m.View()
			lines := strings.Split(v, "\n")
			if len(lines) != 8 {
				t.Errorf("%v %d: %d lines, want 8", l, w, len(lines))
			}
			for _, line := range lines {
				if lipgloss.Width(line) > w {
					t.Errorf("%v %d: line %q too wide", l, w, line)
				}
			}
			if w >= 80 && !strings.Contains(v, "broken.jsonl:2:1: record T-0000") {
				t.Errorf("%v %d: the first problem is not shown:\n%s", l, w, v)
			}
		}
	}
}

func TestKeys(t *testing.T) {
	st := theme.Plain()
	m := New(fixture(20), data.EN, &st)
	m.SetSize(200, 6)
	m.Focus()
	if m.keys.Up.Enabled() || !m.keys.Down.Enabled() {
		t.Errorf("at the top: up %v down %v", m.keys.Up.Enabled(), m.keys.Down.Enabled())
	}
	m, _ = m.Update(tea.KeyMsg{Type: tea.KeyEnd})
	if !strings.Contains(m.View(), "T-0019") || m.keys.Down.Enabled() {
		t.Errorf("end does not show the last problem or still offers down:\n%s", m.View())
	}
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyEsc})
	if cmd == nil {
		t.Fatal("esc does nothing")
	}
	if _, ok := cmd().(BackMsg); !ok {
		t.Errorf("esc sent %T", cmd())
	}
}
