package data_test

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/synth"
)

// writeFolder writes n synthetic records into dir as JSON Lines files of at
// most 10k records each, the way a user's export folder might hold them,
// and returns the bytes written.
func writeFolder(b *testing.B, dir string, n int) int64 {
	b.Helper()
	recs := synth.Records(n, 1)
	const perFile = 10_000
	var size int64
	for i := 0; i < len(recs); i += perFile {
		p := filepath.Join(dir, fmt.Sprintf("part-%03d.jsonl", i/perFile))
		f, err := os.Create(p)
		if err != nil {
			b.Fatal(err)
		}
		w := bufio.NewWriter(f)
		if err := synth.WriteJSONL(w, recs[i:min(i+perFile, len(recs))]); err != nil {
			b.Fatal(err)
		}
		if err := w.Flush(); err != nil {
			b.Fatal(err)
		}
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
		info, err := os.Stat(p)
		if err != nil {
			b.Fatal(err)
		}
		size += info.Size()
	}
	return size
}

// BenchmarkLoad loads 1k, 10k and 100k synthetic bilingual records from a
// folder of JSON Lines files, as `incidents --data DIR` does, and reports
// records per second.
func BenchmarkLoad(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			dir := b.TempDir()
			size := writeFolder(b, dir, n)
			b.SetBytes(size)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				lib, err := data.Load(data.Options{Paths: []string{dir}, NoBundled: true})
				if err != nil {
					b.Fatal(err)
				}
				if len(lib.Records) != n {
					b.Fatalf("loaded %d records, want %d", len(lib.Records), n)
				}
			}
			b.ReportMetric(float64(n)*float64(b.N)/b.Elapsed().Seconds(), "records/s")
		})
	}
}
