package data_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/hostile"
)

// compactQueries are searched over compact and whole libraries alike.
var compactQueries = []string{"", "dns", "etcd crash", "음성", "cloudflare", "sy-0003", "ㅇㅅ", "org:discord", "!dns etcd",
	"zzzzqx", ",", "Arclight", "쿼럼", "\"bad key\"", "^sy", "has:timeline", "hx", "café", "ǅ",
	"component:dns", "cause:config", "component:도메인", "domain:fin", "\"auto\"", "pooler"}

// checkCompact loads dir whole and compact and wants the same library:
// the same problems and notices, every compact record read back by Full
// equal to the whole one, the same field texts, and the same search
// results, hits, ranks and snippets for every query.
//
// It does so twice: with the records' search text in memory, and with
// every summary's spilled to a file (Options.Spill, with no budget).
func checkCompact(t testing.TB, dir string, noBundled bool, queries ...string) {
	t.Helper()
	checkCompactAs(t, dir, noBundled, "", queries)
	defer data.SetSpillBudget(0)()
	checkCompactAs(t, dir, noBundled, t.TempDir(), queries)
}

// checkCompactAs is checkCompact with the summaries spilled to a file in
// spill, or kept in memory for "".
func checkCompactAs(t testing.TB, dir string, noBundled bool, spill string, queries []string) {
	t.Helper()
	whole, werr := data.Load(data.Options{Paths: []string{dir}, NoBundled: noBundled})
	small, serr := data.Load(data.Options{Paths: []string{dir}, NoBundled: noBundled, Compact: true, Spill: spill})
	if fmt.Sprint(werr) != fmt.Sprint(serr) || !reflect.DeepEqual(whole.Notices, small.Notices) {
		t.Fatalf("problems differ:\n whole %v %q\ncompact %v %q", werr, whole.Notices, serr, small.Notices)
	}
	if len(whole.Records) != len(small.Records) {
		t.Fatalf("%d records compact, %d whole", len(small.Records), len(whole.Records))
	}
	compact, withText, spilled := 0, 0, 0
	for i, r := range small.Records {
		w := whole.Records[i]
		if r.IsCompact() {
			compact++
		}
		if r.IsCompact() && r.FieldText(data.FieldSummaryEN)+r.FieldText(data.FieldSummaryKO) != "" {
			withText++
			if data.Spilled(r) {
				spilled++
			}
		}
		full, err := data.Full(r)
		if err != nil {
			t.Fatalf("Full(%s): %v", r.ID, err)
		}
		if got, want := recordText(full), recordText(w); got != want {
			t.Fatalf("Full(%s) differs from the record loaded whole:\n got %s\nwant %s", r.ID, got, want)
		}
		for f := data.FieldID; f <= data.FieldSummaryKO; f++ {
			if got, want := r.FieldText(f), w.FieldText(f); got != want {
				t.Fatalf("%s %s: %q, want %q", r.ID, f, got, want)
			}
		}
		if r.HasTimeline() != w.HasTimeline() || !reflect.DeepEqual(r.Tags(), w.Tags()) || r.Timeline != w.Timeline {
			t.Fatalf("%s: list columns differ", r.ID)
		}
	}
	if compact == 0 && len(small.Records) > 0 && noBundled {
		t.Fatal("no record is compact")
	}
	if spill != "" && spilled != withText {
		t.Fatalf("%d of %d compact records with summaries spilled them", spilled, withText)
	}
	wix, six := data.NewIndex(whole.Records), data.NewIndex(small.Records)
	for _, q := range queries {
		want, got := describeAll(wix, q), describeAll(six, q)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: compact %d matches, first differing %q\nwhole %d, %q", q, len(got), firstOf(got, want), len(want), firstOf(want, got))
		}
		// Search without an index, as the explorer asks before its index
		// is built.
		want, got = describeMatches(data.Search(whole.Records, q)), describeMatches(data.Search(small.Records, q))
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q: Search over compact records: %d matches, first differing %q\nwhole %d, %q", q, len(got), firstOf(got, want), len(want), firstOf(want, got))
		}
	}
}

// recordText is all there is of a record: its JSON, where it came from,
// its date and other names, and whether it has a timeline.
func recordText(r *data.Record) string {
	b, err := json.Marshal(r)
	if err != nil {
		panic(err)
	}
	return fmt.Sprintf("%s %s %s %q %v %v", b, r.Origin, r.Day, r.FieldText(data.FieldAliases), r.HasTimeline(), r.IsCompact())
}

// describeAll is what a list shows of Search's matches of q: the list
// columns, score, hits and snippets in each language, then Rank's order
// and HitsOf's hits.
func describeAll(ix *data.Index, q string) []string {
	var out []string
	for _, m := range ix.Search(q) {
		r := m.Record
		s := fmt.Sprintf("%s %q %q %d %v", r.ID, r.Org, r.Title.EN, m.Score, m.Hits)
		for _, l := range []data.Lang{data.EN, data.KO, data.Both} {
			if sn, ok := m.Snippet(l, 40); ok {
				s += fmt.Sprintf(" %v", sn)
			}
		}
		out = append(out, s)
	}
	for _, m := range ix.Rank(nil, q) {
		out = append(out, fmt.Sprintf("%s %d %v", m.Record.ID, m.Score, ix.HitsOf(q, m.Record)))
	}
	return out
}

// describeMatches is each match's id, score and hits.
func describeMatches(ms []data.Match) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = fmt.Sprintf("%s %d %v", m.Record.ID, m.Score, m.Hits)
	}
	return out
}

func firstOf(a, b []string) string {
	for i := range a {
		if i >= len(b) || a[i] != b[i] {
			return a[i]
		}
	}
	return ""
}

// TestCompactSynth loads synthetic corpora compact, with repeated ids, a
// bundled id replaced and bad records among them.
func TestCompactSynth(t *testing.T) {
	defer data.SetCompactChunk(8 << 10)()
	dir := t.TempDir()
	bad := `{"id":"SY-000003","title":"again"}` + "\n" + `{"id":"IL-0499","date":"2020-01-01","title":"mine"}` + "\n" +
		`{"id": 5}` + "\n" + `  {"id":"SY-X","date":"2020-13-01","title":"t"}` + "\n" + "not json\n" +
		`{"id":"SY-C","date":"2020-01-02","title":"Cafe\u0301 ÉTÉ","summary":{"en":"Cafe\u0301 ÉTÉ on the KELVIN \u212a scale","ko":"ǅ 음성"}}` + "\n"
	writeSynth(t, dir, 600, 250, bad)
	if err := os.WriteFile(filepath.Join(dir, "array.json"), []byte("\ufeff[\n"+
		`{"id":"SY-A1","date":"2021-01-01","title":{"en":"Array DNS one","ko":"배열"},"summary":"The DNS resolver failed"},`+"\n"+
		`{"id":"SY-A2","date":"2021-01-02","title":"Array two","summary":{"en":"An ETCD \"quorum\" loss","ko":"쿼럼을 잃었다"}}]`), 0o644); err != nil {
		t.Fatal(err)
	}
	checkCompact(t, dir, false, compactQueries...)
}

// TestCompactHostile loads every hostile input compact (the model class
// thinned: see hostileCases), each case once: every other case with its
// search text in memory, the rest with every summary spilled to a file.
// BenchmarkHostileCorpus, which .ci/run runs once, loads every case both
// ways.
func TestCompactHostile(t *testing.T) {
	if testing.Short() {
		t.Skip("the hostile corpus takes a few seconds")
	}
	defer data.SetCompactChunk(4 << 10)()
	cases := hostileCases(false)
	half := func(odd int) []hostile.Case {
		var out []hostile.Case
		for i := odd; i < len(cases); i += 2 {
			out = append(out, cases[i])
		}
		return out
	}
	// checkCompact's two halves as two passes, each running its cases two
	// at a time: the search text in memory, then every summary spilled to
	// a file (the spill budget, a package setting, holds for the pass).
	t.Run("in memory", func(t *testing.T) {
		eachHostile(t, half(0), true, func(t testing.TB, c hostile.Case, dir string, noBundled bool) {
			checkCompactAs(t, dir, noBundled, "", compactQueriesFor(c))
		})
	})
	defer data.SetSpillBudget(0)()
	t.Run("spilled", func(t *testing.T) {
		eachHostile(t, half(1), true, func(t testing.TB, c hostile.Case, dir string, noBundled bool) {
			checkCompactAs(t, dir, noBundled, t.TempDir(), compactQueriesFor(c))
		})
	})
}

// checkCompactHostile is TestCompactHostile's check of one case, both
// halves in turn (for BenchmarkHostileCorpus).
func checkCompactHostile(t testing.TB, c hostile.Case, dir string, noBundled bool) {
	checkCompact(t, dir, noBundled, compactQueriesFor(c)...)
}

// compactQueriesFor is compactQueries, after case c's own query if it has
// one.
func compactQueriesFor(c hostile.Case) []string {
	if c.Query != "" {
		return append([]string{c.Query}, compactQueries...)
	}
	return compactQueries
}

// TestCompactChanged changes, cuts short and removes the file of compact
// records after the load: Full then says so and gives the loaded copy,
// never another record's text.
func TestCompactChanged(t *testing.T) {
	dir := t.TempDir()
	writeSynth(t, dir, 20, 20, "")
	path := filepath.Join(dir, "part-0.jsonl")
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, change := range []struct {
		name string
		do   func() error
	}{
		{"same size", func() error { return os.WriteFile(path, []byte(strings.ReplaceAll(string(orig), "e", "o")), 0o644) }},
		{"shifted", func() error { return os.WriteFile(path, append([]byte("\n"), orig...), 0o644) }},
		{"cut short", func() error { return os.WriteFile(path, orig[:len(orig)/2], 0o644) }},
		{"removed", func() error { return os.Remove(path) }},
	} {
		t.Run(change.name, func(t *testing.T) {
			if err := os.WriteFile(path, orig, 0o644); err != nil {
				t.Fatal(err)
			}
			lib, err := data.Load(data.Options{Paths: []string{dir}, NoBundled: true, Compact: true})
			if err != nil {
				t.Fatal(err)
			}
			whole, _ := data.Load(data.Options{Paths: []string{dir}, NoBundled: true})
			if err := change.do(); err != nil {
				t.Fatal(err)
			}
			changed := 0
			for i, r := range lib.Records {
				got, err := data.Full(r)
				w := whole.Records[i]
				if err == nil {
					if recordText(got) != recordText(w) {
						t.Fatalf("%s: Full gave another record without an error", r.ID)
					}
					continue
				}
				changed++
				if !errors.Is(err, data.ErrChanged) || !strings.HasPrefix(err.Error(), path+":") || !strings.Contains(err.Error(), r.ID) {
					t.Errorf("%s: error %q, want one naming the file and the record and wrapping ErrChanged", r.ID, err)
				}
				if got.ID != w.ID || got.Title != w.Title || got.Summary != w.Summary || got.IsCompact() || len(got.Remediation) > 0 {
					t.Errorf("%s: the loaded copy is %+v", r.ID, got)
				}
			}
			if changed == 0 {
				t.Error("no record was found changed")
			}
		})
	}
}

// TestCompactParts loads JSON Lines files that a compact load reads in
// parts of 256 bytes: lines longer than a part, CRLF line ends, blank
// lines, a byte order mark, a file blank to past its first part, bad
// records and repeated ids in later parts, and no final line break.
func TestCompactParts(t *testing.T) {
	defer data.SetCompactChunk(256)()
	long := strings.Repeat("The DNS resolver failed again. ", 40)
	rec := func(id, title string) string {
		return fmt.Sprintf(`{"id":%q,"date":"2021-02-03","title":{"en":%q,"ko":"이름"},"summary":{"en":%q,"ko":"쿼럼을 잃었다"}}`, id, title, long)
	}
	files := map[string]string{
		"a.jsonl": rec("SY-1", "One") + "\r\n\r\n" + rec("SY-2", "Two") + "\n" + `{"id":"SY-3"}` + "\n" + rec("SY-1", "Again") + "\n" + rec("SY-4", "Four"),
		"b.jsonl": "\ufeff" + rec("SY-5", "Five") + "\n" + rec("SY-6", "Six") + "\n",
		"c.jsonl": strings.Repeat(" \n", 300) + rec("SY-7", "Seven") + "\n" + "not json\n" + rec("SY-8", "Eight") + "\n",
		"d.json":  rec("SY-9", "Nine"),
		"e.jsonl": "",
	}
	dir := t.TempDir()
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	checkCompact(t, dir, true, "dns", "one", "이름", "sy-1", "resolver failed")
}

// TestCompactProgress counts a compact load read in parts: never
// backwards, never past its total, and ending at every record found.
func TestCompactProgress(t *testing.T) {
	defer data.SetCompactChunk(8 << 10)()
	dir := t.TempDir()
	writeSynth(t, dir, 400, 150, "not json\n")
	last, total, calls := 0, 0, 0
	lib, _ := data.Load(data.Options{Paths: []string{dir}, NoBundled: true, Compact: true, Progress: func(done, tot int) {
		calls++
		if done < last || done > tot {
			t.Errorf("%d of %d after %d", done, tot, last)
		}
		last, total = done, tot
	}})
	if calls < 3 || last != total || total != 401 || len(lib.Records) != 400 {
		t.Errorf("%d reports, the last %d of %d, for %d records", calls, last, total, len(lib.Records))
	}
}
