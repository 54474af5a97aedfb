package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
)

// decodeRecords decodes, sanitises and checks the record units on every
// core. recs[i] is nil when units[i] had a problem. progress, when not nil,
// is told after each chunk how many units are done, one call at a time.
func decodeRecords(units []unit, progress func(done, total int), batch func(units []unit, recs []*Record)) (recs []*Record, probs []problem) {
	recs = make([]*Record, len(units))
	found := make([][]problem, len(units))
	const chunk = 256
	var next atomic.Int64
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		done int
	)
	report := func(n int) {
		if progress == nil {
			return
		}
		mu.Lock()
		done += n
		progress(done, len(units))
		mu.Unlock()
	}
	workers := min(runtime.GOMAXPROCS(0), (len(units)+chunk-1)/chunk)
	for range workers {
		wg.Go(func() {
			for {
				lo := int(next.Add(chunk)) - chunk
				if lo >= len(units) {
					return
				}
				hi := min(lo+chunk, len(units))
				for i := lo; i < hi; i++ {
					recs[i], found[i] = decodeRecord(units[i])
				}
				if batch != nil {
					batch(units[lo:hi], recs[lo:hi])
				}
				report(hi - lo)
			}
		})
	}
	wg.Wait()
	if len(units) == 0 {
		report(0)
	}
	for _, ps := range found {
		probs = append(probs, ps...)
	}
	return recs, probs
}

// decodeRecord decodes one record; it returns nil and the problems when the
// record is bad.
func decodeRecord(u unit) (*Record, []problem) { return decodeRecordAs(u, (*Record).sanitize) }

// decodeRecordAs is decodeRecord, cleaning the record with sanitize.
func decodeRecordAs(u unit, sanitize func(*Record)) (*Record, []problem) {
	if p, ok := checkSize(u); !ok {
		return nil, []problem{p}
	}
	if p, ok := checkUTF8(u); !ok {
		return nil, []problem{p}
	}
	if string(bytes.TrimRight(u.raw, " \t\r\n")) == "null" {
		e := &Error{Path: u.f.path, Err: errors.New("got null, want an object")}
		e.Line, e.Col = u.f.pos(u.off)
		return nil, []problem{{u.fi, u.off, e}}
	}
	r, ok := decodeRecordFastAs(u.raw, true) // checkUTF8 held
	var probs []problem
	if !ok {
		// Every value of the wrong type, then every check of the rest.
		if r, probs = decodeEvery[Record](u, ""); r == nil {
			return nil, probs
		}
	}
	r.body() // none when the JSON has no section of it
	sanitize(r)
	r.Origin = u.f.path
	errs := keepNew(checkRecord(r), probs)
	if len(errs) == 0 && len(probs) == 0 {
		return r, nil
	}
	for _, e := range errs {
		e.Path = u.f.path
		probs = append(probs, u.fieldProblem(e))
	}
	return nil, probs
}

// decodeTimeline decodes, sanitises and checks one timeline.
func (ld *loader) decodeTimeline(u unit) (*Timeline, bool) {
	tf, probs := decodeEvery[timelineFile](u, "timeline")
	ld.problems = append(ld.problems, probs...)
	if tf == nil {
		return nil, false
	}
	tl, errs := tf.timeline()
	tl.Origin = u.f.path
	errs = keepNew(errs, probs)
	for _, e := range errs {
		e.Path = u.f.path
		ld.problems = append(ld.problems, u.fieldProblem(e))
	}
	return tl, len(errs) == 0 && len(probs) == 0
}

// addVocab decodes, sanitises and checks one vocabulary file and adds its
// terms to v.
func (ld *loader) addVocab(v *Vocab, u unit) {
	var vf vocabFile
	if err := json.Unmarshal(u.raw, &vf); err != nil {
		ld.jsonProblem(u, err, "term")
		return
	}
	v.addOrgs(vf.Orgs)
	v.addTermAliases(vf.TermAliases)
	for i, t := range vf.Terms {
		t.sanitize()
		t.Origin = u.f.path
		if err := checkTerm(t, i); err != nil {
			err.Path = u.f.path
			ld.problems = append(ld.problems, u.termProblem(err, i, err.Field))
			continue
		}
		if first, ok := v.add(t); !ok {
			ld.problems = append(ld.problems, u.termProblem(&Error{Path: u.f.path, Kind: "term", Record: t.Term,
				Err: fmt.Errorf("defined twice (first in %s)", first.Origin)}, i, "term"))
		}
	}
}
