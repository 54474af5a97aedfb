package library

import (
	"sync"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// Progress is one report of a library opening in the background: Done of
// Total records decoded so far, and Recs, those decoded since the last
// report (see data.Options.Batch: they may hold a record that a later one
// replaces, the bundled ones among them), for a list to show meanwhile.
// The last report has Lib set: the opened library, with Err as Open
// returns it.
type Progress struct {
	Done, Total int
	Recs        []*data.Record
	Lib         *Library
	Err         error
}

// Loading is a library opening in the background (see OpenAsync).
type Loading struct {
	ch   chan Progress
	mu   sync.Mutex
	lib  *Library
	err  error
	done bool
	// pending holds the records decoded since the last report sent.
	pending []*data.Record
}

// quiet is how long a load runs before it reports progress: a load that
// is over sooner shows no progress at all (a variable for tests).
var quiet = 200 * time.Millisecond

// OpenAsync opens the library as Open does, in a goroutine, and returns at
// once. The user's records are compact (data.Options.Compact): they hold
// their list columns and search text, which keeps a large library small;
// Find, Record and Timeline read one whole from its file. Updates delivers a progress report now and then once the load has
// run for 200 ms, then the opened library; a report the reader is not
// ready for is dropped, never waited on, except the last; the records it
// would have carried go with the next. The search index
// is built right after, so the first search waits as little as it can.
func OpenAsync(opts Options) *Loading {
	ld := &Loading{ch: make(chan Progress, 1)}
	go ld.run(opts, time.Now())
	return ld
}

func (ld *Loading) run(opts Options, start time.Time) {
	var last time.Time
	// The loader calls both one at a time, batch before progress.
	batch := func(recs []*data.Record) {
		ld.mu.Lock()
		ld.pending = append(ld.pending, recs...)
		ld.mu.Unlock()
	}
	limit := newMemLimiter(opts.LimitMemory)
	progress := func(done, total int) {
		limit.progress(done, total)
		now := time.Now()
		if now.Sub(start) < quiet || now.Sub(last) < 50*time.Millisecond {
			return
		}
		ld.mu.Lock()
		defer ld.mu.Unlock()
		select {
		case ld.ch <- Progress{Done: done, Total: total, Recs: ld.pending}:
			last, ld.pending = now, nil
		default: // the reader is busy: the records go with a later report
		}
	}
	lib, err := openWith(opts, true, progress, batch)
	limit.loaded()
	ld.mu.Lock()
	ld.lib, ld.err, ld.done = lib, err, true
	ld.pending = nil
	ld.mu.Unlock()
	// A report still unread is stale now: the reader gets the library next.
	select {
	case <-ld.ch:
	default:
	}
	ld.ch <- Progress{Done: len(lib.Records()), Total: len(lib.Records()), Lib: lib, Err: err}
	close(ld.ch)
	lib.Index()
}

// Updates returns the channel of progress reports, closed after the one
// that carries the library.
func (ld *Loading) Updates() <-chan Progress { return ld.ch }

// Result returns the opened library and Open's error once the load is over;
// ok is false while it runs.
func (ld *Loading) Result() (lib *Library, ok bool, err error) {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	return ld.lib, ld.done, ld.err
}
