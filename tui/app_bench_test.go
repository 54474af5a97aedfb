package tui

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/synth"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/theme"
)

func benchApp(b *testing.B, n int, l data.Lang) App {
	b.Helper()
	lib := library.New(&data.Library{Records: synth.Records(n, 1)})
	var m tea.Model = New(lib, Options{Lang: l, Styles: theme.New(theme.Ascii(), theme.DefaultPalette())})
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
// frame: the key, its search (run here rather than on another goroutine),
// the results and the frame, over 1k, 10k and 100k records. Each op types
// the last letter of a query whose start is already in the box. A round of
// every query runs first, untimed: what the explorer builds once (the
// suggestions' dictionary, its results buffers) is not a keystroke's.
func BenchmarkKeystroke(b *testing.B) {
	queries := []string{"db", "net", "sync", "dns", "데이터", "timeout", "etcd"}
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			a := benchApp(b, n, data.EN)
			var m tea.Model = a
			m, _ = m.Update(keyMsg("/"))
			typeQuery := func(q []rune, timed bool) {
				m, _ = m.Update(tea.KeyMsg{Type: tea.KeyCtrlU}) // empty the box
				m = settle(m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: q[:len(q)-1]}))
				if timed {
					b.StartTimer()
				}
				m = settle(m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: q[len(q)-1:]}))
				_ = m.View()
			}
			for _, q := range queries {
				typeQuery([]rune(q), false)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				typeQuery([]rune(queries[i%len(queries)]), true)
			}
		})
	}
}

// settle runs cmd and the commands its messages lead to, to the end.
func settle(m tea.Model, cmd tea.Cmd) tea.Model {
	for cmd != nil {
		var next []tea.Cmd
		for _, msg := range collect(cmd) {
			var c tea.Cmd
			m, c = m.Update(msg)
			next = append(next, c)
		}
		cmd = tea.Batch(next...)
	}
	return m
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

// BenchmarkFacetToggle chooses and drops a facet value in the open panel,
// over 10k and 100k records: the time on the UI loop, to the new frame
// (the filtering and counting then run in a command).
func BenchmarkFacetToggle(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var m tea.Model = benchApp(b, n, data.EN)
			m, _ = m.Update(keyMsg("f"))
			b.ReportAllocs()
			for b.Loop() {
				m, _ = m.Update(keyMsg("space"))
				_ = m.View()
			}
		})
	}
}
