package tui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
)

// cleanTyped cleans what a user types or pastes before any screen sees it,
// with the function that cleans text from data files (data.Sanitize): no
// escape sequence, control character or bidirectional override typed into
// the search box, a record search, a what-if field or a study answer ever
// reaches a terminal, this one or, in a meeting, a follower's. Every input
// is one line, so line breaks and tabs become spaces. It returns false when
// nothing of the key is left.
func cleanTyped(msg tea.KeyMsg) (tea.KeyMsg, bool) {
	if msg.Type != tea.KeyRunes {
		return msg, true
	}
	s := string(msg.Runes)
	clean := data.Sanitize(s)
	if clean == s && !strings.ContainsAny(s, "\n\t\r") {
		return msg, true
	}
	clean = strings.Map(func(r rune) rune {
		if r == '\n' || r == '\t' || r == '\r' {
			return ' '
		}
		return r
	}, clean)
	if clean == "" {
		return msg, false
	}
	msg.Runes = []rune(clean)
	return msg, true
}
