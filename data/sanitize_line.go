package data

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// OneLine escapes, visibly, whatever in s would not print as part of one
// line of plain text: control characters (newline as \n, carriage return as
// \r, tab as \t, others as \xNN or \uNNNN), line and paragraph separators
// (U+2028, U+2029), bidirectional formatting characters, and bytes that are
// not UTF-8 (\xNN). Backslashes are kept as they are, so OneLine is
// idempotent. It is for what must stay recognisable when printed, such as
// paths and ids in messages; for text meant to be read, see Sanitize.
func OneLine(s string) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if escapeRune(r, size) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if !escapeRune(r, size) {
			b.WriteString(s[i : i+size])
			i += size
			continue
		}
		switch {
		case size == 1 && r == utf8.RuneError:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		default:
			fmt.Fprintf(&b, `\u%04x`, r)
		}
		i += size
	}
	return b.String()
}

// escapeRune reports whether OneLine escapes r, decoded from size bytes.
func escapeRune(r rune, size int) bool {
	switch {
	case r == utf8.RuneError && size == 1:
		return true
	case r < 0x20 || (r >= 0x7f && r <= 0x9f):
		return true
	case r == 0x2028 || r == 0x2029:
		return true
	}
	return dropRune(r)
}

// SanitizePath makes a path safe to print in a message: OneLine, with
// nothing dropped, so that the file can still be found by what is shown.
func SanitizePath(p string) string { return OneLine(p) }

// sanitizeLine cleans a one-line value from a data file (an id, a date, a
// URL, a tag): Sanitize; white space and zero-width characters around it
// trimmed (an id written " IL-9405\t" is IL-9405, and no suggestion
// prints a tab); then OneLine, so that a newline inside it shows as \n and
// cannot forge a line of output.
func sanitizeLine(s string) string { return OneLine(trimLine(Sanitize(s))) }

// trimLine trims white space and the zero-width characters (U+200B–U+200D,
// U+2060, U+FEFF) from both ends of s.
func trimLine(s string) string {
	return strings.TrimFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || r == 0x200b || r == 0x200c || r == 0x200d || r == 0x2060 || r == 0xfeff
	})
}

// hasBreak is strings.ContainsAny(s, "\n\t\r\u2028\u2029") by bytes:
// ContainsAny goes rune by rune for a set beyond ASCII, which showed in
// the search load's profile.
func hasBreak(s string) bool {
	if strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\t') >= 0 || strings.IndexByte(s, '\r') >= 0 {
		return true
	}
	for i := strings.IndexByte(s, 0xE2); i >= 0 && i+2 < len(s); {
		if s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) {
			return true
		}
		j := strings.IndexByte(s[i+1:], 0xE2)
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// sanitizeTitle cleans a title: Sanitize, with line breaks and tabs turned
// into spaces, since a title is printed on one line.
func sanitizeTitle(s string) string {
	s = Sanitize(s)
	if !hasBreak(s) {
		return s
	}
	return strings.Map(func(r rune) rune {
		switch r {
		case '\n', '\t', '\r', 0x2028, 0x2029:
			return ' '
		}
		return r
	}, s)
}
