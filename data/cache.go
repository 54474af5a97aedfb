package data

import (
	"bufio"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"hash/crc32"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/incidents-dev/incidents/data/internal/fold"
)

// The search cache keeps, for each JSON Lines file of the user's, what
// SearchLoad reads of its records (the search text and the list columns,
// already cleaned) and where each record is, in a file of its own under
// the cache folder. A cache file is used only when its header names the
// data file's path, size, modification time and a hash of its first and
// last bytes exactly, in this format's version and with this build's
// folding of text; its blocks carry checksums, and the values a search
// shows are checked again (cleaned text, a date that parses, offsets in
// order). Anything else is a miss: the data file is read and its cache
// file written anew, through a temporary file renamed into place. A file
// with any problem is never cached, so its messages always come from the
// file.
//
// Layout: the header (cacheMagic, a fingerprint of the folding, the key),
// then the text section, then the list section, then the trailer. The
// text section holds every record's summaries, one after another, in
// groups of cacheGroup records each checked by its own CRC-32C. The list
// section holds one block per part of the data file, [u32 length]
// [u32 CRC-32C][payload], the payload starting with the u64 offset and the
// uvarint length of the part's text (see encodeBlock for the rest): the
// small values a query reads for every record, with a filter of each
// record's summaries that tells whether they need reading at all. The
// trailer is [u64 offset of the list section][u64 record count]
// [u32 CRC-32C of those][cacheEnd].

// cacheMagic starts every cache file; its last bytes are the version,
// raised whenever the layout or what is stored changes.
const cacheMagic = "incidents search cache\x00v3\n"

// cacheEnd ends every cache file, and cacheTrailer is the trailer's size.
const (
	cacheEnd     = "end\n"
	cacheTrailer = 20 + len(cacheEnd)
)

// maxCacheFile bounds the size of a cache file read back: its data file
// is at most maxData, and its cache file is smaller.
func maxCacheFile() int64 { return maxData() }

// foldPrint fingerprints how text is folded for matching, which the
// filters of a cache file depend on: a build that folds otherwise does
// not read an older build's files.
var foldPrint = sync.OnceValue(func() []byte {
	const probe = "Ab DNS-over-HTTPS ＦＵＬＬ ﬁ Ǆ İstanbul ΣΑΣ Straße e\u0301 한글 ㄱㄴ 음성 Ⅻ"
	var buf []byte
	f, _ := fold.Long(probe, &buf)
	h := sha256.Sum256([]byte(f + "\x00" + strings.Join(fold.Query(probe), "\x00")))
	return h[:8]
})

// cacheHashed is how many bytes at each end of a data file the key hashes.
const cacheHashed = 64 << 10

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
	b := append([]byte(cacheMagic), foldPrint()...)
	b = binary.AppendUvarint(b, filterBytes)
	b = binary.AppendUvarint(b, cacheGroup)
	b = appendString(b, k.path)
	b = binary.AppendUvarint(b, uint64(k.size))
	b = binary.AppendVarint(b, k.mtime)
	return append(b, k.ends[:]...)
}

// cacheWriter writes one cache file through a temporary file. A nil
// writer, or one whose folder cannot be written, does nothing.
type cacheWriter struct {
	key     *cacheKey
	dest    string
	tmp     *os.File
	w       *bufio.Writer
	at      int      // bytes written
	metas   [][]byte // the list section's blocks, written last
	next    int      // the next part whose block is due
	records int
	failed  bool
}

// newCacheWriter starts the cache file for key in dir, a folder of the
// program's own (see ownDir), or returns nil when it cannot be.
func newCacheWriter(dir string, key *cacheKey) *cacheWriter {
	if ownDir(dir) != nil {
		return nil
	}
	sweepCacheTemps(dir)
	dest := key.file(dir)
	// CreateTemp makes the file exclusively, readable by its owner alone;
	// the lock, taken before anything is written, tells another run's
	// sweepCacheTemps that it is in use.
	tmp, err := os.CreateTemp(dir, filepath.Base(dest)+".*"+cacheTempSuffix)
	if err != nil {
		return nil
	}
	w := &cacheWriter{key: key, dest: dest, tmp: tmp, w: bufio.NewWriterSize(tmp, 1<<20)}
	head := key.header()
	w.at = len(head)
	if lock(tmp) != nil {
		w.abort()
		return nil
	}
	if _, err := tmp.Write(head); err != nil {
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
		_, err := w.w.Write(j.block.text)
		w.failed = err != nil
	}
	meta := make([]byte, 16, 16+len(j.block.meta))
	binary.LittleEndian.PutUint64(meta[8:], uint64(w.at))
	meta = append(meta, j.block.meta...)
	binary.LittleEndian.PutUint32(meta, uint32(len(meta)-8))
	binary.LittleEndian.PutUint32(meta[4:], crc32.Checksum(meta[8:], castagnoli))
	w.metas = append(w.metas, meta)
	w.at += len(j.block.text)
	w.records += len(j.ents)
	j.block = nil
}

// commit ends the file with its record count and renames it into place.
func (w *cacheWriter) commit(records int) {
	if w == nil {
		return
	}
	var err error
	for _, m := range w.metas {
		if _, e := w.w.Write(m); e != nil {
			err = e
		}
	}
	tail := binary.LittleEndian.AppendUint64(nil, uint64(w.at))
	tail = binary.LittleEndian.AppendUint64(tail, uint64(records))
	tail = binary.LittleEndian.AppendUint32(tail, crc32.Checksum(tail, castagnoli))
	if _, e := w.w.Write(append(tail, cacheEnd...)); e != nil {
		err = e
	}
	if w.failed || err != nil || w.records != records || w.w.Flush() != nil {
		w.abort()
		return
	}
	// The file is renamed while open, so that its lock holds until it has
	// its place. Only a cache file of ours is replaced: whatever else has
	// its name (a link, a pipe, a folder) stays as it is, and the cache
	// unwritten.
	if _, err := os.Lstat(w.dest); err == nil && !regularNoLink(w.dest) || os.Rename(w.tmp.Name(), w.dest) != nil {
		w.abort()
		return
	}
	if w.tmp.Close() != nil {
		os.Remove(w.dest)
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
// XDG_CACHE_HOME), or "" when there is none or it is not an absolute
// path (a relative XDG_CACHE_HOME or HOME).
func CacheDir() string {
	d, err := os.UserCacheDir()
	if err != nil || !filepath.IsAbs(d) {
		return ""
	}
	return filepath.Join(d, "incidents")
}
