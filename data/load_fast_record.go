package data

// decodeRecordFast decodes one record in the Incident Library format
// without encoding/json, which scans every byte of text three or four
// times and spends most of a large load in reflection. It takes only
// the plain form of the format: exact key names, no repeated keys,
// every value of the expected JSON type or null. It reports false on
// anything else, and the caller decodes with encoding/json, which then
// also produces the error message; when it reports true, the record is
// the one encoding/json gives (FuzzDecodeRecordFast holds it to that).
func decodeRecordFast(b []byte) (*Record, bool) { return decodeRecordFastAs(b, false) }

// decodeRecordFastAs is decodeRecordFast; valid says b is known to be
// valid UTF-8, which its strings then are too.
func decodeRecordFastAs(b []byte, valid bool) (*Record, bool) {
	d := fastDecoder{b: b, valid: valid}
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
			ok = d.impact(&r.body().Impact)
		case "review":
			ok = d.review(&r.body().Review)
		case "lessons":
			ok = d.text(&r.body().Lessons)
		case "related":
			ok = d.strings(&r.Related)
		case "sources":
			ok = d.sources(&r.body().Sources)
		case "summary":
			ok = d.text(&r.body().Summary)
		case "trigger":
			ok = d.text(&r.body().Trigger)
		case "severity":
			ok = d.str(&r.Severity)
		case "symptoms":
			ok = d.strings(&r.Symptoms)
		case "symptoms_text":
			ok = d.text(&r.body().SymptomsText)
		case "timeline":
			ok = d.durations(&r.Timeline)
		case "detection":
			ok = d.text(&r.body().Detection)
		case "components":
			ok = d.strings(&r.Components)
		case "root_cause":
			ok = d.str(&r.RootCause)
		case "remediation":
			ok = d.items(&r.body().Remediation)
		case "action_items":
			ok = d.items(&r.body().ActionItems)
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
