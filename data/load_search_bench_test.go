package data_test

import (
	"fmt"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/heapwatch"
)

// BenchmarkSearchLoad is `incidents search Q` without the output: the
// bundle and a folder of 10k or 100k synthetic records loaded and searched
// by SearchLoad, without a cache ("cold") and from a warm one ("warm"),
// for plain words, a query with syntax, and one that matches nothing
// (with its suggestions, Found.Suggest). It reports the peak of the live
// heap, the figure behind the command's peak memory.
func BenchmarkSearchLoad(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		dir := b.TempDir()
		size := writeFolder(b, dir, n)
		cache := b.TempDir()
		for _, v := range []struct{ name, cache string }{{"cold", ""}, {"warm", cache}} {
			for _, q := range []struct{ name, query string }{{"plain", "dns"}, {"syntax", "org:arclight !dns"}, {"nomatch", "zzqqxx"}} {
				b.Run(fmt.Sprintf("%dk/%s/%s", n/1000, v.name, q.name), func(b *testing.B) {
					opts := data.Options{Paths: []string{dir}, Cache: v.cache}
					if v.cache != "" {
						if _, err := data.SearchLoad(opts, "dns"); err != nil {
							b.Fatal(err)
						}
					}
					b.SetBytes(size)
					peak := heapwatch.Start()
					for b.Loop() {
						f, err := data.SearchLoad(opts, q.query)
						if err != nil || (len(f.Matches) == 0) != (q.name == "nomatch") {
							b.Fatal(err, len(f.Matches))
						}
						f.Suggest(3)
					}
					b.ReportMetric(peak()/(1<<20), "peak-heap-MB")
				})
			}
		}
	}
}
