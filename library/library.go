package library

import (
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/incidents-dev/incidents/data"
)

// ErrNoTimeline is returned for an incident without a timeline.
var ErrNoTimeline = errors.New("no timeline")

// Options say what Open loads.
type Options struct {
	// Paths are the user's files and folders (--data, INCIDENTS_DATA),
	// read after the bundle.
	Paths []string
	// FS are more file systems of data files, read after the bundle and
	// before Paths: embedded files, os.DirFS folders, fstest.MapFS in tests.
	FS []data.Dir
	// NoBundled leaves the bundled library out.
	NoBundled bool
	// LimitMemory lets OpenAsync set the program's soft memory limit from
	// the live heap as the library loads (see memlimit.go), for a program
	// that holds the library as its main data.
	LimitMemory bool
	// Cache is the folder SearchOnce keeps its search cache in (see
	// data.Options.Cache); "" keeps none. CacheDir is the usual one.
	Cache string
	// Spill is a folder OpenAsync may keep most of a large library's
	// summary search text in, out of memory (see data.Options.Spill); ""
	// keeps it all in memory.
	Spill string
}

// Library is an opened library. Build it with Open, or with New over a
// data.Library loaded some other way.
type Library struct {
	data *data.Library
	// prep computes each timeline's modelled series once, by timeline.
	prep map[*data.Timeline]func() error
	// index is the search index, built on first use.
	index func() *data.Index
	// built says the index has been built, so Search may use it.
	mu    sync.Mutex
	built bool
}

// Open loads the bundled library and the user's data, checking every
// timeline's model. Each bad file, record or timeline is skipped and named
// in the error, which joins every problem (data.Error values); everything
// else loads, and the Library is never nil.
func Open(opts Options) (*Library, error) { return openWith(opts, false, nil, nil) }

// openWith is Open, telling progress how many records are decoded and
// batch the records themselves (see data.Options.Progress and Batch), with
// the user's records compact when compact is set (data.Options.Compact).
func openWith(opts Options, compact bool, progress func(done, total int), batch func([]*data.Record)) (*Library, error) {
	lib, err := data.LoadFS(data.Options{Paths: opts.Paths, NoBundled: opts.NoBundled, CheckTimeline: checkModel,
		Progress: progress, Batch: batch, Compact: compact, Spill: opts.Spill}, opts.FS...)
	return New(lib), err
}

// SearchOnce loads what Open would and answers one query, as
// Open(opts) and then Search(query) would, with the same problems; it keeps
// only the matches, whose records hold their list columns alone (see
// data.SearchLoad). It is `incidents search`: one query over a library
// too large to hold whole.
func SearchOnce(opts Options, query string) (*data.Found, error) {
	return data.SearchLoad(data.Options{Paths: opts.Paths, NoBundled: opts.NoBundled, CheckTimeline: checkModel, Cache: opts.Cache}, query, opts.FS...)
}

// CacheDir returns the usual search cache folder: "incidents" in the
// user's cache folder (XDG_CACHE_HOME when set), or "" when there is none.
func CacheDir() string { return data.CacheDir() }

// New wraps a loaded data.Library, whose timelines' models have been checked
// (data.Options.CheckTimeline = checkModel) or are trusted. nil is an empty
// library.
func New(lib *data.Library) *Library {
	if lib == nil {
		lib = &data.Library{}
	}
	l := &Library{data: lib, prep: make(map[*data.Timeline]func() error, len(lib.Timelines))}
	for _, tl := range lib.Timelines {
		l.prep[tl] = sync.OnceValue(func() error { return prepareModel(tl) })
	}
	l.index = sync.OnceValue(func() *data.Index {
		ix := data.NewIndex(lib.Records)
		l.mu.Lock()
		l.built = true
		l.mu.Unlock()
		return ix
	})
	return l
}

// Validate checks every record, timeline and vocabulary file under paths
// with the rules Open applies, models included, and returns every problem,
// joined.
func Validate(paths []string) error { return data.Validate(paths, checkModel) }

// Data returns the loaded records, timelines and vocabulary. Callers must
// not change them; a timeline's series are complete only once Timeline or
// Prepare has prepared it.
func (l *Library) Data() *data.Library { return l.data }

// Records returns every record, newest first. Callers must not change it.
func (l *Library) Records() []*data.Record { return l.data.Records }

// Notices returns the load's remarks that are not errors, such as a user
// record replacing a bundled one.
func (l *Library) Notices() []string { return l.data.Notices }

// Find returns the record with the given id, ignoring case and surrounding
// space, or nil. A compact record is read whole (see data.Full).
func (l *Library) Find(id string) *data.Record {
	r, err := l.data.Record(id)
	if err != nil {
		return nil
	}
	r, _ = data.Full(r)
	return r
}

// Record returns the record with the given id, ignoring case, whole (see
// data.Full). An unknown id is an error wrapping data.ErrNotFound that names up
// to three ids that look like it ("did you mean IL-0499?").
func (l *Library) Record(id string) (*data.Record, error) {
	r, err := l.data.Record(id)
	if err != nil {
		return nil, l.notFound(id, err)
	}
	r, _ = data.Full(r)
	return r, nil
}

func (l *Library) notFound(id string, err error) error {
	near := l.Nearest(id, 3)
	if len(near) == 0 {
		return err
	}
	return fmt.Errorf("%w (did you mean %s?)", err, strings.Join(near, ", "))
}

// Nearest returns up to n ids that look most like id, closest first.
func (l *Library) Nearest(id string, n int) []string { return l.data.Nearest(id, n) }

// Vocab returns the merged tag vocabulary (nil when none loaded).
func (l *Library) Vocab() *data.Vocab { return l.data.Vocab }

// Label returns a tag's label from the vocabulary, or a zero Text.
func (l *Library) Label(term string) data.Text {
	t, _ := l.data.Vocab.Lookup(term)
	return t.Label
}

// HasTimeline reports whether the incident with the given id has a timeline.
func (l *Library) HasTimeline(id string) bool {
	if len(l.data.Timelines) == 0 {
		return false // no lookup by id at all, for every row of a list
	}
	_, ok := l.data.Timeline(id)
	return ok
}

// TimelineIDs returns the ids of the incidents with a timeline, sorted.
func (l *Library) TimelineIDs() []string {
	ids := make([]string, 0, len(l.data.Timelines))
	for id := range l.data.Timelines {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}

// Timeline returns the record with the given id and its timeline, with the
// series its model generates computed (once, on first use). The errors are
// an unknown id (as Record's), ErrNoTimeline (naming the incidents that
// have one) and a model that fails to run; with the last, the record and the
// timeline as loaded are returned too.
func (l *Library) Timeline(id string) (*data.Record, *data.Timeline, error) {
	rec, err := l.Record(id)
	if err != nil {
		return nil, nil, err
	}
	tl, ok := l.data.Timeline(rec.ID)
	if !ok {
		return rec, nil, fmt.Errorf("%s has %w (incidents with one: %s)", rec.ID, ErrNoTimeline, strings.Join(l.TimelineIDs(), ", "))
	}
	if err := l.prepare(tl); err != nil {
		return rec, tl, fmt.Errorf("%s: %w", rec.ID, err)
	}
	return rec, tl, nil
}

func (l *Library) prepare(tl *data.Timeline) error {
	if p, ok := l.prep[tl]; ok {
		return p()
	}
	return nil
}

// Prepare computes every timeline's modelled series now, so that opening
// one never waits; a front end may call it in a goroutine. It returns the
// problems, joined. Timeline waits only for the timeline it returns.
func (l *Library) Prepare() error {
	var errs []error
	for _, id := range l.TimelineIDs() {
		if err := l.prepare(l.data.Timelines[id]); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// WhatIf re-runs the model of tl (a timeline from Timeline) with the
// parameters in set changed (names from WhatIfParams) and returns a copy of
// tl whose modelled series are hypothetical. tl is not changed. Unknown
// names and invalid values are errors that name them.
func (l *Library) WhatIf(tl *data.Timeline, set map[string]string) (*data.Timeline, error) {
	if err := l.prepare(tl); err != nil {
		return nil, err
	}
	return runWhatIf(tl, set)
}

// Index returns the search index over every record, built once, on first
// use.
func (l *Library) Index() *data.Index { return l.index() }

// IndexReady reports whether the search index is built, so that Index
// returns at once.
func (l *Library) IndexReady() bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.built
}

// Search returns the records that match query, best first, in the search
// syntax of the explorer. Before the index is built it searches without
// one, which is faster for a single query and gives the same matches.
func (l *Library) Search(query string) []data.Match {
	l.mu.Lock()
	built := l.built
	l.mu.Unlock()
	if built {
		return l.index().Search(query)
	}
	return data.Search(l.data.Records, query)
}
