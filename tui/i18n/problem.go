package i18n

import (
	"fmt"
	"regexp"
	"strings"
	"sync"

	"github.com/incidents-dev/incidents/data"
)

// problemWords translate the problems and notices of a load (data.Error
// and data.Library.Notices, written in English by the data layer, which
// knows no language) for a Korean reader. Each English side is the data
// layer's format; a line whose message none matches is shown as written.
var problemWords = Register("problem", &struct {
	record, timeline, term Word
	messages               []Word
	// types are encoding/json's and data's names of JSON kinds, for "got
	// number, want string", and of the languages a text lacks.
	types []Word
	// syntax are encoding/json's syntax errors after "invalid character
	// X ".
	syntax []Word
}{
	record:   W("record %s", "사례 %s"),
	timeline: W("timeline %s", "타임라인 %s"),
	term:     W("term %s", "용어 %s"),
	messages: []Word{
		W("missing", "값이 없습니다"),
		W("missing in both languages", "영어와 한국어 모두 비어 있습니다"),
		W("missing in English", "영어가 비어 있습니다"),
		W("missing in Korean", "한국어가 비어 있습니다"),
		W("invalid date %q (want YYYY-MM-DD)", "잘못된 날짜입니다: %q (YYYY-MM-DD 형식이어야 합니다)"),
		W("got %s, want %s", "%[2]s이어야 하는데 %[1]s입니다"),
		W("invalid time %q (want RFC 3339 with an offset, such as 2026-03-25T12:13:00-07:00)",
			"잘못된 시각입니다: %q (2026-03-25T12:13:00-07:00처럼 시간대 오프셋이 붙은 RFC 3339 형식이어야 합니다)"),
		W("unknown stage %q", "정의되지 않은 단계입니다: %q"),
		W("duplicate stage %q", "두 번 정의된 단계입니다: %q"),
		W("invalid kind %q (want %s)", "잘못된 종류입니다: %q (%s 중 하나여야 합니다)"),
		W("invalid outcome %q (want %s)", "잘못된 결과입니다: %q (%s 중 하나여야 합니다)"),
		W("invalid provenance %q (want %s)", "잘못된 출처 구분입니다: %q (%s 중 하나여야 합니다)"),
		W("invalid facet %q (want %s)", "잘못된 분류입니다: %q (%s 중 하나여야 합니다)"),
		W("invalid milestone kind %q (want %s)", "잘못된 주요 시점 종류입니다: %q (%s 중 하나여야 합니다)"),
		W("%s is before the previous event", "앞 이벤트보다 이른 시각입니다: %s"),
		W("%s is before the previous point", "앞 점보다 이른 시각입니다: %s"),
		W("%s is outside the timeline's span %s to %s", "타임라인 범위(%[2]s ~ %[3]s)를 벗어난 시각입니다: %[1]s"),
		W("%s is not after start %s", "시작 시각(%[2]s)보다 뒤여야 하는데 %[1]s입니다"),
		W("%s is not a finite number", "유한한 수가 아닙니다: %s"),
		W("no events", "이벤트가 하나도 없습니다"),
		W("no record with id %q", "id가 %q인 사례가 없습니다"),
		W("duplicate id (first in %s)", "id가 중복됩니다 (처음 나온 곳: %s)"),
		W("duplicate timeline (first in %s)", "타임라인이 중복됩니다 (처음 나온 곳: %s)"),
		W("defined twice (first in %s)", "두 번 정의되었습니다 (처음 나온 곳: %s)"),
		W("%s given twice (first in %s)", "두 번 나온 값입니다: %s (처음 나온 곳: %s)"),
		W("%s is this timeline's own incident (a rhyme names another)", "이 타임라인 자신의 사례입니다: %s (같은 결정을 마주한 다른 사례를 가리켜야 합니다)"),
		W("dangling rhyme: no timeline of incident %q is loaded", "같은 결정을 마주한 사례로 든 %q의 타임라인을 불러오지 않았습니다"),
		W("dangling rhyme: %s (%s) has no event at %s", "같은 결정을 마주한 사례로 든 %s(%s)에는 %s 이벤트가 없습니다"),
		W("never asked: study mode asks only before actions with an outcome (kind %q, outcome %q)",
			"쓰이지 않는 질문입니다: 학습 모드는 결과가 있는 조치 앞에서만 묻습니다 (kind %q, outcome %q)"),
		W("missing in %s: an action with an outcome needs the question study mode asks before it",
			"%s 질문이 없습니다: 결과가 있는 조치에는 학습 모드가 그 앞에서 물을 질문이 있어야 합니다"),
		W("empty file", "빈 파일입니다"),
		W("holds no records (an empty array)", "사례가 하나도 없습니다 (빈 배열)"),
		W("file is %s, want UTF-8", "파일 인코딩이 %s입니다 (UTF-8이어야 합니다)"),
		W("invalid UTF-8 (byte %s)", "올바른 UTF-8이 아닙니다 (바이트 %s)"),
		W("got null, want an object", "객체여야 하는데 null입니다"),
		W("unsupported file type (want .json or .jsonl)", "지원하지 않는 파일 형식입니다 (.json이나 .jsonl이어야 합니다)"),
		W("not a regular file (%s)", "일반 파일이 아닙니다 (%s)"),
		W("broken symbolic link: %s", "가리키는 대상이 없는 심볼릭 링크입니다: %s"),
		W("unexpected end of JSON input", "JSON이 도중에 끝났습니다"),
		W("invalid character %s %s", "잘못된 글자가 있습니다: %s (%s)"),
		// The what-if model's, for `timeline --set`.
		W("unknown what-if parameter %q (want %s)", "가정 실험에 없는 매개변수입니다: %q (%s 중 하나여야 합니다)"),
		W("invalid %s %q (want %s)", "%s 값이 잘못되었습니다: %q (허용: %s)"),
		W("record %s replaces the bundled record", "사례 %s: 내장된 같은 사례 대신 이 파일의 것을 씁니다"),
		W("timeline %s replaces the bundled timeline", "타임라인 %s: 내장된 같은 타임라인 대신 이 파일의 것을 씁니다"),
	},
	types: []Word{
		W("string", "문자열"), W("number", "숫자"), W("bool", "참/거짓 값"), W("array", "배열"),
		W("object", "객체"), W("array of strings", "문자열 배열"), W("another type", "다른 형식"),
		W(`text (a string or {"en", "ko"})`, `텍스트(문자열이나 {"en", "ko"})`),
		W("on or off", "on 또는 off"), W("a whole number from 1 to 64", "1에서 64 사이의 정수"),
		W("a whole number from 100 to 1000000", "100에서 1000000 사이의 정수"),
		W("HH:MM between the model's start and end, or never", "모델의 시작과 끝 사이의 HH:MM 또는 never"),
		W("a number from 0 to 10", "0에서 10 사이의 수"),
		W("English", "영어"), W("Korean", "한국어"), W("both languages", "두 언어 모두"),
	},
	syntax: []Word{
		W("looking for beginning of value", "값이 와야 할 자리"),
		W("after object key", "객체 키 뒤"),
		W("after object key:value pair", "객체의 키:값 쌍 뒤"),
		W("after array element", "배열 원소 뒤"),
		W("after top-level value", "최상위 값 뒤"),
		W("looking for beginning of object key string", "객체 키가 와야 할 자리"),
		W("in string literal", "문자열 안"),
		W("in numeric literal", "숫자 안"),
		W("in string escape code", "문자열 이스케이프 안"),
	},
})

// problemPattern is one message's English format made a pattern that
// matches the end of a problem line.
type problemPattern struct {
	re *regexp.Regexp
	w  Word
}

var (
	patternsOnce sync.Once
	patterns     []problemPattern
)

// formatPattern turns a format into a pattern: %q matches a quoted
// string, %s and %v anything (as little as can be), the rest literally.
func formatPattern(format string) string {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] == '%' && i+1 < len(format) {
			switch format[i+1] {
			case 'q':
				b.WriteString(`("(?:[^"\\]|\\.)*")`)
				i++
				continue
			case 's', 'v':
				b.WriteString(`(.+?)`)
				i++
				continue
			}
		}
		b.WriteString(regexp.QuoteMeta(format[i : i+1]))
	}
	return b.String()
}

func compilePatterns() {
	for _, w := range problemWords.messages {
		patterns = append(patterns, problemPattern{regexp.MustCompile(`^(.*: )?` + formatPattern(w.EN) + `$`), w})
	}
}

// quoteVerb finds a %q verb, with its argument index.
var quoteVerb = regexp.MustCompile(`(%(?:\[\d+\])?)q`)

// kindRE finds the "record ID: " or "timeline ID: " part of a problem.
var kindRE = regexp.MustCompile(`(^|: )(record|timeline|term) ([^:]+): `)

// Problem returns a problem or notice of a load, one line as the data layer
// writes it ("path:line:col: record ID: field: message"), in l: in Korean,
// its message and what it names translated, the path, position, ids and
// fields as they are. A message it does not know stays in English.
func Problem(line string, l data.Lang) string {
	if l != data.KO {
		return line
	}
	patternsOnce.Do(compilePatterns)
	for _, p := range patterns {
		m := p.re.FindStringSubmatchIndex(line)
		if m == nil {
			continue
		}
		args := make([]any, 0, len(m)/2-2)
		for i := 4; i+1 < len(m); i += 2 {
			args = append(args, koArg(line[m[i]:m[i+1]]))
		}
		// The quoted arguments are taken quoted: %q prints them as %s.
		line = line[:max(m[3], 0)] + fmt.Sprintf(quoteVerb.ReplaceAllString(p.w.KO, "${1}s"), args...)
		break
	}
	return kindRE.ReplaceAllStringFunc(line, func(s string) string {
		sub := kindRE.FindStringSubmatch(s)
		w := problemWords.record
		switch sub[2] {
		case "timeline":
			w = problemWords.timeline
		case "term":
			w = problemWords.term
		}
		return sub[1] + fmt.Sprintf(w.KO, sub[3]) + ": "
	})
}

// koArg translates what a message names: a JSON kind, an "a, b or c"
// list of accepted values (Korean lists them with commas), or a syntax
// error's context.
func koArg(s string) string {
	for _, w := range problemWords.types {
		if s == w.EN {
			return w.KO
		}
	}
	for _, w := range problemWords.syntax {
		if s == w.EN {
			return w.KO
		}
	}
	if i := strings.LastIndex(s, " or "); i > 0 && strings.Contains(s[:i], ", ") {
		return s[:i] + ", " + s[i+len(" or "):]
	}
	return s
}
