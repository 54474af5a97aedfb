package data_test

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/hostile"
	"github.com/incidents-dev/incidents/internal/synth"
)

// outcome is what a search shows: every match with its list columns,
// score and hits, the notices and every problem.
type outcome struct {
	matches []string
	notices []string
	errs    string
}

func describe(ms []data.Match, notices []string, err error) outcome {
	o := outcome{notices: notices}
	for _, m := range ms {
		r := m.Record
		o.matches = append(o.matches, fmt.Sprintf("%s %s %q %q %q %d %v %s", r.ID, r.Date, r.Org, r.Title.EN, r.Title.KO, m.Score, m.Hits, r.Origin))
	}
	if err != nil {
		o.errs = err.Error()
	}
	return o
}

// loadAndSearch is the reference: the whole library loaded, then searched.
func loadAndSearch(dir, q string, noBundled bool) outcome {
	return newReference(dir, noBundled).search(q)
}

// reference is the whole library of a folder, loaded once for every query
// a test compares with it (a load of the bundle costs more than a search).
// A test that changes the folder's files makes a new one.
type reference struct {
	dir       string
	noBundled bool
	load      func() (*data.Library, error)
}

func newReference(dir string, noBundled bool) *reference {
	return &reference{dir: dir, noBundled: noBundled, load: sync.OnceValues(func() (*data.Library, error) {
		return data.Load(data.Options{Paths: []string{dir}, NoBundled: noBundled})
	})}
}

// search is q over the library loaded whole, as an outcome.
func (ref *reference) search(q string) outcome {
	lib, err := ref.load()
	return describe(data.Search(lib.Records, q), lib.Notices, err)
}

func searchLoad(t testing.TB, dir, q, cache string, noBundled bool) outcome {
	t.Helper()
	f, err := data.SearchLoad(data.Options{Paths: []string{dir}, Cache: cache, NoBundled: noBundled}, q)
	return describe(f.Matches, f.Notices, err)
}

// checkSame runs q over dir uncached, with a cache being written and with
// it read back, and wants the reference's outcome from each.
func checkSame(t *testing.T, dir, q string, noBundled bool) {
	t.Helper()
	checkSameAs(t, newReference(dir, noBundled), q)
}

// checkSameAs is checkSame against a reference loaded once.
func checkSameAs(t testing.TB, ref *reference, q string) {
	t.Helper()
	dir, noBundled := ref.dir, ref.noBundled
	want := ref.search(q)
	cache := t.TempDir()
	for _, run := range []struct{ name, cache string }{{"uncached", ""}, {"cold cache", cache}, {"warm cache", cache}} {
		if got := searchLoad(t, dir, q, run.cache, noBundled); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %q over %s differs from Load and Search\n got %d matches, %q\nwant %d matches, %q",
				run.name, q, filepath.Base(dir), len(got.matches), firstDiff(got, want), len(want.matches), firstDiff(want, got))
		}
	}
}

// firstDiff shows where a differs from b.
func firstDiff(a, b outcome) string {
	for i := range a.matches {
		if i >= len(b.matches) || a.matches[i] != b.matches[i] {
			return a.matches[i]
		}
	}
	if a.errs != b.errs {
		return a.errs
	}
	return strings.Join(a.notices, "; ")
}

// writeSynth writes n synthetic records as JSON Lines files of per records
// each, plus extra lines at the end of the last.
func writeSynth(t testing.TB, dir string, n, per int, extra string) {
	t.Helper()
	recs := synth.Records(n, 7)
	for i := 0; i < n; i += per {
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("part-%d.jsonl", i/per)))
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		if err := synth.WriteJSONL(w, recs[i:min(i+per, n)]); err != nil {
			t.Fatal(err)
		}
		if i+per >= n {
			w.WriteString(extra)
		}
		if err := w.Flush(); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
}

// TestSearchLoadSynth compares SearchLoad, cached and not, with Load and
// Search over synthetic corpora read in small parts, with repeated ids, a
// bundled id replaced, bad records and every kind of query: go test runs
// every third syntax query and typo (see thinned); BenchmarkSynthCorpus,
// which .ci/run runs once, runs them all. (FuzzSearchLoadQuery's seeds run
// every one of them under go test too, over a smaller folder.)
func TestSearchLoadSynth(t *testing.T) { checkSearchLoadSynth(t, false) }

// BenchmarkSynthCorpus runs TestSearchLoadSynth's check with every query,
// once per iteration: the corpus check that go test thins. .ci/run runs it
// once (-benchtime=1x); a failure names the query.
func BenchmarkSynthCorpus(b *testing.B) {
	for b.Loop() {
		checkSearchLoadSynth(b, true)
	}
}

// checkSearchLoadSynth is TestSearchLoadSynth's check, with every query
// when all is set and with thinned lists otherwise.
func checkSearchLoadSynth(tb testing.TB, all bool) {
	defer data.SetStreamChunk(8 << 10)()
	dir := tb.TempDir()
	bad := `{"id":"SY-000003","title":"again"}` + "\n" + `{"id":"IL-0499","date":"2020-01-01","title":"mine"}` + "\n" +
		`{"id": 5}` + "\n" + `  {"id":"SY-X","date":"2020-13-01","title":"t"}` + "\n" + "not json\n" +
		`{"id":"SY-000005","date":"2040-01-01","title":"FLUMOX Zebraquux again"}` + "\n" + `{"id":"SY-X3","date":"2030-01-01","title":"fLumox rises"}` + "\n" +
		`{"id":"SY-X2","date":"2001-01-01","title":"FLUMOX falls"}` + "\n" + `{"id":"SY-X1","date":"2030-01-01","title":"Flumox rises"}` + "\n"
	writeSynth(tb, dir, 600, 250, bad)
	syntax, allTypos := syntaxQueries, typoQueries
	if !all {
		syntax, allTypos = thinned(syntaxQueries, 3), thinned(typoQueries, 3)
	}
	for _, mapped := range []bool{true, false} {
		restore := data.SetMapStreams(mapped)
		ref := newReference(dir, false)
		qs := []string{"dns", "etcd crash", "음성", "cloudflare", "sy-0003", "ㅇㅅ", "zzzzqx", ",", "org:discord", "!dns etcd"}
		typos := typoQueries[:3]
		if mapped {
			// The queries' syntax is matched alike whichever way the
			// file is read: once is enough for all of it.
			qs, typos = append(qs, syntax...), allTypos
		}
		// The queries run two at a time; the setting above holds for
		// all of them, as t.Run waits for its parallel subtests.
		group(tb, fmt.Sprintf("mapped=%v", mapped), func(run func(string, func(testing.TB))) {
			for i, q := range qs {
				run(fmt.Sprintf("same/%d", i), func(tb testing.TB) { checkSameAs(tb, ref, q) })
			}
			for i, q := range typos {
				run(fmt.Sprintf("suggest/%d", i), func(tb testing.TB) { checkSuggestAs(tb, ref, q) })
			}
		})
		restore()
	}
	// Without repeated ids, the search itself gathers what suggestions
	// need; with them (above), Suggest streams the library again.
	clean := tb.TempDir()
	writeSynth(tb, clean, 600, 250, strings.Join(strings.SplitAfter(bad, "\n")[6:], ""))
	cleanRef := newReference(clean, false)
	group(tb, "clean", func(run func(string, func(testing.TB))) {
		for i, q := range allTypos {
			run(fmt.Sprintf("suggest/%d", i), func(tb testing.TB) { checkSuggestAs(tb, cleanRef, q) })
		}
	})
}

// thinned returns every k-th of qs, from the first.
func thinned(qs []string, k int) []string {
	var out []string
	for i := 0; i < len(qs); i += k {
		out = append(out, qs[i])
	}
	return out
}

// group runs the checks that body hands to run as parallel subtests of a
// subtest named name under a test, and one after another, each failure
// named, under a benchmark.
func group(tb testing.TB, name string, body func(run func(string, func(testing.TB)))) {
	t, ok := tb.(*testing.T)
	if !ok {
		body(func(sub string, check func(testing.TB)) { check(namedTB{tb, name + "/" + sub}) })
		return
	}
	t.Run(name, func(t *testing.T) {
		body(func(sub string, check func(testing.TB)) {
			t.Run(sub, func(t *testing.T) {
				t.Parallel()
				check(t)
			})
		})
	})
}

// syntaxQueries use every part of the query syntax, alone and with plain
// words, with no word at all, and as ParseQuery reads what it cannot
// parse whole.
var syntaxQueries = []string{
	"org:discord", "!dns etcd", "title:dns", "'dns", "'resolver cache", "^arclight", "hours$", "hours$ pooler",
	"dns | etcd", "dns | 'quorum crash", "year:2020", "year:2011 dns", "severity:sev1", "sev:sev2 quorum", "domain:fin",
	"component:etcd", "cause:config", "factor:retry", "org:arclight-networks", "org:arclight quorum", "has:timeline",
	"!has:timeline dns", "has:timeline | org:discord", "!dns", "!dns !etcd", "!zzqqxx", "!org:arclight year:2015",
	"org:", "dns |", "| dns", "has:nope dns", "^", "'", "", "  ", "DNS-over ^Arc", "!'dns", "'장애", "^오토스케일러",
}

// typoQueries match nothing: one word or several off by a letter or two,
// beside words that match, with syntax; and words nothing is near.
// "zebraqux" is near only the title of a record dropped as a repeated id,
// "awaitng" only that of the bundled record a user's replaces, "mnie"
// that of the user's record; "flumix" is near a word written four ways,
// shown as the newest record kept writes it (of two on one day, the first
// id), not as the newer record dropped as a repeat does.
var typoQueries = []string{
	"zebraqux", "awaitng", "flumix", "arcli quorom", "restored quorom",
	"discrod", "quorom pooler", "오토스케일라", "discrod has:timeline", "arclihgt quorom", "cloudflar 'dns",
	"zzqqxx", "agian", "mnie", "arclight qurom", "Arclihgt", "quorom | zzqqxx", "org:discord quorom",
}

// checkSuggestAs runs q over ref's folder, uncached and with a cache
// written and read back, and wants Found.Suggest to give what Suggest
// gives over the whole library loaded (ref's, loaded once).
func checkSuggestAs(t testing.TB, ref *reference, q string) {
	t.Helper()
	dir, noBundled := ref.dir, ref.noBundled
	opts := data.Options{Paths: []string{dir}, NoBundled: noBundled}
	lib, _ := ref.load()
	want := data.Suggest(lib.Records, q, 3)
	opts.Cache = t.TempDir()
	for _, run := range []struct{ name, cache string }{{"uncached", ""}, {"cold cache", opts.Cache}, {"warm cache", opts.Cache}} {
		f, _ := data.SearchLoad(data.Options{Paths: opts.Paths, NoBundled: noBundled, Cache: run.cache}, q)
		if got := f.Suggest(3); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: suggestions for %q over %s: got %q, want %q", run.name, q, filepath.Base(dir), got, want)
		}
	}
}

// TestSearchLoadHostile compares SearchLoad, cached and not, with Load and
// Search over every hostile input (the model class thinned: see
// hostileCases): each case's own query, then, case by case in turn, the
// query negated with a filter or a typo's suggestions. BenchmarkHostileCorpus,
// which .ci/run runs once, checks every case all three ways.
func TestSearchLoadHostile(t *testing.T) {
	if testing.Short() {
		t.Skip("the hostile corpus takes a few seconds")
	}
	defer data.SetStreamChunk(4 << 10)()
	defer data.SetArrayMin(1)() // every array file streamed and cached
	// The cases run two at a time: the check of one sets nothing that
	// another reads (the settings above hold for all of them).
	cases := hostileCases(false)
	t.Run("cases", func(t *testing.T) {
		for i, c := range cases {
			t.Run(c.Class+"/"+c.Name, func(t *testing.T) {
				t.Parallel()
				withHostile(t, c, func(t testing.TB, c hostile.Case, dir string, noBundled bool) {
					checkSearchLoadHostileAs(t, c, dir, noBundled, i%2 == 0, i%2 == 1)
				})
			})
		}
	})
}

// checkSearchLoadHostile is TestSearchLoadHostile's check of one case,
// all three ways (for BenchmarkHostileCorpus).
func checkSearchLoadHostile(t testing.TB, c hostile.Case, dir string, noBundled bool) {
	checkSearchLoadHostileAs(t, c, dir, noBundled, true, true)
}

// checkSearchLoadHostileAs checks case c's query over dir and, when
// negated is set, the query negated with a filter, and when suggest is,
// a typo's suggestions.
func checkSearchLoadHostileAs(t testing.TB, c hostile.Case, dir string, noBundled, negated, suggest bool) {
	q := c.Query
	if q == "" {
		q = "hx"
	}
	ref := newReference(dir, noBundled)
	checkSameAs(t, ref, q)
	if negated {
		checkSameAs(t, ref, "!'"+q+" | has:timeline")
	}
	if suggest {
		checkSuggestAs(t, ref, "zz"+q)
	}
}

// hostileCases returns the hostile corpus, all of it or, for go test,
// without the model class's cases that set one parameter to one bad value
// (80 of them, "calls = NaN"): data keeps a timeline's model block as
// written (Timeline.Model is raw JSON) and never reads a parameter, so
// to it they are one case eighty times over, and they took two thirds of
// the corpus's time. The model class's other cases (null, a string, 1001
// actions…) stay. BenchmarkHostileCorpus, which .ci/run runs once, checks
// every case.
func hostileCases(all bool) []hostile.Case {
	cs := hostile.Cases()
	if all {
		return cs
	}
	return slices.DeleteFunc(cs, func(c hostile.Case) bool {
		return c.Class == "model" && strings.Contains(c.Name, " = ")
	})
}

// eachHostile writes each case into a folder of its own and runs check on
// it in a subtest, in parallel with the others when parallel is set;
// noBundled says that the case names no record of the bundle, which takes
// most of the time of a small case, so that a check can leave the bundle
// out.
func eachHostile(t *testing.T, cases []hostile.Case, parallel bool, check func(t testing.TB, c hostile.Case, dir string, noBundled bool)) {
	for _, c := range cases {
		t.Run(c.Class+"/"+c.Name, func(t *testing.T) {
			if parallel {
				t.Parallel()
			}
			withHostile(t, c, check)
		})
	}
}

// withHostile writes case c into a temporary folder and runs check on it.
func withHostile(t testing.TB, c hostile.Case, check func(t testing.TB, c hostile.Case, dir string, noBundled bool)) {
	t.Helper()
	noBundled := true
	for _, f := range c.Files {
		noBundled = noBundled && !strings.Contains(string(f.Data), "IL-")
	}
	dir := t.TempDir()
	release, err := c.Write(dir)
	defer release()
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip(err)
		return // namedTB's Skip returns
	}
	if err != nil {
		t.Fatal(err)
	}
	check(t, c, dir, noBundled)
}

// BenchmarkHostileCorpus runs TestSearchLoadHostile's and
// TestCompactHostile's checks over every hostile case, the model class
// whole, once per iteration: the corpus check that go test thins (see
// hostileCases). .ci/run runs it once (-benchtime=1x); a failure names the
// case.
func BenchmarkHostileCorpus(b *testing.B) {
	defer data.SetArrayMin(1)()
	cases := hostileCases(true)
	for b.Loop() {
		for _, c := range cases {
			restore := data.SetStreamChunk(4 << 10)
			withHostile(namedTB{b, c.Class + "/" + c.Name}, c, checkSearchLoadHostile)
			restore()
			restore = data.SetCompactChunk(4 << 10)
			withHostile(namedTB{b, c.Class + "/" + c.Name}, c, checkCompactHostile)
			restore()
		}
	}
}

// namedTB puts a case's name before each failure, as a subtest would.
type namedTB struct {
	testing.TB
	name string
}

func (n namedTB) Errorf(format string, args ...any) {
	n.TB.Helper()
	n.TB.Errorf("%s: %s", n.name, fmt.Sprintf(format, args...))
}

func (n namedTB) Fatalf(format string, args ...any) {
	n.TB.Helper()
	n.TB.Fatalf("%s: %s", n.name, fmt.Sprintf(format, args...))
}

func (n namedTB) Fatal(args ...any) {
	n.TB.Helper()
	n.TB.Fatalf("%s: %s", n.name, fmt.Sprint(args...))
}

func (n namedTB) Skip(args ...any) {
	n.TB.Helper()
	n.TB.Logf("%s: skipped: %s", n.name, fmt.Sprint(args...))
}

// TestSearchCacheMisses checks that a cache file that is stale, corrupt,
// truncated or foreign is never used, and that a cache folder that cannot
// be written or does not exist leaves the search as it would be without.
func TestSearchCacheMisses(t *testing.T) {
	defer data.SetStreamChunk(8 << 10)()
	dir := t.TempDir()
	writeSynth(t, dir, 300, 300, "")
	cache := t.TempDir()
	want := loadAndSearch(dir, "dns", true)
	check := func(name, cache string) {
		t.Helper()
		if got := searchLoad(t, dir, "dns", cache, true); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: results differ from an uncached search (%d matches, want %d)", name, len(got.matches), len(want.matches))
		}
	}
	check("first", cache)
	files, _ := filepath.Glob(filepath.Join(cache, "*"))
	if len(files) != 1 {
		t.Fatalf("cache holds %v, want one file", files)
	}
	good, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	damage := map[string]func([]byte) []byte{
		"truncated":     func(b []byte) []byte { return b[:len(b)/2] },
		"flipped byte":  func(b []byte) []byte { b = append([]byte{}, b...); b[len(b)/2] ^= 1; return b },
		"empty":         func([]byte) []byte { return nil },
		"foreign":       func([]byte) []byte { return []byte("not a cache file at all\n") },
		"trailing":      func(b []byte) []byte { return append(append([]byte{}, b...), 0) },
		"wrong count":   func(b []byte) []byte { b = append([]byte{}, b...); b[len(b)-16]++; return b },   // the trailer's
		"flipped early": func(b []byte) []byte { b = append([]byte{}, b...); b[len(b)/5] ^= 1; return b }, // in the summaries
	}
	for name, f := range damage {
		if err := os.WriteFile(files[0], f(good), 0o600); err != nil {
			t.Fatal(err)
		}
		check(name, cache)
		// A group of summaries is checked when a search first reads it:
		// "dns" may not need the damaged one, and the file then stands
		// until a search does ("the" reads every summary).
		if name == "flipped early" {
			if got, want := searchLoad(t, dir, "the", cache, true), loadAndSearch(dir, "the", true); !reflect.DeepEqual(got, want) {
				t.Errorf("%s: a search reading every summary differs from an uncached one", name)
			}
		}
		if b, _ := os.ReadFile(files[0]); string(b) != string(good) {
			t.Errorf("%s: the cache file was not rebuilt", name)
		}
	}
	// A changed data file of the same size: the key's hash of its ends
	// tells the versions apart.
	p := filepath.Join(dir, "part-0.jsonl")
	b, _ := os.ReadFile(p)
	i := strings.Index(string(b), "dns")
	copy(b[i:], "qqq") // one match fewer
	info, _ := os.Stat(p)
	os.WriteFile(p, b, 0o600)
	os.Chtimes(p, info.ModTime(), info.ModTime())
	want = loadAndSearch(dir, "dns", true)
	check("changed data file", cache)

	check("missing folder", filepath.Join(t.TempDir(), "a", "b"))
	if runtime.GOOS != "windows" && os.Getuid() != 0 {
		ro := t.TempDir()
		os.Chmod(ro, 0o500)
		defer os.Chmod(ro, 0o700)
		check("read-only folder", ro)
	}
	notDir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notDir, nil, 0o600)
	check("a file, not a folder", notDir)
}

// TestSearchLoadTimelines compares SearchLoad with Load and Search over a
// folder with timelines of its own: one replacing a bundled timeline, one
// repeated, one for a record that is not there and one that does not
// decode. A search reads the timelines only when some are the user's.
func TestSearchLoadTimelines(t *testing.T) {
	dir := t.TempDir()
	writeSynth(t, dir, 40, 40, "")
	tl, err := os.ReadFile(filepath.Join("library", "timelines", "IL-0271.json"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"t1.json": string(tl),
		"t2.json": string(tl),
		"t3.json": strings.Replace(string(tl), `"IL-0271"`, `"NOPE-1"`, 1),
		"t4.json": `{"incident": "IL-0499", "stages": 5}`,
	}
	for name, s := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []string{"dns", "discord", "has:timeline", "!has:timeline dns", "has:timeline | sy-00001"} {
		checkSame(t, dir, q, false)
	}
	if o := searchLoad(t, dir, "dns", "", false); !strings.Contains(o.errs, "NOPE-1") || len(o.notices) == 0 {
		t.Errorf("the user's timelines were not read: %q, notices %q", o.errs, o.notices)
	}
}

// TestSearchLoadArray compares SearchLoad, cached and not, with Load and
// Search over a .json file holding an array of records, with bad elements
// and repeated ids, and over one holding a single record.
func TestSearchLoadArray(t *testing.T) {
	defer data.SetArrayMin(1)()
	dir := t.TempDir()
	var lines bytes.Buffer
	if err := synth.WriteJSONL(&lines, synth.Records(300, 11)); err != nil {
		t.Fatal(err)
	}
	elems := strings.Split(strings.TrimSpace(lines.String()), "\n")
	elems = append(elems, `{"id":"SY-000003","title":"again"}`, `{"id": 5}`, `{"id":"SY-000007","date":"2021-02-03","title":"DNS once more"}`)
	for name, body := range map[string]string{
		"export.json": "[\n" + strings.Join(elems, ",\n") + "\n]\n",
		"one.json":    `{"id":"ONE-1","date":"2020-01-01","title":"A lone DNS record"}`,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []string{"dns", "etcd crash", "음성", "sy-0003", "zzzzqx", "year:2020 | 'quorum", "!dns sev:1"} {
		checkSame(t, dir, q, true)
	}
	// Without its bad elements, the array is cached and read back.
	body := "[" + strings.Join(elems[:300], ",") + "]"
	if err := os.WriteFile(filepath.Join(dir, "export.json"), []byte(body), 0o600); err != nil {
		t.Fatal(err)
	}
	cache := t.TempDir()
	checkSame(t, dir, "dns", true)
	searchLoad(t, dir, "dns", cache, true)
	if files, _ := filepath.Glob(filepath.Join(cache, "*")); len(files) != 1 {
		t.Errorf("cache holds %v, want the array's file", files)
	}
}

// FuzzSearchLoadQuery gives SearchLoad any query, over a small synthetic
// folder uncached and from a warm cache, and wants what Search gives over
// the folder loaded whole: the same matches, scores and hits, and for a
// query that matches nothing, the same suggestions as Suggest.
func FuzzSearchLoadQuery(f *testing.F) {
	for _, q := range append(append([]string{"dns", "음성"}, syntaxQueries...), typoQueries...) {
		f.Add(q)
	}
	dir := f.TempDir()
	writeSynth(f, dir, 80, 40, `{"id":"SY-X1","date":"2030-01-01","title":"Flumox rises","severity":"sev1"}`+"\n")
	opts := data.Options{Paths: []string{dir}, NoBundled: true}
	lib, err := data.Load(opts)
	if err != nil {
		f.Fatal(err)
	}
	cache := f.TempDir()
	if _, err := data.SearchLoad(data.Options{Paths: opts.Paths, NoBundled: true, Cache: cache}, "dns"); err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, q string) {
		want := describe(data.Search(lib.Records, q), lib.Notices, nil)
		near := data.Suggest(lib.Records, q, 3)
		for _, c := range []string{"", cache} {
			found, err := data.SearchLoad(data.Options{Paths: opts.Paths, NoBundled: true, Cache: c}, q)
			if got := describe(found.Matches, found.Notices, err); !reflect.DeepEqual(got, want) {
				t.Fatalf("cache %q: %q: got %q, want %q", c, q, firstDiff(got, want), firstDiff(want, got))
			}
			if got := found.Suggest(3); !reflect.DeepEqual(got, near) {
				t.Fatalf("cache %q: suggestions for %q: got %q, want %q", c, q, got, near)
			}
		}
	})
}
