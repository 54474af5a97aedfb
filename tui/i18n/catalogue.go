package i18n

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"sort"
	"strings"
)

// The catalogue holds every table of words the interface shows. A screen
// declares its words as one struct value whose fields are Words (or maps,
// slices or structs of them) and registers it, so its code names each word
// as a field (a word that is not there does not compile) and a test checks
// every registered word at once (see Check).
var catalogue = map[string]any{}

// Register adds table, a pointer to a struct of Words, to the catalogue
// under name and returns it. Screens call it when their package variables
// are initialised:
//
//	var words = i18n.Register("detail", &struct{ summary i18n.Word }{
//		summary: i18n.Word{"Summary", "요약"},
//	})
func Register[T any](name string, table *T) *T {
	if _, dup := catalogue[name]; dup {
		panic("i18n: table " + name + " registered twice")
	}
	catalogue[name] = table
	return table
}

// Entry is one word of the catalogue and the path it is registered under,
// such as "detail.summary" or "replayer.kinds[trigger]".
type Entry struct {
	Path string
	Word Word
}

// Entries returns every registered word, sorted by path. A table field
// that holds something other than words is reported by Check.
func Entries() []Entry {
	var out []Entry
	for name, t := range catalogue {
		walk(name, reflect.ValueOf(t).Elem(), func(path string, w Word) {
			out = append(out, Entry{path, w})
		}, func(string, reflect.Type) {})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Check reports every problem of the catalogue: a word without English or
// Korean, a word whose two languages have different formatting verbs, and
// a table field that is not a word (a plain string is allowed for what is
// written the same in both languages, such as a query's syntax, unless it
// holds Korean).
func Check() error {
	var errs []error
	for name, t := range catalogue {
		walk(name, reflect.ValueOf(t).Elem(), func(path string, w Word) {
			if err := checkWord(w); err != nil {
				errs = append(errs, fmt.Errorf("%s: %w", path, err))
			}
		}, func(path string, typ reflect.Type) {
			errs = append(errs, fmt.Errorf("%s: %v is not an i18n.Word", path, typ))
		})
	}
	sort.Slice(errs, func(i, j int) bool { return errs[i].Error() < errs[j].Error() })
	return errors.Join(errs...)
}

var wordType = reflect.TypeOf(Word{})

// walk calls word for every Word in v and other for every value that is
// neither a Word nor a container of them.
func walk(path string, v reflect.Value, word func(string, Word), other func(string, reflect.Type)) {
	if v.Type() == wordType {
		word(path, Word{EN: v.Field(0).String(), KO: v.Field(1).String()})
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		for i := range v.NumField() {
			walk(path+"."+v.Type().Field(i).Name, v.Field(i), word, other)
		}
	case reflect.Map:
		for _, k := range v.MapKeys() {
			walk(fmt.Sprintf("%s[%v]", path, k), v.MapIndex(k), word, other)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walk(fmt.Sprintf("%s[%d]", path, i), v.Index(i), word, other)
		}
	case reflect.String:
		// A string beside words names something the reader types or sees
		// as written (a query's syntax); Korean belongs in a Word.
		if hangul(v.String()) {
			other(path, v.Type())
		}
	default:
		other(path, v.Type())
	}
}

// hangul reports whether s has a Hangul syllable: Korean words. Letters
// alone (jamo, "ㅁㅇㅂㅅ") are an example of typed initials, not a word.
func hangul(s string) bool {
	for _, r := range s {
		if r >= 0xAC00 && r <= 0xD7A3 {
			return true
		}
	}
	return false
}

// verb matches a formatting verb, with an optional argument index.
var verb = regexp.MustCompile(`%(\[\d+\])?[-+# 0]*\d*(\.\d+)?[a-zA-Z%]`)

func checkWord(w Word) error {
	switch {
	case strings.TrimSpace(w.EN) == "":
		return errors.New("no English")
	case strings.TrimSpace(w.KO) == "":
		return fmt.Errorf("%q has no Korean", w.EN)
	}
	if a, b := verbs(w.EN), verbs(w.KO); a != b {
		return fmt.Errorf("%q has verbs %s, %q has %s", w.EN, a, w.KO, b)
	}
	return nil
}

// verbs lists a phrase's formatting verbs in argument order, so "%d of
// %d" and "%[2]d건 중 %[1]d건" agree.
func verbs(s string) string {
	var vs []string
	next := 1
	for _, m := range verb.FindAllStringSubmatch(s, -1) {
		v := m[0][len(m[0])-1:]
		if v == "%" {
			continue
		}
		n := next
		if m[1] != "" {
			fmt.Sscanf(m[1], "[%d]", &n)
		}
		next = n + 1
		for len(vs) < n {
			vs = append(vs, "")
		}
		vs[n-1] = v
	}
	return "[" + strings.Join(vs, " ") + "]"
}
