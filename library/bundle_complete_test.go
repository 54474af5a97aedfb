package library_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
)

// genericQuestions are study mode's fallbacks: a prompt must not be one.
var genericQuestions = []string{"What would you try next?", "다음에 무엇을 해 보겠습니까?"}

// TestBundleComplete holds the bundle to issue 24's "done" for what is
// there: every study stop of every bundled timeline asks its own question
// in both languages, and validate finds nothing (milestones agree with
// their records, rhymes land on events, prompts are all there).
func TestBundleComplete(t *testing.T) {
	lib, err := library.Open(library.Options{})
	if err != nil {
		t.Fatalf("the bundle loads with problems:\n%v", err)
	}
	recs := lib.Records()
	if len(recs) < 30 {
		t.Errorf("%d bundled records, want at least 30", len(recs))
	}
	stops := 0
	for _, r := range recs {
		tl, ok := lib.Data().Timeline(r.ID)
		if !ok {
			continue // the timelines the sources cannot support are listed in the README
		}
		for i, e := range tl.Events {
			if e.Kind != data.KindAction || e.Outcome == data.OutcomeNone {
				continue
			}
			stops++
			for lang, p := range map[string]string{"en": e.Prompt.EN, "ko": e.Prompt.KO} {
				p = strings.TrimSpace(p)
				switch {
				case p == "":
					t.Errorf("%s: events[%d].prompt.%s: missing", tl.Origin, i, lang)
				case containsFold(genericQuestions, p):
					t.Errorf("%s: events[%d].prompt.%s: the generic question %q", tl.Origin, i, lang, p)
				case !strings.HasSuffix(p, "?"):
					t.Errorf("%s: events[%d].prompt.%s: %q does not end with a question mark", tl.Origin, i, lang, p)
				}
			}
		}
	}
	if stops == 0 {
		t.Error("no study stop in the bundle")
	}
	// What `incidents validate data/` runs: with every prompt in place,
	// milestones agreeing with their records and every rhyme landing on
	// an event, it finds nothing.
	if err := library.Validate([]string{filepath.Join("..", "data")}); err != nil {
		t.Errorf("validate data/:\n%v", err)
	}
}

func containsFold(list []string, s string) bool {
	for _, q := range list {
		if strings.EqualFold(q, s) {
			return true
		}
	}
	return false
}
