package data_test

import (
	"errors"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"

	"github.com/incidents-dev/incidents/data"
)

// marked returns the runes at the byte offsets idx of text, and fails the
// test when an offset does not start a rune.
func marked(t *testing.T, text string, idx []int) string {
	t.Helper()
	var b strings.Builder
	for _, i := range idx {
		if i < 0 || i >= len(text) || !utf8.RuneStart(text[i]) {
			t.Fatalf("offset %d is not a rune start in %q", i, text)
		}
		r, _ := utf8.DecodeRuneInString(text[i:])
		b.WriteRune(r)
	}
	return b.String()
}

func jamoFixture() []*data.Record {
	return []*data.Record{
		rec("J-1", "2026-01-01", "Discord", "Mailbox overflow", "메일박스가 넘쳤다",
			"", "감독 프로세스의 메일박스가 쌓였다.", "erlang"),
		rec("J-2", "2025-01-01", "Acme", "Voice outage", "음성 통화 장애",
			"", "메일 박스 이야기는 없다.", "voice"),
		rec("J-3", "2024-01-01", "Globex", "Mail delivery", "우편 발송 지연",
			"", "", "mail"),
	}
}

func TestJamoSearch(t *testing.T) {
	ix := data.NewIndex(jamoFixture())
	tests := []struct {
		query string
		want  []string
		// field and marked: the runes highlighted in the first match.
		field  data.Field
		marked string
	}{
		// Within one word only: J-2's "메일 박스" is two words.
		{"ㅁㅇㅂㅅ", []string{"J-1"}, data.FieldTitleKO, "메일박스"},
		{"ㅁㅇ박스", []string{"J-1"}, data.FieldTitleKO, "메일박스"},
		{"메ㅇㅂㅅ", []string{"J-1"}, data.FieldTitleKO, "메일박스"},
		{"ㅁㅇ ㅂㅅ", []string{"J-1", "J-2"}, data.FieldTitleKO, "메일박스"},
		{"ㅇㅅ ㅌㅎ", []string{"J-2"}, data.FieldTitleKO, "음성통화"},
		// A whole word outranks syllables inside one, as for any word.
		{"ㅂㅅ", []string{"J-3", "J-1", "J-2"}, data.FieldTitleKO, "발송"},
		{"ㅁㅇㅋ", nil, 0, ""},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			ms := ix.Search(tc.query)
			if got := ids(ms); !slices.Equal(got, tc.want) && !(len(got) == 0 && tc.want == nil) {
				t.Fatalf("Search(%q) = %v, want %v", tc.query, got, tc.want)
			}
			if tc.marked != "" {
				m := ms[0]
				if got := marked(t, m.Record.FieldText(tc.field), m.Indexes(tc.field)); got != tc.marked {
					t.Errorf("marked %q, want %q", got, tc.marked)
				}
			}
			if once := ids(data.Search(jamoFixture(), tc.query)); !slices.Equal(once, ids(ms)) {
				t.Errorf("Search once = %v, index = %v", once, ids(ms))
			}
		})
	}
	t.Run("byte offsets of syllables", func(t *testing.T) {
		m := ix.Search("ㅁㅇㅂㅅ")[0]
		// 메일박스가: each syllable is three bytes.
		if got := m.Indexes(data.FieldTitleKO); !slices.Equal(got, []int{0, 3, 6, 9}) {
			t.Errorf("offsets %v, want [0 3 6 9]", got)
		}
		// J-2's 메일 박스 is two words, each found by its own 초성 word:
		// 메 0, 일 3, 박 7, 스 10.
		m = ix.Search("ㅁㅇ ㅂㅅ")[1]
		if got := m.Indexes(data.FieldSummaryKO); !slices.Equal(got, []int{0, 3, 7, 10}) {
			t.Errorf("offsets of two words %v, want [0 3 7 10]", got)
		}
	})
	t.Run("decomposed text", func(t *testing.T) {
		nfd := rec("J-9", "2026-01-01", "X", "", norm.NFD.String("메일박스"), "", "")
		m := data.NewIndex([]*data.Record{nfd}).Search("ㅁㅇㅂㅅ")
		if len(m) != 1 {
			t.Fatalf("no match in NFD text")
		}
		text := nfd.Title.KO
		if got := marked(t, text, m[0].Indexes(data.FieldTitleKO)); norm.NFC.String(got) != "메일박스" && got != "ᄆ" {
			t.Logf("marked %q", got)
		}
		if idx := m[0].Indexes(data.FieldTitleKO); len(idx) == 0 || idx[len(idx)-1] >= len(text) {
			t.Errorf("offsets %v outside the stored text (%d bytes)", idx, len(text))
		}
	})
}

func TestParseQuery(t *testing.T) {
	type term struct {
		kind   data.QueryKind
		neg    bool
		text   string
		facet  data.Facet
		column int
	}
	tests := []struct {
		query  string
		groups [][]term
		errCol int
	}{
		{"etcd crash", [][]term{{{data.QueryFuzzy, false, "etcd", "", 1}}, {{data.QueryFuzzy, false, "crash", "", 6}}}, 0},
		{"org:Discord year:2020", [][]term{{{data.QueryFilter, false, "discord", data.FacetOrg, 1}}, {{data.QueryFilter, false, "2020", data.FacetYear, 13}}}, 0},
		{"org:knight-capital", [][]term{{{data.QueryFilter, false, "knightcapital", data.FacetOrg, 1}}}, 0},
		{"'exact ^pre suf$ !not", [][]term{
			{{data.QueryExact, false, "exact", "", 1}}, {{data.QueryPrefix, false, "pre", "", 8}},
			{{data.QuerySuffix, false, "suf", "", 13}}, {{data.QueryFuzzy, true, "not", "", 18}}}, 0},
		{"dns | bgp etcd", [][]term{{{data.QueryFuzzy, false, "dns", "", 1}, {data.QueryFuzzy, false, "bgp", "", 7}}, {{data.QueryFuzzy, false, "etcd", "", 11}}}, 0},
		{"has:timeline !cause:config", [][]term{{{data.QueryHas, false, "timeline", "", 1}}, {{data.QueryFilter, true, "config", data.FacetRootCause, 14}}}, 0},
		{"음성 factor:재시도", [][]term{{{data.QueryFuzzy, false, "음성", "", 1}}, {{data.QueryFilter, false, "재시도", data.FacetContributing, 4}}}, 0},
		{"org:", nil, 1},
		{"etcd org:", [][]term{{{data.QueryFuzzy, false, "etcd", "", 1}}}, 6},
		{"has:wings", nil, 1},
		{"| dns", [][]term{{{data.QueryFuzzy, false, "dns", "", 3}}}, 1},
		{"dns |", [][]term{{{data.QueryFuzzy, false, "dns", "", 1}}}, 5},
		{"a | | b", [][]term{{{data.QueryFuzzy, false, "a", "", 1}, {data.QueryFuzzy, false, "b", "", 7}}}, 5},
		{"url:http", [][]term{{{data.QueryFuzzy, false, "url:http", "", 1}}}, 0},
		{"!", [][]term{{{data.QueryFuzzy, false, "!", "", 1}}}, 0},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			q, err := data.ParseQuery(tc.query)
			var got [][]term
			for _, g := range q.Groups {
				var tg []term
				for _, x := range g {
					tg = append(tg, term{x.Kind, x.Negate, x.Text, x.Facet, x.Col})
				}
				got = append(got, tg)
			}
			if !reflect.DeepEqual(got, tc.groups) {
				t.Errorf("groups\n%v\nwant\n%v", got, tc.groups)
			}
			var qe *data.QueryError
			switch {
			case tc.errCol == 0 && err != nil:
				t.Errorf("unexpected error %v", err)
			case tc.errCol != 0 && !errors.As(err, &qe):
				t.Errorf("error %v, want a QueryError at column %d", err, tc.errCol)
			case tc.errCol != 0 && qe.Col != tc.errCol:
				t.Errorf("error at column %d (%v), want %d", qe.Col, err, tc.errCol)
			}
		})
	}
}

// bundled loads the bundled library once for the tests that need real
// records, their vocabulary and timelines.
var bundled = sync.OnceValue(func() *data.Library {
	lib, _ := data.Load(data.Options{})
	return lib
})

func TestSearchSyntax(t *testing.T) {
	recs := bundled().Records
	ix := data.NewIndex(recs)
	tests := []struct {
		query string
		check func(ms []data.Match) string
	}{
		{"org:discord year:2020", exactly("IL-0271")},
		{"org:discord", exactly("IL-0499", "IL-0271")},
		{"org:디스코드", exactly("IL-0499", "IL-0271")},
		{"org:discord | org:slack", exactly("IL-0499", "IX-0015", "IL-0271")},
		{"etcd !org:discord", lacks("IL-0499", "IL-0271")},
		{"!aws etcd", all(lacks("IX-0009", "IX-0010", "IX-0011", "IX-0012"), has("IL-0271"))},
		{"has:timeline org:cloudflare", exactly("IX-0002", "IX-0005", "IX-0001")},
		{"domain:쿠버네티스", has("IL-0499", "IX-0026", "IX-0027", "IX-0021")},
		{"크라우드스트라이크", exactly("IX-0006")},
		{"Power-Peg", exactly("IX-0007")},
		{"power peg", exactly("IX-0007")},
		{"'power peg", has("IX-0007")},
		{"^discord", has("IL-0499", "IL-0271")},
		{"^iX-000", has("IX-0001", "IX-0009")},
		{"capital$", exactly("IX-0007")},
		{"severity:sev1", exactly("IL-0271")},
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			ms := ix.Search(tc.query)
			if msg := tc.check(ms); msg != "" {
				t.Errorf("Search(%q) = %v: %s", tc.query, ids(ms), msg)
			}
			if once := ids(data.Search(recs, tc.query)); !slices.Equal(once, ids(ms)) {
				t.Errorf("Search once = %v, index = %v", once, ids(ms))
			}
		})
	}
	// Hits of a filter query are those of its words.
	ms := ix.Search("org:discord etcd")
	if len(ms) == 0 || len(ms[0].Hits) == 0 {
		t.Fatalf("org:discord etcd: %v", ids(ms))
	}
}

func exactly(want ...string) func([]data.Match) string {
	return func(ms []data.Match) string {
		if !slices.Equal(ids(ms), want) {
			return "want " + strings.Join(want, " ")
		}
		return ""
	}
}

func has(want ...string) func([]data.Match) string {
	return func(ms []data.Match) string {
		for _, id := range want {
			if !slices.Contains(ids(ms), id) {
				return "missing " + id
			}
		}
		return ""
	}
}

func lacks(bad ...string) func([]data.Match) string {
	return func(ms []data.Match) string {
		if len(ms) == 0 {
			return "nothing matched"
		}
		for _, id := range bad {
			if slices.Contains(ids(ms), id) {
				return "holds " + id
			}
		}
		return ""
	}
}

func all(cs ...func([]data.Match) string) func([]data.Match) string {
	return func(ms []data.Match) string {
		for _, c := range cs {
			if s := c(ms); s != "" {
				return s
			}
		}
		return ""
	}
}

func TestSuggest(t *testing.T) {
	ix := data.NewIndex(bundled().Records)
	tests := []struct {
		query string
		want  string // the first suggestion; "" for none
	}{
		{"discrod", "Discord"},
		{"cloudfalre", "Cloudflare"},
		{"discrod voice", "Discord voice"},
		{"crowdstirke", "CrowdStrike"},
		{"etdc", "etcd"},       // a transposition is one edit; etcd is only in summaries
		{"mailbxo", "mailbox"}, // a summary word
		{"discord", ""},        // it matches
		{"zzqxj", ""},          // nothing is close
		{"dsn", ""},            // too short to guess
	}
	for _, tc := range tests {
		t.Run(tc.query, func(t *testing.T) {
			got := ix.Suggest(tc.query, 3)
			first := ""
			if len(got) > 0 {
				first = got[0]
			}
			if first != tc.want {
				t.Errorf("Suggest(%q) = %q, want first %q", tc.query, got, tc.want)
			}
			for _, s := range got {
				if len(ix.Search(s)) == 0 {
					t.Errorf("suggestion %q matches nothing", s)
				}
			}
		})
	}
}

func TestSnippet(t *testing.T) {
	ix := data.NewIndex(fixture())
	ms := ix.Search("watcher")
	if len(ms) != 1 {
		t.Fatalf("watcher: %v", ids(ms))
	}
	sn, ok := ms[0].Snippet(data.EN, 30)
	if !ok || sn.Field != data.FieldSummaryEN {
		t.Fatalf("Snippet = %+v, %v; want one from the English summary", sn, ok)
	}
	if got := marked(t, sn.Text, sn.Index); got != "watcher" {
		t.Errorf("snippet %q marks %q, want watcher", sn.Text, got)
	}
	if n := utf8.RuneCountInString(sn.Text); n > 32 {
		t.Errorf("snippet %q is %d runes, want about 30", sn.Text, n)
	}
	if !strings.HasPrefix(sn.Text, "…") {
		t.Errorf("snippet %q does not say it was cut", sn.Text)
	}
	// Korean reader: the Korean summary's hit, if any, else the English.
	if ms := ix.Search("감시자"); len(ms) == 1 {
		sn, ok := ms[0].Snippet(data.KO, 20)
		if !ok || sn.Field != data.FieldSummaryKO || marked(t, sn.Text, sn.Index) != "감시자" {
			t.Errorf("Korean snippet %+v, %v", sn, ok)
		}
	}
	// A hit in the title on screen needs no snippet.
	if _, ok := ix.Search("etcd")[0].Snippet(data.EN, 30); ok {
		t.Errorf("a title hit got a snippet")
	}
}

func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"org:discord year:2020", "'a ^b c$ !d", "a | b | c", "|", "org:", "has:timeline", "ㅁㅇ박스", "!'x", "^$", "'", "x:y:z"} {
		f.Add(s)
	}
	ix := data.NewIndex(fixture())
	f.Fuzz(func(t *testing.T, s string) {
		q, err := data.ParseQuery(s)
		var qe *data.QueryError
		if err != nil && (!errors.As(err, &qe) || qe.Col < 1 || qe.Col > utf8.RuneCountInString(s)+1) {
			t.Fatalf("ParseQuery(%q): error %v without a column in the query", s, err)
		}
		for _, g := range q.Groups {
			if len(g) == 0 {
				t.Fatalf("ParseQuery(%q): empty group", s)
			}
		}
		for _, m := range ix.Search(s) {
			for _, h := range m.Hits {
				text := m.Record.FieldText(h.Field)
				for _, i := range h.Index {
					if i < 0 || i >= len(text) || !utf8.RuneStart(text[i]) {
						t.Fatalf("Search(%q): offset %d in %s is not a rune start", s, i, h.Field)
					}
				}
			}
		}
	})
}
