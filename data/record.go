package data

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"
)

// Record is one incident in the Incident Library's JSON record format. Every
// field of that format is here, those that only a record's own page shows
// in its Body; unknown fields are ignored on load, and null or missing
// fields leave the zero value. Its JSON has the format's fields in the
// format's order (see MarshalJSON).
type Record struct {
	ID           string    `json:"id"`
	Org          string    `json:"org"`
	OrgSlug      string    `json:"org_slug,omitempty"`
	Date         string    `json:"date"`
	DateKind     string    `json:"date_kind,omitempty"`
	Docs         []string  `json:"docs"`
	Title        Text      `json:"title"`
	Domain       []string  `json:"domain"`
	Related      []string  `json:"related"`
	Severity     string    `json:"severity"`
	Symptoms     []string  `json:"symptoms"`
	Timeline     Durations `json:"timeline"`
	Components   []string  `json:"components"`
	RootCause    string    `json:"root_cause"`
	Contributing []string  `json:"contributing"`
	RecurrenceOf *string   `json:"recurrence_of"`
	UpdatedAt    string    `json:"updated_at,omitempty"`
	URL          string    `json:"url,omitempty"`
	// Body holds the sections a list does not show. The loader always
	// sets it; a compact record's is empty and shared (read only), and
	// Full reads the record whole. A pointer keeps compact records small.
	*Body

	// Origin says where the record was loaded from (a path inside the
	// bundled library or a user folder). It is not part of the format.
	Origin string `json:"-"`
	// Day is Date parsed; zero when Date does not parse (validation
	// rejects such records, so loaded records always have it).
	Day time.Time `json:"-"`

	// names are the record's other names for search, set by the loader
	// from the vocabulary (see Vocab.attach).
	names recordNames
	// stub is set on a compact record (Options.Compact): what it dropped.
	stub *stub
}

// Body is the part of a record that its own page shows and a list does
// not.
type Body struct {
	Impact       Impact   `json:"impact"`
	Review       *Review  `json:"review"`
	Lessons      Text     `json:"lessons"`
	Sources      []Source `json:"sources"`
	Summary      Text     `json:"summary"`
	Trigger      Text     `json:"trigger"`
	SymptomsText Text     `json:"symptoms_text"`
	Detection    Text     `json:"detection"`
	Remediation  []Item   `json:"remediation"`
	ActionItems  []Item   `json:"action_items"`
}

// noBody is the Body of compact records: empty, and never written.
var noBody = new(Body)

// body returns r's Body, made first when r has none.
func (r *Record) body() *Body {
	if r.Body == nil {
		r.Body = new(Body)
	}
	return r.Body
}

// recordJSON is the record format's fields in the format's order, which
// MarshalJSON writes.
type recordJSON struct {
	ID           string    `json:"id"`
	Org          string    `json:"org"`
	OrgSlug      string    `json:"org_slug,omitempty"`
	Date         string    `json:"date"`
	DateKind     string    `json:"date_kind,omitempty"`
	Docs         []string  `json:"docs"`
	Title        Text      `json:"title"`
	Domain       []string  `json:"domain"`
	Impact       Impact    `json:"impact"`
	Review       *Review   `json:"review"`
	Lessons      Text      `json:"lessons"`
	Related      []string  `json:"related"`
	Sources      []Source  `json:"sources"`
	Summary      Text      `json:"summary"`
	Trigger      Text      `json:"trigger"`
	Severity     string    `json:"severity"`
	Symptoms     []string  `json:"symptoms"`
	SymptomsText Text      `json:"symptoms_text"`
	Timeline     Durations `json:"timeline"`
	Detection    Text      `json:"detection"`
	Components   []string  `json:"components"`
	RootCause    string    `json:"root_cause"`
	Remediation  []Item    `json:"remediation"`
	ActionItems  []Item    `json:"action_items"`
	Contributing []string  `json:"contributing"`
	RecurrenceOf *string   `json:"recurrence_of"`
	UpdatedAt    string    `json:"updated_at,omitempty"`
	URL          string    `json:"url,omitempty"`
}

// MarshalJSON writes r in the record format, its fields in the format's
// order (a record without a Body writes that part empty). Text is left
// unescaped: an encoder that escapes HTML escapes it as it writes.
func (r Record) MarshalJSON() ([]byte, error) {
	b := r.Body
	if b == nil {
		b = noBody
	}
	w := recordJSON{
		ID: r.ID, Org: r.Org, OrgSlug: r.OrgSlug, Date: r.Date, DateKind: r.DateKind, Docs: r.Docs, Title: r.Title,
		Domain: r.Domain, Impact: b.Impact, Review: b.Review, Lessons: b.Lessons, Related: r.Related,
		Sources: b.Sources, Summary: b.Summary, Trigger: b.Trigger, Severity: r.Severity, Symptoms: r.Symptoms,
		SymptomsText: b.SymptomsText, Timeline: r.Timeline, Detection: b.Detection, Components: r.Components,
		RootCause: r.RootCause, Remediation: b.Remediation, ActionItems: b.ActionItems, Contributing: r.Contributing,
		RecurrenceOf: r.RecurrenceOf, UpdatedAt: r.UpdatedAt, URL: r.URL,
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(w); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Impact is the record's impact block. The library writes its fields as
// plain strings; bundled records write them in both languages.
type Impact struct {
	Scope  Text `json:"scope"`
	Users  Text `json:"users"`
	Region Text `json:"region"`
}

// Review says who wrote and reviewed a record.
type Review struct {
	WrittenBy  *string `json:"written_by"`
	ReviewedAt *string `json:"reviewed_at"`
	ReviewedBy *string `json:"reviewed_by"`
}

// Source is one cited source of a record.
type Source struct {
	URL      string `json:"url"`
	Kind     string `json:"kind"`
	Archived string `json:"archived,omitempty"`
}

// Item is one remediation step or action item.
type Item struct {
	Text Text `json:"text"`
}

// Durations holds the record's detection and resolution delays.
type Durations struct {
	DetectedAfter Duration `json:"detected_after"`
	ResolvedAfter Duration `json:"resolved_after"`
}

// Duration is a delay written as text such as "3h 17m", kept as written for
// display and parsed for sorting and filtering. A null or missing value is
// the zero Duration, for which Known reports false.
type Duration struct {
	Text string
	D    time.Duration
	ok   bool
}

// Known reports whether the duration was present and parsed.
func (d Duration) Known() bool { return d.ok }

// String returns the duration as written, or "" when missing.
func (d Duration) String() string { return d.Text }

// durationUnits are the unit words ParseDuration takes, in the order it
// tries them: a longer spelling before its prefix.
var durationUnits = []string{
	"days", "day", "d", "hours", "hour", "hrs", "hr", "h",
	"minutes", "minute", "mins", "min", "m", "seconds", "second", "secs", "sec", "s",
}

// ParseDuration parses forms such as "3h 17m", "1h14m", "45 min", "2d 3h",
// "73 hours" or "43s". Anything that is not a sequence of such parts is an
// error naming the value.
//
// A part is digits with an optional decimal fraction, optional ASCII
// space, and a unit in any case; parts may be separated by white space.
// (It takes exactly what the regular expression
// (?i)(\d+(?:\.\d+)?)\s*(days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)
// repeated would, which it replaced for speed; see durationRegexp in tests.)
func ParseDuration(s string) (time.Duration, error) {
	rest := strings.TrimSpace(s)
	if rest == "" {
		return 0, fmt.Errorf("empty duration")
	}
	type part struct{ num, unit string }
	var buf [4]part
	parts := buf[:0]
	for i := 0; ; {
		for i < len(rest) {
			r, n := utf8.DecodeRuneInString(rest[i:])
			if !unicode.IsSpace(r) {
				break
			}
			i += n
		}
		if i == len(rest) {
			break
		}
		num, unit, next := durationPartAt(rest, i)
		if next < 0 {
			return 0, fmt.Errorf("invalid duration %q (want a form such as 3h 17m)", s)
		}
		parts = append(parts, part{num, unit})
		i = next
	}
	var total time.Duration
	for _, p := range parts {
		n, err := strconv.ParseFloat(p.num, 64)
		if err != nil {
			return 0, fmt.Errorf("invalid duration %q: %w", s, err)
		}
		unit := time.Minute
		switch strings.ToLower(p.unit)[0] {
		case 'd':
			unit = 24 * time.Hour
		case 'h':
			unit = time.Hour
		case 's':
			unit = time.Second
		}
		total += time.Duration(n * float64(unit))
	}
	return total, nil
}

// durationPartAt reads the part of a duration at s[i]: its number, its unit
// as written, and where it ends (-1 when none starts there).
func durationPartAt(s string, i int) (num, unit string, end int) {
	isDigit := func(j int) bool { return j < len(s) && '0' <= s[j] && s[j] <= '9' }
	j := i
	for isDigit(j) {
		j++
	}
	if j == i {
		return "", "", -1
	}
	if j < len(s) && s[j] == '.' && isDigit(j+1) {
		for j += 2; isDigit(j); j++ {
		}
	}
	num = s[i:j]
	for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '\n' || s[j] == '\f' || s[j] == '\r') {
		j++
	}
	for _, u := range durationUnits {
		if k := foldPrefix(s, j, u); k >= 0 {
			return num, s[j:k], k
		}
	}
	return "", "", -1
}

// foldPrefix reports where word (lower-case ASCII letters) ends if it
// starts at s[i] in any case, the way a (?i) regular expression matches it
// (an "s" matches the long s, U+017F, too), or -1.
func foldPrefix(s string, i int, word string) int {
	for k := 0; k < len(word); k++ {
		switch {
		case i < len(s) && s[i]|0x20 == word[k] && s[i] >= 'A':
			i++
		case word[k] == 's' && strings.HasPrefix(s[i:], "\u017f"):
			i += len("\u017f")
		default:
			return -1
		}
	}
	return i
}

// UnmarshalJSON accepts a string or null. A string that does not parse is
// kept as written (Known reports false), so one odd value never drops a record.
func (d *Duration) UnmarshalJSON(b []byte) error {
	var s *string
	if err := json.Unmarshal(b, &s); err != nil {
		return err
	}
	*d = Duration{}
	if s == nil {
		return nil
	}
	d.Text = *s
	if v, err := ParseDuration(*s); err == nil {
		d.D, d.ok = v, true
	}
	return nil
}

// MarshalJSON writes the duration as written, or null.
func (d Duration) MarshalJSON() ([]byte, error) {
	if d.Text == "" {
		return []byte("null"), nil
	}
	return json.Marshal(d.Text)
}

// Tags returns the record's vocabulary terms: domains, components, root
// cause, contributing factors and symptoms, in that order, without repeats.
func (r *Record) Tags() []string {
	seen := map[string]bool{}
	var out []string
	add := func(ts ...string) {
		for _, t := range ts {
			if t != "" && !seen[t] {
				seen[t] = true
				out = append(out, t)
			}
		}
	}
	add(r.Domain...)
	add(r.Components...)
	add(r.RootCause)
	add(r.Contributing...)
	add(r.Symptoms...)
	return out
}

// Year returns the record's year, or 0 when its date did not parse.
func (r *Record) Year() int {
	if r.Day.IsZero() {
		return 0
	}
	return r.Day.Year()
}

// SeverityCode returns a severity as a badge shows it: in capitals when it
// is a short code of letters and digits ("p1" reads "P1"), as written
// otherwise, so that words and escapes shown as text keep their case.
func SeverityCode(sev string) string {
	if sev == "" || len(sev) > 8 {
		return sev
	}
	for _, r := range sev {
		if (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return sev
		}
	}
	return strings.ToUpper(sev)
}
