package data

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"sync"

	"github.com/incidents-dev/incidents/data/internal/jsonscan"
)

// With Options.Compact, the user's JSON Lines files are read a part at a
// time, and each part is decoded, made compact and dropped before the
// next is read: a library never holds a whole file.

// compactFile is a JSON Lines file of the user's that addFS left for
// decodeAll to read a part at a time.
type compactFile struct {
	fsys fs.FS
	name string // in fsys
	fi   int
	path string // as shown
	size int64
	// array is set for a .json file holding an array of records (see
	// streamArray).
	array bool
}

// compactChunk is how much of a file decodeAll reads at a time: whole
// lines of about this many bytes (a variable for tests).
var compactChunk = 4 << 20

// pos is where u starts: the line and column of a JSON Lines unit as
// splitLines found them, which the file's bytes are not needed for.
func (u unit) pos() (line, col int) {
	if u.line > 0 {
		return u.line, u.col
	}
	return u.f.pos(u.off)
}

// abs is u's offset in its file, which a part of the file starts into.
func (u unit) abs() int { return int(u.f.base) + u.off }

// decodeAll decodes every record unit, those of the files left to read a
// part at a time included: it returns the units and their records in
// ld.records' order (by file), and the problems.
func (ld *loader) decodeAll(v *Vocab) ([]unit, []*Record, []problem) {
	batch := ld.batchFor(v)
	if ld.spill != nil {
		size := int64(0)
		for _, cf := range ld.deferred {
			size += cf.size
		}
		for _, u := range ld.records {
			size += int64(len(u.raw))
		}
		ld.spill.sized(size)
	}
	if len(ld.deferred) == 0 {
		recs, probs := decodeRecords(ld.records, ld.progress, batch)
		return ld.records, recs, probs
	}
	st := &streamProgress{report: ld.progress, perByte: 1.0 / 2048, whole: len(ld.records), running: map[*flight]int{}}
	for _, cf := range ld.deferred {
		st.left += cf.size
	}
	units := slices.Clone(ld.records)
	recs, probs := decodeRecords(units, st.reporter(nil), batch)
	st.mu.Lock()
	st.base = len(units)
	st.mu.Unlock()
	// Two parts are decoded at once, so that no core waits while the last
	// records of one are decoded or the next is read.
	var flights []*flight
	finish := func() {
		fl := flights[0]
		flights = flights[1:]
		<-fl.done
		for i := range fl.part {
			fl.part[i].raw = nil // the part's bytes go now
		}
		for i := range fl.probs {
			fl.probs[i].off += int(fl.f.base)
		}
		fl.f.data = nil
		units, recs, probs = append(units, fl.part...), append(recs, fl.recs...), append(probs, fl.probs...)
		st.finished(fl)
	}
	for _, cf := range ld.deferred {
		from := len(units)
		ok := ld.streamCompact(cf, func(part []unit, f *file) {
			fl := &flight{part: part, f: f, size: int64(len(f.data)), done: make(chan struct{})}
			st.started(fl)
			flights = append(flights, fl)
			go func() {
				defer close(fl.done)
				fl.recs, fl.probs = decodeRecords(part, st.reporter(fl), batch)
			}()
			if len(flights) > 1 {
				finish()
			}
		})
		for len(flights) > 0 {
			finish()
		}
		if !ok { // Load reports such a file alone
			units, recs = units[:from], recs[:from]
			probs = slices.DeleteFunc(probs, func(p problem) bool { return p.fi == cf.fi })
		}
	}
	if ld.progress != nil {
		ld.progress(len(units), len(units))
	}
	// Back in file order: the units of each file read in parts go where
	// the file was found.
	order := make([]int, len(units))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return units[a].fi - units[b].fi })
	su, sr := make([]unit, len(units)), make([]*Record, len(units))
	for i, k := range order {
		su[i], sr[i] = units[k], recs[k]
	}
	return su, sr, probs
}

// flight is a part of a file being decoded.
type flight struct {
	part  []unit
	f     *file
	size  int64
	recs  []*Record
	probs []problem
	done  chan struct{}
}

// streamProgress counts the records decoded of a load that reads files a
// part at a time, for Options.Progress, whose total it estimates from the
// bytes left to read.
type streamProgress struct {
	report  func(done, total int)
	mu      sync.Mutex
	whole   int             // records of the files read whole
	base    int             // records decoded: of those, then of the parts finished
	running map[*flight]int // records decoded so far of the parts decoding
	parts   int             // records in the parts decoding
	left    int64           // bytes not yet in a part
	read    int             // records in the parts finished
	bytes   int64           // bytes of the parts finished
	perByte float64         // records per byte, so far
}

// reporter returns the progress function of the part fl decodes (nil for
// the records read whole).
func (s *streamProgress) reporter(fl *flight) func(int, int) {
	if s.report == nil {
		return nil
	}
	return func(d, _ int) {
		s.mu.Lock()
		defer s.mu.Unlock()
		done := s.base + d
		if fl != nil {
			s.running[fl] = d
			done = s.base
			for _, n := range s.running {
				done += n
			}
		}
		s.report(done, max(done, s.whole+s.read+s.parts+int(float64(s.left)*s.perByte)))
	}
}

func (s *streamProgress) started(fl *flight) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.left -= fl.size
	s.parts += len(fl.part)
	s.running[fl] = 0
}

func (s *streamProgress) finished(fl *flight) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.running, fl)
	s.parts -= len(fl.part)
	s.base += len(fl.part)
	s.read += len(fl.part)
	s.bytes += fl.size
	s.perByte = float64(s.read) / float64(max(s.bytes, 1))
}

// streamCompact reads cf a part at a time, splits each part into its
// lines and hands them to decode with the part, before reading the next.
// A file that is not plain JSON Lines from its first byte (a byte order
// mark, another encoding, blank to the end of the first part) is read
// whole and handed over as one part, as Load reads it. It reports false,
// with the problem reported, when the file cannot be read to its end.
func (ld *loader) streamCompact(cf compactFile, decode func([]unit, *file)) bool {
	if cf.array {
		return ld.streamArray(cf, decode)
	}
	bad := func(err error) bool {
		ld.report(cf.fi, 0, &Error{Path: cf.path, Err: err})
		return false
	}
	f, err := cf.fsys.Open(cf.name)
	if err != nil {
		return bad(pathErr(err))
	}
	defer f.Close()
	if info, err := f.Stat(); err == nil && !info.Mode().IsRegular() {
		return bad(fmt.Errorf("not a regular file (%s)", describeMode(info.Mode().Type())))
	}
	// No file is too large for its size alone: its records are read a
	// part at a time. What the load streams in all is bounded (maxData),
	// and a file is read to the size it had when found, never further.
	limit := maxData()
	if ld.streamed+cf.size > limit {
		return bad(overData(ld.streamed+cf.size, limit))
	}
	ld.streamed += cf.size
	r := io.LimitReader(f, cf.size+1)
	var carry []byte
	var base int64
	line0 := 0
	for eof := false; !eof; {
		part := append(make([]byte, 0, compactChunk+len(carry)), carry...)
		for !eof {
			n, err := io.ReadFull(r, part[len(part):cap(part)])
			part = part[:len(part)+n]
			switch {
			case err == io.EOF || err == io.ErrUnexpectedEOF:
				eof = true
			case err != nil:
				return bad(pathErr(err))
			}
			if eof || bytes.IndexByte(part, '\n') >= 0 {
				break
			}
			if len(part) > maxRecordSize+compactChunk {
				// A line longer than a record may be: the file is not
				// read further than that.
				ld.report(cf.fi, 0, &Error{Path: cf.path, Line: line0 + 1, Col: 1, Err: tooLarge("record", int64(len(part)), int64(maxRecordSize))})
				return false
			}
			part = slices.Grow(part, len(part)) // a line longer than a part
		}
		carry = nil
		if !eof {
			cut := bytes.LastIndexByte(part, '\n') + 1
			carry, part = slices.Clone(part[cut:]), part[:cut]
		}
		whole := base == 0 && (eof || !plainStart(part))
		if whole && !eof {
			rest, err := io.ReadAll(r)
			if err != nil {
				return bad(pathErr(err))
			}
			part, carry, eof = append(append(part, carry...), rest...), nil, true
		}
		if base+int64(len(part)) > cf.size {
			return bad(errGrew)
		}
		pf := &file{path: cf.path, data: part, fsys: cf.fsys, name: cf.name, line0: line0, base: base}
		saved, p0 := ld.records, len(ld.problems)
		ld.records = nil
		if whole {
			ld.addFile(pf, true)
			ld.files = ld.files[:len(ld.files)-1] // cf.fi stands for it
		} else {
			ld.splitLines(pf, cf.fi)
		}
		units := ld.records
		ld.records = saved
		for i := range units {
			units[i].fi = cf.fi
		}
		for i := p0; i < len(ld.problems); i++ {
			ld.problems[i].fi = cf.fi
		}
		decode(units, pf) // which drops pf.data once decoded
		line0 += bytes.Count(part, []byte{'\n'})
		base += int64(len(part))
	}
	return true
}

// plainStart reports whether part starts as a JSON Lines file that can be
// read a part at a time: no byte order mark, no other encoding, and a
// value before the part ends.
func plainStart(part []byte) bool {
	return wideEncoding(part) == "" && !bytes.HasPrefix(part, bom) && jsonscan.SkipSpace(part, 0) < len(part)
}
