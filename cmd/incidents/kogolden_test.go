package main

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"unicode"

	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// TestKoreanGoldens is the Korean-golden lint: every Korean golden of the
// repository (a .golden file whose name has a "ko" part: ko_80.golden,
// err_at_ko.golden, FX-0007_ko_120.golden) may hold no English word of
// the interface. The interface's English words are those of the
// catalogue's English side (so it is this package's test: package main
// links every screen, and every screen registers its words) and of the
// data's vocabulary the screens translate (units, kinds, provenance,
// on/off). A word passes when it is not one of them, or is a name, code or
// id as written (all capitals, or inside a token with
// digits or punctuation such as has:timeline, IL-0499, --lang,
// partitions=32), or is on koAllowed with its reason.
func TestKoreanGoldens(t *testing.T) {
	vocab := englishVocabulary()
	root := filepath.Join("..", "..")
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if !d.IsDir() && isKoreanGolden(p) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 50 {
		t.Fatalf("found %d Korean goldens, want the repository's (at least 50)", len(files))
	}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		var inEN []bool // per pane: the line above ended inside an [EN] text
		for i, line := range strings.Split(string(b), "\n") {
			var bad []string
			panes := strings.Split(ansi.Strip(line), "│")
			for j, pane := range panes {
				cont := j < len(inEN) && inEN[j] && !hasHangul(pane) && strings.TrimSpace(pane) != ""
				if !cont {
					bad = append(bad, englishWords(pane, vocab)...)
				}
				if j >= len(inEN) {
					inEN = append(inEN, false)
				}
				inEN[j] = cont || strings.Contains(pane, i18n.Marker(data.EN))
			}
			if len(bad) > 0 {
				t.Errorf("%s:%d: English in a Korean golden: %s\n\t%s", filepath.ToSlash(rel), i+1, strings.Join(bad, ", "), strings.TrimSpace(ansi.Strip(line)))
			}
		}
	}
}

// hasHangul reports whether s holds a Hangul letter.
func hasHangul(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return unicode.Is(unicode.Hangul, r) }) >= 0
}

// isKoreanGolden reports whether p is a golden of a Korean screen or text.
func isKoreanGolden(p string) bool {
	if !strings.HasSuffix(p, ".golden") || !strings.Contains(filepath.ToSlash(p), "testdata/") {
		return false
	}
	name := strings.TrimSuffix(filepath.Base(p), ".golden")
	return slices.Contains(strings.FieldsFunc(strings.ToLower(name), func(r rune) bool { return r == '_' || r == '-' || r == '.' }), "ko")
}

// koAllowed are lowercase English words a Korean screen shows as they are,
// each with its reason.
var koAllowed = map[string]string{
	// Key names, as the keyboard and every terminal tool writes them.
	"esc": "key name", "enter": "key name", "tab": "key name", "space": "key name",
	"ctrl": "key name", "shift": "key name", "pgup": "key name", "pgdn": "key name",
	"pgdown": "key name", "home": "key name", "end": "key name", "up": "key name (↑)",
	"down": "key name (↓)",
	// Command names and arguments typed as written.
	"incidents": "the command's name", "list": "command", "search": "command", "show": "command",
	"timeline": "command", "replay": "command", "validate": "command", "serve": "command",
	"mcp": "command", "help": "command", "version": "command", "completion": "command",
	"cast": "command", "bash": "shell name", "zsh": "shell name", "fish": "shell name",
	"en": "--lang value", "ko": "--lang value", "both": "--lang value",
	"auto": "--theme value", "dark": "--theme value", "light": "--theme value",
	"tasks": "a --set parameter name", "cores": "a --set parameter name", "Type": "CrowdStrike's name IPC Template Type", "Instance": "CrowdStrike's name IPC Template Instance",
	"source": "--tz value", "utc": "--tz value", "local": "--tz value",
	"word":  "the query syntax's placeholder, typed as written",
	"never": "a --set value typed as written (rate_limit_at=never)",
	"on":    "a --set value typed as written (restart_1305=on)", "off": "a --set value typed as written",
	// Values of the data format, quoted in a validation message.
	"trigger": "a kind value in a validation message", "symptom": "a kind value",
	"detection": "a kind value", "action": "a kind value", "recovery": "a kind value", "note": "a kind value",
	"worked": "an outcome value", "failed": "an outcome value", "partly": "an outcome value", "none": "an outcome value",
	"reported": "a provenance value", "modelled": "a provenance value", "illustrative": "a provenance value",
	"kind": "a field name in a validation message", "outcome": "a field name in a validation message",
	"title": "a field name", "date": "a field name", "id": "a field name", "org": "a field name and filter",
	"summary": "a field name", "severity": "a field name and filter", "start": "a field name",
	"stage": "a field name", "events": "a field name", "series": "a field name",
	"provenance": "a field name", "points": "a field name", "at": "a field name",
	// Technical words of the records' own text, written in English by the
	// Korean text as engineers write them.
	"sessions": "a service's name in IL-0499's text", "calls": "a service's name in IL-0499's text",
	"streams": "a service's name in IL-0499's text", "guilds": "a service's name in IL-0499's text",
	"syncer": "a component's name (voice syncer)", "syncers": "a component's name (voice syncers)",
	"voice": "a component's name (voice syncer)", "selective": "Erlang's 'selective receive'",
	"receive": "Erlang's 'selective receive'", "feature": "Cloudflare's 'feature file'",
	"gun": "an Erlang HTTP client's name", "etcd": "a program's name",
	"ssh": "a program's name", "asciicast": "a file format's name", "Markdown": "a format's name",
	// Names of the test fixtures (organisations), as written.
	"Empty": "a fixture organisation's name (Empty Fields Inc)", "Fields": "a fixture organisation's name (Empty Fields Inc)",
	"Field":      "the same name cut to the column (Empty Field…)",
	"Endpoint":   "Discord's client message “Awaiting Endpoint”, quoted as users saw it",
	"partitions": "a --set name, shown beside its label as typed", "instances": "a --set name, shown beside its label as typed",
	"ms": "a unit", "WxH": "--size's placeholder", "play": "asciinema's subcommand, typed as written",
	"vocab": "an MCP tool's name", "spawn": "Erlang's spawn, as Korean engineers write it",
	"supervisor": "Erlang/OTP's supervisor, as the fixtures' Korean text writes it",
}

// koTyped start the text a user typed, in the minutes: the group's answer
// and a note after a starred moment (" — "); a participant's prediction
// in the room test ("• alice: ").
var koTyped = []string{"**팀의 답:**", " — ", "• alice: "}

// englishVocabulary is every English word of the interface: the
// catalogue's, and the data's words the screens translate.
func englishVocabulary() map[string]bool {
	v := map[string]bool{}
	add := func(s string) {
		for _, w := range wordRE.FindAllString(s, -1) {
			if len(w) > 1 {
				v[strings.ToLower(w)] = true
			}
		}
	}
	for _, e := range i18n.Entries() {
		add(verbRE.ReplaceAllString(e.Word.EN, " "))
	}
	// The data's words a screen shows translated: units, source kinds,
	// a severity the record does not know, switches.
	for _, s := range []string{"messages msgs instances events calls partitions cores ring",
		"postmortem blog news copy official status announcement report regulator discussion",
		"unknown on off min"} {
		add(s)
	}
	return v
}

var (
	wordRE = regexp.MustCompile(`[A-Za-z]+`)
	verbRE = regexp.MustCompile(`%(\[\d+\])?[-+# 0-9.]*[a-zA-Z]`)
	// codeRE is a token that is a code, id, path, flag or query as typed:
	// letters with digits or with punctuation inside or before them.
	codeRE = regexp.MustCompile(`[0-9:/=_.@\\<>{}$'"` + "`" + `#|^!~]|^-|[A-Za-z]-[A-Za-z]`)
)

// englishWords returns the interface's English words in a line of a
// Korean golden.
func englishWords(line string, vocab map[string]bool) []string {
	line = ansi.Strip(line)
	// The command line goldens' own lines: the command run, its exit code
	// and the streams' headings.
	for _, p := range []string{"$ incidents ", "exit ", "--- stdout", "--- stderr"} {
		if strings.HasPrefix(line, p) {
			return nil
		}
	}
	// What the user typed is shown as typed: a study group's answer, a
	// starred moment's note.
	for _, p := range koTyped {
		if i := strings.Index(line, p); i >= 0 {
			line = line[:i]
		}
	}
	// A data text marked as shown in English for want of its translation
	// is English by design (i18n.Marker), to the end of its line and on
	// the lines it wraps onto (see TestKoreanGoldens).
	if i := strings.Index(line, i18n.Marker(data.EN)); i >= 0 {
		line = line[:i]
	}
	var bad []string
	for _, tok := range strings.Fields(line) {
		// Brackets and sentence punctuation are no part of a word; quotes,
		// colons and the like mark a value or code as typed.
		tok = strings.Trim(tok, "()[],.;?…·•▸")
		// Korean particles and words after the letters leave the word.
		ascii := tok
		if i := strings.IndexFunc(tok, func(r rune) bool { return r > unicode.MaxASCII }); i >= 0 {
			ascii = tok[:i]
		}
		if ascii == "" || codeRE.MatchString(ascii) {
			continue
		}
		for _, w := range wordRE.FindAllString(ascii, -1) {
			lw := strings.ToLower(w)
			switch {
			case len(w) < 2 || !vocab[lw]:
			case w == strings.ToUpper(w): // a code as written: EN, PDT, SEV
			case koAllowed[lw] != "" || koAllowed[w] != "":
			default:
				bad = append(bad, w)
			}
		}
	}
	sort.Strings(bad)
	return slices.Compact(bad)
}

// TestEnglishWords: the lint flags the interface's English words a Korean
// screen leaves untranslated, and passes codes, names, key names and data
// text shown in English by design.
func TestEnglishWords(t *testing.T) {
	vocab := englishVocabulary()
	for _, tc := range []struct {
		line string
		want []string
	}{
		{"• blog", []string{"blog"}},
		{"Northwind · 2024-01-02 · unknown", []string{"unknown"}},
		{"‹ on › ms per 100k queued", []string{"per", "queued"}},
		{"데이터에 문제 3개 · ! to see them", []string{"see", "them", "to"}},
		{"검색어: org:에 값이 필요합니다 (예: org:discord)", nil},
		{"IL-0499 · Discord · 2026-03-25 · SEV1 · PDT", nil},
		{"enter 열기 · esc 뒤로 · tab 관련 사례", nil},
		{"영향 범위    [EN] Voice calls could not start", nil},
		{`--set: 잘못된 값 "x" (partitions=32처럼 NAME=VALUE 형식)`, nil},
	} {
		if got := englishWords(tc.line, vocab); !slices.Equal(got, tc.want) {
			t.Errorf("englishWords(%q) = %q, want %q", tc.line, got, tc.want)
		}
	}
}
