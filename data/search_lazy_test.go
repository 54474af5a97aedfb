package data_test

import (
	"reflect"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/synth"
)

// lazyQueries cover plain words, fuzzy fallbacks, punctuation, Korean,
// 초성 and syntax, typed one rune at a time so that narrowing is used.
var lazyQueries = []string{
	"database failover", "etcd crash loop", "음성 통화", "데이터베이스", "ㅇㅅ ㅌㅎ",
	"dbfl", "power-peg", "aws-s3", "zzqxj", "dns timeout",
	"etcd !aws year:2020 | year:2021", "'exact ^pre suf$", "has:timeline", "org:dis",
}

// TestRankMatchesSearch checks that Rank lists what Search lists, in the
// same order with the same scores, and that HitsOf gives each match the
// hits Search gave it, over synthetic records and the bundled library.
func TestRankMatchesSearch(t *testing.T) {
	bundle, err := data.Load(data.Options{})
	if err != nil {
		t.Fatal(err)
	}
	sets := map[string][]*data.Record{"synth": synth.Records(3000, 7), "bundle": bundle.Records}
	for name, recs := range sets {
		t.Run(name, func(t *testing.T) {
			fresh, lazy := data.NewIndex(recs), data.NewIndex(recs)
			var buf []data.Match
			for _, q := range lazyQueries {
				rs := []rune(q)
				for i := range rs {
					sub := string(rs[:i+1])
					want := fresh.Search(sub)
					buf = lazy.Rank(buf, sub)
					if len(buf) != len(want) {
						t.Fatalf("%q: Rank found %d, Search %d", sub, len(buf), len(want))
					}
					for j, m := range buf {
						w := want[j]
						if m.Record != w.Record || m.Score != w.Score {
							t.Fatalf("%q: #%d is %s (%d), want %s (%d)", sub, j, m.Record.ID, m.Score, w.Record.ID, w.Score)
						}
						hits := m.Hits
						if hits == nil {
							hits = lazy.HitsOf(sub, m.Record)
						}
						if len(hits) != 0 || len(w.Hits) != 0 {
							if !reflect.DeepEqual(hits, w.Hits) {
								t.Fatalf("%q: %s hits %v, want %v", sub, m.Record.ID, hits, w.Hits)
							}
						}
					}
				}
			}
		})
	}
}
