package data

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/incidents-dev/incidents/data/internal/jsonscan"
)

// Lang is a reader's language choice.
type Lang int

// The language choices, in the order the `t` key cycles through them.
const (
	EN Lang = iota
	KO
	Both
)

// String returns the flag spelling of l: "en", "ko" or "both".
func (l Lang) String() string {
	switch l {
	case EN:
		return "en"
	case KO:
		return "ko"
	case Both:
		return "both"
	}
	return fmt.Sprintf("Lang(%d)", int(l))
}

// Next returns the language that follows l in the cycle English → Korean → both.
func (l Lang) Next() Lang { return (l + 1) % 3 }

// ParseLang parses "en", "ko" or "both".
func ParseLang(s string) (Lang, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "en":
		return EN, nil
	case "ko":
		return KO, nil
	case "both":
		return Both, nil
	}
	return EN, fmt.Errorf("invalid language %q (want en, ko or both)", s)
}

// Text is a text field in English and Korean. Either side may be empty.
//
// In the Incident Library format most text fields are objects {"en", "ko"},
// but a few (impact.scope, impact.users, impact.region) are plain strings;
// Text accepts both, and a plain string is taken as English and written back
// as a plain string.
type Text struct {
	EN string `json:"en"`
	KO string `json:"ko"`
	// plain records that the field was a bare JSON string, so that --json
	// writes it back in the same form.
	plain bool
}

// Get returns the text in language l (KO for Korean, anything else English).
// When that side is empty it returns the other side and fellBack = true, so
// the caller can mark the text as a translation that is missing.
func (t Text) Get(l Lang) (s string, fellBack bool) {
	want, other := t.EN, t.KO
	if l == KO {
		want, other = t.KO, t.EN
	}
	if want != "" || other == "" {
		return want, false
	}
	return other, true
}

// IsZero reports whether both sides are empty.
func (t Text) IsZero() bool { return t.EN == "" && t.KO == "" }

// Complete reports whether both sides are present.
func (t Text) Complete() bool { return t.EN != "" && t.KO != "" }

// UnmarshalJSON accepts {"en": …, "ko": …}, a plain string, or null.
func (t *Text) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*t = Text{}
		return nil
	}
	if len(b) > 0 && b[0] == '"' {
		if s, ok := plainString(b); ok {
			*t = Text{EN: s, plain: true}
			return nil
		}
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*t = Text{EN: s, plain: true}
		return nil
	}
	if v, ok := parseTextObject(b); ok {
		*t = v
		return nil
	}
	var v struct {
		EN *string `json:"en"`
		KO *string `json:"ko"`
	}
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*t = Text{}
	if v.EN != nil {
		t.EN = *v.EN
	}
	if v.KO != nil {
		t.KO = *v.KO
	}
	return nil
}

// MarshalJSON writes the form the field was read in: a plain string for a
// field that was plain, otherwise {"en", "ko"}.
func (t Text) MarshalJSON() ([]byte, error) {
	if t.plain && t.KO == "" {
		return json.Marshal(t.EN)
	}
	return json.Marshal(struct {
		EN string `json:"en"`
		KO string `json:"ko"`
	}{t.EN, t.KO})
}

// parseTextObject decodes the common shape {"en": "…", "ko": "…"} (either
// key may be missing or null) without the reflection of encoding/json,
// which loading spends most of its time in otherwise. It reports false for
// anything else (other keys, escapes it does not take, bad input), and the
// caller then decodes b in full.
func parseTextObject(b []byte) (Text, bool) {
	var t Text
	i := jsonscan.SkipSpace(b, 0)
	if i >= len(b) || b[i] != '{' {
		return t, false
	}
	i = jsonscan.SkipSpace(b, i+1)
	if i < len(b) && b[i] == '}' {
		return t, jsonscan.SkipSpace(b, i+1) == len(b)
	}
	for {
		if i+4 > len(b) || b[i] != '"' || b[i+3] != '"' {
			return t, false
		}
		var dst *string
		switch string(b[i+1 : i+3]) {
		case "en":
			dst = &t.EN
		case "ko":
			dst = &t.KO
		default:
			return t, false
		}
		i = jsonscan.SkipSpace(b, i+4)
		if i >= len(b) || b[i] != ':' {
			return t, false
		}
		i = jsonscan.SkipSpace(b, i+1)
		switch {
		case bytes.HasPrefix(b[i:], []byte("null")):
			*dst = ""
			i += 4
		case i < len(b) && b[i] == '"':
			end := jsonscan.StringEnd(b, i)
			if end < 0 {
				return t, false
			}
			s, ok := plainString(b[i:end])
			if !ok {
				return t, false
			}
			*dst = s
			i = end
		default:
			return t, false
		}
		i = jsonscan.SkipSpace(b, i)
		if i >= len(b) {
			return t, false
		}
		switch b[i] {
		case ',':
			i = jsonscan.SkipSpace(b, i+1)
		case '}':
			return t, jsonscan.SkipSpace(b, i+1) == len(b)
		default:
			return t, false
		}
	}
}

// plainString returns the value of a quoted JSON string that needs no
// unescaping and is valid UTF-8 without control characters; otherwise it
// reports false.
func plainString(q []byte) (string, bool) {
	body, ok := jsonscan.PlainBody(q)
	if !ok {
		return "", false
	}
	return string(body), true
}
