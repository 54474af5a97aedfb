package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// TestTypedTextIsCleaned types and pastes text with a bidi override, an
// escape sequence and control characters into the explorer's search box
// and into a record search: what the screen draws holds none of them, and
// the words around them arrive.
func TestTypedTextIsCleaned(t *testing.T) {
	bad := []string{"\u202e", "\x1b", "\u2066", "\x07"}
	check := func(t *testing.T, d *driver, want string) {
		t.Helper()
		v := d.app.View()
		for _, b := range bad {
			if strings.Contains(v, b) {
				t.Errorf("the view holds %q", b)
			}
		}
		if !strings.Contains(v, want) {
			t.Errorf("the view lacks %q:\n%s", want, v)
		}
	}
	t.Run("search box, typed", func(t *testing.T) {
		d := newDriver(t, Options{}, 120, 40)
		d.press("/")
		d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("\u202eca\u2066che")})
		check(t, d, "cache")
	})
	t.Run("search box, pasted", func(t *testing.T) {
		d := newDriver(t, Options{}, 120, 40)
		d.press("/")
		d.send(tea.KeyMsg{Type: tea.KeyRunes, Paste: true, Runes: []rune("que\x1b[31mue\u202e\x07\n")})
		check(t, d, "queue")
	})
	t.Run("only an override", func(t *testing.T) {
		d := newDriver(t, Options{}, 120, 40)
		d.press("/")
		before := d.app.View()
		d.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("\u202e")})
		if d.app.View() != before {
			t.Error("a key of nothing but a bidi override changed the screen")
		}
	})
}

func TestCleanTyped(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"etcd", "etcd", true},
		{"한글", "한글", true},
		{"\u202e", "", false},
		{"a\u202eb", "ab", true},
		{"a\tb\nc", "a b c", true},
		{"x\x1b]2;title\x07y", "xy", true},
	}
	for _, tc := range tests {
		got, ok := cleanTyped(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(tc.in)})
		if ok != tc.ok || (ok && string(got.Runes) != tc.want) {
			t.Errorf("cleanTyped(%q) = %q, %v; want %q, %v", tc.in, string(got.Runes), ok, tc.want, tc.ok)
		}
	}
}
