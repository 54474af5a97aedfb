package data

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/incidents-dev/incidents/data/internal/jsonscan"
)

// Found is what SearchLoad returns: the matches of one query over
// everything loaded, and the load's remarks.
type Found struct {
	// Matches are best first, as Search orders them. Their records hold
	// the list columns alone (id, organisation, date, title, origin) and
	// the hits: what `incidents search` prints. Summaries and the other
	// fields are not kept.
	Matches []Match
	// Notices are as Library.Notices.
	Notices []string
	// Records is how many records loaded.
	Records int
	// What Suggest loads again: the search's options, folders and query,
	// and the places (file, offset) of the records it dropped as repeats.
	opts    Options
	dirs    []Dir
	query   string
	dropped map[[2]int]bool
	// also is which of the plan's more match a record kept; early, when
	// set, is what Suggest needs, gathered by the search itself.
	also  uint64
	early *gathered
}

// SearchLoad loads what LoadFS would and searches it for query, as
// Search(lib.Records, query) would, with the same problems reported; but
// it keeps only the matches. Each record is decoded, cleaned (only the
// fields a search reads) and matched in one go, and then dropped; JSON
// Lines files are read a few megabytes at a time, so a large library is
// never held in memory. With opts.Cache set, each JSON Lines file's
// search text is kept there (see Options.Cache) and read back instead of
// the file while the file is unchanged. Any query Search takes is
// answered so: plain words, syntax (what ParseQuery reads of it), or
// nothing to search for (every record).
func SearchLoad(opts Options, query string, dirs ...Dir) (*Found, error) {
	ld := newSearchLoader(opts, dirs)
	p := newPlan(query)
	g := p.gatherFor(query)
	if p.has() {
		p.timelines = ld.timelineKeys()
	}
	f := ld.runSearch(p)
	f.opts, f.dirs, f.query = opts, dirs, query
	if len(f.Matches) == 0 && !p.stop.Load() && f.dropped == nil {
		g.also, f.early = f.also, g // gathered from every record kept
	}
	return f, ld.err()
}

// newSearchLoader returns a loader that has found the files of dirs and
// read all but the JSON Lines files of the user's, left to stream.
func newSearchLoader(opts Options, dirs []Dir) *loader {
	ld := &loader{check: opts.CheckTimeline, stream: &streamState{cache: opts.Cache}}
	ld.addAll(opts, dirs)
	return ld
}

// entry is what the search load remembers of every record it decoded,
// matched or not: enough to settle repeated ids as addRecords does.
type entry struct {
	key, id   string // key: the id lower-cased
	fi, off   int    // the file, and the offset in it, for ordering
	line, col int    // where a record of a multi-record file starts
	path      string
	bundled   bool
	multi     bool
	// u is the record's unit when its file stays in memory; its position
	// is then worked out only when a message needs it.
	u *unit
	// matched is set for a record the query matched; rec holds its list
	// columns.
	matched bool
	rec     *Record
	score   int
	hits    []Hit
	// also has bit i set when the record matches the plan's more[i].
	also uint64
	// search is the whole decoded record, kept only until its part's
	// cache block is written.
	search *Record
}

// place names where the entry's record is, as unit.place does.
func (e *entry) place() string {
	if !e.multi {
		return e.path
	}
	line, col := e.pos()
	return fmt.Sprintf("%s:%d:%d", e.path, line, col)
}

func (e *entry) pos() (line, col int) {
	if e.u != nil {
		return e.u.f.pos(e.u.off)
	}
	return e.line, e.col
}

// matcher matches decoded records against the query's words, one record
// at a time, as Search does. Each goroutine uses its own.
type matcher struct {
	p     *plan
	vocab *Vocab
	names nameCache
	sc    scratch
	osc   onceScratch
	d     *doc
	// alias and aliases are scratch for a record's FieldAliases text.
	alias   []byte
	aliases []string
	// slab is where the list columns of matched records are cut from.
	slab []Record
	// short is scratch for needs.
	short []qword
	// dict, dictText and foldBuf are scratch for the record's names, for
	// the plan's dictSink.
	dict              []dictAdd
	dictText, foldBuf []byte
	dictRunes         []rune
}

func newMatcher(p *plan, v *Vocab) *matcher {
	return &matcher{p: p, vocab: v, names: nameCache{tags: map[string]tagNames{}, orgs: map[string][]string{}}, d: onceDoc()}
}

// add matches r, which came from unit u, and returns its entry. The entry
// of a matched record keeps a copy of its list columns, so that nothing
// of the file's bytes stays reachable.
func (m *matcher) add(r *Record, e entry) entry {
	m.fill(r)
	return m.judge(r, e)
}

// judge is add for a record already filled into the matcher's doc.
func (m *matcher) judge(r *Record, e entry) entry {
	e.key, e.id = strings.ToLower(r.ID), r.ID
	if m.p.gathering() {
		for i, q := range m.p.more {
			if m.p.found != nil && m.p.found.Load()&(1<<i) != 0 {
				continue // known to match some record
			}
			if _, _, ok := m.eval(r, q); ok {
				e.also |= 1 << i
				m.p.matched(i, &e)
			}
		}
		if m.p.dict != nil {
			m.addNames(r, e)
		}
	}
	var score int
	var hits []Hit
	ok := false
	if m.p.main != nil {
		score, hits, ok = m.eval(r, m.p.main)
	}
	if ok && m.p.stop != nil {
		m.p.stop.Store(true)
	}
	if !ok {
		if e.key == r.ID {
			e.key = strings.Clone(e.key)
		}
		e.id = strings.Clone(e.id)
		return e
	}
	e.matched, e.score, e.hits = true, score, hits
	e.rec = m.listColumns(r)
	e.id = e.rec.ID
	if e.key == r.ID {
		e.key = e.rec.ID
	}
	return e
}

// listColumns copies what a search result prints of r, into one string
// and a Record cut from m's slab.
func (m *matcher) listColumns(r *Record) *Record {
	if len(m.slab) == 0 {
		m.slab = make([]Record, 64)
	}
	c := &m.slab[0]
	m.slab = m.slab[1:]
	all := strings.Join([]string{r.ID, r.Org, r.Date, r.Title.EN, r.Title.KO}, "")
	cut := func(s string) string {
		t := all[:len(s)]
		all = all[len(s):]
		return t
	}
	*c = Record{ID: cut(r.ID), Org: cut(r.Org), Date: cut(r.Date), Day: r.Day, Origin: r.Origin, Body: noBody}
	c.Title = Text{EN: cut(r.Title.EN), KO: cut(r.Title.KO), plain: r.Title.plain}
	return c
}

// decodeForSearch decodes and checks one record unit as decodeRecord does,
// cleaning only the fields a search reads or prints.
func decodeForSearch(u unit) (*Record, []problem) { return decodeRecordAs(u, (*Record).sanitizeSearch) }

// sanitizeSearch is sanitize for the fields that search matches and lists
// and that checkRecord reads.
func (r *Record) sanitizeSearch() {
	r.ID = strings.TrimSpace(sanitizeLine(r.ID))
	r.Org = sanitizeTitle(r.Org)
	r.Date = sanitizeLine(r.Date)
	r.Title.sanitizeTitle()
	r.Summary.sanitize()
	sanitizeLines(r.Domain)
	sanitizeLines(r.Components)
	r.RootCause = sanitizeLine(r.RootCause)
	r.Severity = sanitizeLine(r.Severity)
	sanitizeLines(r.Contributing)
	sanitizeLines(r.Symptoms)
}

// matchUnits decodes and matches units on every core, returning their
// entries and problems in unit order.
func matchUnits(units []unit, p *plan, v *Vocab) ([]entry, []problem) {
	const chunk = 256
	n := (len(units) + chunk - 1) / chunk
	ents := make([][]entry, n)
	probs := make([][]problem, n)
	workers := min(runtime.GOMAXPROCS(0), n)
	var next sync.Mutex
	k := 0
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			m := newMatcher(p, v)
			for {
				next.Lock()
				c := k
				k++
				next.Unlock()
				if c >= n {
					return
				}
				for i := c * chunk; i < min((c+1)*chunk, len(units)); i++ {
					u := &units[i]
					r, ps := decodeForSearch(*u)
					probs[c] = append(probs[c], ps...)
					if r != nil {
						ents[c] = append(ents[c], m.add(r, entry{fi: u.fi, off: u.off, path: u.f.path, bundled: u.f.bundled, multi: u.multi, u: u}))
					}
				}
			}
		})
	}
	wg.Wait()
	return slices.Concat(ents...), slices.Concat(probs...)
}

// runSearch decodes and matches every record, settles repeated ids,
// checks the timelines and returns the ranked matches.
func (ld *loader) runSearch(p *plan) *Found {
	kept, dropped := ld.matchAll(p)
	ids := make(map[string]string, len(kept))
	var out []Match
	var also uint64
	for _, e := range kept {
		also |= e.also
		ids[e.key] = e.id
		if e.matched {
			out = append(out, Match{Record: e.rec, Score: e.score, Hits: e.hits})
		}
	}
	if ld.userTimelines() {
		ld.readBundledTimelines()
		ld.addTimelinesTo(map[string]*Timeline{}, func(key string) (string, bool) {
			id, ok := ids[key]
			return id, ok
		}, nil)
	}
	slices.SortFunc(out, func(a, b Match) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), b.Record.Day.Compare(a.Record.Day), strings.Compare(a.Record.ID, b.Record.ID))
	})
	return &Found{Matches: out, Notices: ld.notices, Records: len(kept), dropped: dropped, also: also}
}

// matchAll decodes and matches every record as p asks and settles
// repeated ids. It returns the entries kept, in file order, and the
// places of those dropped.
func (ld *loader) matchAll(p *plan) (kept []*entry, dropped map[[2]int]bool) {
	v := newVocab()
	for _, u := range ld.vocabs {
		ld.addVocab(v, u)
	}
	bundled, probs := matchUnits(ld.records, p, v)
	ld.problems = append(ld.problems, probs...)
	parts := [][]entry{bundled}
	for _, s := range ld.stream.files {
		e, ps := ld.matchStream(s, p, v)
		parts = append(parts, e)
		ld.problems = append(ld.problems, ps...)
	}
	ents := slices.Concat(parts...)
	slices.SortStableFunc(ents, func(a, b entry) int { return cmp.Or(cmp.Compare(a.fi, b.fi), cmp.Compare(a.off, b.off)) })
	kept = ld.settle(ents)
	if len(kept) < len(ents) {
		dropped = map[[2]int]bool{}
		for _, e := range ents {
			dropped[[2]int{e.fi, e.off}] = true
		}
		for _, e := range kept {
			delete(dropped, [2]int{e.fi, e.off})
		}
	}
	return kept, dropped
}

// userTimelines reports whether any timeline is the user's. Without one,
// the bundled timelines need not be read (addFS leaves them for later):
// they are valid (TestBundle, and the model checks of the library's tests)
// and name bundled records, which a search always keeps (a user's record
// replaces one under its id), so they can show in a search's problems or
// notices only as what a user's timeline repeats or replaces.
func (ld *loader) userTimelines() bool {
	for _, u := range ld.timelines {
		if !u.f.bundled {
			return true
		}
	}
	return false
}

// readBundledTimelines reads the bundled timelines addFS left for later,
// into their places: before the user's.
func (ld *loader) readBundledTimelines() {
	var units []unit
	for _, lf := range ld.stream.timelines {
		data, err := readFile(lf.fsys, lf.name)
		f := ld.files[lf.fi]
		if err != nil {
			ld.report(lf.fi, 0, &Error{Path: f.path, Err: err})
			continue
		}
		f.data = data
		start := jsonscan.SkipSpace(data, 0)
		units = append(units, unit{f: f, fi: lf.fi, off: start, raw: data[start:]})
	}
	ld.stream.timelines = nil
	ld.timelines = append(units, ld.timelines...)
}

// settle drops repeated ids from ents (in file order) as addRecords does:
// a user record replaces a bundled one, other repeats are problems.
func (ld *loader) settle(ents []entry) []*entry {
	byID := map[string]int{}
	removed := make([]bool, len(ents))
	var kept []int
	for i := range ents {
		e := &ents[i]
		if j, ok := byID[e.key]; ok {
			first := &ents[j]
			if !first.bundled || e.bundled {
				err := &Error{Path: e.path, Record: e.id, Err: fmt.Errorf("duplicate id (first in %s)", first.place())}
				err.Line, err.Col = e.pos() // 0 when the place is not known
				ld.report(e.fi, e.off, err)
				continue
			}
			removed[j] = true
			ld.notices = append(ld.notices, fmt.Sprintf("%s: record %s replaces the bundled record", e.path, e.id))
		}
		byID[e.key] = i
		kept = append(kept, i)
	}
	out := make([]*entry, 0, len(kept))
	for _, i := range kept {
		if !removed[i] {
			out = append(out, &ents[i])
		}
	}
	return out
}
