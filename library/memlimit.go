package library

import (
	"os"
	"runtime/debug"
	"runtime/metrics"
)

// A library opened for a program that holds it as its main data (the
// explorer) is most of the program's heap, and Go's collector lets the
// heap grow to twice what is live before collecting: at 100k records, a
// few hundred MB of garbage at the end of the load. With
// Options.LimitMemory, OpenAsync keeps a soft memory limit
// (debug.SetMemoryLimit) a margin above the live heap projected to the
// end of the load, and above the live heap once loaded. The limit is soft:
// a heap that outgrows it costs collection time, never a failure. A
// GOMEMLIMIT set by the user is left alone.

// memLimiter sets the limit as a load goes on.
type memLimiter struct {
	on   bool
	next int // the next count of records decoded to set it at
}

func newMemLimiter(on bool) *memLimiter {
	return &memLimiter{on: on && os.Getenv("GOMEMLIMIT") == ""}
}

// progress sets the limit for done of total records decoded, every 5 %
// of them from the first 5 % on.
func (l *memLimiter) progress(done, total int) {
	if !l.on || total <= 0 || done < l.next || done < total/20 {
		return
	}
	l.next = done + max(total/20, 1)
	live := liveHeap()
	debug.SetMemoryLimit(memoryLimit(live, uint64(float64(live)*float64(total)/float64(max(done, 1)))))
}

// loaded sets the limit once the library is loaded.
func (l *memLimiter) loaded() {
	if l.on {
		live := liveHeap()
		debug.SetMemoryLimit(memoryLimit(live, live))
	}
}

// memoryLimit is the soft limit for a live heap of live bytes that is
// projected to reach projected: a sixteenth above the projection, an
// eighth above what is live now, and 32 MB for the rest of the program
// (a search's results and scratch, the replayer's series).
func memoryLimit(live, projected uint64) int64 {
	return int64(max(projected+projected/16, live+live/8) + 32<<20)
}

// liveHeap returns the heap found live by the last collection, in bytes.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}
