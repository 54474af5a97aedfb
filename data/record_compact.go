package data

import (
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"io/fs"
	"sync/atomic"
)

// A compact record (Options.Compact) keeps its list columns and its search
// text alone: the loader builds its index entry while the whole record is
// at hand, copies what it keeps into one buffer per batch, drops the rest
// and the file's bytes with it, and Full reads the rest back from the file
// when a record is shown.

// stub is what a compact record keeps of what it dropped.
type stub struct {
	src  *source
	off  int64 // of the record's JSON in the file
	size int32
	// line and col are where a line of a JSON Lines file starts (0 for
	// records of other files), for errors.
	line, col int32
	multi     bool
	// sum is the hash of the record's JSON, which a reread must match.
	sum uint64
	// doc is the record's index entry, which NewIndex takes as it is.
	doc *doc
	// sums restore the two summaries (see restore): from the folded text
	// in doc and a patch, or as written when patched is false.
	sums    [2]string
	patched [2]bool
	// alias, when aliasPatched, restores the alias text (FieldAliases),
	// which the record then does not keep, from the folded text in doc.
	alias        string
	aliasPatched bool
}

// source is a file compact records were loaded from.
type source struct {
	fsys fs.FS
	name string // in fsys
	path string // as shown
}

// stubSeed seeds the hashes of compact records' JSON (within one process).
var stubSeed = maphash.MakeSeed()

// IsCompact reports whether r is a compact record (Options.Compact): one
// with its list columns and search text alone, which Full reads whole.
func (r *Record) IsCompact() bool { return r.stub != nil }

// ErrChanged is wrapped by Full's error for a record whose file no longer
// holds it as it was loaded.
var ErrChanged = errors.New("changed on disk since it was loaded")

// Full returns the whole of record r: r itself, unless it is a compact
// record, which is read back from its file, decoded and cleaned as the
// loader did. When the file no longer holds the record as it was loaded
// (changed, moved or unreadable), Full returns what was loaded (the list
// columns, tags and summaries, without the other sections) and an *Error
// wrapping ErrChanged.
func Full(r *Record) (*Record, error) {
	s := r.stub
	if s == nil {
		return r, nil
	}
	raw, err := readAt(s.src.fsys, s.src.name, s.off, int(s.size))
	if err == nil && maphash.Bytes(stubSeed, raw) != s.sum {
		err = ErrChanged
	}
	var full *Record
	if err == nil {
		u := unit{f: &file{path: s.src.path, data: raw}, raw: raw, multi: s.multi, line: int(s.line), col: int(s.col)}
		full, _ = decodeRecord(u)
		if full == nil { // the same bytes decoded once already
			err = ErrChanged
		}
	}
	if err != nil {
		e := &Error{Path: s.src.path, Line: int(s.line), Col: int(s.col), Record: r.ID, Err: err}
		if !errors.Is(err, ErrChanged) {
			e.Err = fmt.Errorf("%w: %w", ErrChanged, err)
		}
		return r.loadedCopy(), e
	}
	full.names = r.namesCopy()
	return full, nil
}

// readAt reads size bytes at off of the file name in fsys.
func readAt(fsys fs.FS, name string, off int64, size int) ([]byte, error) {
	f, err := fsys.Open(name)
	if err != nil {
		return nil, pathErr(err)
	}
	defer f.Close()
	buf := make([]byte, size)
	switch rd := f.(type) {
	case io.ReaderAt:
		_, err = rd.ReadAt(buf, off)
	case io.Seeker:
		if _, err = rd.Seek(off, io.SeekStart); err == nil {
			_, err = io.ReadFull(f, buf)
		}
	default:
		if _, err = io.CopyN(io.Discard, f, off); err == nil {
			_, err = io.ReadFull(f, buf)
		}
	}
	if err != nil {
		return nil, pathErr(err)
	}
	return buf, nil
}

// namesCopy returns a copy of r's names, its timeline flag read as the
// loader writes it.
func (r *Record) namesCopy() recordNames {
	return recordNames{text: r.aliasText(), org: r.names.org, tags: r.names.tags,
		timeline: atomic.LoadUint32(&r.names.timeline), named: r.names.named}
}

// aliasText returns r's other names as FieldAliases lists them.
func (r *Record) aliasText() string {
	if s := r.stub; s != nil && s.aliasPatched {
		return applyPatch(s.doc.text[FieldAliases], s.alias)
	}
	return r.names.text
}

// kept fills c with what a compact record keeps of r, each string passed
// through str, but the tags, severity and date kind (words many records
// share), which go through word; the lists' strings are held in strs. It
// returns c.
func (r *Record) kept(c *Record, str, word func(string) string, strs []string) *Record {
	list := func(ss []string, str func(string) string) []string {
		if ss == nil {
			return nil
		}
		out := strs[:len(ss):len(ss)]
		strs = strs[len(ss):]
		for i, s := range ss {
			out[i] = str(s)
		}
		return out
	}
	dur := func(d Duration) Duration { d.Text = str(d.Text); return d }
	*c = Record{
		ID: str(r.ID), Org: str(r.Org), OrgSlug: str(r.OrgSlug), Date: str(r.Date), DateKind: word(r.DateKind),
		Docs: list(r.Docs, str), Title: Text{EN: str(r.Title.EN), KO: str(r.Title.KO)}, Domain: list(r.Domain, word),
		Related: list(r.Related, str), Severity: word(r.Severity), Symptoms: list(r.Symptoms, word),
		Timeline:   Durations{DetectedAfter: dur(r.Timeline.DetectedAfter), ResolvedAfter: dur(r.Timeline.ResolvedAfter)},
		Components: list(r.Components, word), RootCause: word(r.RootCause), Contributing: list(r.Contributing, word),
		UpdatedAt: str(r.UpdatedAt), URL: str(r.URL), Origin: r.Origin, Day: r.Day, Body: noBody,
	}
	if r.RecurrenceOf != nil {
		s := str(*r.RecurrenceOf)
		c.RecurrenceOf = &s
	}
	c.names = r.namesCopy()
	return c
}

// keptStrings counts the strings of r's lists that kept copies.
func (r *Record) keptStrings() int {
	return len(r.Docs) + len(r.Domain) + len(r.Related) + len(r.Symptoms) + len(r.Components) + len(r.Contributing)
}

// loadedCopy returns what was loaded of compact record r, its summaries
// restored, for Full to show when the file has changed.
func (r *Record) loadedCopy() *Record {
	same := func(s string) string { return s }
	c := r.kept(new(Record), same, same, make([]string, r.keptStrings()))
	c.Body = &Body{Summary: Text{EN: r.stub.restore(0), KO: r.stub.restore(1)}}
	return c
}
