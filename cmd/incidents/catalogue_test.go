package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/i18ncheck"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// TestCatalogue checks the command line's words with every other word of
// the catalogue: each has English and Korean with the same formatting
// verbs. The command line's tables are its messages and headings (cli),
// its commands' summaries (cli.commands) and its flags' words (cli.flags).
func TestCatalogue(t *testing.T) {
	if err := i18n.Check(); err != nil {
		t.Error(err)
	}
	have := map[string]bool{}
	for _, e := range i18n.Entries() {
		have[e.Path] = true
	}
	var want []string
	for _, n := range append([]string{""}, commandOrder...) {
		want = append(want, "cli.commands["+strings.TrimSpace("incidents "+n)+"]")
	}
	for _, s := range flagSpecs {
		want = append(want, "cli.flags.help["+s.name+"]")
		if s.value != "" {
			want = append(want, "cli.flags.want["+s.name+"]")
		}
	}
	for _, p := range want {
		if !have[p] {
			t.Errorf("%s is not in the catalogue", p)
		}
	}
	// Every error data.ParseQuery writes is translated.
	for _, q := range []string{"dns |", "has:wings", "year:"} {
		_, err := data.ParseQuery(q)
		if got := queryError(err, data.KO); got == queryError(err, data.EN) {
			t.Errorf("query %q: the error %q has no Korean", q, got)
		}
	}
}

// koreanTyped are string literals with Korean that are not words of the
// interface but what a reader types: a search for a Korean word.
var koreanTyped = map[string]bool{
	`"incidents search 음성"`: true,
}

// TestNoKoreanOutsideCatalogue fails when the command line writes Korean
// in a string literal that is not a catalogue word (an argument of i18n.W
// or a field of an i18n.Word): such text would escape the check above.
func TestNoKoreanOutsideCatalogue(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		lits, err := i18ncheck.KoreanOutside(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range lits {
			if !koreanTyped[l.Value] {
				t.Errorf("%s: Korean outside the catalogue: %s", l.Pos, l.Value)
			}
		}
	}
}
