package data

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestDecodeRecordFastTaken checks that the records loading meets most —
// the seeds' and the bundle's — take the fast path and decode as
// encoding/json decodes them.
func TestDecodeRecordFastTaken(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "seeds", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	more, err := filepath.Glob(filepath.Join("library", "records", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range append(paths, more...) {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		fast, ok := decodeRecordFast(b)
		if !ok {
			t.Errorf("%s: the fast decoder refused it", p)
			continue
		}
		var slow Record
		if err := json.Unmarshal(b, &slow); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(*fast, slow) {
			t.Errorf("%s: fast decoding differs:\n fast %+v\n slow %+v", p, *fast, slow)
		}
	}
}

func TestDecodeRecordFastRefuses(t *testing.T) {
	for _, s := range []string{
		`{"id":"a","id":"b"}`,
		`{"ID":"a"}`,
		`{"id":5}`,
		`{"docs":[null]}`,
		`{"title":{"EN":"x"}}`,
		`{"impact":{"scope":"a","scope":"b"}}`,
		`{"id":"a"} x`,
		`{"id":"a",}`,
		`{"x":[1,}`,
		`{"id":"a\u0000"`,
		`[]`,
	} {
		if _, ok := decodeRecordFast([]byte(s)); ok {
			t.Errorf("%s: taken by the fast decoder", s)
		}
	}
}

// FuzzDecodeRecordFast holds the fast decoder to encoding/json: whatever it
// accepts, encoding/json accepts and decodes to the same record.
func FuzzDecodeRecordFast(f *testing.F) {
	for _, name := range []string{"IL-0499.json", "IL-0271.json"} {
		b, err := os.ReadFile(filepath.Join("testdata", "seeds", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	for _, s := range []string{
		goodRecord, `null`, `{}`, `{"unknown":{"a":[1,2,{"b":null}]},"id":"x"}`,
		`{"review":{"written_by":null,"reviewed_at":"x"},"recurrence_of":"IL-1"}`,
		`{"docs":[],"domain":null,"sources":[{"url":"u","kind":null}],"remediation":[{"text":"plain"}]}`,
		`{"timeline":{"detected_after":"3m","resolved_after":null},"impact":{"scope":"s","users":{"en":"u","ko":"유"}}}`,
		`{"title":{"en":"a\"b\u00e9","ko":null,"en":"c"}}`, `{"ſd":"x"}`, `{"K":1}`, "{\"id\":\"\xff\"}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		fast, ok := decodeRecordFast(b)
		if utf8.Valid(b) {
			// What the loader calls once it has checked the UTF-8.
			valid, vok := decodeRecordFastAs(b, true)
			if vok != ok || ok && !reflect.DeepEqual(*fast, *valid) {
				t.Fatalf("%q: decoding known-valid UTF-8 differs: %v %+v, want %v %+v", b, vok, valid, ok, fast)
			}
		}
		if !ok {
			return
		}
		var slow Record
		if err := json.Unmarshal(b, &slow); err != nil {
			t.Fatalf("%q: fast decoder accepted what encoding/json rejects: %v", b, err)
		}
		if !reflect.DeepEqual(*fast, slow) {
			t.Fatalf("%q: fast %+v, encoding/json %+v", b, *fast, slow)
		}
		if strings.Contains(string(b), "\x00") {
			t.Fatalf("%q: accepted a NUL", b)
		}
	})
}
