package data

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/incidents-dev/incidents/data/internal/jsonscan"
)

// A .json file of the user's holding an array of records, of arrayMin
// bytes or more, is read by a compact load (Options.Compact) as a JSON
// Lines file is: a part at a time, each part's elements decoded and
// dropped before the next part is read, whatever the file's size. Its
// elements are found by nesting alone, as splitArray finds them; an
// element longer than a record may be, or a file that is not an array
// after all, stops the file there, with its problem reported.

// arrayWindow is where streamArray is in its file: the bytes read and not
// yet let go, from base on.
type arrayWindow struct {
	r    io.Reader
	size int64 // the file's, when found: it may not grow
	b    []byte
	base int64 // file offset of b[0]
	eof  bool
	// The line and column (in characters) of the file offset at, for
	// the positions of elements.
	at   int64
	line int
	col  int
}

// more reads up to compactChunk more bytes, keeping b[keep:] (the
// caller's offsets into b move by keep) in a new buffer, so that parts
// already handed over are never written.
func (w *arrayWindow) more(keep int) error {
	nb := make([]byte, len(w.b)-keep, len(w.b)-keep+compactChunk)
	copy(nb, w.b[keep:])
	n, err := io.ReadFull(w.r, nb[len(nb):cap(nb)])
	w.b, w.base = nb[:len(nb)+n], w.base+int64(keep)
	if w.base+int64(len(w.b)) > w.size {
		return errGrew
	}
	if err == io.EOF || err == io.ErrUnexpectedEOF {
		w.eof = true
		return nil
	}
	return err
}

// pos returns the line and column of b[i], counting on from the last
// position asked for, which is never after it.
func (w *arrayWindow) pos(i int) (line, col int) {
	seg := w.b[w.at-w.base : i]
	if k := bytes.LastIndexByte(seg, '\n'); k >= 0 {
		w.line += bytes.Count(seg, []byte{'\n'})
		w.col = 0
		seg = seg[k+1:]
	}
	w.col += countChars(seg)
	w.at = w.base + int64(i)
	return w.line, w.col + 1
}

// pending is an element found and not yet handed over.
type pending struct {
	off, end  int64 // in the file
	line, col int
}

// streamArray reads cf, a .json file holding an array, a part at a time
// (see above) and hands each part's elements to decode, as streamCompact
// does for JSON Lines. A file that does not start as a plain array (a byte
// order mark, another encoding, no '[') is read whole and handed over as
// one part, as Load reads it. It reports false, with the problem
// reported, when the file cannot be read to its end.
func (ld *loader) streamArray(cf compactFile, decode func([]unit, *file)) bool {
	bad := func(err error) bool {
		ld.report(cf.fi, 0, &Error{Path: cf.path, Err: err})
		return false
	}
	f, r, ok := ld.openCompact(cf, bad)
	if !ok {
		return false
	}
	defer f.Close()
	w := &arrayWindow{r: r, size: cf.size, line: 1}
	if err := w.more(0); err != nil {
		return bad(pathErr(err))
	}
	i := jsonscan.SkipSpace(w.b, 0)
	if wideEncoding(w.b) != "" || bytes.HasPrefix(w.b, bom) || i >= len(w.b) || w.b[i] != '[' {
		return ld.decodeWhole(cf, w, decode, bad)
	}
	syntax := func(i int, msg string) bool {
		line, col := w.pos(i)
		ld.report(cf.fi, int(w.base)+i, &Error{Path: cf.path, Line: line, Col: col, Err: errors.New(msg)})
		return true
	}
	// end is where the file's content ends, for a syntax error there.
	contentEnd := func() int { return max(len(bytes.TrimRight(w.b, " \t\r\n")), int(w.at-w.base)) }
	var (
		parts []pending
		size  int
	)
	// flush hands the pending elements over as one part.
	flush := func() {
		if len(parts) == 0 {
			return
		}
		lo, hi := int(parts[0].off-w.base), int(parts[len(parts)-1].end-w.base)
		pf := &file{path: cf.path, data: w.b[lo:hi:hi], fsys: cf.fsys, name: cf.name, line0: parts[0].line - 1, col0: parts[0].col - 1, base: w.base + int64(lo)}
		units := make([]unit, len(parts))
		for k, p := range parts {
			a, b := int(p.off-pf.base), int(p.end-pf.base)
			units[k] = unit{f: pf, fi: cf.fi, off: a, raw: pf.data[a:b], multi: true, line: p.line, col: p.col}
		}
		parts, size = parts[:0], 0
		decode(units, pf)
	}
	// need makes sure b[i] can be read (ok), reading on when it is past
	// the bytes read; i moves with them.
	need := func(i *int) (ok bool, err error) {
		for *i >= len(w.b) && !w.eof {
			keep := *i
			if len(parts) > 0 {
				keep = int(parts[0].off - w.base)
			}
			keep = min(keep, int(w.at-w.base))
			if err := w.more(keep); err != nil {
				return false, err
			}
			*i -= keep
		}
		return *i < len(w.b), nil
	}
	i = jsonscan.SkipSpace(w.b, i+1)
	for first := true; ; first = false {
		for i >= len(w.b) && !w.eof {
			if _, err := need(&i); err != nil {
				return bad(pathErr(err))
			}
			i = jsonscan.SkipSpace(w.b, i)
		}
		if i >= len(w.b) {
			flush()
			return syntax(contentEnd(), "unexpected end of JSON input")
		}
		if first && w.b[i] == ']' {
			ld.report(cf.fi, 0, &Error{Path: cf.path, Err: errors.New("holds no records (an empty array)")})
			return arrayTrailing(w, i+1, syntax, bad)
		}
		if c := w.b[i]; c == ']' || c == ',' || c == '}' {
			flush()
			return syntax(i, fmt.Sprintf("invalid character %s looking for beginning of value", jsonscan.QuoteByte(c)))
		}
		start := i
		end, ok := jsonscan.ValueEnd(w.b, start)
		for (!ok || end == len(w.b)) && !w.eof {
			if len(w.b)-start > maxRecordSize+compactChunk {
				flush()
				line, col := w.pos(start)
				ld.report(cf.fi, 0, &Error{Path: cf.path, Line: line, Col: col, Err: tooLarge("record", int64(len(w.b)-start), int64(maxRecordSize))})
				return false
			}
			before := len(w.b)
			j := before
			if _, err := need(&j); err != nil {
				return bad(pathErr(err))
			}
			start -= before - j // what need let go of
			end, ok = jsonscan.ValueEnd(w.b, start)
		}
		line, col := w.pos(start)
		parts = append(parts, pending{off: w.base + int64(start), end: w.base + int64(end), line: line, col: col})
		size += end - start
		if !ok {
			flush() // the element runs to the end of the file; decoding reports it
			return true
		}
		i = jsonscan.SkipSpace(w.b, end)
		for i >= len(w.b) && !w.eof {
			if _, err := need(&i); err != nil {
				return bad(pathErr(err))
			}
			i = jsonscan.SkipSpace(w.b, i)
		}
		switch {
		case i >= len(w.b):
			flush()
			return syntax(contentEnd(), "unexpected end of JSON input")
		case w.b[i] == ']':
			flush()
			return arrayTrailing(w, i+1, syntax, bad)
		case w.b[i] == ',':
			i = jsonscan.SkipSpace(w.b, i+1)
		default:
			// Take what follows as the next element, so one missing
			// comma costs no records (as splitArray does).
			syntax(i, fmt.Sprintf("invalid character %s after array element", jsonscan.QuoteByte(w.b[i])))
		}
		if size >= compactChunk {
			flush()
		}
	}
}

// openCompact opens cf for reading a part at a time: a regular file, of
// which the load may still read cf.size bytes (see maxData), read no
// further than that size and one byte. It reports false, with the problem
// reported through bad, when it cannot.
func (ld *loader) openCompact(cf compactFile, bad func(error) bool) (fs.File, io.Reader, bool) {
	f, err := cf.fsys.Open(cf.name)
	if err != nil {
		return nil, nil, bad(pathErr(err))
	}
	if info, err := f.Stat(); err == nil && !info.Mode().IsRegular() {
		f.Close()
		return nil, nil, bad(fmt.Errorf("not a regular file (%s)", describeMode(info.Mode().Type())))
	}
	limit := maxData()
	if ld.streamed+cf.size > limit {
		f.Close()
		return nil, nil, bad(overData(ld.streamed+cf.size, limit))
	}
	ld.streamed += cf.size
	return f, io.LimitReader(f, cf.size+1), true
}

// decodeWhole reads the rest of cf, of which w holds the start, and hands
// it over as one part, split as Load splits a whole file.
func (ld *loader) decodeWhole(cf compactFile, w *arrayWindow, decode func([]unit, *file), bad func(error) bool) bool {
	rest, err := io.ReadAll(w.r)
	if err != nil {
		return bad(pathErr(err))
	}
	data := append(w.b, rest...)
	if int64(len(data)) > cf.size {
		return bad(errGrew)
	}
	pf := &file{path: cf.path, data: data, fsys: cf.fsys, name: cf.name}
	saved, p0 := ld.records, len(ld.problems)
	ld.records = nil
	ld.addFile(pf, false)
	ld.files = ld.files[:len(ld.files)-1] // cf.fi stands for it
	units := ld.records
	ld.records = saved
	for i := range units {
		units[i].fi = cf.fi
	}
	for i := p0; i < len(ld.problems); i++ {
		ld.problems[i].fi = cf.fi
	}
	decode(units, pf)
	return true
}

// arrayTrailing reports anything but white space after the array, which
// ends before w.b[i].
func arrayTrailing(w *arrayWindow, i int, syntax func(int, string) bool, bad func(error) bool) bool {
	for {
		i = jsonscan.SkipSpace(w.b, i)
		if i < len(w.b) {
			return syntax(i, fmt.Sprintf("invalid character %s after top-level value", jsonscan.QuoteByte(w.b[i])))
		}
		if w.eof {
			return true
		}
		keep := min(i, int(w.at-w.base))
		if err := w.more(keep); err != nil {
			return bad(pathErr(err))
		}
		i -= keep
	}
}
