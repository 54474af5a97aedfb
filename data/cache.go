package data

import (
	"bufio"
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"sync/atomic"
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
		if ents[i].matched && !cleanSummaries(c.rec) {
			return nil, errCorrupt
		}
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
