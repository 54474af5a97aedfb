package data_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/synth"
)

// rec builds a record for ranking tests.
func rec(id, date, org, titleEN, titleKO, summaryEN, summaryKO string, tags ...string) *data.Record {
	day, err := time.Parse(time.DateOnly, date)
	if err != nil {
		panic(err)
	}
	return &data.Record{
		ID: id, Date: date, Day: day, Org: org,
		Title:  data.Text{EN: titleEN, KO: titleKO},
		Body:   &data.Body{Summary: data.Text{EN: summaryEN, KO: summaryKO}},
		Domain: tags,
	}
}

// fixture is a small library with one record per ranking rule.
func fixture() []*data.Record {
	return []*data.Record{
		rec("IL-0499", "2026-03-25", "Discord",
			"Voice calls hung at Awaiting Endpoint after 17% of sessions stopped",
			"세션 서버가 대량으로 내려간 뒤 음성 통화가 세 시간 넘게 연결되지 않았다",
			"A sessions deploy stopped 17% of sessions and the voice syncers fell behind.",
			"세션 배포로 세션의 17% 가 멈췄고 음성 동기화 서비스가 밀렸다.", "kubernetes", "gcp"),
		rec("IL-0271", "2020-03-16", "Discord",
			"An empty etcd service entry crashed the chat nodes",
			"서비스 디스커버리에 잘못된 항목이 들어가 Elixir 서비스들이 죽었다",
			"A key without a value made every watcher crash in a loop.",
			"값이 없는 키 때문에 모든 감시자가 반복해서 죽었다.", "database", "gcp"),
		rec("IL-0049", "2019-01-02", "Acme",
			"Billing job double-charged cards",
			"청구 작업이 카드에 두 번 청구했다",
			"The IL-0499 review mentions a similar etcd crash in its appendix.",
			"부록에 비슷한 사례가 있다.", "payments"),
		rec("IL-0300", "2021-06-01", "Northwind",
			"Route leak took the edge down",
			"경로 누출로 엣지가 내려갔다",
			"During the incident the DNS resolvers kept answering and etcd stayed healthy.",
			"장애 중에도 DNS 리졸버는 응답했다.", "network"),
		rec("IL-0301", "2021-06-01", "Dnsimple",
			"Name servers returned SERVFAIL for a day",
			"네임 서버가 하루 동안 SERVFAIL 을 돌려줬다",
			"A bad zone push broke resolution.",
			"잘못된 존 배포로 이름 해석이 깨졌다.", "dns"),
		rec("IL-0302", "2021-06-01", "Globex",
			"Disk filled on the primary",
			"주 서버의 디스크가 가득 찼다",
			"Daily nightly snapshots were left on the disk.",
			"날마다 찍은 스냅숏이 디스크에 남아 있었다.", "storage"),
		// "sketched" holds e, t, c and d in order: a fuzzy title match for
		// "etcd" that must rank below every record naming etcd.
		rec("IL-0310", "2025-01-01", "Initech",
			"A sketched plan dropped the session table",
			"대충 그린 계획이 세션 테이블을 지웠다",
			"The migration ran against production.",
			"마이그레이션이 운영 환경에서 돌았다.", "database"),
	}
}

func ids(ms []data.Match) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.Record.ID
	}
	return out
}

func TestSearchRanking(t *testing.T) {
	ix := data.NewIndex(fixture())
	tests := []struct {
		name  string
		query string
		want  []string // the results, in order
	}{
		{"title beats summary, fuzzy comes last", "etcd", []string{"IL-0271", "IL-0300", "IL-0049", "IL-0310"}},
		{"exact id first", "IL-0499", []string{"IL-0499", "IL-0049"}},
		{"id prefix, newest first, fuzzy last", "il-030", []string{"IL-0300", "IL-0301", "IL-0302", "IL-0310"}},
		{"organisation exact", "discord", []string{"IL-0499", "IL-0271"}},
		{"korean title", "음성", []string{"IL-0499"}},
		{"korean two words", "음성 통화", []string{"IL-0499"}},
		{"korean in summary only", "감시자", []string{"IL-0271"}},
		{"decomposed jamo query", norm.NFD.String("음성"), []string{"IL-0499"}},
		{"case folded", "ETCD", []string{"IL-0271", "IL-0300", "IL-0049", "IL-0310"}},
		{"multi-word needs every word", "etcd crash", []string{"IL-0271", "IL-0049"}},
		{"words may match different fields", "discord gcp", []string{"IL-0499", "IL-0271"}},
		{"org prefix beats a word in a summary", "dns", []string{"IL-0301", "IL-0300"}},
		{"no match", "zzqxj", nil},
		{"fuzzy in a short field", "sfail", []string{"IL-0301"}},
		{"scattered letters in a summary do not match", "dyk", nil},
		{"summary words must start a word", "napshots", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := ids(ix.Search(tc.query))
			if !slices.Equal(got, tc.want) {
				t.Errorf("Search(%q) = %v, want %v", tc.query, got, tc.want)
			}
			checkHits(t, tc.query, ix.Search(tc.query))
		})
	}
}

func TestSearchEmptyQueryListsAllNewestFirst(t *testing.T) {
	ix := data.NewIndex(fixture())
	want := []string{"IL-0499", "IL-0310", "IL-0300", "IL-0301", "IL-0302", "IL-0271", "IL-0049"}
	for _, q := range []string{"", "   ", "\t\n"} {
		ms := ix.Search(q)
		if got := ids(ms); !slices.Equal(got, want) {
			t.Errorf("Search(%q) = %v, want %v", q, got, want)
		}
		for _, m := range ms {
			if m.Score != 0 || m.Hits != nil {
				t.Errorf("Search(%q): %s has score %d and hits %v, want none", q, m.Record.ID, m.Score, m.Hits)
			}
		}
	}
	if ix.Len() != 7 {
		t.Errorf("Len() = %d, want 7", ix.Len())
	}
	if n := len(data.NewIndex(nil).Search("x")); n != 0 {
		t.Errorf("empty index found %d", n)
	}
}

func TestSearchHighlights(t *testing.T) {
	ix := data.NewIndex(fixture())
	tests := []struct {
		query string
		id    string
		field data.Field
		want  string // the matched runes, in order
	}{
		{"etcd", "IL-0271", data.FieldTitleEN, "etcd"},
		{"음성", "IL-0499", data.FieldTitleKO, "음성"},
		{"음성", "IL-0499", data.FieldSummaryKO, "음성"},
		{"IL-0499", "IL-0049", data.FieldSummaryEN, "IL-0499"},
		{"sfail", "IL-0301", data.FieldTitleEN, "SFAIL"},
		{"gcp", "IL-0499", data.FieldTags, "gcp"},
	}
	for _, tc := range tests {
		t.Run(tc.query+"/"+tc.field.String(), func(t *testing.T) {
			for _, m := range ix.Search(tc.query) {
				if m.Record.ID != tc.id {
					continue
				}
				text := m.Record.FieldText(tc.field)
				var got strings.Builder
				for _, i := range m.Indexes(tc.field) {
					r, _ := utf8.DecodeRuneInString(text[i:])
					got.WriteRune(r)
				}
				if got.String() != tc.want {
					t.Errorf("marked %q in %q, want %q", got.String(), text, tc.want)
				}
				return
			}
			t.Errorf("%s not found by %q", tc.id, tc.query)
		})
	}
}

// TestSearchNFC checks that decomposed text matches a precomposed query and
// the other way round, with offsets into the text as stored.
func TestSearchNFC(t *testing.T) {
	nfdTitle := norm.NFD.String("음성 통화 장애")
	recs := []*data.Record{
		rec("X-1", "2024-01-01", "Org", "Café outage", nfdTitle, "", ""),
		rec("X-2", "2024-01-02", "Org", "Plain", "음성 통화", "", ""),
		rec("X-3", "2024-01-03", "\u212Aelvin Corp", "Kelvin sign", "", "", ""), // KELVIN SIGN folds to k
	}
	ix := data.NewIndex(recs)
	tests := []struct {
		query string
		want  []string
	}{
		{"음성", []string{"X-2", "X-1"}},
		{norm.NFD.String("통화"), []string{"X-2", "X-1"}},
		{norm.NFD.String("café"), []string{"X-1"}},
		{"CAFÉ", []string{"X-1"}},
		{"kelvin", []string{"X-3"}},
	}
	for _, tc := range tests {
		ms := ix.Search(tc.query)
		if got := ids(ms); !slices.Equal(got, tc.want) {
			t.Errorf("Search(%q) = %v, want %v", tc.query, got, tc.want)
		}
		checkHits(t, tc.query, ms)
	}
	// In the decomposed title every jamo of 음성 is marked, and nothing else.
	for _, m := range ix.Search("음성") {
		if m.Record.ID != "X-1" {
			continue
		}
		idx := m.Indexes(data.FieldTitleKO)
		var got strings.Builder
		for _, i := range idx {
			r, _ := utf8.DecodeRuneInString(nfdTitle[i:])
			got.WriteRune(r)
		}
		if want := norm.NFD.String("음성"); got.String() != want {
			t.Errorf("marked %q in the decomposed title, want %q", got.String(), want)
		}
	}
}

// checkHits fails unless every hit marks rune starts of its field text, in
// increasing order, with each field at most once and in Field order.
func checkHits(t *testing.T, query string, ms []data.Match) {
	t.Helper()
	for _, m := range ms {
		last := data.Field(0)
		for k, h := range m.Hits {
			if k > 0 && h.Field <= last {
				t.Fatalf("%q: %s: hits out of order: %v", query, m.Record.ID, m.Hits)
			}
			last = h.Field
			text := m.Record.FieldText(h.Field)
			if len(h.Index) == 0 {
				t.Fatalf("%q: %s: empty hit in %s", query, m.Record.ID, h.Field)
			}
			prev := -1
			for _, i := range h.Index {
				if i <= prev || i < 0 || i >= len(text) || !utf8.RuneStart(text[i]) {
					t.Fatalf("%q: %s: bad offset %d in %s %v of %q", query, m.Record.ID, i, h.Field, h.Index, text)
				}
				prev = i
			}
		}
	}
}

// typingSequences returns queries as a user would type them on recs: words
// from the records' text, typed a rune at a time, sometimes followed by
// more words, sometimes by backspaces, sometimes by an unrelated query.
func typingSequences(recs []*data.Record, seed uint64, n int) [][]string {
	rng := rand.New(rand.NewPCG(seed, 0))
	word := func() string {
		r := recs[rng.IntN(len(recs))]
		f := data.Field(rng.IntN(7))
		ws := strings.Fields(r.FieldText(f))
		if len(ws) == 0 {
			return "x"
		}
		w := ws[rng.IntN(len(ws))]
		if rng.IntN(4) == 0 {
			w = strings.ToUpper(w)
		}
		return w
	}
	var out [][]string
	for range n {
		var seq []string
		q := ""
		for range 1 + rng.IntN(3) {
			if q != "" {
				q += " "
			}
			for _, r := range word() {
				q += string(r)
				seq = append(seq, q)
			}
			if rng.IntN(3) == 0 && len(q) > 2 {
				q = string([]rune(q)[:len([]rune(q))-1]) // backspace
				seq = append(seq, q)
			}
		}
		out = append(out, seq)
	}
	return out
}

func sameMatches(a, b []data.Match) error {
	if len(a) != len(b) {
		return fmt.Errorf("%d matches, want %d", len(a), len(b))
	}
	for i := range a {
		if a[i].Record != b[i].Record || a[i].Score != b[i].Score {
			return fmt.Errorf("match %d: %s (%d), want %s (%d)", i, a[i].Record.ID, a[i].Score, b[i].Record.ID, b[i].Score)
		}
		if !slices.EqualFunc(a[i].Hits, b[i].Hits, func(x, y data.Hit) bool {
			return x.Field == y.Field && slices.Equal(x.Index, y.Index)
		}) {
			return fmt.Errorf("match %d (%s): hits %v, want %v", i, a[i].Record.ID, a[i].Hits, b[i].Hits)
		}
	}
	return nil
}

// TestSearchIncremental checks that reusing recent results while typing
// gives exactly what a search from scratch gives.
func TestSearchIncremental(t *testing.T) {
	defer data.SetPartSize(100)() // split even this small index
	recs := synth.Records(1200, 11)
	ix := data.NewIndex(recs)
	// Hand-picked: a stray byte that is the start of 음's encoding, NFC
	// composing a typed accent, a one-rune word growing into a summary word.
	fixed := [][]string{
		{"\xec\x9d", "음성"},
		{"e", "e\u0301", "é"},
		{"통", "통화", "통화 장"},
		{"d", "da", "dat", "data database"},
	}
	for _, seq := range append(fixed, typingSequences(recs, 5, 30)...) {
		for _, q := range seq {
			if err := sameMatches(ix.Search(q), ix.SearchFresh(q)); err != nil {
				t.Fatalf("Search(%q) after %q: %v", q, seq, err)
			}
		}
	}
}

// TestSearchConcurrent types several sequences at once into one index; run
// it with -race.
func TestSearchConcurrent(t *testing.T) {
	defer data.SetPartSize(100)()
	recs := synth.Records(1000, 3)
	ix := data.NewIndex(recs)
	seqs := typingSequences(recs, 9, 8)
	var wg sync.WaitGroup
	errs := make(chan error, len(seqs))
	for _, seq := range seqs {
		wg.Go(func() {
			for _, q := range seq {
				if err := sameMatches(ix.Search(q), ix.SearchFresh(q)); err != nil {
					errs <- fmt.Errorf("Search(%q): %w", q, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

func TestSearchSynthHits(t *testing.T) {
	recs := synth.Records(1000, 2)
	ix := data.NewIndex(recs)
	for _, q := range []string{"dns", "etcd crash loop", "음성 통화", "e", "데이터", "sy-0001", "SY12", "failover", "a b c", "-", "0"} {
		ms := ix.Search(q)
		checkHits(t, q, ms)
		for i := 1; i < len(ms); i++ {
			if ms[i].Score > ms[i-1].Score {
				t.Fatalf("%q: results not best first at %d", q, i)
			}
		}
	}
	if ms := ix.Search("음성 통화"); len(ms) == 0 {
		t.Error("음성 통화 found nothing in synthetic records")
	}
}

func TestFieldText(t *testing.T) {
	r := fixture()[0]
	r.Components = []string{"pod-termination"}
	r.RootCause = "config-change"
	tests := []struct {
		f    data.Field
		want string
	}{
		{data.FieldID, "IL-0499"},
		{data.FieldOrg, "Discord"},
		{data.FieldTitleEN, r.Title.EN},
		{data.FieldTitleKO, r.Title.KO},
		{data.FieldTags, "kubernetes gcp pod-termination config-change"},
		{data.FieldSummaryEN, r.Summary.EN},
		{data.FieldSummaryKO, r.Summary.KO},
	}
	for _, tc := range tests {
		if got := r.FieldText(tc.f); got != tc.want {
			t.Errorf("FieldText(%s) = %q, want %q", tc.f, got, tc.want)
		}
	}
	for _, r := range synth.Records(200, 8) {
		r.Symptoms = append(r.Symptoms, r.Domain...) // repeats, which Tags drops
		if got, want := r.FieldText(data.FieldTags), strings.Join(r.Tags(), " "); got != want {
			t.Fatalf("%s: FieldText(tags) = %q, want %q", r.ID, got, want)
		}
	}
}

// FuzzSearch feeds arbitrary queries to a small index: no panic, hits
// always valid, and the incremental path equal to a fresh search.
func FuzzSearch(f *testing.F) {
	recs := append(fixture(), synth.Records(300, 4)...)
	recs = append(recs, rec("Z-1", "2025-05-05", "\u212Aelvin", norm.NFD.String("Crème brûlée"), norm.NFD.String("한글 자모"), "ß İstanbul ǅ", "🙂 emoji \x00 nul"))
	ix := data.NewIndex(recs)
	for _, s := range []string{"", "etcd", "음성 통화", norm.NFD.String("한글"), "İ", "ǆ", "\xff\xfe", "a\x00b", "   x  ", "SY-000001", "🙂"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		ms := ix.Search(q)
		checkHits(t, q, ms)
		if err := sameMatches(ms, ix.SearchFresh(q)); err != nil {
			t.Fatalf("Search(%q): %v", q, err)
		}
	})
}

// TestSearchAfterPunctuationWord: a word of punctuation alone matches as
// written, while the same word with a letter after it splits at the
// punctuation and can match more; the second search must not reuse the
// first one's matches (found by FuzzSearch).
func TestSearchAfterPunctuationWord(t *testing.T) {
	recs := append(fixture(), synth.Records(300, 4)...)
	ix := data.NewIndex(recs)
	for _, tc := range [][2]string{{"%\x1c", "%\x1c\xd3y"}, {"--", "--ab"}, {"\xd44", "\xd442"}} {
		ix.Search(tc[0])
		if err := sameMatches(ix.Search(tc[1]), ix.SearchFresh(tc[1])); err != nil {
			t.Errorf("Search(%q) after Search(%q): %v", tc[1], tc[0], err)
		}
	}
}
