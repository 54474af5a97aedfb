package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestSearchWhyLine: on a terminal, a result whose match is in no column
// the line shows (etcd is only in these summaries) gets a line under its
// title with the summary's words around the match; a pipe gets one line
// per result, as scripts read it.
func TestSearchWhyLine(t *testing.T) {
	for _, tc := range []struct {
		width int
		lang  string
		want  string
	}{
		{120, "en", "↳ …suffered too: the etcd connection"},
		{120, "ko", "서비스 디스커버리용 etcd 연결도"},
		// IX-0009's title matches etcd in letters past the line's end.
		{120, "en", "↳ …stretched the outage"},
		{0, "en", ""},
	} {
		var out, errb bytes.Buffer
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb,
			getenv: func(k string) string { return map[string]string{"NO_COLOR": "1"}[k] }, termWidth: tc.width}
		if code := e.run([]string{"search", "etcd", "--lang", tc.lang, "--no-cache"}); code != exitOK {
			t.Fatalf("exit %d: %s", code, errb.String())
		}
		lines := strings.Split(strings.TrimSpace(out.String()), "\n")
		if tc.want == "" {
			for _, l := range lines {
				if strings.Contains(l, "↳") {
					t.Errorf("a pipe got a why-line: %q", l)
				}
			}
			continue
		}
		if !strings.Contains(out.String(), tc.want) {
			t.Errorf("%s at %d: no why-line %q:\n%s", tc.lang, tc.width, tc.want, out.String())
		}
		for _, l := range lines {
			if w := len([]rune(l)); w > 0 && strings.Contains(l, "↳") && strings.Index(l, "↳") != strings.Index(lines[0], "Discord voice") && tc.lang == "en" {
				t.Errorf("the why-line does not start under the title: %q", l)
			}
		}
	}
}
