package i18n

import (
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
		name string
		t    data.Text
		l    data.Lang
		want string
		fell bool
	}{
		{"en", both, data.EN, "Voice outage", false},
		{"ko", both, data.KO, "음성 장애", false},
		{"both", both, data.Both, "Voice outage · 음성 장애", false},
		{"ko missing", enOnly, data.KO, "[EN] Voice outage", true},
		{"en missing", koOnly, data.EN, "[KO] 음성 장애", true},
		{"both, one side", koOnly, data.Both, "음성 장애", true},
		{"both, the same", data.Text{EN: "etcd", KO: "etcd"}, data.Both, "etcd", false},
		{"nothing", data.Text{}, data.KO, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, fell := Show(tc.t, tc.l, " · ")
			if got != tc.want || fell != tc.fell {
				t.Errorf("Show = %q, %v; want %q, %v", got, fell, tc.want, tc.fell)
			}
		})
	}
}

// TestCount checks the compact figures and the incident counts.
func TestCount(t *testing.T) {
	for v, want := range map[float64]string{
		0: "0", 950: "950", 1000: "1k", 1234: "1.2k", 1_500_000: "1.5M", 2e9: "2G", -4200: "-4.2k", 999.6: "1000",
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
