package tui

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/synth"
	"github.com/incidents-dev/incidents/tui/theme"
)

func benchApp(b *testing.B, n int, l data.Lang) App {
	b.Helper()
	lib := &data.Library{Records: synth.Records(n, 1)}
	var m tea.Model = New(lib, Options{Lang: l, Styles: theme.New(theme.DefaultPalette())})
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	return m.(App)
}

// BenchmarkExplorerView draws one full frame of the explorer at 120×40
// (list and preview) over 10k records, in English, Korean and both.
func BenchmarkExplorerView(b *testing.B) {
	for _, l := range langs {
		b.Run(l.String(), func(b *testing.B) {
			a := benchApp(b, 10_000, l)
			b.ReportAllocs()
			for b.Loop() {
				_ = a.View()
			}
		})
	}
}

// BenchmarkKeystroke is one key typed into the search box, to the new
// frame: the key, the search (run here rather than on another goroutine),
// the results and the frame, over 1k, 10k and 100k records.
func BenchmarkKeystroke(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			a := benchApp(b, n, data.EN)
			m, _ := a.Update(keyMsg("/"))
			queries := []string{"d", "db", "dns", "net", "sync"}
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				q := queries[i%len(queries)]
				i++
				m, _ = m.Update(tea.KeyMsg{Type: tea.KeyCtrlU}) // empty the box
				var cmd tea.Cmd
				for _, r := range q {
					m, cmd = m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
				}
				for _, msg := range collect(cmd, 1<<40) {
					m, _ = m.Update(msg)
				}
				_ = m.View()
			}
		})
	}
}

// BenchmarkKeyEcho is one key typed while a search runs: the key must be
// on screen at once, whatever the library's size.
func BenchmarkKeyEcho(b *testing.B) {
	a := benchApp(b, 100_000, data.EN)
	m, _ := a.Update(keyMsg("/"))
	m, _ = m.Update(keyMsg("d")) // starts a search that is never delivered
	b.ReportAllocs()
	for b.Loop() {
		m, _ = m.Update(keyMsg("b"))
		_ = m.View()
		m, _ = m.Update(keyMsg("backspace"))
	}
}
