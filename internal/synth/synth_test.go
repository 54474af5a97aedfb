package synth

import (
	"bufio"
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
)

func TestRecordsDeterministic(t *testing.T) {
	a, b := Records(50, 7), Records(50, 7)
	var ba, bb bytes.Buffer
	if err := WriteJSONL(&ba, a); err != nil {
		t.Fatal(err)
	}
	if err := WriteJSONL(&bb, b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ba.Bytes(), bb.Bytes()) {
		t.Fatal("same seed gave different records")
	}
	var bc bytes.Buffer
	if err := WriteJSONL(&bc, Records(50, 8)); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(ba.Bytes(), bc.Bytes()) {
		t.Fatal("different seeds gave the same records")
	}
}

var idForm = regexp.MustCompile(`^SY-\d{6}$`)

func TestRecordsValid(t *testing.T) {
	recs := Records(2000, 1)
	if len(recs) != 2000 {
		t.Fatalf("got %d records, want 2000", len(recs))
	}
	ids := map[string]bool{}
	orgs := map[string]bool{}
	for _, r := range recs {
		if !idForm.MatchString(r.ID) || ids[r.ID] {
			t.Fatalf("bad or repeated id %q", r.ID)
		}
		ids[r.ID] = true
		orgs[r.Org] = true
		day, err := time.Parse(time.DateOnly, r.Date)
		if err != nil || !day.Equal(r.Day) {
			t.Fatalf("%s: date %q does not parse to Day %v", r.ID, r.Date, r.Day)
		}
		if y := r.Year(); y < 2010 || y > 2026 {
			t.Fatalf("%s: year %d outside 2010-2026", r.ID, y)
		}
		if !r.Title.Complete() || !r.Summary.Complete() {
			t.Fatalf("%s: title or summary missing a language", r.ID)
		}
		if !strings.ContainsFunc(r.Title.KO, func(c rune) bool { return c >= 0xAC00 && c <= 0xD7A3 }) {
			t.Fatalf("%s: Korean title %q has no Hangul", r.ID, r.Title.KO)
		}
		if n := len([]rune(r.Summary.EN)); n < 300 {
			t.Fatalf("%s: English summary only %d characters", r.ID, n)
		}
		if !r.Timeline.ResolvedAfter.Known() {
			t.Fatalf("%s: resolved_after %q did not parse", r.ID, r.Timeline.ResolvedAfter.Text)
		}
		if len(r.Tags()) < 3 {
			t.Fatalf("%s: only tags %v", r.ID, r.Tags())
		}
	}
	if len(orgs) < 200 {
		t.Fatalf("only %d organisations", len(orgs))
	}
}

func TestWriteJSONLRoundTrip(t *testing.T) {
	recs := Records(20, 3)
	var buf bytes.Buffer
	if err := WriteJSONL(&buf, recs); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(&buf)
	sc.Buffer(nil, 1<<20)
	i := 0
	for sc.Scan() {
		var r data.Record
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("line %d: %v", i+1, err)
		}
		want := recs[i]
		if r.ID != want.ID || r.Date != want.Date || r.Title != want.Title || r.Summary != want.Summary ||
			r.Timeline.ResolvedAfter.D != want.Timeline.ResolvedAfter.D {
			t.Fatalf("line %d: record %s did not round-trip", i+1, want.ID)
		}
		i++
	}
	if i != len(recs) {
		t.Fatalf("read %d lines, want %d", i, len(recs))
	}
}
