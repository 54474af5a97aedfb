package data_test

import (
	"slices"
	"testing"

	"golang.org/x/text/unicode/norm"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/synth"
)

// oddRecords holds text off Search's fast paths: decomposed Hangul and
// accents, the Kelvin sign, capitals that fold to other sizes, a summary
// too long for an Index's word starts.
func oddRecords() []*data.Record {
	long := ""
	for len(long) < 1<<16+10 {
		long += "Padding DNS words and 데이터베이스 장애 "
	}
	return []*data.Record{
		rec("Z-1", "2025-05-05", "\u212Aelvin", norm.NFD.String("Crème brûlée"), norm.NFD.String("한글 자모"),
			"ß İstanbul ǅ \u212Aelvin", norm.NFD.String("음성 통화 한글")+" 🙂 emoji \x00 nul"),
		rec("Z-2", "2025-05-05", "ACME", "Long", "긴 요약", long, long+" end"),
		rec("Z-3", "2024-01-02", "Ünïcode", "DNS ETCD Crash", "ETCD 크래시", "ETCD crash loop İİ", "ﬁle ﬂow ǄǅǆDNS"),
	}
}

// TestSearchOnce checks that the one-shot Search finds exactly what an
// Index does, on synthetic records, the bundled library and odd text, in
// any order of records.
func TestSearchOnce(t *testing.T) {
	lib, err := data.Load(data.Options{})
	if err != nil {
		t.Fatal(err)
	}
	synthRecs := synth.Records(3000, 21)
	shuffled := slices.Clone(synthRecs)
	slices.Reverse(shuffled)
	sets := []struct {
		name string
		recs []*data.Record
	}{
		{"synth", synthRecs},
		{"reversed", shuffled},
		{"bundled", lib.Records},
		{"odd", append(fixture(), oddRecords()...)},
		{"empty", nil},
	}
	base := []string{
		"", "  ", "dns", "DNS", "etcd crash loop", "음성 통화", "zzqxj", "e", "데이터", "sy-0001", "SY12",
		"failover", "a b c", "-", "0", "kelvin", "istanbul", "ǆ", "crème", norm.NFD.String("한글"),
		"file", "flow", "ss", "\xff", "il-0499", "discord", "kubernetes pod", "클라우드", "k", "end",
	}
	for _, set := range sets {
		t.Run(set.name, func(t *testing.T) {
			t.Parallel() // the sets share nothing but read-only records
			checkSearchOnceSet(t, set.recs, base)
		})
	}
}

// checkSearchOnceSet is TestSearchOnce over one set of records: the base
// queries, then typing sequences taken from the records.
func checkSearchOnceSet(t *testing.T, recs []*data.Record, base []string) {
	queries := slices.Clone(base)
	for _, seq := range typingSequences(append(slices.Clone(recs), fixture()...), 17, 8) {
		queries = append(queries, seq...)
	}
	ix := data.NewIndex(recs)
	for _, q := range queries {
		got := data.Search(recs, q)
		if err := sameMatches(got, ix.SearchFresh(q)); err != nil {
			t.Fatalf("Search(%q): %v", q, err)
		}
		checkHits(t, q, got)
	}
}

// FuzzSearchOnce holds the one-shot Search to an Index's results for
// arbitrary queries.
func FuzzSearchOnce(f *testing.F) {
	recs := append(fixture(), synth.Records(300, 4)...)
	recs = append(recs, oddRecords()...)
	ix := data.NewIndex(recs)
	for _, s := range []string{"", "etcd", "음성 통화", norm.NFD.String("한글"), "İ", "ǆ", "\xff\xfe", "a\x00b", "   x  ", "SY-000001", "🙂", "kelvin"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		if err := sameMatches(data.Search(recs, q), ix.SearchFresh(q)); err != nil {
			t.Fatalf("Search(%q): %v", q, err)
		}
	})
}

// BenchmarkSearchOnce measures the one-shot Search over 10k synthetic
// records, the work `incidents search` does after loading.
func BenchmarkSearchOnce(b *testing.B) {
	recs := benchRecords(10_000)
	for _, bq := range benchQueries {
		b.Run(bq.name, func(b *testing.B) {
			for b.Loop() {
				data.Search(recs, bq.q)
			}
		})
	}
}
