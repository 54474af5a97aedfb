package data

import (
	"hash/maphash"
	"unsafe"

	"github.com/incidents-dev/incidents/data/internal/fold"
)

// compactBatch makes the records of one decoded batch compact
// (Options.Compact), in place in recs: recs[i] came from units[i]. Each
// gets its index entry, built from the whole record, and keeps what it
// keeps in one buffer shared by the batch, so that nothing refers to the
// file's bytes any more; the batch's summaries go to sp instead when it
// takes them (see spill). Bundled records are left whole (their bytes are
// in the program).
func compactBatch(units []unit, recs []*Record, src func(*file) *source, sp *spill) {
	p := planBatch(units, recs)
	out := spillBatch(p.docs, sp, p.long)
	if out == nil {
		p.rest += p.long
	} else {
		p.nstarts, p.nwords = 0, 0
	}
	a := arena{buf: make([]byte, 0, p.rest), words: make(map[string]string, len(p.seen))}
	// The records, their lists and their summaries' word starts, one
	// array of each for the batch.
	kept := make([]Record, p.n)
	strs := make([]string, p.nstrs)
	ws := wordArena{starts: make([]uint16, p.nstarts), words: make([]wordStarts, p.nwords)}
	for i, r := range recs {
		if !compactable(units[i], r) {
			continue
		}
		u := units[i]
		a.file = u.f.data
		k := r.keptStrings()
		c := r.kept(&kept[0], a.str, a.word, strs[:k:k])
		kept, strs = kept[1:], strs[k:]
		d := &p.docs[i]
		c.stub = &stub{src: src(u.f), off: int64(u.abs()), size: int32(len(u.raw)), line: int32(u.line), col: int32(u.col),
			multi: u.multi, sum: maphash.Bytes(stubSeed, u.raw), doc: d}
		c.stub.keepPatches(r, c, p.patches[i], &a)
		if out != nil {
			d.out = &out[i]
		}
		d.keepTexts(r, c, &a)
		ws.keep(d, &a)
		recs[i] = c
	}
}

// batchPlan is what compactBatch counts of a batch before it copies: the
// records' index entries and patches, by index, the bytes and items the
// copies take, and the words many records share.
type batchPlan struct {
	docs []doc
	// The summaries' patches, then the alias text's (see stub).
	patches [][3][]byte
	// rest counts the bytes kept of everything but the summaries' folded
	// texts and word starts, which long counts.
	rest, long, n, nstrs, nstarts, nwords int
	// seen are the words kept once a batch (see arena.word).
	seen map[string]bool
}

// planBatch fills the index entries of the compactable records of recs
// and counts what their copies take.
func planBatch(units []unit, recs []*Record) *batchPlan {
	p := &batchPlan{docs: make([]doc, len(recs)), patches: make([][3][]byte, len(recs)), seen: map[string]bool{}}
	var sc summaryScratch
	for i, r := range recs {
		if !compactable(units[i], r) {
			continue
		}
		a := arena{file: units[i].f.data}
		d := &p.docs[i]
		d.fill(r, &sc)
		p.rest += a.countKept(r, p.seen) + a.countDoc(d, r)
		p.n++
		p.nstrs += r.keptStrings()
		for k := range d.long {
			if ws := d.long[k].words; ws != nil {
				p.nwords++
				p.nstarts += len(ws.starts)
				p.long += len(ws.heads) + len(ws.seconds)
			}
			p.long += len(d.text[FieldSummaryEN+Field(k)])
		}
		for k := range 2 {
			f := FieldSummaryEN + Field(k)
			pt, ok := patchOf(nil, r.FieldText(f), d.text[f], d.mapOf(f))
			if !ok {
				pt = nil
				p.rest += len(r.FieldText(f))
			}
			p.patches[i][k] = pt
			p.rest += len(pt)
		}
		if pt, ok := patchOf(nil, r.names.text, d.text[FieldAliases], d.mapOf(FieldAliases)); ok {
			p.patches[i][2] = pt
			p.rest += len(pt)
		}
	}
	return p
}

// keepPatches keeps how the stub's record c restores the summaries and
// alias text of r from its folded texts: by the patches planBatch made,
// or the text itself where there is none.
func (st *stub) keepPatches(r, c *Record, patches [3][]byte, a *arena) {
	d := st.doc
	for k := range 2 {
		f := FieldSummaryEN + Field(k)
		if p := patches[k]; p != nil {
			st.sums[k], st.patched[k] = a.bytes(p), true
		} else {
			st.sums[k] = a.copy(r.FieldText(f))
			if m := d.mapOf(f); m != nil {
				m.Src = st.sums[k]
			}
		}
	}
	if p := patches[2]; p != nil {
		// FieldAliases, as the folded text and a patch (Record.aliasText).
		st.alias, st.aliasPatched, c.names.text = a.bytes(p), true, ""
	}
}

// keepTexts points d's texts at copies that do not refer to the file:
// those record c keeps where they are r's own, copies in a otherwise, and
// none for summaries kept in a spill file.
func (d *doc) keepTexts(r, c *Record, a *arena) {
	for f := range numFields {
		switch {
		case d.out != nil && isLong(f):
			d.text[f] = ""
		case f < FieldTags && same(d.text[f], r.FieldText(f)):
			d.text[f] = c.FieldText(f) // the copy the record keeps
		default:
			d.text[f] = a.copy(d.text[f])
		}
		if m := d.mapOf(f); m != nil && !isLong(f) {
			m.Src = c.FieldText(f)
		}
	}
}

// wordArena holds a batch's summaries' word starts, one array of each.
type wordArena struct {
	starts []uint16
	words  []wordStarts
}

// keep moves d's summaries' word starts into the arena (and their bytes
// into a), or drops them for summaries kept in a spill file, which are
// scanned whole when read back.
func (w *wordArena) keep(d *doc, a *arena) {
	for k := range d.long {
		sm := &d.long[k]
		if sm.words == nil {
			continue
		}
		if d.out != nil {
			sm.words = nil
			continue
		}
		ws := &w.words[0]
		w.words = w.words[1:]
		n := len(sm.words.starts)
		copy(w.starts, sm.words.starts)
		*ws = wordStarts{starts: w.starts[:n:n], heads: a.copy(sm.words.heads), seconds: a.copy(sm.words.seconds)}
		w.starts = w.starts[n:]
		sm.words = ws
	}
}

// spillBatch writes the folded summaries of the filled docs to sp, when
// it takes them (long bytes, with the word starts they would keep), and
// returns where each doc's are, by index; nil when they stay in memory.
func spillBatch(docs []doc, sp *spill, long int) []spilled {
	if !sp.take(long) {
		return nil
	}
	buf := make([]byte, 0, long)
	out := make([]spilled, len(docs))
	for i := range docs {
		d := &docs[i]
		o := &out[i]
		o.f, o.at = sp.f, int64(len(buf))
		for k := range 2 {
			t := d.text[FieldSummaryEN+Field(k)]
			o.n[k] = uint32(len(t))
			buf = append(buf, t...)
		}
	}
	at, ok := sp.write(buf)
	if !ok {
		return nil
	}
	for i := range out {
		out[i].at += at
	}
	return out
}

// compactable reports whether r, decoded from u, can be made compact: it
// was decoded, and from a user's file that can be read again.
func compactable(u unit, r *Record) bool {
	return r != nil && !u.f.bundled && u.f.fsys != nil && len(u.raw) <= maxRecordSize
}

// same reports whether a and b are the same bytes in memory.
func same(a, b string) bool {
	return len(a) == len(b) && unsafe.StringData(a) == unsafe.StringData(b)
}

// patchOf returns how to restore text s from its folded form t (with map m
// back to s): the bytes in which they differ, each as the distance from
// the one before (a uvarint) and the byte of s, appended to dst. ok is
// false when s cannot be restored that way, or a patch would be no
// smaller than s.
func patchOf(dst []byte, s, t string, m *fold.Map) ([]byte, bool) {
	if len(s) != len(t) || m != nil {
		return dst, false
	}
	last := 0
	for i := 0; i < len(s); i++ {
		if s[i] != t[i] {
			for d := uint(i - last); ; d >>= 7 {
				if d < 0x80 {
					dst = append(dst, byte(d))
					break
				}
				dst = append(dst, byte(d)|0x80)
			}
			dst = append(dst, s[i])
			last = i
		}
		if len(dst) >= len(s)/2 && len(s) > 0 {
			return dst, false
		}
	}
	return dst, true
}

// applyPatch returns the text patchOf's patch p restores from t.
func applyPatch(t, p string) string {
	if p == "" {
		return t
	}
	b := []byte(t)
	at := 0
	for i := 0; i < len(p); {
		d, shift := 0, 0
		for ; p[i]&0x80 != 0; i++ {
			d |= int(p[i]&0x7f) << shift
			shift += 7
		}
		d |= int(p[i]) << shift
		at += d
		b[at] = p[i+1]
		i += 2
	}
	return string(b)
}

// restore returns summary k (0 English, 1 Korean) as written.
func (s *stub) restore(k int) string {
	if s.patched[k] {
		t, ok := s.doc.summaryText(k)
		if !ok {
			return "" // unreadable: shown as missing, never patched wrong
		}
		return applyPatch(t, s.sums[k])
	}
	return s.sums[k]
}

// arena copies the strings that refer to a file's bytes into one buffer.
type arena struct {
	buf  []byte
	file []byte // the file's bytes
	// words holds the copies word made, by text.
	words map[string]string
}

// inFile reports whether s lies in the file's bytes.
func (a *arena) inFile(s string) bool {
	if len(s) == 0 || len(a.file) == 0 {
		return false
	}
	p, base := uintptr(unsafe.Pointer(unsafe.StringData(s))), uintptr(unsafe.Pointer(unsafe.SliceData(a.file)))
	return p >= base && p < base+uintptr(len(a.file))
}

// str returns s, copied into the buffer when it lies in the file's bytes.
func (a *arena) str(s string) string {
	if !a.inFile(s) {
		return s
	}
	return a.copy(s)
}

// word is str for a word many records share: one copy a batch.
func (a *arena) word(s string) string {
	if !a.inFile(s) {
		return s
	}
	if c, ok := a.words[s]; ok {
		return c
	}
	c := a.copy(s)
	a.words[c] = c
	return c
}

// copy returns a copy of s in the buffer.
func (a *arena) copy(s string) string {
	if s == "" {
		return ""
	}
	if cap(a.buf)-len(a.buf) < len(s) {
		// Counted short: a buffer of its own for the rest of the batch.
		a.buf = make([]byte, 0, max(len(s), 4096))
	}
	at := len(a.buf)
	a.buf = append(a.buf, s...)
	return unsafe.String(&a.buf[at], len(s))
}

// bytes returns a copy of b in the buffer.
func (a *arena) bytes(b []byte) string { return a.copy(unsafe.String(unsafe.SliceData(b), len(b))) }

// countKept counts the bytes of the file that Record.kept copies of r:
// the words it passes through arena.word once a batch, as seen records.
func (a *arena) countKept(r *Record, seen map[string]bool) int {
	n := 0
	add := func(ss ...string) {
		for _, s := range ss {
			if a.inFile(s) {
				n += len(s)
			}
		}
	}
	word := func(ss ...string) {
		for _, s := range ss {
			if a.inFile(s) && !seen[s] {
				seen[s] = true
				n += len(s)
			}
		}
	}
	add(r.ID, r.Org, r.OrgSlug, r.Date, r.Title.EN, r.Title.KO, r.UpdatedAt, r.URL,
		r.Timeline.DetectedAfter.Text, r.Timeline.ResolvedAfter.Text)
	word(r.DateKind, r.Severity, r.RootCause)
	add(r.Docs...)
	add(r.Related...)
	word(r.Domain...)
	word(r.Symptoms...)
	word(r.Components...)
	word(r.Contributing...)
	if r.RecurrenceOf != nil {
		add(*r.RecurrenceOf)
	}
	return n
}

// countDoc counts the bytes of d's texts, but the summaries' and those
// that are the fields of r the record keeps.
func (a *arena) countDoc(d *doc, r *Record) int {
	n := 0
	for f := range numFields {
		if !isLong(f) && (f >= FieldTags || !same(d.text[f], r.FieldText(f))) {
			n += len(d.text[f])
		}
	}
	return n
}
