// Package clipboard copies text to the terminal's clipboard with OSC 52,
// which works through tmux (with `set -s set-clipboard on`) and over SSH,
// where no local clipboard tool can reach.
package clipboard

import (
	"encoding/base64"
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"
)

// Sequence returns the OSC 52 escape sequence that sets the clipboard to
// text.
func Sequence(text string) string {
	return "\x1b]52;c;" + base64.StdEncoding.EncodeToString([]byte(text)) + "\a"
}

// Copy returns a command that writes text's OSC 52 sequence to w (standard
// output when w is nil: the terminal the program draws on). The command
// returns no message; the screen says "copied" when it is asked to copy.
func Copy(w io.Writer, text string) tea.Cmd {
	return func() tea.Msg {
		if w == nil {
			w = os.Stdout
		}
		_, _ = io.WriteString(w, Sequence(text))
		return nil
	}
}
