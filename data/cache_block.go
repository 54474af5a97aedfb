package data

import (
	"encoding/binary"
	"errors"
	"hash/crc32"
	"strings"
	"unsafe"

	"github.com/incidents-dev/incidents/data/internal/fold"
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

// cacheGroup is how many records' summaries are checked together: a
// search that needs the summaries of one record reads and checks its
// group's alone.
const cacheGroup = 8

// cacheBlock is one part's share of a cache file: its records' summaries,
// one after another, and the payload of its block of the list section.
type cacheBlock struct {
	text, meta []byte
}

// encodeBlock encodes the search text of the records of ents (a part's,
// which hold it in search) as one cacheBlock, and lets go of it. The
// payload is the length of the text, the record count, each group's text
// length and CRC-32C, then per record its offset, line and column, a flag
// byte (1: the title is plain, 2: it has summaries), its strings but the
// summaries, and, with summaries, their lengths and their filter.
func encodeBlock(ents []entry, part *file) *cacheBlock {
	text := make([]byte, 0, len(part.data)/2)
	recs := make([]byte, 0, len(ents)*(filterBytes+512))
	var groups, folded []byte
	filter := make(textFilter, filterBytes)
	from := 0
	for i := range ents {
		e := &ents[i]
		r := e.search
		e.search = nil
		recs = binary.AppendUvarint(recs, uint64(e.off))
		recs = binary.AppendUvarint(recs, uint64(e.line))
		recs = binary.AppendUvarint(recs, uint64(e.col))
		var flags byte
		if r.Title.plain {
			flags |= 1
		}
		long := r.Summary.EN != "" || r.Summary.KO != ""
		if long {
			flags |= 2
		}
		recs = append(recs, flags)
		for _, s := range [...]string{r.ID, r.Org, r.Date, r.Title.EN, r.Title.KO, r.RootCause, r.Severity} {
			recs = appendString(recs, s)
		}
		for _, ss := range [...][]string{r.Domain, r.Components, r.Contributing, r.Symptoms} {
			recs = appendStrings(recs, ss)
		}
		if long {
			recs = binary.AppendUvarint(recs, uint64(len(r.Summary.EN)))
			recs = binary.AppendUvarint(recs, uint64(len(r.Summary.KO)))
			clear(filter)
			for _, s := range [...]string{r.Summary.EN, r.Summary.KO} {
				f, _ := fold.Long(s, &folded)
				filter.addText(f)
			}
			recs = append(recs, filter...)
			text = append(append(text, r.Summary.EN...), r.Summary.KO...)
		}
		if (i+1)%cacheGroup == 0 || i == len(ents)-1 {
			groups = binary.AppendUvarint(groups, uint64(len(text)-from))
			groups = binary.LittleEndian.AppendUint32(groups, crc32.Checksum(text[from:], castagnoli))
			from = len(text)
		}
	}
	meta := make([]byte, 0, 20+len(groups)+len(recs))
	meta = binary.AppendUvarint(meta, uint64(len(text)))
	meta = binary.AppendUvarint(meta, uint64(len(ents)))
	meta = append(append(meta, groups...), recs...)
	return &cacheBlock{text: text, meta: meta}
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

func (r *blockReader) u32() uint32 {
	if len(r.b) < 4 {
		r.bad = true
		return 0
	}
	v := binary.LittleEndian.Uint32(r.b)
	r.b = r.b[4:]
	return v
}

func (r *blockReader) byte() byte {
	if len(r.b) < 1 {
		r.bad = true
		return 0
	}
	c := r.b[0]
	r.b = r.b[1:]
	return c
}

// bytes reads n bytes, sharing the block's memory.
func (r *blockReader) bytes(n int) []byte {
	if len(r.b) < n {
		r.bad = true
		return nil
	}
	b := r.b[:n:n]
	r.b = r.b[n:]
	return b
}

// int reads a uvarint that must be at most limit.
func (r *blockReader) int(limit int) int {
	v := r.uvarint()
	if v > uint64(limit) {
		r.bad = true
		return 0
	}
	return int(v)
}

// record reads the strings of one record but its summaries into rec,
// reusing its lists' memory.
func (r *blockReader) record(rec *Record, flags byte) {
	lists := [...][]string{rec.Domain[:0], rec.Components[:0], rec.Contributing[:0], rec.Symptoms[:0]}
	body := rec.body()
	*body = Body{}
	*rec = Record{ID: r.str(), Org: r.str(), Date: r.str(), Body: body}
	rec.Title = Text{EN: r.str(), KO: r.str(), plain: flags&1 != 0}
	rec.RootCause, rec.Severity = r.str(), r.str()
	rec.Domain, rec.Components = r.strsTo(lists[0]), r.strsTo(lists[1])
	rec.Contributing, rec.Symptoms = r.strsTo(lists[2]), r.strsTo(lists[3])
}

// strsTo reads a list of strings into dst.
func (r *blockReader) strsTo(dst []string) []string {
	n := r.uvarint()
	if r.bad || n > uint64(len(r.b)) { // each string takes a byte at least
		r.bad = true
		return dst
	}
	for range n {
		dst = append(dst, r.str())
	}
	return dst
}

// cleanForSearch reports whether rec is as sanitizeSearch leaves it, and
// as checkRecord accepts it (setting its Day), but for its summaries,
// which cleanSummaries checks. matchBlock checks both for the records the
// query matches, the only ones whose text shows in what a search returns
// (their list columns and hits), and the id of every record.
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
		title(rec.Title.EN) && title(rec.Title.KO) && line(rec.RootCause) && line(rec.Severity) &&
		lines(rec.Domain) && lines(rec.Components) && lines(rec.Contributing) && lines(rec.Symptoms)
	return ok && len(checkRecord(rec)) == 0
}

// cleanSummaries reports whether rec's summaries are as sanitizeSearch
// leaves them.
func cleanSummaries(rec *Record) bool {
	return Sanitize(rec.Summary.EN) == rec.Summary.EN && Sanitize(rec.Summary.KO) == rec.Summary.KO
}
