package data

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Options says what Load reads.
type Options struct {
	// Paths are the user's files and folders, read after the bundle. A
	// folder is walked, skipping hidden entries and testdata folders.
	Paths []string
	// NoBundled leaves the bundled library out.
	NoBundled bool
	// CheckTimeline, when set, is one more check of every timeline that
	// passes the loader's own: package replay checks a timeline's "model"
	// block, which data keeps raw because it cannot import replay. A
	// timeline it rejects is reported and skipped like any other.
	CheckTimeline func(*Timeline) error
	// Progress, when set, is told how many of the records found have been
	// decoded, now and then while they are (from several goroutines, one
	// call at a time), and once more when all have been.
	Progress func(done, total int)
	// Cache is a folder for SearchLoad to keep each JSON Lines file's
	// search text in, so that the next search over an unchanged file
	// reads that instead; "" keeps none. Load ignores it. A cache file
	// that is missing, stale, corrupt or not one is rebuilt; a folder that
	// cannot be written leaves the search uncached.
	Cache string
	// Batch, when set, is given the records as they are decoded, a run
	// at a time, one call at a time, before Progress counts them: a list
	// can show them while the load goes on. They are not the library yet:
	// a record a later one replaces is among them, HasTimeline is false
	// until the load is over, and Load still sorts them. Their fields and
	// search text do not change after.
	Batch func(recs []*Record)
	// Compact makes the records of the user's files compact: they keep
	// their list columns, tags, durations and search text (built as they
	// are decoded, which NewIndex then takes as it is) and nothing that
	// refers to the files' bytes; Full reads a record whole again from
	// its file. For a library too large to hold whole, as the explorer
	// opens it.
	Compact bool
	// Spill is a folder that a compact load, once its records' summaries
	// hold more than 24 MiB of search text (or from the start, when the
	// records' files hold 96 MiB or more), keeps the rest of that text
	// in: in a file of its own, removed from the folder at once where the
	// system allows, which a search reads back for the records its words
	// may be in. "" keeps it all in memory, and so does a folder where no
	// file can be made.
	Spill string
}

// Load reads the bundled library and the user's paths.
//
// Files are .json (one record, an array of records, a timeline — an object
// with "events" — or a vocabulary — an object with "terms") or .jsonl (one
// record per line). Every string is sanitised. Each bad file, record,
// timeline or term is skipped and reported as a *Error; everything else
// loads. Load never returns a nil Library, and its error joins every
// problem. A user record with the id of a bundled one replaces it, and
// Notices says so.
func Load(opts Options) (*Library, error) {
	ld := &loader{check: opts.CheckTimeline, progress: opts.Progress, batch: opts.Batch, compact: opts.Compact}
	ld.spillFor(opts)
	ld.addAll(opts, nil)
	lib := ld.run(nil)
	ld.crossCheck(lib, nil, false)
	return lib, ld.err()
}

// Validate checks every record, timeline and vocabulary file under paths
// with the rules Load applies, and returns every problem, joined. A
// timeline may belong to a record in paths or in the bundled library.
// check, when not nil, is applied to every timeline as Options.CheckTimeline is.
func Validate(paths []string, check func(*Timeline) error) error {
	known := map[string]bool{}
	bl := &loader{}
	bl.addFS(Bundled(), ".", bundledPrefix, true, false)
	blib := bl.run(nil)
	for _, r := range blib.Records {
		known[strings.ToLower(r.ID)] = true
	}
	ld := &loader{check: check}
	for _, p := range paths {
		ld.addPath(p)
	}
	ld.crossCheck(ld.run(known), blib, true)
	return ld.err()
}

// problem is one error with where it was found, for ordering.
type problem struct {
	fi, off int
	err     *Error
}

type loader struct {
	files     []*file
	records   []unit
	timelines []unit
	vocabs    []unit
	problems  []problem
	notices   []string
	check     func(*Timeline) error
	progress  func(done, total int)
	// stream, when set, makes addFS leave JSON Lines files of the user's
	// to be read a part at a time (SearchLoad).
	stream *streamState
	batch  func(recs []*Record)
	// compact makes the records of user files compact (Options.Compact);
	// deferred are the JSON Lines files it leaves to read a part at a time.
	compact  bool
	deferred []compactFile
	// spill takes compact records' summaries past a budget (Options.Spill).
	spill *spill
	// streamed is how many bytes of JSON Lines files a compact load has
	// read a part at a time, bounded by maxData.
	streamed int64
}

// spillFor sets up the spill of a compact load (Options.Spill).
func (ld *loader) spillFor(opts Options) {
	if opts.Compact {
		ld.spill = newSpill(opts.Spill)
	}
}

func (ld *loader) report(fi, off int, e *Error) {
	ld.problems = append(ld.problems, problem{fi, off, e})
}

// err joins the problems, ordered by file and position.
func (ld *loader) err() error {
	slices.SortStableFunc(ld.problems, func(a, b problem) int {
		return cmp.Or(cmp.Compare(a.fi, b.fi), cmp.Compare(a.off, b.off))
	})
	errs := make([]error, len(ld.problems))
	for i, p := range ld.problems {
		errs[i] = p.err
	}
	return errors.Join(errs...)
}

// run decodes and checks every unit and builds the library. known holds
// more ids (lower case) that timelines may belong to.
func (ld *loader) run(known map[string]bool) *Library {
	lib := &Library{Timelines: map[string]*Timeline{}, Vocab: newVocab(), byID: map[string]*Record{}}

	for _, u := range ld.vocabs {
		ld.addVocab(lib.Vocab, u)
	}

	ld.addRecords(lib)
	ld.addTimelines(lib, known)
	lib.Vocab.attach(lib.Records, lib.Timelines, lib.byID)
	lib.Notices = ld.notices
	return lib
}

// batchFor returns the hook that names each run of decoded records, makes
// them compact with Options.Compact, and hands them to Options.Batch; nil
// when there is nothing to do.
func (ld *loader) batchFor(v *Vocab) func([]unit, []*Record) {
	if ld.batch == nil && !ld.compact {
		return nil
	}
	var mu sync.Mutex
	srcs := map[*file]*source{}
	src := func(f *file) *source {
		mu.Lock()
		defer mu.Unlock()
		s, ok := srcs[f]
		if !ok {
			s = &source{fsys: f.fsys, name: f.name, path: f.path}
			srcs[f] = s
		}
		return s
	}
	decoded := func(recs []*Record) []*Record {
		ok := make([]*Record, 0, len(recs))
		for _, r := range recs {
			if r != nil {
				ok = append(ok, r)
			}
		}
		return ok
	}
	return func(units []unit, recs []*Record) {
		ok := decoded(recs)
		v.name(ok)
		if ld.compact {
			compactBatch(units, recs, src, ld.spill)
			ok = decoded(recs)
		}
		if ld.batch == nil {
			return
		}
		mu.Lock()
		defer mu.Unlock()
		ld.batch(ok)
	}
}

// addRecords decodes the record units into lib, newest first; a user
// record replaces a bundled one of the same id, other repeats are problems.
func (ld *loader) addRecords(lib *Library) {
	units, recs, probs := ld.decodeAll(lib.Vocab)
	ld.problems = append(ld.problems, probs...)
	type entry struct {
		rec     *Record
		u       unit
		removed bool
	}
	byID := map[string]int{}
	var entries []entry
	for i, r := range recs {
		if r == nil {
			continue
		}
		u := units[i]
		key := strings.ToLower(r.ID)
		if j, ok := byID[key]; ok {
			first := entries[j]
			if !first.u.f.bundled || u.f.bundled {
				e := &Error{Path: u.f.path, Record: r.ID, Err: fmt.Errorf("duplicate id (first in %s)", first.u.place())}
				e.Line, e.Col = u.pos() // every problem has its place, one record's file too
				ld.report(u.fi, u.abs(), e)
				continue
			}
			entries[j].removed = true
			ld.notices = append(ld.notices, fmt.Sprintf("%s: record %s replaces the bundled record", u.f.path, r.ID))
		}
		byID[key] = len(entries)
		entries = append(entries, entry{rec: r, u: u})
	}
	lib.Records = make([]*Record, 0, len(entries))
	for _, e := range entries {
		if !e.removed {
			lib.Records = append(lib.Records, e.rec)
			lib.byID[strings.ToLower(e.rec.ID)] = e.rec
		}
	}
	slices.SortStableFunc(lib.Records, func(a, b *Record) int {
		return cmp.Or(b.Day.Compare(a.Day), strings.Compare(a.ID, b.ID))
	})
}

// addTimelines decodes and checks the timeline units into lib. Each must
// belong to a record of lib or, in known, of the bundle.
func (ld *loader) addTimelines(lib *Library, known map[string]bool) {
	ld.addTimelinesTo(lib.Timelines, func(key string) (string, bool) {
		if r := lib.byID[key]; r != nil {
			return r.ID, true
		}
		return "", false
	}, known)
}

// addTimelinesTo decodes and checks the timeline units into tls. record
// gives the id of the loaded record with a lower-cased id; a timeline must
// belong to one, or to one of known.
func (ld *loader) addTimelinesTo(tls map[string]*Timeline, record func(key string) (string, bool), known map[string]bool) {
	tlFrom := map[string]unit{}
	for _, u := range ld.timelines {
		tl, ok := ld.decodeTimeline(u)
		if !ok {
			continue
		}
		if ld.check != nil {
			if err := ld.check(tl); err != nil {
				ld.report(u.fi, u.off, &Error{Path: u.f.path, Kind: "timeline", Record: tl.Incident, Err: err})
				continue
			}
		}
		key := strings.ToLower(tl.Incident)
		id, found := record(key)
		if !found && !known[key] {
			ld.problems = append(ld.problems, u.fieldProblem(&Error{Path: u.f.path, Kind: "timeline", Record: tl.Incident, Field: "incident",
				Err: fmt.Errorf("no record with id %q", tl.Incident)}))
			continue
		}
		if found {
			tl.Incident = id
		}
		if first, ok := tlFrom[key]; ok {
			if !first.f.bundled || u.f.bundled {
				ld.problems = append(ld.problems, u.fieldProblem(&Error{Path: u.f.path, Kind: "timeline", Record: tl.Incident,
					Field: "incident", Err: fmt.Errorf("duplicate timeline (first in %s)", first.f.path)}))
				continue
			}
			ld.notices = append(ld.notices, fmt.Sprintf("%s: timeline %s replaces the bundled timeline", u.f.path, tl.Incident))
		}
		tlFrom[key] = u
		tls[tl.Incident] = tl
	}
}
