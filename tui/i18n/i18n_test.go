package i18n

import (
	"math"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/key"

	"github.com/incidents-dev/incidents/data"
)

func TestWordIn(t *testing.T) {
	w := Word{"back", "뒤로"}
	for l, want := range map[data.Lang]string{data.EN: "back", data.KO: "뒤로", data.Both: "back"} {
		if got := w.In(l); got != want {
			t.Errorf("In(%v) = %q, want %q", l, got, want)
		}
	}
	if got := (Word{EN: "only"}).In(data.KO); got != "only" {
		t.Errorf("a word without Korean = %q, want the English", got)
	}
	b := key.NewBinding(key.WithKeys("q"))
	SetHelp(&b, "q", w, data.KO)
	if h := b.Help(); h.Key != "q" || h.Desc != "뒤로" {
		t.Errorf("SetHelp gave %+v", h)
	}
}

// TestShow is the one rule for bilingual text.
func TestShow(t *testing.T) {
	both := data.Text{EN: "Voice outage", KO: "음성 장애"}
	enOnly := data.Text{EN: "Voice outage"}
	koOnly := data.Text{KO: "음성 장애"}
	tests := []struct {
		name       string
		t          data.Text
		l          data.Lang
		want, mark string
	}{
		{"en", both, data.EN, "Voice outage", ""},
		{"ko", both, data.KO, "음성 장애", ""},
		{"both", both, data.Both, "Voice outage · 음성 장애", ""},
		{"ko missing", enOnly, data.KO, "Voice outage", "[EN]"},
		{"en missing", koOnly, data.EN, "음성 장애", "[KO]"},
		{"ko missing, read in en", enOnly, data.EN, "Voice outage", ""},
		{"both, korean only", koOnly, data.Both, "음성 장애", "[KO]"},
		{"both, english only", enOnly, data.Both, "Voice outage", "[EN]"},
		{"both, the same", data.Text{EN: "etcd", KO: "etcd"}, data.Both, "etcd", ""},
		{"nothing", data.Text{}, data.KO, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, mark := Show(tc.t, tc.l, " · ")
			if got != tc.want || mark != tc.mark {
				t.Errorf("Show = %q, %q; want %q, %q", got, mark, tc.want, tc.mark)
			}
			plain := tc.want
			if tc.mark != "" {
				plain = tc.mark + " " + tc.want
			}
			if got := Plain(tc.t, tc.l, " · "); got != plain {
				t.Errorf("Plain = %q, want %q", got, plain)
			}
		})
	}
}

// TestMarkerNote checks that each marker is explained in the language of
// the page it appears on.
func TestMarkerNote(t *testing.T) {
	if got := MarkerNote(data.KO); !strings.Contains(got, "Korean") {
		t.Errorf("MarkerNote(ko) = %q, want an English note about Korean text", got)
	}
	if got := MarkerNote(data.EN); !strings.Contains(got, "영어") {
		t.Errorf("MarkerNote(en) = %q, want a Korean note about English text", got)
	}
}

// TestCount checks the compact figures and the incident counts.
func TestCount(t *testing.T) {
	for v, want := range map[float64]string{
		0: "0", 0.42: "0.42", 3.14159: "3.14", 9.996: "10", 42.26: "42.3", 99.96: "100", 950: "950",
		999.6: "1k", 1000: "1k", 1234: "1.2k", 12_345: "12.3k", 9_960: "10k", 99_960: "100k", 123_456: "123k",
		999_600: "1M", 1_260_000: "1.3M", 57.49e6: "57.5M", 2e9: "2G", 2.5e12: "2500G",
		-4200: "-4.2k", -0.001: "0", math.NaN(): "–", math.Inf(1): "–",
	} {
		if got := Count(v); got != want {
			t.Errorf("Count(%v) = %q, want %q", v, got, want)
		}
	}
	if got := Of(3, 31, data.KO); got != "31건 중 3건" {
		t.Errorf("Of in Korean = %q", got)
	}
	if got := Of(3, 31, data.Both); got != "3 of 31" {
		t.Errorf("Of in both = %q", got)
	}
	if got := Incidents(11, data.KO); got != "사례 11건" {
		t.Errorf("Incidents in Korean = %q", got)
	}
}

// TestCheck proves that Check catches what it promises to.
func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		w    Word
		want string
	}{
		{Word{"back", "뒤로"}, ""},
		{Word{"back", ""}, "no Korean"},
		{Word{"", "뒤로"}, "no English"},
		{Word{"%d of %d", "%[2]d건 중 %[1]d건"}, ""},
		{Word{"%d of %d", "%d건"}, "verbs"},
		{Word{"last %s at %s", "%[2]s 보고 %[1]s"}, ""},
		{Word{"100%% done", "100%% 완료"}, ""},
	} {
		err := checkWord(tc.w)
		if (err == nil) != (tc.want == "") || err != nil && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("checkWord(%q) = %v, want %q", tc.w, err, tc.want)
		}
	}
	var errs []string
	walk("t", reflect.ValueOf(struct {
		a Word
		b map[string]Word
		c int
		d []struct {
			q   string
			k   string
			say Word
		}
	}{a: Word{"a", "가"}, b: map[string]Word{"x": {EN: "x"}}, d: []struct {
		q   string
		k   string
		say Word
	}{{"has:", "있음", Word{"has", "있음"}}}}), func(p string, w Word) {
		if checkWord(w) != nil {
			errs = append(errs, p)
		}
	}, func(p string, _ reflect.Type) { errs = append(errs, p) })
	sort.Strings(errs)
	if got := strings.Join(errs, " "); got != "t.b[x] t.c t.d[0].k" {
		t.Errorf("walk found %q, want the word without Korean, the int and the Korean string", got)
	}
}

func TestAppWords(t *testing.T) {
	if got := NotFound("X-1", data.EN); got != `"X-1": incident not found` {
		t.Errorf("NotFound = %q", got)
	}
	if got := TooSmall(30, 8, 40, 10, data.KO); got != "터미널이 너무 작습니다: 30×8, 최소 40×10" {
		t.Errorf("TooSmall = %q", got)
	}
	if LangName(data.Both) != "EN + 한국어" || LangName(data.EN) != "EN" {
		t.Error("LangName is wrong")
	}
}
