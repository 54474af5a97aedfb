package data

import (
	"os"
	"slices"
	"sync"
	"sync/atomic"
	"unsafe"
)

// The folded text of the summaries is most of what a large compact library
// holds (about 1.8 KB of the 2.9 KB a record keeps, at 100k records), yet a
// search word reads it only for the records its gram filter lets through.
// So once a compact load (Options.Compact with Options.Spill) has kept
// spillBudget bytes of it (or from the start, when its files hold
// spillFrom bytes or more), it writes the rest to a file of its own, in a
// folder of its own, both removed at once where the system allows (the
// file lives on while open; see makeSpillFile), and keeps where each
// record's text is. A search reads the
// text back, with one read per record, for the records its words' gram filter
// allow; a summary written there drops its word starts too, and is
// scanned whole. The file is read and written with pread and pwrite, never
// mapped, so what is in it stays out of the program's memory.

// spillBudget is how many bytes of folded summary text a compact load
// keeps in memory before it spills the rest (a variable for tests).
var spillBudget int64 = 24 << 20

// spillFrom is the size of the records' files from which a compact load
// spills every summary from the first: a library that will pass the
// budget anyway need not keep its first 24 MiB.
const spillFrom = 96 << 20

// spill is the file one load spills summaries into, made on first need.
type spill struct {
	dir  string
	once sync.Once
	f    *os.File // nil when none could be made
	kept atomic.Int64
	size atomic.Int64
	all  atomic.Bool // spill from the first batch (see sized)
}

// sized tells s how many bytes the records' files hold, before any is
// decoded: from spillFrom on, every batch spills.
func (s *spill) sized(n int64) { s.all.Store(n >= spillFrom) }

// newSpill returns a spill into a file in dir, or nil for dir "".
func newSpill(dir string) *spill {
	if dir == "" {
		return nil
	}
	return &spill{dir: dir}
}

// take reports whether the summaries of a batch, n bytes, go to the file:
// not while what is kept fits the budget, nor when no file can be made.
func (s *spill) take(n int) bool {
	if s == nil {
		return false
	}
	if !s.all.Load() {
		if s.kept.Add(int64(n)) <= spillBudget {
			return false
		}
		s.kept.Add(-int64(n))
	}
	s.once.Do(func() { s.f = makeSpillFile(s.dir) })
	return s.f != nil
}

// makeSpillFile makes the spill file in a folder of its own in dir, made
// for it exclusively and readable by its owner alone, then removes the
// file and the folder by the names that made them: the file lives on while
// open, and nothing is left behind however the program ends. Nothing else
// in dir is touched. Where an open file cannot be removed (Windows), both
// stay. It returns nil when no file can be made.
func makeSpillFile(dir string) *os.File {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil
	}
	own, err := os.MkdirTemp(dir, "incidents-spill-")
	if err != nil {
		return nil
	}
	f, err := os.CreateTemp(own, "summaries-*.tmp")
	if err != nil {
		_ = os.Remove(own)
		return nil
	}
	if os.Remove(f.Name()) == nil {
		_ = os.Remove(own)
	}
	return f
}

// write writes b to the file, returning where: ok is false when it could
// not be written, and the caller keeps b's text in memory instead.
func (s *spill) write(b []byte) (at int64, ok bool) {
	at = s.size.Add(int64(len(b))) - int64(len(b))
	_, err := s.f.WriteAt(b, at)
	return at, err == nil
}

// spilled is where a record's two summaries are in a spill file: English
// then Korean, n bytes each, from at.
type spilled struct {
	f  *os.File
	at int64
	n  [2]uint32
}

// read reads both summaries into buf, which it returns grown to hold
// them; ok is false on an error (the file is the program's own, so only a
// failing disk), and they then read as empty.
func (o *spilled) read(buf []byte) (b []byte, texts [2]string, ok bool) {
	n := int(o.n[0]) + int(o.n[1])
	b = slices.Grow(buf[:0], n)[:n]
	if _, err := o.f.ReadAt(b, o.at); err != nil {
		return b, texts, false
	}
	if n == 0 {
		return b, texts, true
	}
	s := unsafe.String(unsafe.SliceData(b), n)
	return b, [2]string{s[:o.n[0]], s[o.n[0]:]}, true
}

// text returns field f's folded text of d, reading a spilled summary back
// into sc's buffer: valid until sc reads another record's.
func (sc *scratch) text(d *doc, f Field) string {
	if d.out == nil || !isLong(f) {
		return d.text[f]
	}
	if sc.outDoc != d {
		sc.outDoc = nil
		sc.outBuf, sc.outText, _ = d.out.read(sc.outBuf)
		sc.outDoc = d
	}
	return sc.outText[f-FieldSummaryEN]
}

// summaryText returns summary k's folded text of d (0 English, 1 Korean),
// read back into memory of its own when d keeps it in a spill file; ok
// is false when it could not be read.
func (d *doc) summaryText(k int) (text string, ok bool) {
	if d.out == nil {
		return d.text[FieldSummaryEN+Field(k)], true
	}
	_, texts, ok := d.out.read(nil)
	return texts[k], ok
}
