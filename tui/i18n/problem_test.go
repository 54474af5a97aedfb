package i18n_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

func TestProblem(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{`a.json:2:22: record A-1: date: invalid date "2026-13-40" (want YYYY-MM-DD)`,
			`a.json:2:22: 사례 A-1: date: 잘못된 날짜입니다: "2026-13-40" (YYYY-MM-DD 형식이어야 합니다)`},
		{`a.json:3:9: id: missing`, `a.json:3:9: id: 값이 없습니다`},
		{`a.json:5:42: record A-4: org: got number, want string`, `a.json:5:42: 사례 A-4: org: 문자열이어야 하는데 숫자입니다`},
		{`tl.json:2:35: timeline X-9: events[0].kind: invalid kind "weird" (want trigger, symptom, detection, action, recovery or note)`,
			`tl.json:2:35: 타임라인 X-9: events[0].kind: 잘못된 종류입니다: "weird" (trigger, symptom, detection, action, recovery, note 중 하나여야 합니다)`},
		{`tl.json:1:156: timeline T-1: events[1].at: 2026-03-25T12:10:00-07:00 is outside the timeline's span 2026-03-25T12:00:00-07:00 to 2026-03-25T15:30:00-07:00`,
			`tl.json:1:156: 타임라인 T-1: events[1].at: 타임라인 범위(2026-03-25T12:00:00-07:00 ~ 2026-03-25T15:30:00-07:00)를 벗어난 시각입니다: 2026-03-25T12:10:00-07:00`},
		{`a.json:4:43: invalid character '"' after object key`, `a.json:4:43: 잘못된 글자가 있습니다: '"' (객체 키 뒤)`},
		{`my/IL-0499.json: record IL-0499 replaces the bundled record`, `my/IL-0499.json: 사례 IL-0499: 내장된 같은 사례 대신 이 파일의 것을 씁니다`},
		{`tl.json: timeline T-1: events[0].prompt: missing in Korean: an action with an outcome needs the question study mode asks before it`,
			`tl.json: 타임라인 T-1: events[0].prompt: 한국어 질문이 없습니다: 결과가 있는 조치에는 학습 모드가 그 앞에서 물을 질문이 있어야 합니다`},
		// A path that looks like a message is left alone: only the end of
		// the line is a message.
		{`missing: record X: something new`, `missing: 사례 X: something new`},
	} {
		if got := i18n.Problem(tc.in, data.KO); got != tc.want {
			t.Errorf("Problem(%q)\n got %q\nwant %q", tc.in, got, tc.want)
		}
		if got := i18n.Problem(tc.in, data.EN); got != tc.in {
			t.Errorf("Problem(%q, EN) = %q", tc.in, got)
		}
	}
}

// TestProblemEveryMessage: every message of the table, filled in as the
// data layer fills it, is translated where a problem line ends, and keeps
// the path, position and field before it.
func TestProblemEveryMessage(t *testing.T) {
	fill := regexp.MustCompile(`%[qsv]`)
	n := 0
	for _, e := range i18n.Entries() {
		if !strings.HasPrefix(e.Path, "problem.messages") {
			continue
		}
		n++
		msg := fill.ReplaceAllStringFunc(e.Word.EN, func(v string) string {
			if v == "%q" {
				return `"x-1"`
			}
			return "x-1"
		})
		line := "my/p.json:3:14: record X-1: field: " + msg
		got := i18n.Problem(line, data.KO)
		if got == line || !strings.HasPrefix(got, "my/p.json:3:14: 사례 X-1: field: ") || strings.Contains(got, msg) {
			t.Errorf("%s: %q\n  → %q", e.Path, line, got)
		}
	}
	if n < 40 {
		t.Errorf("%d messages in the table, want every one the data layer writes (over 40)", n)
	}
}
