package data_test

import (
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/synth"
)

// benchQueries are the fixed queries of BenchmarkSearch: short, multi-word,
// Korean and no match.
var benchQueries = []struct{ name, q string }{
	{"short", "dns"},
	{"multi", "etcd crash loop"},
	{"korean", "음성 통화"},
	{"nomatch", "zzqxj"},
	{"jamo", "ㅇㅅ ㅌㅎ"},
	{"syntax", "etcd !aws year:2020 | year:2021"},
}

// typing is what a user types, one keystroke at a time.
const typing = "database failover"

// benchSets caches the synthetic record sets by size across benchmarks.
var benchSets sync.Map

func benchRecords(n int) []*data.Record {
	if v, ok := benchSets.Load(n); ok {
		return v.([]*data.Record)
	}
	recs := synth.Records(n, 1)
	benchSets.Store(n, recs)
	return recs
}

// BenchmarkSearch measures one query against 1k, 10k and 100k synthetic
// records. Each fixed query runs on an index that remembers no earlier
// query, so nothing is reused; "jamo" is a 초성 query and "syntax" one
// with a negation, filters and an alternative. "typing" enters a phrase one keystroke at a
// time, as the search box does, from a cold index each round; it reports
// the mean per keystroke and the slowest keystroke seen. Besides wall time
// (ms/query) it reports the process's CPU time per query (cpu-ms/query,
// both cores' work, garbage collection included), which a busy machine
// disturbs less.
func BenchmarkSearch(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		ix := data.NewIndex(benchRecords(n))
		for _, bq := range benchQueries {
			b.Run(fmt.Sprintf("n=%d/%s", n, bq.name), func(b *testing.B) {
				cpu := startCPU()
				for b.Loop() {
					ix.Forget()
					ix.Search(bq.q)
				}
				report(b, cpu, b.N)
			})
		}
		b.Run(fmt.Sprintf("n=%d/typing", n), func(b *testing.B) {
			keys := []rune(typing)
			var slowest time.Duration
			cpu := startCPU()
			for b.Loop() {
				ix.Forget()
				for i := range keys {
					start := time.Now()
					ix.Search(string(keys[:i+1]))
					slowest = max(slowest, time.Since(start))
				}
			}
			report(b, cpu, b.N*len(keys))
			b.ReportMetric(float64(slowest.Nanoseconds())/1e6, "max-ms/key")
		})
	}
}

// BenchmarkParseQuery measures reading a query with every kind of term.
func BenchmarkParseQuery(b *testing.B) {
	for b.Loop() {
		data.ParseQuery("org:discord year:2020 'exact ^pre suf$ !aws etcd | consul ㅁㅇㅂㅅ")
	}
}

// BenchmarkNewIndex measures building the index over 1k, 10k and 100k
// synthetic records.
func BenchmarkNewIndex(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		recs := benchRecords(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			cpu := startCPU()
			for b.Loop() {
				data.NewIndex(recs)
			}
			report(b, cpu, b.N)
		})
	}
}

type cpuStart struct {
	at time.Duration
	ok bool
}

func startCPU() cpuStart {
	at, ok := cpuTime()
	return cpuStart{at, ok}
}

// report adds ms/query (wall) and cpu-ms/query for n operations.
func report(b *testing.B, c cpuStart, n int) {
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/1e6/float64(n), "ms/query")
	if now, ok := cpuTime(); ok && c.ok {
		b.ReportMetric(float64((now-c.at).Nanoseconds())/1e6/float64(n), "cpu-ms/query")
	}
}
