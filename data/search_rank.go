package data

import (
	"slices"
	"sync"
)

// found is a match before ranking: the record's position in the index.
type found struct {
	ord   int32
	score int
	hits  []Hit
}

// parts holds each goroutine's matches, in index order within and across
// parts. Its slices come from foundPool and go back with free.
type parts [][]found

func (ps parts) len() int {
	n := 0
	for _, p := range ps {
		n += len(p)
	}
	return n
}

// foundPool recycles match buffers between searches: they are garbage as
// soon as a search returns, and while typing they would otherwise be most
// of what a search allocates.
var foundPool = sync.Pool{New: func() any { return new([]found) }}

func (ps parts) free() {
	for _, p := range ps {
		clear(p) // drop the Hits, which belong to the caller now
		p = p[:0]
		foundPool.Put(&p)
	}
}

// run matches words against the candidate records (every record when
// useCand is false), in index order.
func (ix *Index) run(ws []qword, cand candSet, useCand bool) parts {
	return ix.runHits(ws, cand, useCand, true)
}

// runHits is run, collecting each match's hits only when hits is set.
func (ix *Index) runHits(ws []qword, cand candSet, useCand, hits bool) parts {
	n := len(ix.docs)
	if useCand && cand.bits == nil {
		n = len(cand.ords)
	}
	ps := make(parts, partsFor(n))
	parallelParts(n, len(ps), func(p, lo, hi int) {
		sc := ix.takeScratch()
		defer ix.putScratch(sc)
		out := ix.takeFound()
		for k := lo; k < hi; k++ {
			ord := int32(k)
			switch {
			case !useCand:
			case cand.bits != nil:
				if cand.bits[k>>6]&(1<<(k&63)) == 0 {
					continue
				}
			default:
				ord = cand.ords[k]
			}
			d := ix.docs[ord]
			if score, ok := sc.match(d, ws); ok {
				f := found{ord: ord, score: score}
				if hits {
					f.hits = sc.collect(d)
				}
				out = append(out, f)
			}
		}
		ps[p] = out
	})
	return ps
}

// takeFound returns a match buffer for one part of a search: one the index
// kept from an earlier search (a sync.Pool loses them at every collection,
// which typing makes often), else one from foundPool.
func (ix *Index) takeFound() []found {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if out, ok := pop(&ix.spare); ok {
		return out
	}
	return *foundPool.Get().(*[]found)
}

// takeScratch returns working memory for one part of a search, kept from
// an earlier one when there is some: its offset buffers have grown to size.
// What its arenas handed out stays the caller's: take never hands it out
// again.
func (ix *Index) takeScratch() *scratch {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if sc, ok := pop(&ix.scratches); ok {
		return sc
	}
	return new(scratch)
}

// pop takes the last of *s off it; ok is false when *s is empty.
func pop[T any](s *[]T) (v T, ok bool) {
	n := len(*s)
	if n == 0 {
		return v, false
	}
	v = (*s)[n-1]
	*s = (*s)[:n-1]
	return v, true
}

func (ix *Index) putScratch(sc *scratch) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	if len(ix.scratches) < partsFor(len(ix.recs)) {
		ix.scratches = append(ix.scratches, sc)
	}
}

// release gives a search's match buffers back to the index, which keeps
// one per processor.
func (ix *Index) release(ps parts) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	for _, p := range ps {
		if len(ix.spare) < partsFor(len(ix.recs)) {
			clear(p) // drop the Hits, which belong to the caller now
			ix.spare = append(ix.spare, p[:0])
		} else {
			parts{p}.free()
		}
	}
}

// parallelParts runs fn over [0, n) split into parts contiguous parts, each
// in its own goroutine when there are several.
func parallelParts(n, parts int, fn func(p, lo, hi int)) {
	if parts == 1 {
		fn(0, 0, n)
		return
	}
	var wg sync.WaitGroup
	for p := range parts {
		wg.Go(func() { fn(p, p*n/parts, (p+1)*n/parts) })
	}
	wg.Wait()
}

// rank sorts the matches of records in recs by score, ties in order of
// recs (newest first), and returns them.
func rank(recs []*Record, ps parts) []Match { return rankInto(nil, recs, ps) }

// keysPool recycles rankInto's sort keys between searches.
var keysPool = sync.Pool{New: func() any { return new([]uint64) }}

// rankInto is rank appending to dst[:0], which it reuses when it has room.
func rankInto(dst []Match, recs []*Record, ps parts) []Match {
	// One uint64 per match: inverted score above, part and position in
	// it below (index order), so a plain integer sort gives best first
	// and newest first among equals.
	const posBits = 26 // up to 64M matches in each of up to 64 parts
	kp := keysPool.Get().(*[]uint64)
	defer keysPool.Put(kp)
	keys := (*kp)[:0]
	if n := ps.len(); cap(keys) < n {
		keys = make([]uint64, 0, n)
	}
	for p, part := range ps {
		for i, f := range part {
			s := uint64(min(max(f.score, 0), 1<<31-1))
			keys = append(keys, (1<<31-1-s)<<32|uint64(p)<<posBits|uint64(i))
		}
	}
	slices.Sort(keys)
	*kp = keys
	out := slices.Grow(dst[:0], len(keys))[:len(keys)]
	for j, k := range keys {
		f := ps[uint32(k)>>posBits][uint32(k)&(1<<posBits-1)]
		out[j] = Match{Record: recs[f.ord], Score: f.score, Hits: f.hits}
	}
	return out
}
