package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/incidents-dev/incidents/data/internal/jsonscan"
)

// file is one data file read into memory.
type file struct {
	path string // as shown in errors and Origin
	data []byte
	// fsys and name are where the file was read from (nil and "" for
	// data from elsewhere), for compact records to be read again.
	fsys    fs.FS
	name    string
	bundled bool
	// base is the offset of data in the file, when data is a part of it
	// (Options.Compact reads large files a part at a time).
	base int64
	// line0 is how many lines of the file come before data, when data is
	// a part of it (SearchLoad reads large files a part at a time).
	line0 int
	// col0 is how many characters of its line come before data, when
	// data is a part of a file that starts within a line (streamArray).
	col0 int

	indexOnce sync.Once
	lines     []int // offsets at which lines start
	chars     []int // chars[k]: characters in data[:k*charBlock]
}

// charBlock is the stride of file.chars: a column costs at most this many
// byte reads, however long the line, so that a file with many errors on
// one long line is not quadratic.
const charBlock = 256

// pos converts a byte offset into a 1-based line and a 1-based column
// counted in characters.
func (f *file) pos(off int) (line, col int) {
	f.indexOnce.Do(f.index)
	off = min(max(off, 0), len(f.data))
	n, found := slices.BinarySearch(f.lines, off)
	if !found {
		n--
	}
	col = f.charsBefore(off) - f.charsBefore(f.lines[n]) + 1
	if n == 0 {
		col += f.col0
	}
	return f.line0 + n + 1, col
}

func (f *file) index() {
	f.lines = []int{0}
	for i := 0; ; {
		j := bytes.IndexByte(f.data[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		f.lines = append(f.lines, i)
	}
	f.chars = make([]int, len(f.data)/charBlock+1)
	for k := 1; k < len(f.chars); k++ {
		f.chars[k] = f.chars[k-1] + countChars(f.data[(k-1)*charBlock:k*charBlock])
	}
}

// charsBefore counts the characters in f.data[:off].
func (f *file) charsBefore(off int) int {
	k := off / charBlock
	return f.chars[k] + countChars(f.data[k*charBlock:off])
}

// countChars counts the bytes that start a character: every byte but UTF-8
// continuation bytes, so that a count can start mid-file.
func countChars(b []byte) int {
	n := 0
	for _, c := range b {
		if c&0xc0 != 0x80 {
			n++
		}
	}
	return n
}

// unit is the JSON of one record, timeline or vocabulary inside a file.
type unit struct {
	f     *file
	fi    int    // index of f in loader.files
	off   int    // offset of raw in f.data
	raw   []byte // the JSON
	multi bool   // one of several records in an array or JSON Lines file
	// line and col are where a line of a JSON Lines file starts (0 for
	// other units, whose place pos works out).
	line, col int
}

// place names where u is: the path, with the position when the file holds
// several records.
func (u unit) place() string {
	if !u.multi {
		return u.f.path
	}
	line, col := u.pos()
	return fmt.Sprintf("%s:%d:%d", u.f.path, line, col)
}

// posError fills in e's line and column from a byte offset in f.
func (ld *loader) posError(f *file, off int, e *Error) *Error {
	e.Line, e.Col = f.pos(off)
	return e
}

// checkUTF8 reports the first byte of u that is not UTF-8.
func (ld *loader) checkUTF8(u unit) bool {
	p, ok := checkUTF8(u)
	if !ok {
		ld.problems = append(ld.problems, p)
	}
	return ok
}

func checkUTF8(u unit) (problem, bool) {
	if utf8.Valid(u.raw) {
		return problem{}, true
	}
	i := 0
	for i < len(u.raw) {
		r, size := utf8.DecodeRune(u.raw[i:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		i += size
	}
	off := u.off + i
	e := &Error{Path: u.f.path, Err: fmt.Errorf("invalid UTF-8 (byte 0x%02x)", u.raw[i])}
	e.Line, e.Col = u.f.pos(off)
	return problem{u.fi, off, e}, false
}

// jsonProblem reports a decoding error of u. kind names what u holds for
// the error's Kind ("" for a record).
func (ld *loader) jsonProblem(u unit, err error, kind string) {
	ld.problems = append(ld.problems, jsonProblem(u, err, kind))
}

func jsonProblem(u unit, err error, kind string) problem {
	rel := 0
	e := &Error{Path: u.f.path, Err: err, Kind: kind}
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		if se.Error() == "unexpected end of JSON input" {
			rel = len(bytes.TrimRight(u.raw, " \t\r\n"))
		} else {
			rel = max(int(se.Offset)-1, 0)
		}
	case errors.As(err, &te):
		var field string
		// encoding/json names a Body field's path from "Body", which is
		// not in the JSON.
		rel, field = jsonscan.Locate(u.raw, strings.TrimPrefix(te.Field, "Body."), te.Value)
		e.Field = field
		e.Record = leniendID(u.raw, kind)
		e.Err = fmt.Errorf("got %s, want %s", strings.Fields(te.Value + " ")[0], describeType(te.Type))
	}
	off := u.off + rel
	e.Line, e.Col = u.f.pos(off)
	return problem{u.fi, off, e}
}

// leniendID returns the id of a record (or the incident of a timeline) that
// did not decode, when it can be read.
func leniendID(raw []byte, kind string) string {
	var v struct {
		ID       any `json:"id"`
		Incident any `json:"incident"`
	}
	if json.Unmarshal(raw, &v) != nil {
		return ""
	}
	id := v.ID
	if kind == "timeline" {
		id = v.Incident
	}
	if s, ok := id.(string); ok {
		return strings.TrimSpace(sanitizeLine(s))
	}
	return ""
}

// maxTypeErrors bounds how many values of the wrong type one record or
// timeline reports: each costs a decode of the whole unit.
const maxTypeErrors = 50

// fieldProblem fills in e's line and column with those of the value at e.Field
// in u (or of the object that lacks it) and returns the problem, placed
// there.
func (u unit) fieldProblem(e *Error) problem {
	rel, _ := jsonscan.LocatePath(u.raw, e.Field)
	off := u.off + rel
	e.Line, e.Col = u.f.pos(off)
	return problem{u.fi, off, e}
}

// decodeEvery decodes u into a new T like json.Unmarshal, but reports every
// value of the wrong type, not only the first: each one found is set to
// null in a copy of the JSON and the copy decoded again. It returns the
// value decoded without them (nil after any other error) and the problems.
func decodeEvery[T any](u unit, kind string) (*T, []problem) {
	cur := u.raw
	var probs []problem
	for range maxTypeErrors {
		v := new(T)
		err := json.Unmarshal(cur, v)
		if err == nil {
			return v, probs
		}
		var te *json.UnmarshalTypeError
		if len(probs) == 0 || !errors.As(err, &te) {
			// The first error, of any kind: as jsonProblem has always
			// reported it.
			probs = append(probs, jsonProblem(u, err, kind))
			if !errors.As(err, &te) {
				return nil, probs
			}
		} else {
			e := &Error{Path: u.f.path, Kind: kind, Record: leniendID(u.raw, kind)}
			e.Err = fmt.Errorf("got %s, want %s", strings.Fields(te.Value + " ")[0], describeType(te.Type))
			_, e.Field = jsonscan.Locate(cur, strings.TrimPrefix(te.Field, "Body."), te.Value)
			probs = append(probs, u.fieldProblem(e))
		}
		rel, where := jsonscan.Locate(cur, strings.TrimPrefix(te.Field, "Body."), te.Value)
		end, ok := jsonscan.ValueEnd(cur, rel)
		if where == "" || !ok || rel >= end {
			return nil, probs // the value cannot be found: nothing to skip
		}
		next := make([]byte, 0, len(cur))
		next = append(append(append(next, cur[:rel]...), "null"...), cur[end:]...)
		cur = next
	}
	return nil, probs
}

// keepNew drops from errs the problems about a field that probs already
// reports, or about a field around or inside it (a value of the wrong
// type, read as missing, leaves its text missing in both languages).
func keepNew(errs []*Error, probs []problem) []*Error {
	out := errs[:0]
	for _, e := range errs {
		dup := false
		for _, p := range probs {
			if p.err.Field != "" && (within(e.Field, p.err.Field) || within(p.err.Field, e.Field)) {
				dup = true
			}
		}
		if !dup {
			out = append(out, e)
		}
	}
	return out
}

// within reports whether field is path or inside it: "title.en" and
// "events[2]" are within "title" and "events".
func within(field, path string) bool {
	return field == path || strings.HasPrefix(field, path+".") || strings.HasPrefix(field, path+"[")
}

// termProblem places e, a problem of the i-th term of vocabulary file u, at
// its field (named within the term, or as terms[i].field).
func (u unit) termProblem(e *Error, i int, field string) problem {
	path := fmt.Sprintf("terms[%d]", i)
	if field = strings.TrimPrefix(field, path+"."); field != "" {
		path += "." + field
	}
	rel, _ := jsonscan.LocatePath(u.raw, path)
	off := u.off + rel
	e.Line, e.Col = u.f.pos(off)
	return problem{u.fi, off, e}
}
