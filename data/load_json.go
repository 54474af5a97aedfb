package data

import (
	"reflect"
)

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
