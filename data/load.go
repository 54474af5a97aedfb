package data

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"github.com/incidents-dev/incidents/data/internal/jsonscan"
)

// Options says what Load reads.
type Options struct {
	// Paths are the user's files and folders, read after the bundle. A
	// folder is walked, skipping hidden entries and testdata folders.
	Paths []string
	// NoBundled leaves the bundled library out.
	NoBundled bool
	// CheckTimeline, when set, is one more check of every timeline that
	// passes the loader's own: package replay checks a timeline's "model"
	// block, which data keeps raw because it cannot import replay. A
	// timeline it rejects is reported and skipped like any other.
	CheckTimeline func(*Timeline) error
}

// Load reads the bundled library and the user's paths.
//
// Files are .json (one record, an array of records, a timeline — an object
// with "events" — or a vocabulary — an object with "terms") or .jsonl (one
// record per line). Every string is sanitised. Each bad file, record,
// timeline or term is skipped and reported as a *Error; everything else
// loads. Load never returns a nil Library, and its error joins every
// problem. A user record with the id of a bundled one replaces it, and
// Notices says so.
func Load(opts Options) (*Library, error) {
	ld := &loader{check: opts.CheckTimeline}
	if !opts.NoBundled {
		ld.addFS(Bundled(), ".", bundledPrefix, true, false)
	}
	for _, p := range opts.Paths {
		ld.addPath(p)
	}
	lib := ld.run(nil)
	return lib, ld.err()
}

// Validate checks every record, timeline and vocabulary file under paths
// with the rules Load applies, and returns every problem, joined. A
// timeline may belong to a record in paths or in the bundled library.
// check, when not nil, is applied to every timeline as Options.CheckTimeline is.
func Validate(paths []string, check func(*Timeline) error) error {
	known := map[string]bool{}
	bl := &loader{}
	bl.addFS(Bundled(), ".", bundledPrefix, true, false)
	for _, r := range bl.run(nil).Records {
		known[strings.ToLower(r.ID)] = true
	}
	ld := &loader{check: check}
	for _, p := range paths {
		ld.addPath(p)
	}
	ld.run(known)
	return ld.err()
}

// file is one data file read into memory.
type file struct {
	path    string // as shown in errors and Origin
	data    []byte
	bundled bool

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
	return n + 1, f.charsBefore(off) - f.charsBefore(f.lines[n]) + 1
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
}

// place names where u is: the path, with the position when the file holds
// several records.
func (u unit) place() string {
	if !u.multi {
		return u.f.path
	}
	line, col := u.f.pos(u.off)
	return fmt.Sprintf("%s:%d:%d", u.f.path, line, col)
}

// problem is one error with where it was found, for ordering.
type problem struct {
	fi, off int
	err     *Error
}

type loader struct {
	files     []*file
	records   []unit
	timelines []unit
	vocabs    []unit
	problems  []problem
	notices   []string
	check     func(*Timeline) error
}

func (ld *loader) report(fi, off int, e *Error) {
	ld.problems = append(ld.problems, problem{fi, off, e})
}

// err joins the problems, ordered by file and position.
func (ld *loader) err() error {
	slices.SortStableFunc(ld.problems, func(a, b problem) int {
		return cmp.Or(cmp.Compare(a.fi, b.fi), cmp.Compare(a.off, b.off))
	})
	errs := make([]error, len(ld.problems))
	for i, p := range ld.problems {
		errs[i] = p.err
	}
	return errors.Join(errs...)
}

// addPath adds a user's file or folder.
func (ld *loader) addPath(p string) {
	info, err := os.Stat(p)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		ld.report(len(ld.files), 0, &Error{Path: Sanitize(p), Err: err})
		return
	}
	if info.IsDir() {
		ld.addFS(os.DirFS(p), ".", p, false, false)
		return
	}
	ld.addFS(os.DirFS(filepath.Dir(p)), filepath.Base(p), filepath.Dir(p), false, true)
}

// addFS adds the data files at root in fsys, a file or a folder to walk.
// Paths are shown joined to prefix. An explicit file of another type is an
// error; a walk skips such files, hidden entries and testdata folders.
func (ld *loader) addFS(fsys fs.FS, root, prefix string, bundled, explicit bool) {
	show := func(name string) string {
		if strings.HasSuffix(prefix, "/") {
			return Sanitize(prefix + name)
		}
		return Sanitize(filepath.Join(prefix, filepath.FromSlash(name)))
	}
	walkErr := fs.WalkDir(fsys, root, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			ld.report(len(ld.files), 0, &Error{Path: show(name), Err: err})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		base := path.Base(name)
		if d.IsDir() {
			if name != root && (strings.HasPrefix(base, ".") || base == "testdata") {
				return fs.SkipDir
			}
			return nil
		}
		ext := strings.ToLower(path.Ext(name))
		if ext != ".json" && ext != ".jsonl" {
			if explicit {
				ld.report(len(ld.files), 0, &Error{Path: show(name), Err: errors.New("unsupported file type (want .json or .jsonl)")})
			}
			return nil
		}
		if !explicit && strings.HasPrefix(base, ".") {
			return nil
		}
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			ld.report(len(ld.files), 0, &Error{Path: show(name), Err: err})
			return nil
		}
		ld.addFile(&file{path: show(name), data: data, bundled: bundled}, ext == ".jsonl")
		return nil
	})
	if walkErr != nil {
		ld.report(len(ld.files), 0, &Error{Path: show(root), Err: walkErr})
	}
}

var bom = []byte("\xef\xbb\xbf")

// addFile splits f into units: the lines of a JSON Lines file, the
// elements of an array, or one object.
func (ld *loader) addFile(f *file, lines bool) {
	fi := len(ld.files)
	ld.files = append(ld.files, f)
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
		for off := 0; off < len(f.data); {
			end := bytes.IndexByte(f.data[off:], '\n')
			if end < 0 {
				end = len(f.data)
			} else {
				end += off
			}
			if s := jsonscan.SkipSpace(f.data, off); s < end {
				ld.records = append(ld.records, unit{f: f, fi: fi, off: s, raw: f.data[s:end], multi: true})
			}
			off = end + 1
		}
		return
	}
	switch f.data[start] {
	case '[':
		ld.splitArray(f, fi, start)
	case '{':
		u := unit{f: f, fi: fi, off: start, raw: f.data[start:]}
		var probe struct {
			Events json.RawMessage `json:"events"`
			Terms  json.RawMessage `json:"terms"`
		}
		if !ld.checkUTF8(u) {
			return
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
			ld.timelines = append(ld.timelines, u)
		case probe.Terms != nil:
			ld.vocabs = append(ld.vocabs, u)
		default:
			ld.records = append(ld.records, u)
		}
	default:
		ld.records = append(ld.records, unit{f: f, fi: fi, off: start, raw: f.data[start:]})
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
		rel, field = jsonscan.Locate(u.raw, te.Field, te.Value)
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
		return strings.TrimSpace(Sanitize(s))
	}
	return ""
}

// run decodes and checks every unit and builds the library. known holds
// more ids (lower case) that timelines may belong to.
func (ld *loader) run(known map[string]bool) *Library {
	lib := &Library{Timelines: map[string]*Timeline{}, Vocab: newVocab(), byID: map[string]*Record{}}

	for _, u := range ld.vocabs {
		ld.addVocab(lib.Vocab, u)
	}

	recs, probs := decodeRecords(ld.records)
	ld.problems = append(ld.problems, probs...)
	type entry struct {
		rec     *Record
		u       unit
		removed bool
	}
	byID := map[string]int{}
	var entries []entry
	for i, r := range recs {
		if r == nil {
			continue
		}
		u := ld.records[i]
		key := strings.ToLower(r.ID)
		if j, ok := byID[key]; ok {
			first := entries[j]
			if !first.u.f.bundled || u.f.bundled {
				e := &Error{Path: u.f.path, Record: r.ID, Err: fmt.Errorf("duplicate id (first in %s)", first.u.place())}
				if u.multi {
					e.Line, e.Col = u.f.pos(u.off)
				}
				ld.report(u.fi, u.off, e)
				continue
			}
			entries[j].removed = true
			ld.notices = append(ld.notices, fmt.Sprintf("%s: record %s replaces the bundled record", u.f.path, r.ID))
		}
		byID[key] = len(entries)
		entries = append(entries, entry{rec: r, u: u})
	}
	lib.Records = make([]*Record, 0, len(entries))
	for _, e := range entries {
		if !e.removed {
			lib.Records = append(lib.Records, e.rec)
			lib.byID[strings.ToLower(e.rec.ID)] = e.rec
		}
	}
	slices.SortStableFunc(lib.Records, func(a, b *Record) int {
		return cmp.Or(b.Day.Compare(a.Day), strings.Compare(a.ID, b.ID))
	})

	tlFrom := map[string]unit{}
	for _, u := range ld.timelines {
		tl, ok := ld.decodeTimeline(u)
		if !ok {
			continue
		}
		if ld.check != nil {
			if err := ld.check(tl); err != nil {
				ld.report(u.fi, u.off, &Error{Path: u.f.path, Kind: "timeline", Record: tl.Incident, Err: err})
				continue
			}
		}
		key := strings.ToLower(tl.Incident)
		r := lib.byID[key]
		if r == nil && !known[key] {
			ld.report(u.fi, u.off, &Error{Path: u.f.path, Kind: "timeline", Record: tl.Incident, Field: "incident",
				Err: fmt.Errorf("no record with id %q", tl.Incident)})
			continue
		}
		if r != nil {
			tl.Incident = r.ID
		}
		if first, ok := tlFrom[key]; ok {
			if !first.f.bundled || u.f.bundled {
				ld.report(u.fi, u.off, &Error{Path: u.f.path, Kind: "timeline", Record: tl.Incident,
					Err: fmt.Errorf("duplicate timeline (first in %s)", first.f.path)})
				continue
			}
			ld.notices = append(ld.notices, fmt.Sprintf("%s: timeline %s replaces the bundled timeline", u.f.path, tl.Incident))
		}
		tlFrom[key] = u
		lib.Timelines[tl.Incident] = tl
	}
	lib.Notices = ld.notices
	return lib
}

// decodeRecords decodes, sanitises and checks the record units on every
// core. recs[i] is nil when units[i] had a problem.
func decodeRecords(units []unit) (recs []*Record, probs []problem) {
	recs = make([]*Record, len(units))
	found := make([][]problem, len(units))
	const chunk = 256
	var next atomic.Int64
	var wg sync.WaitGroup
	workers := min(runtime.GOMAXPROCS(0), (len(units)+chunk-1)/chunk)
	for range workers {
		wg.Go(func() {
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= len(units) {
					return
				}
				for i := lo; i < min(lo+chunk, len(units)); i++ {
					recs[i], found[i] = decodeRecord(units[i])
				}
			}
		})
	}
	wg.Wait()
	for _, ps := range found {
		probs = append(probs, ps...)
	}
	return recs, probs
}

// decodeRecord decodes one record; it returns nil and the problems when the
// record is bad.
func decodeRecord(u unit) (*Record, []problem) {
	if p, ok := checkUTF8(u); !ok {
		return nil, []problem{p}
	}
	r, ok := decodeRecordFast(u.raw)
	if !ok {
		r = new(Record)
		if err := json.Unmarshal(u.raw, r); err != nil {
			return nil, []problem{jsonProblem(u, err, "")}
		}
	}
	r.sanitize()
	r.Origin = u.f.path
	errs := checkRecord(r)
	if len(errs) == 0 {
		return r, nil
	}
	probs := make([]problem, len(errs))
	for i, e := range errs {
		e.Path = u.f.path
		if u.multi || r.ID == "" {
			e.Line, e.Col = u.f.pos(u.off)
		}
		probs[i] = problem{u.fi, u.off, e}
	}
	return nil, probs
}

// decodeTimeline decodes, sanitises and checks one timeline.
func (ld *loader) decodeTimeline(u unit) (*Timeline, bool) {
	var tf timelineFile
	if err := json.Unmarshal(u.raw, &tf); err != nil {
		ld.jsonProblem(u, err, "timeline")
		return nil, false
	}
	tl, errs := tf.timeline()
	tl.Origin = u.f.path
	for _, e := range errs {
		e.Path = u.f.path
		ld.report(u.fi, u.off, e)
	}
	return tl, len(errs) == 0
}

// addVocab decodes, sanitises and checks one vocabulary file and adds its
// terms to v.
func (ld *loader) addVocab(v *Vocab, u unit) {
	var vf vocabFile
	if err := json.Unmarshal(u.raw, &vf); err != nil {
		ld.jsonProblem(u, err, "term")
		return
	}
	for i, t := range vf.Terms {
		t.sanitize()
		t.Origin = u.f.path
		if err := checkTerm(t, i); err != nil {
			err.Path = u.f.path
			ld.report(u.fi, u.off, err)
			continue
		}
		if first, ok := v.add(t); !ok {
			ld.report(u.fi, u.off, &Error{Path: u.f.path, Kind: "term", Record: t.Term,
				Err: fmt.Errorf("defined twice (first in %s)", first.Origin)})
		}
	}
}
