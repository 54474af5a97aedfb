package data

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/incidents-dev/incidents/data/internal/fold"
	"golang.org/x/text/unicode/norm"
)

// Sanitize makes text from a data file safe to print on a terminal. It
// removes C0 control characters other than newline and tab, DEL, C1 control
// characters (U+0080–U+009F), ANSI escape sequences (CSI, OSC, DCS, APC, PM
// and SOS, introduced by ESC or by their 8-bit C1 forms; of a string with no
// terminator on its line only the introducer and its parameters go, and the
// text after them stays), and the bidirectional marks, embeddings, overrides
// and isolates (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069) that
// could make text display in an order other than the one stored. The line
// and paragraph separators (U+2028, U+2029) become newlines. Bytes that are
// not UTF-8 become U+FFFD. The result is normalised to Unicode NFC.
//
// Sanitize is idempotent: Sanitize(Sanitize(s)) == Sanitize(s).
func Sanitize(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteRune(utf8.RuneError)
			i++
		case r == 0x1b:
			i = skipEscape(s, i+size)
		case r == 0x2028 || r == 0x2029:
			// The line and paragraph separators mean a new line;
			// written as one, they cannot hide a line from what counts
			// lines, and in a one-line value OneLine then shows it.
			b.WriteByte('\n')
			i += size
		case r == 0x9b:
			i = skipCSI(s, i+size)
		case r == 0x90 || r == 0x98 || r == 0x9d || r == 0x9e || r == 0x9f:
			i = skipString(s, i+size)
		case dropRune(r):
			i += size
		default:
			b.WriteString(s[i : i+size])
			i += size
		}
	}
	out := b.String()
	if !norm.NFC.IsNormalString(out) {
		out = norm.NFC.String(out)
	}
	return out
}

// clean reports whether s needs no change: printable ASCII (with newline
// and tab) needs none, and other text none when it has nothing to drop and
// is already NFC.
func clean(s string) bool {
	// ASCII and Hangul syllables, nearly all of what records hold, are
	// checked byte by byte; the first other rune hands over to the
	// rune-by-rune check.
	i := 0
	for i < len(s) {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 && c != '\n' && c != '\t') || c == 0x7f {
				return false
			}
			i++
			continue
		}
		if !fold.HangulAt(s, i) {
			break
		}
		i += 3
	}
	if i == len(s) {
		return true
	}
	simple := true
	for j, r := range s[i:] {
		if r == 0x1b || r == 0x2028 || r == 0x2029 || dropRune(r) {
			return false
		}
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i+j:]); size == 1 {
				return false
			}
		}
		simple = simple && standsAlone(r)
	}
	return simple || norm.NFC.IsNormalString(s)
}

// standsAlone reports whether r is in NFC and never combines with the rune
// before it, so that text made only of such runes is in NFC. It covers
// Latin, Hangul syllables and common punctuation, which is most of what
// records hold, and saves the normaliser's slower check
// (TestStandsAlone holds it to that).
func standsAlone(r rune) bool {
	return r < 0x300 || (r >= 0xac00 && r <= 0xd7a3) || (r >= 0x2010 && r <= 0x2027) || (r >= 0x2030 && r <= 0x205e)
}

// dropRune reports whether r is removed on its own: a control character
// other than newline and tab, or a bidirectional formatting character.
func dropRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return false
	case r < 0x20 || (r >= 0x7f && r <= 0x9f):
		return true
	case r == 0x200e || r == 0x200f || r == 0x061c:
		return true
	case r >= 0x202a && r <= 0x202e:
		return true
	case r >= 0x2066 && r <= 0x2069:
		return true
	}
	return false
}

// skipEscape skips what follows an ESC at s[i:] and returns the index after
// the sequence. A lone ESC (followed by nothing a sequence may hold) is
// dropped on its own.
func skipEscape(s string, i int) int {
	if i >= len(s) {
		return i
	}
	switch s[i] {
	case '[':
		return skipCSI(s, i+1)
	case ']', 'P', 'X', '^', '_':
		return skipString(s, i+1)
	}
	// nF and Fp/Fe/Fs escapes: intermediates 0x20–0x2F, then one final
	// byte 0x30–0x7E.
	j := i
	for j < len(s) && s[j] >= 0x20 && s[j] <= 0x2f {
		j++
	}
	if j < len(s) && s[j] >= 0x30 && s[j] <= 0x7e {
		return j + 1
	}
	return j
}

// skipCSI skips a control sequence's parameter and intermediate bytes and
// its final byte, starting after the introducer.
func skipCSI(s string, i int) int {
	for i < len(s) && s[i] >= 0x20 && s[i] <= 0x3f {
		i++
	}
	if i < len(s) && s[i] >= 0x40 && s[i] <= 0x7e {
		i++
	}
	return i
}

// maxEscapeString bounds the body of an OSC, DCS, SOS, PM or APC string
// that skipString drops whole; a title or hyperlink fits.
const maxEscapeString = 4096

// skipString skips the body of an OSC, DCS, SOS, PM or APC string, starting
// after its introducer, up to and including its terminator: BEL, ESC \ or
// the 8-bit ST (U+009C). A string with no terminator on its line, or none
// within maxEscapeString bytes, is not one a terminal would end where the
// reader expects: only its introducer's parameters (digits and ';') are
// dropped, and the text after them is kept, so that no sentence of a record
// is swallowed up to the end of its field.
func skipString(s string, i int) int {
	for j := i; j < len(s) && j-i < maxEscapeString; j++ {
		switch {
		case s[j] == 0x07:
			return j + 1
		case s[j] == 0x1b && j+1 < len(s) && s[j+1] == '\\':
			return j + 2
		case s[j] == 0xc2 && j+1 < len(s) && s[j+1] == 0x9c:
			return j + 2
		case s[j] == '\n' || s[j] == '\r':
			j = len(s) // the line ends first: unterminated
		}
	}
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == ';') {
		i++
	}
	return i
}

// sanitizeLines cleans a list of one-line values (tags, ids).
func sanitizeLines(ss []string) {
	for i, s := range ss {
		ss[i] = sanitizeLine(s)
	}
}

func (t *Text) sanitize() {
	t.EN = Sanitize(t.EN)
	t.KO = Sanitize(t.KO)
}

// sanitizeTitle cleans a Text printed on one line.
func (t *Text) sanitizeTitle() {
	t.EN = sanitizeTitle(t.EN)
	t.KO = sanitizeTitle(t.KO)
}

func sanitizeSources(srcs []Source) {
	for i := range srcs {
		s := &srcs[i]
		s.URL = sanitizeLine(s.URL)
		s.Kind = sanitizeLine(s.Kind)
		s.Archived = sanitizeLine(s.Archived)
	}
}

func sanitizePtr(p *string) {
	if p != nil {
		*p = sanitizeLine(*p)
	}
}

// sanitize cleans every string of the record in place. Values printed on
// one line (ids, dates, tags, URLs) keep no line break: see sanitizeLine.
func (r *Record) sanitize() {
	r.ID = strings.TrimSpace(sanitizeLine(r.ID))
	r.Org = sanitizeTitle(r.Org)
	r.OrgSlug = sanitizeLine(r.OrgSlug)
	r.Date = sanitizeLine(r.Date)
	r.DateKind = sanitizeLine(r.DateKind)
	sanitizeLines(r.Docs)
	r.Title.sanitizeTitle()
	sanitizeLines(r.Domain)
	r.Impact.Scope.sanitize()
	r.Impact.Users.sanitize()
	r.Impact.Region.sanitize()
	if r.Review != nil {
		sanitizePtr(r.Review.WrittenBy)
		sanitizePtr(r.Review.ReviewedAt)
		sanitizePtr(r.Review.ReviewedBy)
	}
	r.Lessons.sanitize()
	sanitizeLines(r.Related)
	sanitizeSources(r.Sources)
	r.Summary.sanitize()
	r.Trigger.sanitize()
	r.Severity = sanitizeLine(r.Severity)
	sanitizeLines(r.Symptoms)
	r.SymptomsText.sanitize()
	r.Timeline.DetectedAfter.Text = sanitizeLine(r.Timeline.DetectedAfter.Text)
	r.Timeline.ResolvedAfter.Text = sanitizeLine(r.Timeline.ResolvedAfter.Text)
	r.Detection.sanitize()
	sanitizeLines(r.Components)
	r.RootCause = sanitizeLine(r.RootCause)
	for i := range r.Remediation {
		r.Remediation[i].Text.sanitize()
	}
	for i := range r.ActionItems {
		r.ActionItems[i].Text.sanitize()
	}
	sanitizeLines(r.Contributing)
	sanitizePtr(r.RecurrenceOf)
	r.UpdatedAt = sanitizeLine(r.UpdatedAt)
	r.URL = sanitizeLine(r.URL)
}

// sanitize cleans every string of the timeline in place, including those
// inside its raw model parameters.
func (t *Timeline) sanitize() {
	t.Incident = strings.TrimSpace(sanitizeLine(t.Incident))
	t.Zone = sanitizeLine(t.Zone)
	for i := range t.Stages {
		t.Stages[i].ID = sanitizeLine(t.Stages[i].ID)
		t.Stages[i].Title.sanitizeTitle()
	}
	for i := range t.Events {
		e := &t.Events[i]
		e.Stage = sanitizeLine(e.Stage)
		e.Kind = Kind(sanitizeLine(string(e.Kind)))
		e.Outcome = Outcome(sanitizeLine(string(e.Outcome)))
		e.Actor.sanitizeTitle()
		e.Title.sanitizeTitle()
		e.Annotation.sanitize()
		e.Prompt.sanitize()
	}
	for i := range t.Series {
		s := &t.Series[i]
		s.Name = sanitizeLine(s.Name)
		s.Unit = sanitizeLine(s.Unit)
		s.Label.sanitizeTitle()
		s.Provenance = Provenance(sanitizeLine(string(s.Provenance)))
		s.Note.sanitize()
		s.Group = sanitizeLine(s.Group)
	}
	sanitizeSources(t.Sources)
	t.Model = sanitizeRaw(t.Model)
}

// sanitizeRaw cleans the strings inside a raw JSON value, keeping its
// numbers exactly as written. The value is returned unchanged when it holds
// nothing to clean or does not decode.
func sanitizeRaw(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return raw
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return raw
	}
	changed := false
	var walk func(v any) any
	walk = func(v any) any {
		switch v := v.(type) {
		case string:
			s := Sanitize(v)
			changed = changed || s != v
			return s
		case []any:
			for i := range v {
				v[i] = walk(v[i])
			}
		case map[string]any:
			for k, x := range v {
				if c := Sanitize(k); c != k {
					changed = true
					delete(v, k)
					k = c
				}
				v[k] = walk(x)
			}
		}
		return v
	}
	v = walk(v)
	if !changed {
		return raw
	}
	out, err := json.Marshal(v)
	if err != nil {
		return raw
	}
	return out
}

// sanitize cleans every string of the term in place.
func (t *Term) sanitize() {
	t.Term = strings.TrimSpace(sanitizeLine(t.Term))
	t.Facet = sanitizeLine(t.Facet)
	t.Label.sanitizeTitle()
	t.Definition.sanitize()
}
