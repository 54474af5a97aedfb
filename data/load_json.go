package data

import (
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
)

// locate finds the value that a *json.UnmarshalTypeError is about: the
// first value at the dotted field path (which has no array indices) whose
// JSON kind is kind. It returns the value's offset in raw and its path with
// indices, such as "remediation[1].text.en". raw must be valid JSON (it
// is: the decoder checks syntax before it reports types). When nothing
// matches it returns 0 and the field as given.
func locate(raw []byte, field, kind string) (int, string) {
	var target []string
	if field != "" {
		target = strings.Split(field, ".")
	}
	kind = strings.Fields(kind + " ")[0]
	w := walker{data: raw}
	w.space()
	if off, where, ok := w.find(target, kind, ""); ok {
		return off, where
	}
	return 0, field
}

// walker steps through valid JSON.
type walker struct {
	data []byte
	i    int
}

func (w *walker) space() { w.i = skipSpace(w.data, w.i) }

// find looks for the target path in the value at w.i, leaving w.i after
// the value when it does not find it.
func (w *walker) find(target []string, kind, where string) (int, string, bool) {
	if w.i >= len(w.data) {
		return 0, "", false
	}
	if len(target) == 0 && jsonKind(w.data[w.i]) == kind {
		return w.i, where, true
	}
	switch w.data[w.i] {
	case '{':
		w.i++
		for {
			w.space()
			if w.i >= len(w.data) || w.data[w.i] == '}' {
				w.i++
				return 0, "", false
			}
			if w.data[w.i] == ',' {
				w.i++
				continue
			}
			key := w.key()
			w.space()
			w.i++ // the colon
			w.space()
			if len(target) > 0 && strings.EqualFold(key, target[0]) {
				sub := target[0]
				if where != "" {
					sub = where + "." + target[0]
				}
				if off, at, ok := w.find(target[1:], kind, sub); ok {
					return off, at, true
				}
				continue
			}
			w.skip()
		}
	case '[':
		w.i++
		for n := 0; ; {
			w.space()
			if w.i >= len(w.data) || w.data[w.i] == ']' {
				w.i++
				return 0, "", false
			}
			if w.data[w.i] == ',' {
				w.i++
				continue
			}
			if off, at, ok := w.find(target, kind, fmt.Sprintf("%s[%d]", where, n)); ok {
				return off, at, true
			}
			n++
		}
	}
	w.skip()
	return 0, "", false
}

// key reads an object key.
func (w *walker) key() string {
	end, _ := valueEnd(w.data, w.i)
	var k string
	if json.Unmarshal(w.data[w.i:end], &k) != nil {
		k = ""
	}
	w.i = end
	return k
}

// skip moves past the value at w.i.
func (w *walker) skip() {
	end, _ := valueEnd(w.data, w.i)
	w.i = end
}

// jsonKind names the kind of the JSON value starting with c, as
// *json.UnmarshalTypeError's Value does.
func jsonKind(c byte) string {
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

// textShape is the struct Text decodes an object into; a type error about
// it means a Text field held something else.
var textShape = reflect.TypeOf(struct {
	EN *string `json:"en"`
	KO *string `json:"ko"`
}{})

// describeType names what a Go type wants in JSON terms.
func describeType(t reflect.Type) string {
	if t == nil {
		return "another type"
	}
	if t == textShape || t == reflect.TypeOf(Text{}) {
		return `text (a string or {"en", "ko"})`
	}
	switch t.Kind() {
	case reflect.Pointer:
		return describeType(t.Elem())
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "bool"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return "number"
	case reflect.Slice, reflect.Array:
		if t.Elem().Kind() == reflect.String {
			return "array of strings"
		}
		return "array"
	case reflect.Struct, reflect.Map:
		return "object"
	}
	return t.String()
}
