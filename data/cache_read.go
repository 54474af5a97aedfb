package data

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"math"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Reading a search cache file back (see cache.go for its layout). The
// file is mapped, not read: a query reads the list section, whose records
// are small, and the summaries of only the records whose filters say a
// word may be in them.

// metaBlock is one block of a cache file's list section, checked, with
// the summaries it describes.
type metaBlock struct {
	at, end int    // where the block is in the file
	textAt  int    // where its text is
	text    []byte // the part's summaries
	payload []byte // after the text's offset and length
}

// cacheBlocks checks the frame of cache file b for key: its header, its
// trailer, each list block's checksum, and that the blocks' texts tile
// the text section. It returns the blocks and the record count.
func cacheBlocks(b []byte, key *cacheKey) ([]metaBlock, uint64, bool) {
	head := key.header()
	if len(b) < len(head)+cacheTrailer || !bytes.Equal(b[:len(head)], head) {
		return nil, 0, false
	}
	t := b[len(b)-cacheTrailer:]
	if string(t[20:]) != cacheEnd || crc32.Checksum(t[:16], castagnoli) != binary.LittleEndian.Uint32(t[16:]) {
		return nil, 0, false
	}
	metaStart, count := binary.LittleEndian.Uint64(t), binary.LittleEndian.Uint64(t[8:])
	if metaStart < uint64(len(head)) || metaStart > uint64(len(b)-cacheTrailer) {
		return nil, 0, false
	}
	rest := b[metaStart : len(b)-cacheTrailer]
	next := len(head)
	var blocks []metaBlock
	for at := int(metaStart); len(rest) > 0; {
		if len(rest) < 16 {
			return nil, 0, false
		}
		n := binary.LittleEndian.Uint32(rest)
		if n < 8 || uint64(n) > uint64(len(rest)-8) {
			return nil, 0, false
		}
		p := rest[8 : 8+n]
		if crc32.Checksum(p, castagnoli) != binary.LittleEndian.Uint32(rest[4:]) {
			return nil, 0, false
		}
		base := binary.LittleEndian.Uint64(p)
		size, k := binary.Uvarint(p[8:])
		if k <= 0 || base != uint64(next) || size > metaStart-base {
			return nil, 0, false
		}
		blocks = append(blocks, metaBlock{at: at, end: at + 8 + int(n), textAt: next, text: b[next : next+int(size)], payload: p[8+k:]})
		next += int(size)
		at += 8 + int(n)
		rest = rest[8+n:]
	}
	if uint64(next) != metaStart {
		return nil, 0, false
	}
	return blocks, count, true
}

// readCache matches the records of s's cache file in dir, when it holds
// one for key; ok is false on any miss, and nothing of it is then used.
func readCache(dir string, key *cacheKey, s streamFile, p *plan, v *Vocab) (ents []entry, ok bool) {
	// A cache path that is not a regular file of its own (a link, a
	// named pipe) is never opened.
	if !regularNoLink(key.file(dir)) {
		return nil, false
	}
	b, drop, release, err := mapFile(key.file(dir), maxCacheFile())
	if err != nil {
		return nil, false
	}
	defer release()
	if afterMap != nil {
		afterMap(key.file(dir))
	}
	// A mapped file cut short by someone else faults when read: that is
	// a miss too.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if faulted(recover()) {
			ents, ok = nil, false
		}
	}()
	blocks, count, ok := cacheBlocks(b, key)
	if !ok {
		return nil, false
	}
	results := make([][]entry, len(blocks))
	var (
		failed atomic.Bool
		next   atomic.Int32
		wg     sync.WaitGroup
	)
	for range min(runtime.GOMAXPROCS(0), len(blocks)) {
		wg.Go(func() {
			debug.SetPanicOnFault(true)
			defer func() {
				if faulted(recover()) {
					failed.Store(true)
				}
			}()
			for !failed.Load() {
				i := int(next.Add(1)) - 1
				if i >= len(blocks) {
					return
				}
				var err error
				if results[i], err = matchBlock(blocks[i], s, p, v); err != nil {
					failed.Store(true)
				}
				blk := &blocks[i]
				drop(blk.textAt, blk.textAt+len(blk.text))
				drop(blk.at, blk.end)
			}
		})
	}
	wg.Wait()
	if failed.Load() {
		return nil, false
	}
	total := 0
	for _, es := range results {
		total += len(es)
	}
	ents = make([]entry, 0, total)
	last := -1
	for _, es := range results {
		for _, e := range es {
			if e.off <= last || int64(e.off) >= key.size {
				return nil, false
			}
			last = e.off
		}
		ents = append(ents, es...)
	}
	if uint64(len(ents)) != count {
		return nil, false
	}
	return ents, true
}

// afterMap, when set (by tests), is called with the path of each file
// mapped, once it is.
var afterMap func(path string)

// faulted reports whether p, a recovered panic, is a fault reading memory
// (see debug.SetPanicOnFault), and panics again with any other.
func faulted(p any) bool {
	if p == nil {
		return false
	}
	if _, ok := p.(interface{ Addr() uintptr }); ok {
		return true
	}
	panic(p)
}

// cacheGroupText is one group's summaries, checked once it is first read.
type cacheGroupText struct {
	lo, hi  int
	crc     uint32
	checked bool
}

// matchBlock decodes one list block and matches its records, reading the
// summaries only of records that some query could match once they are
// read (see matcher.needs). Records the main query matches are checked as
// a data file's would be; with a dictionary to fill, every record is.
func matchBlock(blk metaBlock, s streamFile, p *plan, v *Vocab) ([]entry, error) {
	r := &blockReader{b: blk.payload}
	n := r.int(len(blk.payload))
	groups := make([]cacheGroupText, (n+cacheGroup-1)/cacheGroup)
	at := 0
	for i := range groups {
		l := r.int(len(blk.text) - at)
		groups[i] = cacheGroupText{lo: at, hi: at + l, crc: r.u32()}
		at += l
	}
	if r.bad || at != len(blk.text) {
		return nil, errCorrupt
	}
	// A matcher of its own: its caches are keyed by the block's strings,
	// which live in the mapped file.
	m := newMatcher(p, v)
	ents := make([]entry, 0, n)
	all := p.queries()
	dated := p.names || p.has()
	var rec Record
	pos := 0
	for i := range n {
		g := &groups[i/cacheGroup]
		e := entry{fi: s.fi, path: s.path, multi: true}
		e.off, e.line, e.col = r.int(math.MaxInt32), r.int(math.MaxInt32), r.int(math.MaxInt32)
		flags := r.byte()
		r.record(&rec, flags)
		var f textFilter
		var en, ko int
		if flags&2 != 0 {
			en = r.int(g.hi - pos)
			ko = r.int(g.hi - pos - en)
			f = r.bytes(filterBytes)
		}
		if r.bad || flags&^3 != 0 || e.line < 1 || e.col < 1 || strings.TrimSpace(sanitizeLine(rec.ID)) != rec.ID {
			return nil, errCorrupt
		}
		from := pos
		if pos += en + ko; ((i+1)%cacheGroup == 0 || i == n-1) && pos != g.hi {
			return nil, errCorrupt
		}
		rec.Origin = s.path
		if dated || p.dict != nil && p.gathering() {
			// Filters read the year, and the dictionary shows names:
			// every record is checked, which sets its Day.
			if !cleanForSearch(&rec) {
				return nil, errCorrupt
			}
		}
		m.fill(&rec)
		need := false
		for _, q := range p.active(all) {
			if need = f != nil && m.needs(q, f); need {
				break
			}
		}
		if need {
			if !g.checked {
				if crc32.Checksum(blk.text[g.lo:g.hi], castagnoli) != g.crc {
					return nil, errCorrupt
				}
				g.checked = true
			}
			rec.Summary = Text{EN: bytesString(blk.text[from : from+en]), KO: bytesString(blk.text[from+en : pos])}
			m.fill(&rec)
		}
		e = m.judge(&rec, e)
		if e.matched {
			if !cleanForSearch(&rec) || !cleanSummaries(&rec) {
				return nil, errCorrupt
			}
			e.rec.Day = rec.Day
		}
		ents = append(ents, e)
	}
	if len(r.b) != 0 {
		return nil, errCorrupt
	}
	return ents, nil
}

// bytesString is b as a string, sharing its memory.
func bytesString(b []byte) string {
	if len(b) == 0 {
		return ""
	}
	return unsafe.String(&b[0], len(b))
}
