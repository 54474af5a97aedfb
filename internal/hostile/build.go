package hostile

import (
	"encoding/json"
	"strings"
)

// R is a record's fields, marshalled with encoding/json (which escapes
// control characters, so the loader decodes them back); json.RawMessage
// values go in as written.
type R map[string]any

// record returns the JSON of a record with id, a valid date and title,
// and fields over them.
func record(id string, fields R) []byte {
	m := R{"id": id, "date": "2024-01-02", "title": R{"en": "Hostile case " + id, "ko": "적대적 입력 " + id}}
	for k, v := range fields {
		if v == nil {
			delete(m, k)
			continue
		}
		m[k] = v
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return b
}

// good returns a plain record that must load.
func good(id string) []byte { return record(id, nil) }

// raw is JSON written as is.
func raw(s string) json.RawMessage { return json.RawMessage(s) }

// file is a regular file.
func file(name string, data []byte) File { return File{Name: name, Data: data} }

// array joins records into a JSON array.
func array(recs ...[]byte) []byte {
	return []byte("[" + join(recs, ",\n") + "]")
}

// lines joins records into JSON Lines.
func lines(recs ...[]byte) []byte { return []byte(join(recs, "\n") + "\n") }

func join(parts [][]byte, sep string) string {
	ss := make([]string, len(parts))
	for i, p := range parts {
		ss[i] = string(p)
	}
	return strings.Join(ss, sep)
}

// withTitle is a record whose English title is the JSON value v.
func withTitle(id, v string) []byte {
	return []byte(`{"id": "` + id + `", "date": "2024-01-02", "title": {"en": ` + v + `, "ko": "제목"}}`)
}

// Forged is the marker that hostile text puts at the start of a line it
// tries to forge; no output line may start with it.
const Forged = "FORGED"

// Paragraphs is d for a field that may hold several paragraphs: there a
// newline is content, so the forgery marker is replaced.
func Paragraphs(d string) string { return strings.ReplaceAll(d, Forged, "Paragraph") }

// Dangerous is text with every kind of escape and control a record might
// smuggle to the terminal: CSI, OSC (title, hyperlink, clipboard), DCS,
// 8-bit C1, bidi overrides, line forging.
var Dangerous = []string{
	"\x1b[2J\x1b[Hcleared",
	"\x1b]0;title\x07set title",
	"\x1b]8;;https://evil.example\x1b\\link\x1b]8;;\x1b\\",
	"\x1b]52;c;cHduZWQ=\x07clipboard",
	"\x1bP+q544e\x1b\\dcs",
	"\u009b31mC1 CSI\u009b0m",
	"\u009d0;c1 osc\u009c",
	"\u202eevil\u202c bidi override",
	"\u2066isolate\u2069",
	"line\n" + Forged + " line",
	"cr\r" + Forged + " overwrite",
	"sep\u2028" + Forged + " separator\u2029para",
	"nel\u0085" + Forged + " next line",
	"bell\x07 backspace\x08\x08 del\x7f vt\x0b ff\x0c",
	"\x1b", "\x1b[", "\x1b]unterminated",
	"\x1bc reset", "\x1b#8 fill", "\x1b(0 charset",
}
