package data

import (
	"slices"
	"strings"
	"sync/atomic"
)

// recordNames are a record's other names, which search matches besides the
// record's own text: its organisation's aliases and its tags' labels and
// aliases, from the vocabulary; and whether it has a timeline.
type recordNames struct {
	// text is FieldAliases: every other name, separated by " · ".
	text string
	// org are the organisation's aliases, for org: filters.
	org []string
	// tags holds the labels and aliases of the record's tags, for facet
	// filters: the names looked up as the record was named, shared with
	// the records named with it (read only), and keyed by tag as written.
	tags map[string]tagNames
	// timeline is 1 when the library holds the record's timeline. It is
	// read and written atomically: a record may be shown (Options.Batch)
	// before the loader has read the timelines.
	timeline uint32
	// named says the names are set, before the record was handed out.
	named bool
}

// termNames returns the labels and aliases of tag when it is one of r's
// tags; nil for another or one the vocabulary does not know. (The names
// map is shared with other records, so it holds their tags too.)
func (r *Record) termNames(tag string) []string {
	tn, ok := r.names.tags[tag]
	if !ok || !tn.ok {
		return nil
	}
	var buf [24]string
	if !slices.Contains(r.appendTagList(buf[:0]), tag) {
		return nil
	}
	return tn.names
}

// HasTimeline reports whether the library the record was loaded with holds
// its timeline.
func (r *Record) HasTimeline() bool { return atomic.LoadUint32(&r.names.timeline) == 1 }

// addOrgs adds organisations' other names, sanitised; names given twice
// add up.
func (v *Vocab) addOrgs(os []OrgNames) {
	for _, o := range os {
		key := normName(Sanitize(o.Org))
		if key == "" {
			continue
		}
		if v.orgs == nil {
			v.orgs = map[string][]string{}
		}
		for _, a := range o.Aliases {
			if a = strings.TrimSpace(Sanitize(a)); a != "" && !slices.Contains(v.orgs[key], a) {
				v.orgs[key] = append(v.orgs[key], a)
			}
		}
	}
}

// addTermAliases adds terms' other names, sanitised.
func (v *Vocab) addTermAliases(m map[string][]string) {
	for term, as := range m {
		key := strings.ToLower(strings.TrimSpace(Sanitize(term)))
		if v.aliases == nil {
			v.aliases = map[string][]string{}
		}
		for _, a := range as {
			if a = strings.TrimSpace(Sanitize(a)); a != "" && !slices.Contains(v.aliases[key], a) {
				v.aliases[key] = append(v.aliases[key], a)
			}
		}
	}
}

// OrgAliases returns the other names of an organisation.
func (v *Vocab) OrgAliases(org string) []string {
	if v == nil {
		return nil
	}
	return v.orgs[normName(org)]
}

// attach gives each record its other names and says which have timelines.
// It runs once, as the library is built: records do not change after.
// byID holds the records by lower-case id.
func (v *Vocab) attach(recs []*Record, tls map[string]*Timeline, byID map[string]*Record) {
	// Records share few tags: each tag's names are looked up once, and
	// the records with that tag share the slice (read only).
	cache := nameCache{tags: map[string]tagNames{}, orgs: map[string][]string{}}
	for _, r := range recs {
		if !r.names.named {
			r.names = v.namesOf(r, cache)
		}
	}
	for id := range tls {
		if r := byID[strings.ToLower(id)]; r != nil {
			atomic.StoreUint32(&r.names.timeline, 1)
		}
	}
}

// name gives each record of recs its other names ahead of attach, so that
// they can be handed out (Options.Batch) while the load goes on.
func (v *Vocab) name(recs []*Record) {
	cache := nameCache{tags: map[string]tagNames{}, orgs: map[string][]string{}}
	for _, r := range recs {
		r.names = v.namesOf(r, cache)
		r.names.named = true
	}
}

// tagNames are a tag's labels and aliases; ok says the tag is in the
// vocabulary.
type tagNames struct {
	names []string
	ok    bool
}

// nameCache holds the names attach has looked up, by tag and by
// organisation as written.
type nameCache struct {
	tags map[string]tagNames
	orgs map[string][]string
}

// orgAliasesOf is OrgAliases, from cache when there.
func (v *Vocab) orgAliasesOf(org string, cache nameCache) []string {
	as, ok := cache.orgs[org]
	if !ok {
		as = v.OrgAliases(org)
		cache.orgs[org] = as
	}
	return as
}

// tagNamesOf returns a tag's labels and aliases, from cache when there.
func (v *Vocab) tagNamesOf(tag string, cache nameCache) tagNames {
	if tn, ok := cache.tags[tag]; ok {
		return tn
	}
	var tn tagNames
	if t, ok := v.Lookup(tag); ok {
		names := append([]string{t.Label.EN, t.Label.KO}, t.Aliases...)
		names = append(names, v.aliases[strings.ToLower(tag)]...)
		tn = tagNames{names: slices.DeleteFunc(names, func(s string) bool { return s == "" }), ok: true}
	}
	// A copy of the key: records keep the map, and tag may lie in the
	// bytes of a file read a part at a time.
	cache.tags[strings.Clone(tag)] = tn
	return tn
}

func (v *Vocab) namesOf(r *Record, cache nameCache) recordNames {
	var n recordNames
	n.org = v.orgAliasesOf(r.Org, cache)
	all := v.otherNames(r, cache, nil)
	var buf [24]string
	for _, tag := range r.appendTagList(buf[:0]) {
		if cache.tags[tag].ok {
			n.tags = cache.tags
			break
		}
	}
	n.text = strings.Join(all, " · ")
	return n
}

// otherNames appends to all the record's other names, each once, in the
// order FieldAliases lists them, and calls term (when not nil) with each of
// the record's tags that the vocabulary knows and its names.
func (v *Vocab) otherNames(r *Record, cache nameCache, all []string) []string {
	add := func(s string) {
		if s != "" && !slices.Contains(all, s) && s != r.Org {
			all = append(all, s)
		}
	}
	for _, a := range v.orgAliasesOf(r.Org, cache) {
		add(a)
	}
	var buf [24]string
	for _, tag := range r.appendTagList(buf[:0]) {
		tn := v.tagNamesOf(tag, cache)
		if !tn.ok {
			continue
		}
		for _, s := range tn.names {
			if s != tag {
				add(s)
			}
		}
	}
	return all
}

// appendAliasText appends the record's FieldAliases text, as namesOf
// makes it, to b, using names as scratch; it allocates nothing once b and
// names have grown.
func (v *Vocab) appendAliasText(b []byte, r *Record, cache nameCache, names *[]string) []byte {
	*names = v.otherNames(r, cache, (*names)[:0])
	for i, s := range *names {
		if i > 0 {
			b = append(b, " · "...)
		}
		b = append(b, s...)
	}
	return b
}

// appendTagList appends the record's distinct tags (domains, components,
// root cause, contributing factors, symptoms) to dst.
func (r *Record) appendTagList(dst []string) []string {
	// A scan is quickest for the few tags a record has; past 24 a set
	// takes over, so that 100k tags cost 100k steps, not 10^10.
	var set map[string]bool
	add := func(ts ...string) {
		for _, t := range ts {
			switch {
			case t == "":
			case set != nil:
				if !set[t] {
					set[t] = true
					dst = append(dst, t)
				}
			case !slices.Contains(dst, t):
				dst = append(dst, t)
				if len(dst) == 24 {
					set = make(map[string]bool, 48)
					for _, x := range dst {
						set[x] = true
					}
				}
			}
		}
	}
	add(r.Domain...)
	add(r.Components...)
	add(r.RootCause)
	add(r.Contributing...)
	add(r.Symptoms...)
	return dst
}
