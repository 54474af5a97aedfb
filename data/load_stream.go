package data

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"runtime"
	"sync"
	"sync/atomic"
)

// streamState is what SearchLoad's loader keeps of the JSON Lines files it
// reads a part at a time.
type streamState struct {
	cache string // the cache folder, or "" for none
	files []streamFile
	// timelines are the bundled timelines' files, read only when needed.
	timelines []lazyFile
}

// lazyFile is a bundled file whose reading is left for later; its place
// in the loader's files is kept.
type lazyFile struct {
	fsys fs.FS
	name string
	fi   int
}

// bundledTimelines is the folder of the bundle that holds its timelines,
// and nothing else (TestBundledTimelinesFolder).
const bundledTimelines = "timelines/"

// streamFile is one JSON Lines file of the user's, left by addFS to be
// read a part at a time, or one .json file holding an array of records.
type streamFile struct {
	fsys fs.FS
	name string // in fsys
	fi   int
	path string // as shown
	// array is set for a .json file holding an array of records, which
	// is read whole (see matchArray).
	array bool
}

// streamChunk is how much of a file is read at a time: whole lines of
// about this many bytes.
var streamChunk = 4 << 20

// errRestart stops a stream whose file is better read whole: a line longer
// than a record may be, which the whole-file path reports exactly.
var errRestart = errors.New("read the file whole")

// matchStream reads, decodes and matches one JSON Lines file a part at a
// time, on every core, and returns its entries and problems in file order.
// With a cache folder, the file's search text is read from its cache file
// when that is valid, and written to one otherwise (when the file has no
// problems).
func (ld *loader) matchStream(s streamFile, p *plan, v *Vocab) ([]entry, []problem) {
	key, err := s.open()
	if err != nil {
		return nil, []problem{{s.fi, 0, &Error{Path: s.path, Err: err}}}
	}
	var w *cacheWriter
	if ld.stream.cache != "" && key != nil {
		if ents, ok := readCache(ld.stream.cache, key, s, p, v); ok {
			return ents, nil
		}
		w = newCacheWriter(ld.stream.cache, key)
	}
	if s.array {
		ents, probs := ld.matchArray(s, p, v, w)
		if len(probs) > 0 {
			w.abort()
		} else {
			w.commit(len(ents))
		}
		return ents, probs
	}
	ents, probs, err := ld.streamFile(s, p, v, w)
	if errors.Is(err, errRestart) {
		w.abort()
		return ld.matchWhole(s, p, v)
	}
	if err != nil {
		w.abort()
		return nil, []problem{{s.fi, 0, &Error{Path: s.path, Err: err}}}
	}
	if len(probs) > 0 {
		w.abort()
	} else {
		w.commit(len(ents))
	}
	return ents, probs
}

// matchWhole reads s whole and matches it as an in-memory file.
func (ld *loader) matchWhole(s streamFile, p *plan, v *Vocab) ([]entry, []problem) {
	data, err := readFile(s.fsys, s.name)
	if err != nil {
		return nil, []problem{{s.fi, 0, &Error{Path: s.path, Err: err}}}
	}
	sub := &loader{}
	sub.files = make([]*file, s.fi)
	sub.addFile(&file{path: s.path, data: data}, true)
	ents, probs := matchUnits(sub.records, p, v)
	return ents, append(sub.problems, probs...)
}

// open checks that s is a regular file within the total limit (maxData;
// no file is too large for its size alone) and returns
// its cache key (nil when it cannot be made).
func (s streamFile) open() (*cacheKey, error) {
	info, err := fs.Stat(s.fsys, s.name)
	if err != nil {
		return nil, pathErr(err)
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file (%s)", describeMode(info.Mode().Type()))
	}
	if limit := maxData(); info.Size() > limit {
		return nil, overData(info.Size(), limit)
	}
	return makeCacheKey(s, info), nil
}

// chunkJob is one part of a stream, decoded and matched by its own
// goroutine.
type chunkJob struct {
	ents  []entry
	probs []problem
	block *cacheBlock // the part's cache block, when a cache is written
	done  atomic.Bool
}

// streamFile reads s in parts of whole lines and matches each part in its
// own goroutine, a few at a time. w, when not nil, is given each part's
// cache block in order.
func (ld *loader) streamFile(s streamFile, p *plan, v *Vocab, w *cacheWriter) ([]entry, []problem, error) {
	if ents, probs, err := ld.streamMapped(s, p, v, w); err != errNotMapped {
		return ents, probs, err
	}
	f, err := s.fsys.Open(s.name)
	if err != nil {
		return nil, nil, pathErr(err)
	}
	defer f.Close()
	limit := maxData()
	r := io.LimitReader(f, limit+1)
	var (
		jobs  []*chunkJob
		wg    sync.WaitGroup
		slots = make(chan struct{}, 2*runtime.GOMAXPROCS(0))
		carry []byte
		base  int // offset in the file of carry
		line0 int // lines before carry
		total int64
		first = true
	)
	for eof := false; !eof; {
		buf := make([]byte, len(carry), max(streamChunk, 2*len(carry)))
		copy(buf, carry)
		n, err := io.ReadFull(r, buf[len(carry):cap(buf)])
		buf = buf[:len(carry)+n]
		total += int64(n)
		switch {
		case err == io.EOF || err == io.ErrUnexpectedEOF:
			eof = true
		case err != nil:
			wg.Wait()
			return nil, nil, pathErr(err)
		}
		if total > limit {
			wg.Wait()
			return nil, nil, overData(total, limit)
		}
		if first {
			first = false
			if enc := wideEncoding(buf); enc != "" {
				return nil, []problem{{s.fi, 0, &Error{Path: s.path, Err: fmt.Errorf("file is %s, want UTF-8", enc)}}}, nil
			}
			if bytes.HasPrefix(buf, bom) {
				copy(buf, "   ")
			}
		}
		end := len(buf)
		if !eof {
			end = bytes.LastIndexByte(buf, '\n') + 1
			if end == 0 {
				if len(buf) > maxRecordSize+streamChunk {
					wg.Wait()
					return nil, nil, errRestart
				}
				carry = buf
				continue
			}
		}
		part := &file{path: s.path, data: buf[:end], line0: line0}
		carry = buf[end:]
		job := &chunkJob{}
		jobs = append(jobs, job)
		slots <- struct{}{}
		at := base
		wg.Go(func() {
			defer func() { <-slots }()
			job.ents, job.probs = matchPart(part, s.fi, at, p, v, w != nil, nil)
			if w != nil {
				job.block = encodeBlock(job.ents, part)
			}
			job.done.Store(true)
		})
		base += end
		line0 += bytes.Count(buf[:end], []byte{'\n'})
		if w != nil {
			w.flush(jobs, &wg)
		}
	}
	wg.Wait()
	var ents []entry
	var probs []problem
	for _, j := range jobs {
		ents = append(ents, j.ents...)
		probs = append(probs, j.probs...)
	}
	if len(ents) == 0 && len(probs) == 0 {
		probs = append(probs, problem{s.fi, 0, &Error{Path: s.path, Err: errors.New("empty file")}})
	}
	if w != nil {
		w.finish(jobs)
	}
	return ents, probs, nil
}

// matchPart splits part (whole lines, base bytes into its file) into
// records and decodes and matches them. Entries of matched records keep
// nothing of part's bytes. keep asks for each record's search text in the
// entries too, for the cache. m is the matcher to use, or nil for one of
// the pool's.
func matchPart(part *file, fi, base int, p *plan, v *Vocab, keep bool, m *matcher) ([]entry, []problem) {
	sub := &loader{}
	sub.splitLines(part, fi)
	if m == nil {
		m = matchers.get(p, v)
		defer matchers.put(m)
	}
	ents := make([]entry, 0, len(sub.records))
	var probs []problem
	for _, u := range sub.records {
		r, ps := decodeForSearch(u)
		for _, p := range ps {
			p.off += base
			probs = append(probs, p)
		}
		if r == nil {
			continue
		}
		e := m.add(r, entry{fi: fi, off: base + u.off, line: u.line, col: u.col, path: part.path, multi: true})
		if keep {
			e.search = r
		}
		ents = append(ents, e)
	}
	return ents, probs
}

// matcherPool recycles matchers between the parts of a stream.
type matcherPool struct{ p sync.Pool }

var matchers matcherPool

func (mp *matcherPool) get(p *plan, v *Vocab) *matcher {
	if m, ok := mp.p.Get().(*matcher); ok && m.vocab == v {
		m.p = p
		return m
	}
	return newMatcher(p, v)
}

func (mp *matcherPool) put(m *matcher) { mp.p.Put(m) }
