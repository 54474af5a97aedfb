package data

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestTextGet(t *testing.T) {
	tests := []struct {
		name     string
		text     Text
		lang     Lang
		want     string
		fellBack bool
	}{
		{"english present", Text{EN: "en", KO: "ko"}, EN, "en", false},
		{"korean present", Text{EN: "en", KO: "ko"}, KO, "ko", false},
		{"both reads as english", Text{EN: "en", KO: "ko"}, Both, "en", false},
		{"korean missing falls back to english", Text{EN: "en"}, KO, "en", true},
		{"english missing falls back to korean", Text{KO: "ko"}, EN, "ko", true},
		{"both missing is empty without fallback", Text{}, KO, "", false},
		{"both missing in english", Text{}, EN, "", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, fell := tc.text.Get(tc.lang)
			if got != tc.want || fell != tc.fellBack {
				t.Errorf("Get(%v) = %q, %v; want %q, %v", tc.lang, got, fell, tc.want, tc.fellBack)
			}
		})
	}
}

func TestTextJSON(t *testing.T) {
	tests := []struct {
		in, en, ko, out string
	}{
		{`{"en":"a","ko":"가"}`, "a", "가", `{"en":"a","ko":"가"}`},
		{`"plain"`, "plain", "", `"plain"`},
		{`null`, "", "", `{"en":"","ko":""}`},
		{`{"en":null,"ko":"가"}`, "", "가", `{"en":"","ko":"가"}`},
	}
	for _, tc := range tests {
		var txt Text
		if err := json.Unmarshal([]byte(tc.in), &txt); err != nil {
			t.Fatalf("%s: %v", tc.in, err)
		}
		if txt.EN != tc.en || txt.KO != tc.ko {
			t.Errorf("%s: got %+v", tc.in, txt)
		}
		out, err := json.Marshal(txt)
		if err != nil || string(out) != tc.out {
			t.Errorf("%s: marshals to %s, %v; want %s", tc.in, out, err, tc.out)
		}
	}
}

func TestLang(t *testing.T) {
	for _, s := range []string{"en", "KO", " both "} {
		l, err := ParseLang(s)
		if err != nil || l.Next().Next().Next() != l {
			t.Errorf("ParseLang(%q) = %v, %v", s, l, err)
		}
	}
	if _, err := ParseLang("fr"); err == nil || err.Error() != `invalid language "fr" (want en, ko or both)` {
		t.Errorf("ParseLang(fr) error = %v", err)
	}
	if EN.Next() != KO || KO.Next() != Both || Both.Next() != EN || Both.String() != "both" {
		t.Error("language cycle is not English → Korean → both")
	}
}

// FuzzTextJSON holds Text's fast decoding path to the plain encoding/json
// result: same text, same success.
func FuzzTextJSON(f *testing.F) {
	for _, s := range []string{
		`{"en":"a","ko":"가"}`, `{"ko":"가"}`, `{ "en" : null , "ko" : "x" }`, `{}`, `{"en":"a\"b"}`,
		`{"EN":"a"}`, `{"en":5}`, `{"en":"a",}`, `{"en":"a"} x`, `{"en":"\u00e9"}`, "{\"en\":\"\xff\"}",
		`{"en":"a","other":1}`, `"plain"`, `"p\nq"`, `null`, `[]`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var fast Text
		errFast := json.Unmarshal(b, &fast)
		var slow struct {
			EN *string `json:"en"`
			KO *string `json:"ko"`
		}
		var plain *string
		var errSlow error
		if len(bytes.TrimSpace(b)) > 0 && bytes.TrimSpace(b)[0] == '"' {
			errSlow = json.Unmarshal(b, &plain)
		} else {
			errSlow = json.Unmarshal(b, &slow)
		}
		if (errFast == nil) != (errSlow == nil) {
			t.Fatalf("%q: fast error %v, encoding/json error %v", b, errFast, errSlow)
		}
		if errFast != nil {
			return
		}
		want := Text{}
		if plain != nil {
			want.EN = *plain
		}
		if slow.EN != nil {
			want.EN = *slow.EN
		}
		if slow.KO != nil {
			want.KO = *slow.KO
		}
		if fast.EN != want.EN || fast.KO != want.KO {
			t.Fatalf("%q: fast %+v, encoding/json %+v", b, fast, want)
		}
	})
}
