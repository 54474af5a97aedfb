package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"
)

// tzData holds T-9101, from 16:00 to 18:30 PDT on 25 March (frozen here,
// so that editing the bundle never moves these goldens): in UTC it
// crosses midnight, in Seoul it lies wholly on the 26th.
const tzData = "testdata/tz"

// TestTimelineZone goldens `incidents timeline` in UTC and in Seoul, in
// English and Korean: the span, the milestones and every event move to
// the zone and name it, and the date follows (+1d after midnight UTC; the
// 26th in Seoul).
func TestTimelineZone(t *testing.T) {
	for _, tz := range []struct{ flag, name, span string }{
		{"utc", "utc", "2026-03-25 23:00–01:30 UTC +1d"},
		{"Asia/Seoul", "seoul", "2026-03-26 08:00–10:30 KST"},
	} {
		for _, lang := range []string{"en", "ko"} {
			t.Run(tz.name+"_"+lang, func(t *testing.T) {
				args := []string{"--data", tzData, "timeline", "T-9101", "--tz", tz.flag, "--lang", lang, "--width", "80"}
				r := runCLI(t, map[string]string{}, args...)
				if r.code != 0 || !strings.Contains(r.stdout, tz.span) {
					t.Fatalf("exit %d, want the span %s:\n%s%s", r.code, tz.span, r.stdout, r.stderr)
				}
				for _, l := range strings.Split(r.stdout, "\n") {
					if strings.Contains(l, "PDT") && !strings.Contains(l, "PDT.") && !strings.Contains(l, "PDT에") {
						t.Errorf("a time outside the sources' words is in PDT: %q", l)
					}
				}
				golden.RequireEqual(t, []byte(fmt.Sprintf("$ incidents %s\n%s", strings.Join(args, " "), r.stdout)))
			})
		}
	}
}

// TestZoneFlag checks --tz where it enters: every form accepted, and an
// unknown or hostile value refused naming the flag, the value and the
// forms accepted, in the reader's language.
func TestZoneFlag(t *testing.T) {
	for _, v := range []string{"source", "utc", "UTC", "local", "Asia/Seoul", "America/Los_Angeles"} {
		if r := runCLI(t, map[string]string{}, "timeline", "IL-0499", "--tz", v); r.code != 0 {
			t.Errorf("--tz %s: exit %d: %s", v, r.code, r.stderr)
		}
	}
	for _, tc := range []struct{ v, lang, want string }{
		{"Mars/Base", "en_GB.UTF-8", `--tz: unknown time zone "Mars/Base" (want source, utc, local or an IANA zone name such as Asia/Seoul)`},
		{"Mars/Base", "ko_KR.UTF-8", `--tz: 알 수 없는 시간대 "Mars/Base"입니다 (source, utc, local 또는 Asia/Seoul 같은 IANA 시간대 이름)`},
		{"\x1b]0;pwned\x07", "en_GB.UTF-8", `unknown time zone "\x1b]0;pwned\a"`},
		{strings.Repeat("A", 5000), "en_GB.UTF-8", strings.Repeat("A", 64) + `…"`},
	} {
		r := runCLI(t, map[string]string{"LANG": tc.lang}, "replay", "IL-0499", "--tz", tc.v)
		if r.code != exitUsage || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("--tz %.20q: exit %d, stderr %q, want %q", tc.v, r.code, r.stderr, tc.want)
		}
		if strings.ContainsAny(r.stderr, "\x1b\x07") || len(r.stderr) > 400 {
			t.Errorf("--tz %.20q: the error should be cleaned and short: %q", tc.v, r.stderr)
		}
	}
}

// TestShowZone: the rhymes `show` prints after a record give both the
// event's time and the other incident's moment in the zone asked for.
func TestShowZone(t *testing.T) {
	r := runCLI(t, map[string]string{}, "show", "IL-0499", "--tz", "utc", "--width", "100")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	clock := regexp.MustCompile(`(?:^  |→ [A-Z]{2}-\d{4} )(\d\d:\d\d) ([A-Z]+)`)
	n := 0
	for _, l := range strings.Split(r.stdout, "\n") {
		if m := clock.FindStringSubmatch(l); m != nil {
			n++
			if m[2] != "UTC" {
				t.Errorf("a rhyme's time is not in UTC: %q", l)
			}
		}
	}
	if n == 0 {
		t.Fatalf("no rhyme times in show's output:\n%s", r.stdout)
	}
}

// TestStudySheetZone: `timeline --study` numbers its stops with their
// times in the zone asked for.
func TestStudySheetZone(t *testing.T) {
	r := runCLI(t, map[string]string{}, "timeline", "IL-0499", "--study", "--tz", "utc")
	heads := regexp.MustCompile(`(?m)^#+ \d+ · \d\d:\d\d (\S+)`).FindAllStringSubmatch(r.stdout, -1)
	if r.code != 0 || len(heads) == 0 {
		t.Fatalf("exit %d, no numbered stops:\n%s%s", r.code, r.stdout, r.stderr)
	}
	for _, h := range heads {
		if h[1] != "UTC" {
			t.Errorf("a stop is not in UTC: %q", h[0])
		}
	}
}
