package data

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

func TestSanitize(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"plain ASCII is kept", "Hello, world: 3h 17m", "Hello, world: 3h 17m"},
		{"newline and tab are kept", "a\n\tb", "a\n\tb"},
		{"Korean is kept", "음성 통화가 세 시간 넘게", "음성 통화가 세 시간 넘게"},
		{"emoji is kept", "ok 👍", "ok 👍"},
		{"C0 controls", "a\x00b\x01c\rd\x08e\x7ff", "abcdef"},
		{"C1 controls", "a\u0080b\u0085c\u0099d", "abcd"},
		{"CSI colour", "\x1b[31mred\x1b[0m", "red"},
		{"CSI clear screen", "x\x1b[2J\x1b[Hy", "xy"},
		{"CSI private mode", "a\x1b[?1049hb", "ab"},
		{"OSC hyperlink ended by BEL", "\x1b]8;;https://evil.example\x07click\x1b]8;;\x07", "click"},
		{"OSC title ended by ST", "a\x1b]0;pwned\x1b\\b", "ab"},
		{"OSC ended by 8-bit ST", "a\x1b]0;pwned\u009cb", "ab"},
		{"DCS", "a\x1bPq#0;2;0;0;0\x1b\\b", "ab"},
		{"APC", "a\x1b_Gf=100;AAAA\x1b\\b", "ab"},
		{"PM and SOS", "a\x1b^pm\x1b\\b\x1bXsos\x1b\\c", "abc"},
		{"unterminated OSC keeps the text after its parameters", "keep\x1b]0;all of this is kept", "keepall of this is kept"},
		{"unterminated OSC ends at its line", "a\x1b]2;title\nSecond sentence.", "atitle\nSecond sentence."},
		{"OSC terminated on a later line is unterminated on its own", "x\x1b]2;a\nb\x07c", "xa\nbc"},
		{"OSC 8 hyperlink dropped whole", "see \x1b]8;;https://example.com/a\x1b\\here\x1b]8;;\x1b\\ now", "see here now"},
		{"OSC longer than the bound keeps its text", "a\x1b]2;" + strings.Repeat("z", maxEscapeString) + "\x07b", "a" + strings.Repeat("z", maxEscapeString) + "b"},
		{"unterminated CSI at the end", "keep\x1b[", "keep"},
		{"8-bit CSI", "a\u009b31mb", "ab"},
		{"8-bit OSC", "a\u009d0;t\u0007b", "ab"},
		{"8-bit DCS unterminated", "a\u0090qqq", "aqqq"},
		{"two-byte escape", "a\x1b7b\x1b(Bc\x1bcd", "abcd"},
		{"lone ESC at the end", "ab\x1b", "ab"},
		{"ESC before a newline", "a\x1b\nb", "a\nb"},
		{"ESC before Korean", "a\x1b가", "a가"},
		{"bidi override", "evil\u202egpj.exe", "evilgpj.exe"},
		{"bidi embeddings and isolates", "\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069x", "x"},
		{"bidi marks", "a\u200eb\u200fc\u061cd", "abcd"},
		{"zero-width joiner is kept", "👩\u200d💻", "👩\u200d💻"},
		{"NFD Hangul becomes NFC", "\u1112\u1161\u11ab\u1100\u116e\u11a8", "한국"},
		{"NFD accent becomes NFC", "cafe\u0301", "café"},
		{"combining mark after a removed control", "e\x00\u0301", "é"},
		{"invalid UTF-8 becomes U+FFFD", "a\xffb\x9bc", "a\ufffdb\ufffdc"},
		{"empty", "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := Sanitize(tc.in)
			if got != tc.want {
				t.Errorf("Sanitize(%q) = %q, want %q", tc.in, got, tc.want)
			}
			if again := Sanitize(got); again != got {
				t.Errorf("not idempotent: %q then %q", got, again)
			}
		})
	}
}

func TestSanitizeRawModel(t *testing.T) {
	raw := json.RawMessage(`{"name":"x\u001b[31m","rate":100.50,"list":[1,"\u202e"]}`)
	got := sanitizeRaw(raw)
	var v struct {
		Name string
		Rate json.Number
		List []any
	}
	if err := json.Unmarshal(got, &v); err != nil {
		t.Fatal(err)
	}
	if v.Name != "x" || v.Rate != "100.50" || v.List[1] != "" {
		t.Errorf("sanitizeRaw = %s", got)
	}
	clean := json.RawMessage(`{"a": 1}`)
	if got := sanitizeRaw(clean); string(got) != string(clean) {
		t.Errorf("clean model rewritten: %s", got)
	}
}

func FuzzSanitize(f *testing.F) {
	for _, s := range []string{
		"", "plain", "\x1b[31mred", "\x1b]8;;u\x07l\x1b]8;;\x07", "\u009b1m", "\u202e", "한국어",
		"\u1112\u1161\u11ab", "e\x00\u0301", "\x1bP\x1b", "\xff\xfe", "\x1b\x1b[[", "\u0090\u009c",
		"\u2028", "a\u2029b\nc",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got := Sanitize(s)
		for i, r := range got {
			if r == 0x1b || (r < 0x20 && r != '\n' && r != '\t') || (r >= 0x7f && r <= 0x9f) {
				t.Fatalf("Sanitize(%q) = %q keeps %U at %d", s, got, r, i)
			}
			if dropRune(r) {
				t.Fatalf("Sanitize(%q) = %q keeps %U at %d", s, got, r, i)
			}
		}
		if !utf8.ValidString(got) {
			t.Fatalf("Sanitize(%q) = %q is not UTF-8", s, got)
		}
		if !norm.NFC.IsNormalString(got) {
			t.Fatalf("Sanitize(%q) = %q is not NFC", s, got)
		}
		if again := Sanitize(got); again != got {
			t.Fatalf("not idempotent: %q → %q → %q", s, got, again)
		}
		// Outside any escape every line break is kept: a newline, or a
		// line or paragraph separator, which becomes one.
		lines := strings.Count(s, "\n") + strings.Count(s, "\u2028") + strings.Count(s, "\u2029")
		if !strings.ContainsAny(s, "\x1b\u009b\u009d\u0090\u0098\u009e\u009f") && strings.Count(got, "\n") != lines {
			t.Fatalf("Sanitize(%q) = %q has %d newlines, want %d: a line break lost or made outside any escape", s, got, strings.Count(got, "\n"), lines)
		}
	})
}

func TestStandsAlone(t *testing.T) {
	for r := rune(0); r <= 0x10ffff; r++ {
		if !standsAlone(r) {
			continue
		}
		s := string(r)
		p := norm.NFC.PropertiesString(s)
		if !norm.NFC.IsNormalString(s) || !p.BoundaryBefore() {
			t.Errorf("%U is not NFC on its own or combines with what precedes it", r)
		}
	}
}

func TestSanitizeSeparatorsBecomeNewlines(t *testing.T) {
	if got := Sanitize("a\u2028b\u2029c"); got != "a\nb\nc" {
		t.Errorf("got %q", got)
	}
	if got := sanitizeLine("a\u2028b"); got != `a\nb` {
		t.Errorf("sanitizeLine: got %q", got)
	}
}
