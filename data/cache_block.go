package data

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strings"
	"unsafe"
)

// The blocks of a search cache file: the search text of a part of a
// data file's records, written and read back with every value checked.

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendStrings(b []byte, ss []string) []byte {
	b = binary.AppendUvarint(b, uint64(len(ss)))
	for _, s := range ss {
		b = appendString(b, s)
	}
	return b
}

// encodeBlock encodes the search text of the records of ents (a part's,
// which hold it in search) as one block, and lets go of it.
func encodeBlock(ents []entry, part *file) []byte {
	b := make([]byte, 8, 8+len(part.data)/2)
	b = binary.AppendUvarint(b, uint64(len(ents)))
	for i := range ents {
		e := &ents[i]
		r := e.search
		e.search = nil
		b = binary.AppendUvarint(b, uint64(e.off))
		b = binary.AppendUvarint(b, uint64(e.line))
		b = binary.AppendUvarint(b, uint64(e.col))
		var flags byte
		if r.Title.plain {
			flags |= 1
		}
		b = append(b, flags)
		for _, s := range [...]string{r.ID, r.Org, r.Date, r.Title.EN, r.Title.KO, r.Summary.EN, r.Summary.KO, r.RootCause} {
			b = appendString(b, s)
		}
		for _, ss := range [...][]string{r.Domain, r.Components, r.Contributing, r.Symptoms} {
			b = appendStrings(b, ss)
		}
	}
	binary.LittleEndian.PutUint32(b, uint32(len(b)-8))
	binary.LittleEndian.PutUint32(b[4:], crc32.Checksum(b[8:], castagnoli))
	return b
}

// errCorrupt is any cache file that is not what this version writes.
var errCorrupt = errors.New("corrupt cache file")

// blockReader reads the values of one block's payload; any problem sticks.
type blockReader struct {
	b   []byte
	bad bool
}

func (r *blockReader) uvarint() uint64 {
	v, n := binary.Uvarint(r.b)
	if n <= 0 {
		r.bad = true
		return 0
	}
	r.b = r.b[n:]
	return v
}

// str reads a string; the result shares the block's memory, which is
// never written after it is read.
func (r *blockReader) str() string {
	n := r.uvarint()
	if r.bad || n > uint64(len(r.b)) {
		r.bad = true
		return ""
	}
	if n == 0 {
		return ""
	}
	s := unsafe.String(&r.b[0], n)
	r.b = r.b[n:]
	return s
}

func (r *blockReader) strs() []string {
	n := r.uvarint()
	if r.bad || n > uint64(len(r.b)) { // each string takes a byte at least
		r.bad = true
		return nil
	}
	ss := make([]string, n)
	for i := range ss {
		ss[i] = r.str()
	}
	return ss
}

// cachedRecord is one record read back from a block, with where it was.
type cachedRecord struct {
	rec            *Record
	off, line, col int
}

// decodeBlock decodes and checks a block's payload. Every string must be
// as cleaning leaves it and every record must pass checkRecord, or the
// block is corrupt: a cache file is never trusted to hold what it should.
func decodeBlock(payload []byte) ([]cachedRecord, error) {
	r := &blockReader{b: payload}
	n := r.uvarint()
	if r.bad || n > uint64(len(payload)) {
		return nil, errCorrupt
	}
	out := make([]cachedRecord, 0, n)
	for range n {
		c := cachedRecord{off: int(r.uvarint()), line: int(r.uvarint()), col: int(r.uvarint())}
		if len(r.b) == 0 {
			return nil, errCorrupt
		}
		flags := r.b[0]
		r.b = r.b[1:]
		rec := &Record{ID: r.str(), Org: r.str(), Date: r.str()}
		rec.Title = Text{EN: r.str(), KO: r.str(), plain: flags&1 != 0}
		rec.Summary = Text{EN: r.str(), KO: r.str()}
		rec.RootCause = r.str()
		rec.Domain, rec.Components, rec.Contributing, rec.Symptoms = r.strs(), r.strs(), r.strs(), r.strs()
		if r.bad || flags&^1 != 0 || c.off < 0 || c.line < 1 || c.col < 1 || !cleanForSearch(rec) {
			return nil, errCorrupt
		}
		out = append(out, c)
		out[len(out)-1].rec = rec
	}
	if len(r.b) != 0 {
		return nil, errCorrupt
	}
	return out, nil
}

// cleanForSearch reports whether rec is as sanitizeSearch leaves it, and
// as checkRecord accepts it (setting its Day), but for its summaries,
// which cleanSummaries checks: matchCached checks them for the records
// the query matches, the only ones whose summaries show in what a search
// returns (its hits).
func cleanForSearch(rec *Record) bool {
	line := func(s string) bool { return sanitizeLine(s) == s }
	lines := func(ss []string) bool {
		for _, s := range ss {
			if !line(s) {
				return false
			}
		}
		return true
	}
	title := func(s string) bool { return sanitizeTitle(s) == s }
	ok := strings.TrimSpace(sanitizeLine(rec.ID)) == rec.ID && title(rec.Org) && line(rec.Date) &&
		title(rec.Title.EN) && title(rec.Title.KO) && line(rec.RootCause) &&
		lines(rec.Domain) && lines(rec.Components) && lines(rec.Contributing) && lines(rec.Symptoms)
	return ok && len(checkRecord(rec)) == 0
}

// cleanSummaries reports whether rec's summaries are as sanitizeSearch
// leaves them.
func cleanSummaries(rec *Record) bool {
	return Sanitize(rec.Summary.EN) == rec.Summary.EN && Sanitize(rec.Summary.KO) == rec.Summary.KO
}
