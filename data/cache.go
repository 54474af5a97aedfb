package data

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// The search cache keeps, for each JSON Lines file of the user's, what
// SearchLoad reads of its records (the search text and the list columns,
// already cleaned) and where each record is, in a file of its own under
// the cache folder. A cache file is used only when its header names the
// data file's path, size, modification time and a hash of its first and
// last bytes exactly, in this format's version; its blocks carry
// checksums, and every value read back is checked again (cleaned text, a
// date that parses, offsets in order). Anything else is a miss: the data
// file is read and its cache file written anew, through a temporary file
// renamed into place. A file with any problem is never cached, so its
// messages always come from the file.
//
// Layout: cacheMagic, the key (uvarint-length strings and numbers), then
// blocks of [u32 length][u32 CRC-32C][payload], then [u32 0xffffffff]
// [u64 record count]. A payload is a uvarint record count and per record
// its offset, line and column (uvarints), a flag byte, and its strings.

// cacheMagic starts every cache file; its last bytes are the version,
// raised whenever the layout or what is stored changes.
const cacheMagic = "incidents search cache\x00v1\n"

// cacheHashed is how many bytes at each end of a data file the key hashes.
const cacheHashed = 64 << 10

// maxCacheBlock bounds a block read back, so that a corrupt length cannot
// make the reader allocate without end.
const maxCacheBlock = 256 << 20

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

// cacheKey identifies the version of a data file that a cache file
// describes.
type cacheKey struct {
	path  string // absolute
	size  int64
	mtime int64 // Unix nanoseconds
	ends  [sha256.Size]byte
}

// makeCacheKey returns s's key, or nil when s is not a file of the
// operating system's (an embedded or in-memory file system) or cannot be
// read.
func makeCacheKey(s streamFile, info fs.FileInfo) *cacheKey {
	d, ok := s.fsys.(dirFS)
	if !ok {
		return nil
	}
	p, err := filepath.Abs(d.join(s.name))
	if err != nil {
		return nil
	}
	f, err := os.Open(p)
	if err != nil {
		return nil
	}
	defer f.Close()
	h := sha256.New()
	buf := make([]byte, cacheHashed)
	n, err := io.ReadFull(f, buf)
	if err != nil && err != io.ErrUnexpectedEOF && err != io.EOF {
		return nil
	}
	h.Write(buf[:n])
	if info.Size() > cacheHashed {
		n, err = f.ReadAt(buf, max(info.Size()-cacheHashed, 0))
		if err != nil && err != io.EOF {
			return nil
		}
		h.Write(buf[:n])
	}
	k := &cacheKey{path: p, size: info.Size(), mtime: info.ModTime().UnixNano()}
	h.Sum(k.ends[:0])
	return k
}

// file is the cache file's path in dir.
func (k *cacheKey) file(dir string) string {
	sum := sha256.Sum256([]byte(k.path))
	return filepath.Join(dir, hex.EncodeToString(sum[:16])+".search")
}

// header is the start of the cache file for k.
func (k *cacheKey) header() []byte {
	b := []byte(cacheMagic)
	b = appendString(b, k.path)
	b = binary.AppendUvarint(b, uint64(k.size))
	b = binary.AppendVarint(b, k.mtime)
	return append(b, k.ends[:]...)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendStrings(b []byte, ss []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(ss)))
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

// encodeBlock encodes the search text of the records of ents (a part's,
// which hold it in search) as one block, and lets go of it.
func encodeBlock(ents []entry, part *file) []byte {
	b := make([]byte, 8, 8+len(part.data)/2)
	b = binary.AppendUvarint(b, uint64(len(ents)))
	for i := range ents {
		e := &ents[i]
		r := e.search
		e.search = nil
		b = binary.AppendUvarint(b, uint64(e.off))
		b = binary.AppendUvarint(b, uint64(e.line))
		b = binary.AppendUvarint(b, uint64(e.col))
		var flags byte
		if r.Title.plain {
			flags |= 1
		}
		b = append(b, flags)
		for _, s := range [...]string{r.ID, r.Org, r.Date, r.Title.EN, r.Title.KO, r.Summary.EN, r.Summary.KO, r.RootCause} {
			b = appendString(b, s)
		}
		for _, ss := range [...][]string{r.Domain, r.Components, r.Contributing, r.Symptoms} {
			b = appendStrings(b, ss)
		}
	}
	binary.LittleEndian.PutUint32(b, uint32(len(b)-8))
	binary.LittleEndian.PutUint32(b[4:], crc32.Checksum(b[8:], castagnoli))
	return b
}

// errCorrupt is any cache file that is not what this version writes.
var errCorrupt = errors.New("corrupt cache file")

// blockReader reads the values of one block's payload; any problem sticks.
type blockReader struct {
	b   []byte
	bad bool
}

func (r *blockReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.bad = true
		return 0
	}
	r.b = r.b[n:]
	return v
}

// str reads a string; the result shares the block's memory, which is
// never written after it is read.
func (r *blockReader) str() string {
	n := r.uvarint()
	if r.bad || n > uint64(len(r.b)) {
		r.bad = true
		return ""
	}
	if n == 0 {
		return ""
	}
	s := unsafe.String(&r.b[0], n)
	r.b = r.b[n:]
	return s
}

func (r *blockReader) strs() []string {
	n := r.uvarint()
	if r.bad || n > uint64(len(r.b)) { // each string takes a byte at least
		r.bad = true
		return nil
	}
	ss := make([]string, n)
	for i := range ss {
		ss[i] = r.str()
	}
	return ss
}

// cachedRecord is one record read back from a block, with where it was.
type cachedRecord struct {
	rec            *Record
	off, line, col int
}

// decodeBlock decodes and checks a block's payload. Every string must be
// as cleaning leaves it and every record must pass checkRecord, or the
// block is corrupt: a cache file is never trusted to hold what it should.
func decodeBlock(payload []byte) ([]cachedRecord, error) {
	r := &blockReader{b: payload}
	n := r.uvarint()
	if r.bad || n > uint64(len(payload)) {
		return nil, errCorrupt
	}
	out := make([]cachedRecord, 0, n)
	for range n {
		c := cachedRecord{off: int(r.uvarint()), line: int(r.uvarint()), col: int(r.uvarint())}
		if len(r.b) == 0 {
			return nil, errCorrupt
		}
		flags := r.b[0]
		r.b = r.b[1:]
		rec := &Record{ID: r.str(), Org: r.str(), Date: r.str()}
		rec.Title = Text{EN: r.str(), KO: r.str(), plain: flags&1 != 0}
		rec.Summary = Text{EN: r.str(), KO: r.str()}
		rec.RootCause = r.str()
		rec.Domain, rec.Components, rec.Contributing, rec.Symptoms = r.strs(), r.strs(), r.strs(), r.strs()
		if r.bad || flags&^1 != 0 || c.off < 0 || c.line < 1 || c.col < 1 || !cleanForSearch(rec) {
			return nil, errCorrupt
		}
		out = append(out, c)
		out[len(out)-1].rec = rec
	}
	if len(r.b) != 0 {
		return nil, errCorrupt
	}
	return out, nil
}

// cleanForSearch reports whether rec is as sanitizeSearch leaves it, and
// as checkRecord accepts it (setting its Day).
func cleanForSearch(rec *Record) bool {
	line := func(s string) bool { return sanitizeLine(s) == s }
	lines := func(ss []string) bool {
		for _, s := range ss {
			if !line(s) {
				return false
			}
		}
		return true
	}
	title := func(s string) bool { return sanitizeTitle(s) == s }
	ok := strings.TrimSpace(sanitizeLine(rec.ID)) == rec.ID && title(rec.Org) && line(rec.Date) &&
		title(rec.Title.EN) && title(rec.Title.KO) && Sanitize(rec.Summary.EN) == rec.Summary.EN &&
		Sanitize(rec.Summary.KO) == rec.Summary.KO && line(rec.RootCause) &&
		lines(rec.Domain) && lines(rec.Components) && lines(rec.Contributing) && lines(rec.Symptoms)
	return ok && len(checkRecord(rec)) == 0
}

// readCache matches the records of s's cache file in dir, when it holds
// one for key; ok is false on any miss, and nothing of it is then used.
func readCache(dir string, key *cacheKey, s streamFile, ws []qword, v *Vocab) (ents []entry, ok bool) {
	f, err := os.Open(key.file(dir))
	if err != nil {
		return nil, false
	}
	defer f.Close()
	br := bufio.NewReaderSize(f, 1<<20)
	head := key.header()
	got := make([]byte, len(head))
	if _, err := io.ReadFull(br, got); err != nil || !bytes.Equal(got, head) {
		return nil, false
	}
	type job struct {
		ents []entry
		err  error
	}
	var (
		jobs   []*job
		wg     sync.WaitGroup
		failed atomic.Bool
		slots  = make(chan struct{}, 2*runtime.GOMAXPROCS(0))
		count  uint64
	)
	defer wg.Wait()
	for {
		var hdr [8]byte
		if _, err := io.ReadFull(br, hdr[:4]); err != nil {
			return nil, false
		}
		n := binary.LittleEndian.Uint32(hdr[:4])
		if n == 0xffffffff {
			break
		}
		if _, err := io.ReadFull(br, hdr[4:]); err != nil || n > maxCacheBlock || failed.Load() {
			return nil, false
		}
		payload := make([]byte, n)
		if _, err := io.ReadFull(br, payload); err != nil || crc32.Checksum(payload, castagnoli) != binary.LittleEndian.Uint32(hdr[4:]) {
			return nil, false
		}
		j := &job{}
		jobs = append(jobs, j)
		slots <- struct{}{}
		wg.Go(func() {
			defer func() { <-slots }()
			j.ents, j.err = matchCached(payload, s, ws, v)
			if j.err != nil {
				failed.Store(true)
			}
		})
	}
	var tail [9]byte
	if n, _ := io.ReadFull(br, tail[:]); n != 8 {
		return nil, false
	}
	count = binary.LittleEndian.Uint64(tail[:8])
	wg.Wait()
	last := -1
	for _, j := range jobs {
		if j.err != nil {
			return nil, false
		}
		for _, e := range j.ents {
			if e.off <= last || int64(e.off) >= key.size {
				return nil, false
			}
			last = e.off
		}
		ents = append(ents, j.ents...)
	}
	if uint64(len(ents)) != count {
		return nil, false
	}
	return ents, true
}

// matchCached decodes one block of s's cache file and matches its records.
func matchCached(payload []byte, s streamFile, ws []qword, v *Vocab) ([]entry, error) {
	recs, err := decodeBlock(payload)
	if err != nil {
		return nil, err
	}
	m := matchers.get(ws, v)
	defer matchers.put(m)
	ents := make([]entry, len(recs))
	for i, c := range recs {
		c.rec.Origin = s.path
		ents[i] = m.add(c.rec, entry{fi: s.fi, off: c.off, line: c.line, col: c.col, path: s.path, multi: true})
	}
	return ents, nil
}

// cacheWriter writes one cache file through a temporary file. A nil
// writer, or one whose folder cannot be written, does nothing.
type cacheWriter struct {
	key     *cacheKey
	dest    string
	tmp     *os.File
	w       *bufio.Writer
	next    int // the next part whose block is due
	records int
	failed  bool
}

// newCacheWriter starts the cache file for key in dir, or returns nil when
// it cannot be.
func newCacheWriter(dir string, key *cacheKey) *cacheWriter {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil
	}
	dest := key.file(dir)
	tmp, err := os.CreateTemp(dir, filepath.Base(dest)+".*.tmp")
	if err != nil {
		return nil
	}
	w := &cacheWriter{key: key, dest: dest, tmp: tmp, w: bufio.NewWriterSize(tmp, 1<<20)}
	if _, err := w.w.Write(key.header()); err != nil {
		w.abort()
		return nil
	}
	return w
}

// flush writes the blocks of the parts done so far, in order, without
// waiting for the others.
func (w *cacheWriter) flush(jobs []*chunkJob, _ *sync.WaitGroup) {
	for w.next < len(jobs) && jobs[w.next].done.Load() {
		w.write(jobs[w.next])
	}
}

// finish writes the remaining blocks; every part must be done.
func (w *cacheWriter) finish(jobs []*chunkJob) {
	for w.next < len(jobs) {
		w.write(jobs[w.next])
	}
}

func (w *cacheWriter) write(j *chunkJob) {
	w.next++
	if !w.failed {
		_, err := w.w.Write(j.block)
		w.failed = err != nil
	}
	w.records += len(j.ents)
	j.block = nil
}

// commit ends the file with its record count and renames it into place.
func (w *cacheWriter) commit(records int) {
	if w == nil {
		return
	}
	var tail [12]byte
	binary.LittleEndian.PutUint32(tail[:], 0xffffffff)
	binary.LittleEndian.PutUint64(tail[4:], uint64(records))
	_, err := w.w.Write(tail[:])
	if w.failed || err != nil || w.records != records || w.w.Flush() != nil || w.tmp.Close() != nil {
		w.abort()
		return
	}
	if os.Rename(w.tmp.Name(), w.dest) != nil {
		os.Remove(w.tmp.Name())
	}
}

// abort drops the temporary file.
func (w *cacheWriter) abort() {
	if w == nil {
		return
	}
	w.tmp.Close()
	os.Remove(w.tmp.Name())
}

// CacheDir returns the folder SearchLoad's cache files go in by default:
// "incidents" in the user's cache folder (os.UserCacheDir, which honours
// XDG_CACHE_HOME), or "" when there is none.
func CacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil || d == "" {
		return ""
	}
	return filepath.Join(d, "incidents")
}
