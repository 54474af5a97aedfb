package tui

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/internal/heapwatch"
	"github.com/incidents-dev/incidents/internal/synth"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui/theme"
)

// BenchmarkStartup is `incidents --data DIR` from nothing to a frame, over
// a folder of 10k and 100k synthetic records: "first-frame" to the first
// frame (the bundled library, the user's files loading behind it), "full"
// to the first frame that lists every record, and "index" to that with
// the search index built (the first search waits for nothing). Each
// reports the peak heap it reached, in MB (garbage not yet collected
// included), and "index" the live heap once loaded, with the explorer and
// its library still held.
func BenchmarkStartup(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		dir := writeCorpus(b, n)
		for _, stage := range []string{"first-frame", "full", "index"} {
			b.Run(fmt.Sprintf("%dk/%s", n/1000, stage), func(b *testing.B) {
				peak := heapwatch.Start()
				var m tea.Model
				for b.Loop() {
					m = startup(b, dir, stage)
				}
				b.ReportMetric(peak()/(1<<20), "peak-heap-MB")
				if stage == "index" {
					runtime.GC()
					var ms runtime.MemStats
					runtime.ReadMemStats(&ms)
					b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "live-heap-MB")
					runtime.KeepAlive(m)
				}
			})
		}
	}
}

// startup opens the explorer over dir as cmd/incidents does and draws
// frames up to stage.
func startup(b *testing.B, dir, stage string) tea.Model {
	bundled, _ := library.Open(library.Options{})
	// Spilling summaries past the budget, as cmd/incidents has it do.
	ld := library.OpenAsync(library.Options{Paths: []string{dir}, Spill: b.TempDir()})
	var m tea.Model = New(bundled, Options{Styles: theme.New(theme.Ascii(), theme.DefaultPalette()), Loading: ld})
	m, _ = m.Update(tea.WindowSizeMsg{Width: 120, Height: 40})
	_ = m.View()
	if stage == "first-frame" {
		b.StopTimer()
		for range ld.Updates() { // the load must not outlive the op
		}
		b.StartTimer()
		return m
	}
	for p := range ld.Updates() {
		m, _ = m.Update(loadMsg{p: p, ch: ld.Updates()})
	}
	_ = m.View()
	if len(m.(App).lib.Records()) <= len(bundled.Records()) {
		b.Fatal("the user's records never arrived")
	}
	if stage == "index" {
		m.(App).lib.Index()
	}
	return m
}

// writeCorpus writes n synthetic records as one JSON Lines file in a
// temporary folder and returns the folder.
func writeCorpus(b *testing.B, n int) string {
	b.Helper()
	dir := b.TempDir()
	f, err := os.Create(filepath.Join(dir, "synth.jsonl"))
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	if err := synth.WriteJSONL(w, synth.Records(n, 1)); err != nil {
		b.Fatal(err)
	}
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	if err := f.Close(); err != nil {
		b.Fatal(err)
	}
	return dir
}
