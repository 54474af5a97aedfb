package data

import (
	"encoding/json"
	"strings"
	"unsafe"

	"github.com/incidents-dev/incidents/data/internal/jsonscan"
)

// fastDecoder steps through the JSON of one record for decodeRecordFast.
type fastDecoder struct {
	b []byte
	i int
	// valid says b is valid UTF-8: its strings need no checking again.
	valid bool
}

// plain reports whether body, a string's, needs no unescaping and is
// valid UTF-8 without control characters.
func (d *fastDecoder) plain(body []byte) bool {
	if d.valid {
		return jsonscan.PlainValid(body)
	}
	return jsonscan.PlainBytes(body)
}

func (d *fastDecoder) space() { d.i = jsonscan.SkipSpace(d.b, d.i) }

// null consumes a null literal if one comes next.
func (d *fastDecoder) null() bool {
	d.space()
	if len(d.b)-d.i >= 4 && string(d.b[d.i:d.i+4]) == "null" {
		d.i += 4
		return true
	}
	return false
}

// objIter steps through the keys of an object.
type objIter struct {
	key         []byte // the current key, unescaped
	first, done bool
	bad         bool
}

// iter starts reading an object; a null reads as an object without keys.
func (d *fastDecoder) iter() objIter {
	if d.null() {
		return objIter{done: true}
	}
	if d.i >= len(d.b) || d.b[d.i] != '{' {
		return objIter{bad: true}
	}
	d.i++
	return objIter{first: true}
}

// next moves to the next key and leaves the decoder at its value, which
// the caller must consume. It reports false at the end of the object or
// on a problem, which ok then tells apart.
func (d *fastDecoder) next(it *objIter) bool {
	if it.done || it.bad {
		return false
	}
	d.space()
	if d.i >= len(d.b) {
		it.bad = true
		return false
	}
	switch {
	case d.b[d.i] == '}' && (it.first || it.key != nil):
		d.i++
		it.done = true
		return false
	case it.first:
		it.first = false
	case d.b[d.i] == ',':
		d.i++
		d.space()
	default:
		it.bad = true
		return false
	}
	end := jsonscan.StringEnd(d.b, d.i)
	if d.i >= len(d.b) || d.b[d.i] != '"' || end < 0 || !d.plain(d.b[d.i+1:end-1]) {
		it.bad = true
		return false
	}
	it.key = d.b[d.i+1 : end-1]
	d.i = end
	d.space()
	if d.i >= len(d.b) || d.b[d.i] != ':' {
		it.bad = true
		return false
	}
	d.i++
	d.space()
	return true
}

// fail marks the object bad unless ok.
func (it *objIter) fail(ok bool) {
	if !ok {
		it.bad = true
	}
}

// ok reports whether the object was read to its end without a problem.
func (it *objIter) ok() bool { return it.done && !it.bad }

// unknown skips the value of a key the type does not have. A key that
// matches a field only when case is ignored would be taken by
// encoding/json, so it is refused.
func (d *fastDecoder) unknown(key []byte, fields []string) bool {
	for _, f := range fields {
		if strings.EqualFold(string(key), f) {
			return false
		}
	}
	d.space()
	end, ok := jsonscan.ValueEnd(d.b, d.i)
	if !ok || end == d.i || !json.Valid(d.b[d.i:end]) {
		return false
	}
	d.i = end
	return true
}

// str reads a string into s; null leaves s alone.
func (d *fastDecoder) str(s *string) bool {
	if d.null() {
		return true
	}
	if d.i >= len(d.b) || d.b[d.i] != '"' {
		return false
	}
	end := jsonscan.StringEnd(d.b, d.i)
	if end < 0 {
		return false
	}
	v, ok := d.plainStringView(d.b[d.i:end])
	if !ok {
		// An escaped string: let encoding/json unescape it. Its own
		// variable, so that v does not escape to the heap on every call.
		var esc string
		if json.Unmarshal(d.b[d.i:end], &esc) != nil {
			return false
		}
		v = esc
	}
	*s = v
	d.i = end
	return true
}

func (d *fastDecoder) strPtr(p **string) bool {
	if d.null() {
		*p = nil
		return true
	}
	var s string
	if !d.str(&s) {
		return false
	}
	*p = &s
	return true
}

// strings reads an array of strings; null makes it nil and [] empty.
func (d *fastDecoder) strings(list *[]string) bool {
	return decodeList(d, list, (*fastDecoder).element)
}

// element decodes one string of a list; a null element is refused, since
// encoding/json would add "" for it.
func (d *fastDecoder) element(s *string) bool { return !d.null() && d.str(s) }

// decodeList decodes null (a nil list) or an array whose elements one
// decodes; a non-nil empty list for [], as encoding/json gives.
// one is a method expression, so that passing it allocates nothing.
func decodeList[T any](d *fastDecoder, list *[]T, one func(*fastDecoder, *T) bool) bool {
	if d.null() {
		*list = nil
		return true
	}
	if !d.arrayStart() {
		return false
	}
	*list = []T{}
	for more, ok := d.arrayNext(true); ; more, ok = d.arrayNext(false) {
		if !ok {
			return false
		}
		if !more {
			return true
		}
		// Decode into the list's own slot: a local passed to one would
		// escape to the heap, one allocation per element.
		var zero T
		*list = append(*list, zero)
		if !one(d, &(*list)[len(*list)-1]) {
			return false
		}
	}
}

// arrayStart consumes the opening bracket of an array.
func (d *fastDecoder) arrayStart() bool {
	if d.i >= len(d.b) || d.b[d.i] != '[' {
		return false
	}
	d.i++
	return true
}

// arrayNext moves to the next element of an array, reporting more = false
// at its end (which it consumes) and ok = false on a problem.
func (d *fastDecoder) arrayNext(first bool) (more, ok bool) {
	d.space()
	if d.i >= len(d.b) {
		return false, false
	}
	switch {
	case d.b[d.i] == ']':
		d.i++
		return false, true
	case first:
	case d.b[d.i] == ',':
		d.i++
		d.space()
	default:
		return false, false
	}
	if !first && d.i < len(d.b) && d.b[d.i] == ']' {
		return false, false // a trailing comma
	}
	return true, true
}

// once reports whether a key is seen for the first time, and marks it.
func once(seen *bool) bool {
	if *seen {
		return false
	}
	*seen = true
	return true
}

// plainStringView is plainString without the copy: the string shares the
// bytes of q. The loader decodes straight from a file's buffer, which is
// never written after the file is split into units (a byte order mark is
// blanked in a clone, before), so its strings can point into it; a large
// load then does not copy its text again. Nothing else may call it:
// encoding/json reuses the buffers it hands to UnmarshalJSON.
func (d *fastDecoder) plainStringView(q []byte) (string, bool) {
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return "", false
	}
	body := q[1 : len(q)-1]
	if !d.plain(body) {
		return "", false
	}
	if len(body) == 0 {
		return "", true
	}
	return unsafe.String(&body[0], len(body)), true
}
