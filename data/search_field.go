package data

// A record's searchable fields, their texts and what a search reports of
// them (Hit, Match).

// Field names a searchable field of a record.
type Field uint8

// The searchable fields, in the order hits are reported.
const (
	FieldID Field = iota
	FieldOrg
	FieldTitleEN
	FieldTitleKO
	FieldTags
	// FieldAliases holds the other names of the record's organisation and
	// tags: their vocabulary labels and aliases, Korean ones included.
	FieldAliases
	FieldSummaryEN
	FieldSummaryKO
	numFields
)

var fieldNames = [numFields]string{"id", "org", "title.en", "title.ko", "tags", "aliases", "summary.en", "summary.ko"}

// String returns the field's name as in the record format ("title.en").
func (f Field) String() string {
	if f < numFields {
		return fieldNames[f]
	}
	return "Field(" + itoa(int(f)) + ")"
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// FieldText returns the text of field f that search matches against and
// that a Hit's Index points into: the id, the organisation, a title or
// summary in one language, or the record's tags joined with single spaces.
func (r *Record) FieldText(f Field) string {
	switch f {
	case FieldID:
		return r.ID
	case FieldOrg:
		return r.Org
	case FieldTitleEN:
		return r.Title.EN
	case FieldTitleKO:
		return r.Title.KO
	case FieldTags:
		return r.tagsText()
	case FieldAliases:
		return r.aliasText()
	case FieldSummaryEN:
		return r.summaryText(0)
	case FieldSummaryKO:
		return r.summaryText(1)
	}
	return ""
}

// summaryText returns summary k of r (0 English, 1 Korean): restored
// for a compact record, "" for a record built without a Body.
func (r *Record) summaryText(k int) string {
	switch {
	case r.stub != nil:
		return r.stub.restore(k)
	case r.Body == nil:
		return ""
	case k == 0:
		return r.Summary.EN
	}
	return r.Summary.KO
}

// tagsText is strings.Join(r.Tags(), " ") without Tags' map, which showed
// in the index build's profile.
func (r *Record) tagsText() string {
	var buf [256]byte
	return string(r.appendTags(buf[:0]))
}

// appendTags appends tagsText to b.
func (r *Record) appendTags(b []byte) []byte {
	var seen [24]string
	for i, t := range r.appendTagList(seen[:0]) {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, t...)
	}
	return b
}

// Hit is where a query matched in one field of a record.
//
// Index holds BYTE offsets into r.FieldText(Field), as sahilm/fuzzy reports
// them: each one is the first byte of a matched rune, they increase, and
// they are never rune or cell indices. Highlight by ranging over the text
// (`for i, r := range text` yields the same byte offsets).
type Hit struct {
	Field Field
	Index []int
}

// Match is one record found by a search.
type Match struct {
	Record *Record
	// Score ranks matches, higher first; it is 0 for an empty query.
	Score int
	// Hits lists the fields the query matched, in Field order, each at
	// most once. Callers must not modify them: Index slices may share
	// backing arrays with other matches.
	Hits []Hit
}

// Indexes returns the matched byte offsets in field f, or nil when the query
// did not match that field.
func (m Match) Indexes(f Field) []int {
	for _, h := range m.Hits {
		if h.Field == f {
			return h.Index
		}
	}
	return nil
}
