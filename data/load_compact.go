package data

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"slices"

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
	if len(ld.deferred) == 0 {
		recs, probs := decodeRecords(ld.records, ld.progress, batch)
		return ld.records, recs, probs
	}
	var left int64
	for _, cf := range ld.deferred {
		left += cf.size
	}
	done, perByte := 0, 1.0/2048 // records per byte, until some are read
	progress := func(total int) func(int, int) {
		if ld.progress == nil {
			return nil
		}
		return func(d, _ int) { ld.progress(done+d, max(total, done+d)) }
	}
	units := slices.Clone(ld.records)
	estimate := func() int { return len(units) + int(float64(left)*perByte) }
	recs, probs := decodeRecords(units, progress(estimate()), batch)
	done = len(units)
	var readBytes int64
	read := 0
	for _, cf := range ld.deferred {
		from := len(units)
		ok := ld.streamCompact(cf, func(part []unit, f *file) {
			left -= int64(len(f.data))
			r, p := decodeRecords(part, progress(estimate()), batch)
			for i := range part {
				part[i].raw = nil // the part's bytes go now
			}
			for i := range p {
				p[i].off += int(f.base)
			}
			units, recs, probs = append(units, part...), append(recs, r...), append(probs, p...)
			done += len(part)
			read += len(part)
			readBytes += int64(len(f.data))
			perByte = float64(read) / float64(max(readBytes, 1))
		})
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

// streamCompact reads cf a part at a time, splits each part into its
// lines and hands them to decode with the part, before reading the next.
// A file that is not plain JSON Lines from its first byte (a byte order
// mark, another encoding, blank to the end of the first part) is read
// whole and handed over as one part, as Load reads it. It reports false,
// with the problem reported, when the file cannot be read to its end.
func (ld *loader) streamCompact(cf compactFile, decode func([]unit, *file)) bool {
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
	if cf.size > maxFileSize {
		return bad(tooLarge("file", cf.size, maxFileSize))
	}
	r := io.LimitReader(f, maxFileSize+1)
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
		if base+int64(len(part)) > maxFileSize {
			return bad(tooLarge("file", base+int64(len(part)), maxFileSize))
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
		decode(units, pf)
		pf.data = nil
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
