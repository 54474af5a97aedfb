// Package jsonscan steps through JSON text without decoding it: white
// space, the ends of values and strings, and where a value sits. The
// loader uses it to split files into records, to find the value an
// encoding/json error is about, and in its fast decoder.
//
// Every function is iterative and linear in its input, so no file, however
// deep or wide, makes them recurse or rescan.
package jsonscan

import (
	"fmt"
	"unicode/utf8"
)

// SkipSpace returns the index of the first byte at or after i that is not
// JSON white space.
func SkipSpace(b []byte, i int) int {
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\r', '\n':
			i++
		default:
			return i
		}
	}
	return i
}

// ValueEnd returns the end of the JSON value that starts at data[i],
// judged by brackets and strings alone. ok is false when the data ends
// inside the value.
func ValueEnd(data []byte, i int) (end int, ok bool) {
	depth := 0
	for j := i; j < len(data); j++ {
		switch data[j] {
		case '"':
			for j++; j < len(data) && data[j] != '"'; j++ {
				if data[j] == '\\' {
					j++
				}
			}
			if j >= len(data) {
				return len(data), false
			}
			if depth == 0 {
				return j + 1, true
			}
		case '{', '[':
			depth++
		case '}', ']':
			if depth == 0 {
				return j, true
			}
			depth--
			if depth == 0 {
				return j + 1, true
			}
		case ',', ' ', '\t', '\r', '\n':
			if depth == 0 {
				return j, true
			}
		}
	}
	return len(data), depth == 0
}

// StringEnd returns the index after the JSON string that starts at b[i],
// or -1.
func StringEnd(b []byte, i int) int {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return -1
}

// PlainBody returns the bytes between the quotes of a JSON string that
// needs no unescaping and is valid UTF-8 without control characters.
func PlainBody(q []byte) ([]byte, bool) {
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return nil, false
	}
	body := q[1 : len(q)-1]
	if !PlainBytes(body) {
		return nil, false
	}
	return body, true
}

// PlainBytes reports whether a JSON string body needs no unescaping and is
// valid UTF-8 without control characters.
func PlainBytes(body []byte) bool {
	ascii := true
	for _, c := range body {
		if c < 0x20 || c == '"' || c == '\\' {
			return false
		}
		if c >= 0x80 {
			ascii = false
		}
	}
	return ascii || utf8.Valid(body)
}

// PlainValid is PlainBytes for a body within a JSON text already known to
// be valid UTF-8: between its quotes, which are ASCII, so is the body, and
// only escapes and control characters are looked for.
func PlainValid(body []byte) bool {
	for _, c := range body {
		if c < 0x20 || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// QuoteByte quotes c the way encoding/json's syntax errors do.
func QuoteByte(c byte) string {
	if c == '\'' {
		return `'\''`
	}
	if c == '"' {
		return `'"'`
	}
	if c >= 0x80 {
		return fmt.Sprintf("'\\x%02x'", c)
	}
	s := fmt.Sprintf("%q", string(rune(c)))
	return "'" + s[1:len(s)-1] + "'"
}

// Kind names the kind of the JSON value starting with c, as
// *json.UnmarshalTypeError's Value does.
func Kind(c byte) string {
	switch c {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}
