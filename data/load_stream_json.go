package data

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"runtime"
	"sync"

	"github.com/incidents-dev/incidents/data/internal/jsonscan"
)

// A .json file of the user's that holds an array of records (a team's
// export) is searched as a JSON Lines file is: matched a part at a time on
// every core, with its search text kept in the cache and read back from
// there while the file is unchanged. A .json file holding one object (a
// record, a timeline, a vocabulary) loads as LoadFS loads it.

// arrayPeek is how much of a .json file isArrayFile reads.
const arrayPeek = 512

// arrayMin is the size from which a .json file is looked into for an
// array: a smaller one gains nothing from a cache, and a folder of many
// one-record files is not opened twice over (a variable for tests).
var arrayMin int64 = 1 << 20

// isArrayFile reports whether the file, of arrayMin bytes at least, starts
// (after a byte order mark and white space) with '[': an array of records.
func isArrayFile(fsys fs.FS, name string, d fs.DirEntry) bool {
	if info, err := d.Info(); err != nil || info.Size() < arrayMin {
		return false
	}
	f, err := fsys.Open(name)
	if err != nil {
		return false
	}
	defer f.Close()
	buf := make([]byte, arrayPeek)
	n, _ := io.ReadFull(f, buf)
	buf = bytes.TrimPrefix(buf[:n], bom)
	i := jsonscan.SkipSpace(buf, 0)
	return i < len(buf) && buf[i] == '['
}

// errChanged reports a .json file that held an array when the search
// began and no longer does.
var errChanged = errors.New("changed while it was read (it no longer holds an array)")

// arrayChunk is how many records of an array make one part.
const arrayChunk = 256

// matchArray reads s, a .json file holding an array, whole, splits it into
// its records and matches them in parts on every core, giving w (when not
// nil) each part's cache block in order. A file that turns out not to be
// an array (it changed since isArrayFile) is matched as it now is, its
// timelines and vocabulary left out.
func (ld *loader) matchArray(s streamFile, p *plan, v *Vocab, w *cacheWriter) ([]entry, []problem) {
	data, err := readFile(s.fsys, s.name)
	if err != nil {
		return nil, []problem{{s.fi, 0, &Error{Path: s.path, Err: err}}}
	}
	sub := &loader{}
	sub.files = make([]*file, s.fi)
	f := &file{path: s.path, data: data}
	sub.addFile(f, false)
	units := sub.records
	jobs := make([]*chunkJob, (len(units)+arrayChunk-1)/arrayChunk)
	var (
		wg    sync.WaitGroup
		slots = make(chan struct{}, runtime.GOMAXPROCS(0))
	)
	for k := range jobs {
		job := &chunkJob{}
		jobs[k] = job
		slots <- struct{}{}
		part := units[k*arrayChunk : min((k+1)*arrayChunk, len(units))]
		wg.Go(func() {
			defer func() { <-slots }()
			job.ents, job.probs = matchArrayPart(part, p, v, w != nil)
			if w != nil {
				job.block = encodeBlock(job.ents, &file{data: data[part[0].off:part[len(part)-1].off]})
			}
			job.done.Store(true)
		})
		if w != nil {
			w.flush(jobs[:k+1], &wg)
		}
	}
	wg.Wait()
	var ents []entry
	probs := sub.problems
	for _, j := range jobs {
		ents = append(ents, j.ents...)
		probs = append(probs, j.probs...)
	}
	if len(sub.timelines)+len(sub.vocabs) > 0 {
		w = nil // not an array after all: never cached
		probs = append(probs, problem{s.fi, 0, &Error{Path: s.path, Err: errChanged}})
	}
	if w != nil {
		w.finish(jobs)
	}
	return ents, probs
}

// matchArrayPart decodes and matches the records of an array's units,
// each entry placed by line and column. keep asks for each record's search
// text in the entries too, for the cache.
func matchArrayPart(units []unit, p *plan, v *Vocab, keep bool) ([]entry, []problem) {
	// A matcher of its own: its caches are keyed by the file's strings,
	// which a pooled one would keep the whole file alive by.
	m := newMatcher(p, v)
	ents := make([]entry, 0, len(units))
	var probs []problem
	for _, u := range units {
		r, ps := decodeForSearch(u)
		probs = append(probs, ps...)
		if r == nil {
			continue
		}
		line, col := u.f.pos(u.off)
		e := m.add(r, entry{fi: u.fi, off: u.off, line: line, col: col, path: u.f.path, multi: true})
		if keep {
			e.search = r
		}
		ents = append(ents, e)
	}
	return ents, probs
}
