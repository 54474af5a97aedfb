package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/incidents-dev/incidents/data/internal/jsonscan"
)

var bom = []byte("\xef\xbb\xbf")

// addFile splits f into units: the lines of a JSON Lines file, the
// elements of an array, or one object.
func (ld *loader) addFile(f *file, lines bool) {
	fi := len(ld.files)
	ld.files = append(ld.files, f)
	if enc := wideEncoding(f.data); enc != "" {
		ld.report(fi, 0, &Error{Path: f.path, Err: fmt.Errorf("file is %s, want UTF-8", enc)})
		return
	}
	if bytes.HasPrefix(f.data, bom) {
		// Blank the byte order mark some editors write, keeping offsets.
		f.data = slices.Clone(f.data)
		copy(f.data, "   ")
	}
	start := jsonscan.SkipSpace(f.data, 0)
	if start == len(f.data) {
		ld.report(fi, 0, &Error{Path: f.path, Err: errors.New("empty file")})
		return
	}
	if lines {
		ld.splitLines(f, fi)
		return
	}
	switch f.data[start] {
	case '[':
		ld.splitArray(f, fi, start)
	case '{':
		u := unit{f: f, fi: fi, off: start, raw: f.data[start:]}
		if p, ok := checkSize(u); !ok {
			ld.problems = append(ld.problems, p)
			return
		}
		if !ld.checkUTF8(u) {
			return
		}
		if kind, ok := probeKind(u.raw); ok {
			ld.addUnit(u, kind)
			return
		}
		var probe struct {
			Events json.RawMessage `json:"events"`
			Terms  json.RawMessage `json:"terms"`
		}
		if err := json.Unmarshal(u.raw, &probe); err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				ld.jsonProblem(u, err, "")
				return
			}
		}
		switch {
		case probe.Events != nil:
			ld.addUnit(u, unitTimeline)
		case probe.Terms != nil:
			ld.addUnit(u, unitVocab)
		default:
			ld.addUnit(u, unitRecord)
		}
	default:
		ld.records = append(ld.records, unit{f: f, fi: fi, off: start, raw: f.data[start:]})
	}
}

// What a file holding one JSON object holds.
const (
	unitRecord = iota
	unitTimeline
	unitVocab
)

// addUnit files u as what it holds.
func (ld *loader) addUnit(u unit, kind int) {
	switch kind {
	case unitTimeline:
		ld.timelines = append(ld.timelines, u)
	case unitVocab:
		ld.vocabs = append(ld.vocabs, u)
	default:
		ld.records = append(ld.records, u)
	}
}

// probeKind tells what the JSON object b holds as addFile's probe with
// encoding/json does (a timeline has events, a vocabulary terms, anything
// else is a record) without decoding it: its keys are read, its values
// skipped. ok is false for anything it cannot be sure of (invalid JSON,
// an escaped key, a key "events" or "terms" in other case or repeated, or
// one of them null), which the probe then decides.
func probeKind(b []byte) (kind int, ok bool) {
	if !json.Valid(b) {
		return 0, false
	}
	d := fastDecoder{b: b, valid: true}
	var events, terms int
	it := d.iter()
	for d.next(&it) {
		key := string(it.key)
		switch {
		case key == "events":
			events++
		case key == "terms":
			terms++
		case strings.EqualFold(key, "events") || strings.EqualFold(key, "terms"):
			return 0, false
		}
		if (key == "events" || key == "terms") && d.null() {
			return 0, false
		}
		end, ok := jsonscan.ValueEnd(b, d.i)
		if !ok || end == d.i {
			return 0, false
		}
		d.i = end
	}
	if !it.ok() || jsonscan.SkipSpace(b, d.i) != len(b) || events > 1 || terms > 1 {
		return 0, false
	}
	switch {
	case events == 1:
		return unitTimeline, true
	case terms == 1:
		return unitVocab, true
	}
	return unitRecord, true
}

// splitLines splits a JSON Lines file into its records, one a line. Each
// unit knows its line and column, which for a record that starts a line
// after white space (ASCII alone) is one more than the bytes skipped.
func (ld *loader) splitLines(f *file, fi int) {
	line := f.line0
	for off := 0; off < len(f.data); line++ {
		end := bytes.IndexByte(f.data[off:], '\n')
		if end < 0 {
			end = len(f.data)
		} else {
			end += off
		}
		// Skip white space within the line only: scanning on across
		// blank lines from every line would be quadratic.
		if s := jsonscan.SkipSpace(f.data[:end], off); s < end {
			ld.records = append(ld.records, unit{f: f, fi: fi, off: s, raw: f.data[s:end], multi: true, line: line + 1, col: s - off + 1})
		}
		off = end + 1
	}
}

// splitArray splits the array that starts at f.data[i] into its elements.
// It finds their ends by nesting alone, so an element with a syntax error
// inside is reported on its own and its siblings still load.
func (ld *loader) splitArray(f *file, fi, i int) {
	data := f.data
	syntax := func(off int, msg string) {
		ld.report(fi, off, ld.posError(f, off, &Error{Path: f.path, Err: errors.New(msg)}))
	}
	i = jsonscan.SkipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		ld.report(fi, 0, &Error{Path: f.path, Err: errors.New("holds no records (an empty array)")})
		ld.checkTrailing(f, fi, i+1)
		return
	}
	for {
		if i >= len(data) {
			syntax(len(bytes.TrimRight(data, " \t\r\n")), "unexpected end of JSON input")
			return
		}
		if data[i] == ']' || data[i] == ',' || data[i] == '}' {
			syntax(i, fmt.Sprintf("invalid character %s looking for beginning of value", jsonscan.QuoteByte(data[i])))
			return
		}
		end, ok := jsonscan.ValueEnd(data, i)
		ld.records = append(ld.records, unit{f: f, fi: fi, off: i, raw: data[i:end], multi: true})
		if !ok {
			return // the element runs to the end of the file; decoding reports it
		}
		i = jsonscan.SkipSpace(data, end)
		switch {
		case i >= len(data):
			syntax(len(bytes.TrimRight(data, " \t\r\n")), "unexpected end of JSON input")
			return
		case data[i] == ']':
			ld.checkTrailing(f, fi, i+1)
			return
		case data[i] == ',':
			i = jsonscan.SkipSpace(data, i+1)
		default:
			syntax(i, fmt.Sprintf("invalid character %s after array element", jsonscan.QuoteByte(data[i])))
			// Take what follows as the next element, so one missing comma
			// costs no records.
		}
	}
}

// checkTrailing reports anything but white space after the top-level value.
func (ld *loader) checkTrailing(f *file, fi, i int) {
	if i = jsonscan.SkipSpace(f.data, i); i < len(f.data) {
		ld.report(fi, i, ld.posError(f, i, &Error{Path: f.path,
			Err: fmt.Errorf("invalid character %s after top-level value", jsonscan.QuoteByte(f.data[i]))}))
	}
}

// wideEncoding names the encoding of data when it is UTF-16 or UTF-32,
// which editors on some systems save JSON as: by its byte order mark, or
// without one by the NUL bytes that ASCII text has in every other (or
// every fourth) byte. It returns "" for anything else.
func wideEncoding(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0xff, 0xfe, 0, 0}):
		return "UTF-32 (little-endian, with a byte order mark)"
	case bytes.HasPrefix(data, []byte{0, 0, 0xfe, 0xff}):
		return "UTF-32 (big-endian, with a byte order mark)"
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}):
		return "UTF-16 (little-endian, with a byte order mark)"
	case bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return "UTF-16 (big-endian, with a byte order mark)"
	}
	n := min(len(data), 64) &^ 3
	if n < 4 {
		return ""
	}
	var nuls [4]int
	for i, c := range data[:n] {
		if c == 0 {
			nuls[i%4]++
		}
	}
	quarter := n / 4
	switch {
	case nuls[1] == quarter && nuls[2] == quarter && nuls[3] == quarter && nuls[0] == 0:
		return "UTF-32 (little-endian)"
	case nuls[0] == quarter && nuls[1] == quarter && nuls[2] == quarter && nuls[3] == 0:
		return "UTF-32 (big-endian)"
	case nuls[1] == quarter && nuls[3] == quarter && nuls[0]+nuls[2] == 0:
		return "UTF-16 (little-endian)"
	case nuls[0] == quarter && nuls[2] == quarter && nuls[1]+nuls[3] == 0:
		return "UTF-16 (big-endian)"
	}
	return ""
}

// checkSize reports a unit over maxRecordSize.
func checkSize(u unit) (problem, bool) {
	if len(u.raw) <= maxRecordSize {
		return problem{}, true
	}
	e := &Error{Path: u.f.path, Err: tooLarge("record", int64(len(u.raw)), int64(maxRecordSize))}
	if u.multi {
		e.Line, e.Col = u.f.pos(u.off)
	}
	return problem{u.fi, u.off, e}, false
}
