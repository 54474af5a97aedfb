package data

import (
	"encoding/json"
	"strings"
	"unsafe"

	"github.com/incidents-dev/incidents/data/internal/jsonscan"
)

// decodeRecordFast decodes one record in the Incident Library format
// without encoding/json, which scans every byte of text three or four
// times and spends most of a large load in reflection. It takes only
// the plain form of the format: exact key names, no repeated keys,
// every value of the expected JSON type or null. It reports false on
// anything else, and the caller decodes with encoding/json, which then
// also produces the error message; when it reports true, the record is
// the one encoding/json gives (FuzzDecodeRecordFast holds it to that).
func decodeRecordFast(b []byte) (*Record, bool) {
	d := fastDecoder{b: b}
	r := new(Record)
	var seen uint64
	it := d.iter()
	for d.next(&it) {
		bit, known := recordKeys[string(it.key)]
		if !known {
			it.fail(d.unknown(it.key, recordFields))
			continue
		}
		if seen&bit != 0 {
			return nil, false
		}
		seen |= bit
		var ok bool
		switch string(it.key) {
		case "id":
			ok = d.str(&r.ID)
		case "org":
			ok = d.str(&r.Org)
		case "org_slug":
			ok = d.str(&r.OrgSlug)
		case "date":
			ok = d.str(&r.Date)
		case "date_kind":
			ok = d.str(&r.DateKind)
		case "docs":
			ok = d.strings(&r.Docs)
		case "title":
			ok = d.text(&r.Title)
		case "domain":
			ok = d.strings(&r.Domain)
		case "impact":
			ok = d.impact(&r.Impact)
		case "review":
			ok = d.review(&r.Review)
		case "lessons":
			ok = d.text(&r.Lessons)
		case "related":
			ok = d.strings(&r.Related)
		case "sources":
			ok = d.sources(&r.Sources)
		case "summary":
			ok = d.text(&r.Summary)
		case "trigger":
			ok = d.text(&r.Trigger)
		case "severity":
			ok = d.str(&r.Severity)
		case "symptoms":
			ok = d.strings(&r.Symptoms)
		case "symptoms_text":
			ok = d.text(&r.SymptomsText)
		case "timeline":
			ok = d.durations(&r.Timeline)
		case "detection":
			ok = d.text(&r.Detection)
		case "components":
			ok = d.strings(&r.Components)
		case "root_cause":
			ok = d.str(&r.RootCause)
		case "remediation":
			ok = d.items(&r.Remediation)
		case "action_items":
			ok = d.items(&r.ActionItems)
		case "contributing":
			ok = d.strings(&r.Contributing)
		case "recurrence_of":
			ok = d.strPtr(&r.RecurrenceOf)
		case "updated_at":
			ok = d.str(&r.UpdatedAt)
		case "url":
			ok = d.str(&r.URL)
		}
		it.fail(ok)
	}
	if !it.ok() {
		return nil, false
	}
	d.space()
	return r, d.i == len(d.b)
}

var recordFields = []string{
	"id", "org", "org_slug", "date", "date_kind", "docs", "title", "domain", "impact", "review",
	"lessons", "related", "sources", "summary", "trigger", "severity", "symptoms", "symptoms_text",
	"timeline", "detection", "components", "root_cause", "remediation", "action_items",
	"contributing", "recurrence_of", "updated_at", "url",
}

// recordKeys gives each record key a bit, to find repeated keys.
var recordKeys = func() map[string]uint64 {
	m := map[string]uint64{}
	for i, k := range recordFields {
		m[k] = 1 << i
	}
	return m
}()

type fastDecoder struct {
	b []byte
	i int
}

func (d *fastDecoder) space() { d.i = jsonscan.SkipSpace(d.b, d.i) }

// null consumes a null literal if one comes next.
func (d *fastDecoder) null() bool {
	d.space()
	if len(d.b)-d.i >= 4 && string(d.b[d.i:d.i+4]) == "null" {
		d.i += 4
		return true
	}
	return false
}

// objIter steps through the keys of an object.
type objIter struct {
	key         []byte // the current key, unescaped
	first, done bool
	bad         bool
}

// iter starts reading an object; a null reads as an object without keys.
func (d *fastDecoder) iter() objIter {
	if d.null() {
		return objIter{done: true}
	}
	if d.i >= len(d.b) || d.b[d.i] != '{' {
		return objIter{bad: true}
	}
	d.i++
	return objIter{first: true}
}

// next moves to the next key and leaves the decoder at its value, which
// the caller must consume. It reports false at the end of the object or
// on a problem, which ok then tells apart.
func (d *fastDecoder) next(it *objIter) bool {
	if it.done || it.bad {
		return false
	}
	d.space()
	if d.i >= len(d.b) {
		it.bad = true
		return false
	}
	switch {
	case d.b[d.i] == '}' && (it.first || it.key != nil):
		d.i++
		it.done = true
		return false
	case it.first:
		it.first = false
	case d.b[d.i] == ',':
		d.i++
		d.space()
	default:
		it.bad = true
		return false
	}
	end := jsonscan.StringEnd(d.b, d.i)
	if d.i >= len(d.b) || d.b[d.i] != '"' || end < 0 || !jsonscan.PlainBytes(d.b[d.i+1:end-1]) {
		it.bad = true
		return false
	}
	it.key = d.b[d.i+1 : end-1]
	d.i = end
	d.space()
	if d.i >= len(d.b) || d.b[d.i] != ':' {
		it.bad = true
		return false
	}
	d.i++
	d.space()
	return true
}

// fail marks the object bad unless ok.
func (it *objIter) fail(ok bool) {
	if !ok {
		it.bad = true
	}
}

// ok reports whether the object was read to its end without a problem.
func (it *objIter) ok() bool { return it.done && !it.bad }

// unknown skips the value of a key the type does not have. A key that
// matches a field only when case is ignored would be taken by
// encoding/json, so it is refused.
func (d *fastDecoder) unknown(key []byte, fields []string) bool {
	for _, f := range fields {
		if strings.EqualFold(string(key), f) {
			return false
		}
	}
	d.space()
	end, ok := jsonscan.ValueEnd(d.b, d.i)
	if !ok || end == d.i || !json.Valid(d.b[d.i:end]) {
		return false
	}
	d.i = end
	return true
}

// str reads a string into s; null leaves s alone.
func (d *fastDecoder) str(s *string) bool {
	if d.null() {
		return true
	}
	if d.i >= len(d.b) || d.b[d.i] != '"' {
		return false
	}
	end := jsonscan.StringEnd(d.b, d.i)
	if end < 0 {
		return false
	}
	v, ok := plainStringView(d.b[d.i:end])
	if !ok {
		// An escaped string: let encoding/json unescape it.
		if json.Unmarshal(d.b[d.i:end], &v) != nil {
			return false
		}
	}
	*s = v
	d.i = end
	return true
}

func (d *fastDecoder) strPtr(p **string) bool {
	if d.null() {
		*p = nil
		return true
	}
	var s string
	if !d.str(&s) {
		return false
	}
	*p = &s
	return true
}

// strings reads an array of strings; null makes it nil and [] empty.
func (d *fastDecoder) strings(list *[]string) bool {
	return decodeList(d, list, (*fastDecoder).element)
}

// element decodes one string of a list; a null element is refused, since
// encoding/json would add "" for it.
func (d *fastDecoder) element(s *string) bool { return !d.null() && d.str(s) }

// decodeList decodes null (a nil list) or an array whose elements one
// decodes; a non-nil empty list for [], as encoding/json gives.
// one is a method expression, so that passing it allocates nothing.
func decodeList[T any](d *fastDecoder, list *[]T, one func(*fastDecoder, *T) bool) bool {
	if d.null() {
		*list = nil
		return true
	}
	if !d.arrayStart() {
		return false
	}
	*list = []T{}
	for more, ok := d.arrayNext(true); ; more, ok = d.arrayNext(false) {
		if !ok {
			return false
		}
		if !more {
			return true
		}
		// Decode into the list's own slot: a local passed to one would
		// escape to the heap, one allocation per element.
		var zero T
		*list = append(*list, zero)
		if !one(d, &(*list)[len(*list)-1]) {
			return false
		}
	}
}

// arrayStart consumes the opening bracket of an array.
func (d *fastDecoder) arrayStart() bool {
	if d.i >= len(d.b) || d.b[d.i] != '[' {
		return false
	}
	d.i++
	return true
}

// arrayNext moves to the next element of an array, reporting more = false
// at its end (which it consumes) and ok = false on a problem.
func (d *fastDecoder) arrayNext(first bool) (more, ok bool) {
	d.space()
	if d.i >= len(d.b) {
		return false, false
	}
	switch {
	case d.b[d.i] == ']':
		d.i++
		return false, true
	case first:
	case d.b[d.i] == ',':
		d.i++
		d.space()
	default:
		return false, false
	}
	if !first && d.i < len(d.b) && d.b[d.i] == ']' {
		return false, false // a trailing comma
	}
	return true, true
}

// text reads a Text: null, a plain string or {"en", "ko"}.
func (d *fastDecoder) text(t *Text) bool {
	if d.null() {
		*t = Text{}
		return true
	}
	if d.i < len(d.b) && d.b[d.i] == '"' {
		var s string
		if !d.str(&s) {
			return false
		}
		*t = Text{EN: s, plain: true}
		return true
	}
	*t = Text{}
	it := d.iter()
	for d.next(&it) {
		switch string(it.key) {
		case "en":
			t.EN = ""
			it.fail(d.str(&t.EN))
		case "ko":
			t.KO = ""
			it.fail(d.str(&t.KO))
		default:
			it.bad = true
		}
	}
	return it.ok()
}

var (
	impactFields   = []string{"scope", "users", "region"}
	reviewFields   = []string{"written_by", "reviewed_at", "reviewed_by"}
	sourceFields   = []string{"url", "kind", "archived"}
	itemFields     = []string{"text"}
	durationFields = []string{"detected_after", "resolved_after"}
)

func (d *fastDecoder) impact(im *Impact) bool {
	var seen [3]bool
	it := d.iter()
	for d.next(&it) {
		switch string(it.key) {
		case "scope":
			it.fail(once(&seen[0]) && d.text(&im.Scope))
		case "users":
			it.fail(once(&seen[1]) && d.text(&im.Users))
		case "region":
			it.fail(once(&seen[2]) && d.text(&im.Region))
		default:
			it.fail(d.unknown(it.key, impactFields))
		}
	}
	return it.ok()
}

func (d *fastDecoder) review(rp **Review) bool {
	if d.null() {
		*rp = nil
		return true
	}
	r := new(Review)
	*rp = r
	var seen [3]bool
	it := d.iter()
	for d.next(&it) {
		switch string(it.key) {
		case "written_by":
			it.fail(once(&seen[0]) && d.strPtr(&r.WrittenBy))
		case "reviewed_at":
			it.fail(once(&seen[1]) && d.strPtr(&r.ReviewedAt))
		case "reviewed_by":
			it.fail(once(&seen[2]) && d.strPtr(&r.ReviewedBy))
		default:
			it.fail(d.unknown(it.key, reviewFields))
		}
	}
	return it.ok()
}

func (d *fastDecoder) source(s *Source) bool {
	if d.null() {
		return false // encoding/json would keep a zero source
	}
	var seen [3]bool
	it := d.iter()
	for d.next(&it) {
		switch string(it.key) {
		case "url":
			it.fail(once(&seen[0]) && d.str(&s.URL))
		case "kind":
			it.fail(once(&seen[1]) && d.str(&s.Kind))
		case "archived":
			it.fail(once(&seen[2]) && d.str(&s.Archived))
		default:
			it.fail(d.unknown(it.key, sourceFields))
		}
	}
	return it.ok()
}

func (d *fastDecoder) sources(list *[]Source) bool {
	return decodeList(d, list, (*fastDecoder).source)
}

func (d *fastDecoder) item(x *Item) bool {
	if d.null() {
		return false // encoding/json would keep a zero item
	}
	var seen bool
	it := d.iter()
	for d.next(&it) {
		if string(it.key) == "text" {
			it.fail(once(&seen) && d.text(&x.Text))
		} else {
			it.fail(d.unknown(it.key, itemFields))
		}
	}
	return it.ok()
}

func (d *fastDecoder) items(list *[]Item) bool {
	return decodeList(d, list, (*fastDecoder).item)
}

func (d *fastDecoder) durations(ds *Durations) bool {
	var seen [2]bool
	it := d.iter()
	for d.next(&it) {
		switch string(it.key) {
		case "detected_after":
			it.fail(once(&seen[0]) && d.duration(&ds.DetectedAfter))
		case "resolved_after":
			it.fail(once(&seen[1]) && d.duration(&ds.ResolvedAfter))
		default:
			it.fail(d.unknown(it.key, durationFields))
		}
	}
	return it.ok()
}

func (d *fastDecoder) duration(du *Duration) bool {
	var s string
	if d.null() {
		*du = Duration{}
		return true
	}
	if !d.str(&s) {
		return false
	}
	*du = Duration{Text: s}
	if v, err := ParseDuration(s); err == nil {
		du.D, du.ok = v, true
	}
	return true
}

// once reports whether a key is seen for the first time, and marks it.
func once(seen *bool) bool {
	if *seen {
		return false
	}
	*seen = true
	return true
}

// plainStringView is plainString without the copy: the string shares the
// bytes of q. The loader decodes straight from a file's buffer, which is
// never written after the file is split into units (a byte order mark is
// blanked in a clone, before), so its strings can point into it; a large
// load then does not copy its text again. Nothing else may call it:
// encoding/json reuses the buffers it hands to UnmarshalJSON.
func plainStringView(q []byte) (string, bool) {
	body, ok := jsonscan.PlainBody(q)
	if !ok || len(body) == 0 {
		return "", ok
	}
	return unsafe.String(&body[0], len(body)), true
}
