package problems

import (
	"fmt"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/exp/golden"

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
		n       int
		notices int
		l       data.Lang
		want    string
	}{
		{0, 0, data.EN, ""},
		{1, 0, data.EN, "1 problem in your data · ! to see it"},
		{3, 0, data.EN, "3 problems in your data · ! to see them"},
		{3, 0, data.KO, "데이터 문제 3개 · ! 키로 보기"},
		{0, 1, data.EN, "1 notice about your data · ! to see it"},
		{0, 2, data.KO, "데이터 알림 2개 · ! 키로 보기"},
		{3, 1, data.EN, "3 problems, 1 notice in your data · ! to see them"},
		{1200, 1, data.KO, "데이터 문제 1,200개, 알림 1개 · ! 키로 보기"},
	} {
		if got := Notice(tc.n, tc.notices, tc.l); got != tc.want {
			t.Errorf("Notice(%d, %d, %v) = %q, want %q", tc.n, tc.notices, tc.l, got, tc.want)
		}
	}
}

func TestView(t *testing.T) {
	st := theme.Plain()
	for _, l := range []data.Lang{data.EN, data.KO} {
		for _, w := range []int{0, 39, 40, 80, 120} {
			m := New(fixture(3), nil, l, &st)
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
			first := map[data.Lang]string{data.EN: "broken.jsonl:2:1: record T-0000", data.KO: "broken.jsonl:2:1: 사례 T-0000"}[l]
			if w >= 80 && !strings.Contains(v, first) {
				t.Errorf("%v %d: the first problem is not shown:\n%s", l, w, v)
			}
		}
	}
}

func TestKeys(t *testing.T) {
	st := theme.Plain()
	m := New(fixture(20), nil, data.EN, &st)
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

// TestViewGolden shows problems of several kinds and a notice, in both
// languages: every message in the reader's language, the notice after the
// problems under its heading.
func TestViewGolden(t *testing.T) {
	st := theme.Plain()
	probs := []string{
		`my/a.json:2:22: record A-1: date: invalid date "2026-13-40" (want YYYY-MM-DD)`,
		`my/a.json:2:43: record A-1: title: missing in both languages`,
		`my/a.json:5:42: record A-4: org: got number, want string`,
		`my/timelines/X-9.json:2:35: timeline X-9: events[0].kind: invalid kind "weird" (want trigger, symptom, detection, action, recovery or note)`,
		`my/b.json:4:43: invalid character '"' after object key`,
	}
	notices := []string{`my/IL-0499.json: record IL-0499 replaces the bundled record`}
	for _, l := range []data.Lang{data.EN, data.KO} {
		for _, w := range []int{80, 120} {
			t.Run(fmt.Sprintf("%v_%d", l, w), func(t *testing.T) {
				m := New(probs, notices, l, &st)
				m.SetSize(w, 14)
				golden.RequireEqual(t, []byte(m.View()))
			})
		}
	}
	m := New(nil, notices, data.KO, &st)
	m.SetSize(80, 4)
	if v := m.View(); !strings.Contains(v, "데이터에 문제는 없고 알림이 1개 있습니다") || !strings.Contains(v, "사례 IL-0499: 내장된") {
		t.Errorf("notices alone:\n%s", v)
	}
}
