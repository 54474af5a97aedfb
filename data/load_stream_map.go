package data

import (
	"bytes"
	"errors"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
)

// streamMapped is streamFile over the file mapped into memory (see
// mapFile), where the system maps files: its parts are views of the
// mapping, never copied, and each part's pages are let go once it is
// matched. It returns errNotMapped when the file is not mapped (another kind of file
// system, an empty, wide-encoded or over-large file, one starting with a
// byte order mark): streamFile then reads it as it always did. A file cut
// short while it is read faults; that is errRestart, and the file is then
// read whole.
//
// Nothing of the mapping outlives the call: matched entries copy what they
// keep (matcher.add), each part has a matcher of its own (their caches
// are keyed by the part's strings), and the problems are detached.
func (ld *loader) streamMapped(s streamFile, p *plan, v *Vocab, w *cacheWriter) (ents []entry, probs []problem, err error) {
	d, isDir := s.fsys.(dirFS)
	if !canMap || !mapStreams || !isDir {
		return nil, nil, errNotMapped
	}
	b, drop, release, merr := mapFile(d.join(s.name), maxData())
	if merr != nil {
		return nil, nil, errNotMapped
	}
	defer release()
	if afterMap != nil {
		afterMap(d.join(s.name))
	}
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	var (
		jobs  []*chunkJob
		wg    sync.WaitGroup
		slots = make(chan struct{}, 2*runtime.GOMAXPROCS(0))
		fault atomic.Bool
	)
	defer func() {
		wg.Wait()
		if faulted(recover()) || fault.Load() {
			ents, probs, err = nil, nil, errRestart
		}
	}()
	if wideEncoding(b) != "" || bytes.HasPrefix(b, bom) {
		return nil, nil, errNotMapped
	}
	line0 := 0
	for at := 0; at < len(b); {
		end, long := partEnd(b, at)
		if long {
			return nil, nil, errRestart
		}
		part := &file{path: s.path, data: b[at:end:end], line0: line0}
		job := &chunkJob{}
		jobs = append(jobs, job)
		slots <- struct{}{}
		base := at
		wg.Go(func() {
			debug.SetPanicOnFault(true)
			defer func() {
				if faulted(recover()) {
					fault.Store(true)
				}
				<-slots
			}()
			job.ents, job.probs = matchPart(part, s.fi, base, p, v, w != nil, newMatcher(p, v))
			if w != nil {
				job.block = encodeBlock(job.ents, part)
			}
			drop(base, end)
			job.done.Store(true)
		})
		line0 += bytes.Count(b[at:end], []byte{'\n'})
		at = end
		if w != nil {
			w.flush(jobs, &wg)
		}
	}
	wg.Wait()
	if fault.Load() {
		return nil, nil, errRestart
	}
	n := 0
	for _, j := range jobs {
		n += len(j.ents)
	}
	ents = make([]entry, 0, n)
	for _, j := range jobs {
		ents = append(ents, j.ents...)
		for _, p := range j.probs {
			probs = append(probs, p.detached())
		}
	}
	if w != nil {
		w.finish(jobs)
	}
	return ents, probs, nil
}

// mapStreams turns streamMapped on (a variable so that tests can check
// the path that reads files a part at a time everywhere).
var mapStreams = true

// errNotMapped is streamMapped's answer for a file it does not map.
var errNotMapped = errors.New("not mapped")

// partEnd is where the part of b starting at at ends: after its last
// whole line within streamChunk bytes, or after its first line when that
// is longer. long reports a line longer than a record may be, which the
// whole-file path reports exactly.
func partEnd(b []byte, at int) (end int, long bool) {
	end = min(at+streamChunk, len(b))
	if end == len(b) {
		return end, false
	}
	if k := bytes.LastIndexByte(b[at:end], '\n'); k >= 0 {
		return at + k + 1, false
	}
	k := bytes.IndexByte(b[end:], '\n')
	if k < 0 {
		end = len(b)
	} else {
		end += k + 1
	}
	return end, end-at > maxRecordSize+streamChunk
}

// detached is p with copies of its strings, sharing nothing with the
// bytes it was found in.
func (p problem) detached() problem {
	e := *p.err
	e.Path, e.Record, e.Field, e.Kind = strings.Clone(e.Path), strings.Clone(e.Record), strings.Clone(e.Field), strings.Clone(e.Kind)
	if e.Err != nil {
		e.Err = &detachedError{msg: strings.Clone(e.Err.Error()), tooLarge: errors.Is(e.Err, ErrTooLarge)}
	}
	p.err = &e
	return p
}

// detachedError is an error's message, copied.
type detachedError struct {
	msg      string
	tooLarge bool
}

func (e *detachedError) Error() string { return e.msg }

// Is makes errors.Is(err, ErrTooLarge) hold as it did for the original.
func (e *detachedError) Is(target error) bool { return e.tooLarge && target == ErrTooLarge }
