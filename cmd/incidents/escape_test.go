package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// TestShowUnterminatedEscape shows a record whose fields hold escape
// strings that never end (an OSC title with no terminator, an 8-bit DCS):
// the golden holds every sentence after them, and no escape byte. A record
// id with white space around it loads, and is shown, under its bare id.
func TestShowUnterminatedEscape(t *testing.T) {
	dir := t.TempDir()
	rec := `{"id": " \tHX-7001\u200b ", "date": "2024-05-06", "org": "Example",
		"title": {"en": "A title\u001b]2;forged window title", "ko": "제목\u001b]0;창 제목"},
		"summary": {"en": "Before the escape.\u001b]2;forged title\nThe sentence after it is kept. So is \u0090this one.",
			"ko": "이스케이프 앞.\u001b]2;가짜 제목\n그다음 문장도 남는다."}}`
	if err := os.WriteFile(filepath.Join(dir, "x.json"), []byte(rec), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, lang := range []string{"en", "ko"} {
		t.Run(lang, func(t *testing.T) {
			r := runCLI(t, nil, "show", "HX-7001", "--data", dir, "--lang", lang, "--width", "60")
			if r.code != exitOK {
				t.Fatalf("show: %d %s", r.code, r.stderr)
			}
			if strings.ContainsAny(r.stdout, "\x1b\x07\u0090\u009c") {
				t.Errorf("an escape byte reached the output: %q", r.stdout)
			}
			golden.RequireEqual(t, []byte(r.stdout))
		})
	}
}
