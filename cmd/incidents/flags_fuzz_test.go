package main

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/incidents-dev/incidents/data"
)

// FuzzFlagValues gives every flag of every command an arbitrary value (empty,
// huge, negative, NaN, non-UTF-8), in both spellings (`--f v`, `--f=v`) and
// both languages, and checks what issue 29 promises where a value enters:
// no panic, and a refusal is one clean message of bounded length that
// draws nothing raw (no control character, no invalid UTF-8).
func FuzzFlagValues(f *testing.F) {
	for _, v := range []string{"", "0", "-1", "NaN", "+Inf", "1e309", "99999999999999999999",
		"65535x65535", "\xff\xfe", "\x1b]2;x", "a\u202eb", strings.Repeat("9", 5000), "13:05", "25:99",
		"IL-0499", "calls=1.8e6", "=", "x=", "Asia/Seoul", "../../etc/passwd", "\t ko \n"} {
		f.Add(v, uint8(0))
	}
	var names []string
	for name := range commands {
		names = append(names, name)
	}
	slices.Sort(names)
	noEnv := func(string) string { return "" }
	f.Fuzz(func(t *testing.T, v string, pick uint8) {
		for _, name := range names {
			c := commands[name]
			for _, spec := range commandFlags(c) {
				if spec.value == "" {
					continue
				}
				l := data.EN
				if pick&1 == 1 {
					l = data.KO
				}
				args := []string{"--" + spec.name, v}
				if pick&2 == 2 {
					args = []string{"--" + spec.name + "=" + v}
				}
				for i := 0; i < c.minArgs; i++ {
					args = append(args, "IL-0499")
				}
				_, err := parseFlags(c, args, noEnv, l)
				if err == nil || errors.Is(err, errHelp) || errors.Is(err, errVersion) {
					continue
				}
				msg := err.Error()
				if len(msg) > 2048 {
					t.Errorf("%s --%s: a %d-byte message for a %d-byte value", name, spec.name, len(msg), len(v))
				}
				if clean := data.Sanitize(msg); !validClean(msg) {
					t.Errorf("%s --%s: the message draws raw text: %q (clean: %q)", name, spec.name, msg, clean)
				}
			}
		}
	})
}

// validClean reports whether s is valid UTF-8 with no control character but
// newline and tab, and no bidi control.
func validClean(s string) bool {
	if strings.ToValidUTF8(s, "\uFFFD") != s {
		return false
	}
	for _, r := range s {
		if r == '\n' || r == '\t' {
			continue
		}
		if r == unicode.ReplacementChar || unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			return false
		}
	}
	return true
}
