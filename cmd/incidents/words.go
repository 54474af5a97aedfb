package main

import "github.com/incidents-dev/incidents/tui/i18n"

// cliWords are the command line's own words, in the one catalogue the
// explorer uses (tui/i18n): its messages, usage errors and help headings.
// The commands' summaries and the flags' words live beside the commands
// and flags and are registered from there (cli.commands, cli.flags);
// TestCatalogue checks all of them.
var cliWords = i18n.Register("cli", &struct {
	// Usage errors.
	needsValue, takesNoValue, unknownFlag, didYouMeanFlag i18n.Word
	unknownCommand, didYouMean, runHelp                   i18n.Word
	noArguments, needsArgs, takesArgs                     i18n.Word
	badLang, badTheme, badSpeed, badAt, badShell          i18n.Word
	badWidth, narrowWidth, badMaxSessions, badIdle        i18n.Word
	wideWidth                                             i18n.Word
	// Search.
	emptyQuery, query, column, noMatch i18n.Word
	// queryErrors translate data.ParseQuery's errors, found by their
	// English format (see queryWord).
	queryErrors []i18n.Word
	// Problems of data files.
	problems, oneProblem, noProblems, loadSummary i18n.Word
	// hypothetical heads what `timeline --set` prints.
	hypothetical i18n.Word
	// The help's headings and fixed lines.
	usage, commands, flags, common, examples, syntax, params i18n.Word
	more, top, open, flagsArg, topJSON                       i18n.Word
	// topExamples are the top help's examples, each a command line and
	// what it does.
	topExamples []example
	// syntaxHelp documents the query syntax: what is typed, and what it
	// matches.
	syntaxHelp []example
}{
	needsValue:     i18n.W("--%s needs a value (%s)", "--%s 옵션에 값이 필요합니다 (%s)"),
	takesNoValue:   i18n.W("--%s takes no value", "--%s 옵션은 값을 받지 않습니다"),
	unknownFlag:    i18n.W("unknown flag --%s", "--%s 옵션은 없습니다"),
	didYouMeanFlag: i18n.W("; did you mean --%s?", " (혹시 --%s 옵션?)"),
	unknownCommand: i18n.W("unknown command %q", "알 수 없는 명령 %q"),
	didYouMean:     i18n.W("; did you mean %s?", ". 이것을 찾으셨나요: %s"),
	runHelp:        i18n.W("Run '%s --help' for usage.", "사용법은 '%s --help'로 볼 수 있습니다."),
	noArguments:    i18n.W("takes no arguments, got %d", "인자를 받지 않는데 %d개를 받았습니다"),
	needsArgs:      i18n.W("needs %s", "%s 인자가 필요합니다"),
	takesArgs:      i18n.W("takes %s, got %d arguments", "%s 인자 하나만 받는데 %d개를 받았습니다"),
	badLang:        i18n.W("--lang: invalid language %q (want en, ko or both)", "--lang: 알 수 없는 언어 %q (en, ko, both 중 하나)"),
	badTheme:       i18n.W("--theme: invalid theme %q (want auto, dark or light)", "--theme: 알 수 없는 테마 %q (auto, dark, light 중 하나)"),
	badSpeed:       i18n.W("--speed: invalid speed %q (want %s)", "--speed: 잘못된 속도 %q (%s 중 하나)"),
	badWidth:       i18n.W("--width: invalid width %q (want at least %d columns)", "--width: 잘못된 너비 %q (%d열 이상)"),
	narrowWidth:    i18n.W("--width: %d is too narrow (want at least %d columns)", "--width: %d열은 너무 좁습니다 (%d열 이상)"),
	wideWidth:      i18n.W("--width: %s is too wide (want at most %d columns)", "--width: %s열은 너무 넓습니다 (%d열 이하)"),
	badMaxSessions: i18n.W("--max-sessions: invalid number %q (want a number from 1 to %d)", "--max-sessions: 잘못된 수 %q (1부터 %d까지의 수)"),
	badIdle:        i18n.W("--idle: invalid duration %q (want such as 30m or 1h)", "--idle: 잘못된 시간 %q (30m, 1h 같은 값)"),
	badAt:          i18n.W("--at: invalid time %q (want HH:MM, such as 13:05)", "--at: 잘못된 시각 %q (13:05 같은 HH:MM)"),
	badShell:       i18n.W("unknown shell %q (want bash, zsh or fish)", "알 수 없는 셸 %q (bash, zsh, fish 중 하나)"),

	emptyQuery: i18n.W("needs a QUERY (an empty one would match everything; to see every incident, run 'incidents list')",
		"QUERY가 필요합니다 (빈 검색어는 모두와 맞으니, 전체 목록은 'incidents list'로 보세요)"),
	query:   i18n.W("query: %s", "검색어: %s"),
	column:  i18n.W("column %d: %s", "%d번째 글자: %s"),
	noMatch: i18n.W("no incident matches %q", "%q에 맞는 장애가 없습니다"),
	queryErrors: []i18n.Word{
		i18n.W("%q needs a term on each side", "%q 양쪽에 검색어가 있어야 합니다"),
		i18n.W("%s: needs a value, such as %s", "%s:에 값이 필요합니다 (예: %s)"),
		i18n.W("unknown has:%s (want has:timeline)", "알 수 없는 has:%s (has:timeline만 됩니다)"),
	},

	problems:    i18n.W("%d problems", "문제 %d개"),
	oneProblem:  i18n.W("1 problem", "문제 1개"),
	noProblems:  i18n.W("no problems", "문제 없음"),
	loadSummary: i18n.W("%s in data files; skipped what they name, loaded the rest", "데이터 파일에 %s: 문제가 된 부분은 건너뛰고 나머지는 불러왔습니다"),

	hypothetical: i18n.W("HYPOTHETICAL what-if run of the model: %s. The modelled series below are not what happened.",
		"가정 실험: %s. 아래 모델 계열은 실제로 일어난 일이 아닙니다."),

	usage:    i18n.W("Usage:", "사용법:"),
	commands: i18n.W("Commands:", "명령:"),
	flags:    i18n.W("Flags:", "옵션:"),
	common:   i18n.W("Common flags:", "공통 옵션:"),
	examples: i18n.W("Examples:", "예:"),
	syntax:   i18n.W("Query syntax:", "검색 문법:"),
	params:   i18n.W("Model parameters for --set:", "--set으로 바꿀 수 있는 모델 매개변수:"),
	more:     i18n.W("Run 'incidents help COMMAND' for a command's flags and examples.", "명령별 옵션과 예는 'incidents help COMMAND'로 볼 수 있습니다."),
	top:      i18n.W("incidents explores public outage postmortems and replays their timelines.", "incidents는 공개된 장애 회고를 찾아 읽고 타임라인을 다시 재생합니다."),
	open:     i18n.W("open the explorer", "탐색기 열기"),
	flagsArg: i18n.W("[flags]", "[옵션]"),
	topJSON: i18n.W("machine-readable output (list, search, show, timeline, validate)",
		"기계가 읽을 수 있는 JSON 출력 (list, search, show, timeline, validate)"),

	topExamples: []example{
		{"incidents", i18n.W("browse the bundled library", "내장 라이브러리 둘러보기")},
		{"incidents search etcd", i18n.W("find incidents that involve etcd", "etcd가 얽힌 장애 찾기")},
		{"incidents show IL-0499 --lang both", i18n.W("one record in both languages", "기록 하나를 두 언어로")},
		{"incidents replay IL-0499 --at 12:40", i18n.W("replay a timeline from 12:40", "12:40부터 타임라인 재생")},
	},
	syntaxHelp: []example{
		{"word", i18n.W("matches fuzzily; every word must match", "퍼지 일치 (모든 단어가 맞아야 함)")},
		{"ㅁㅇㅂㅅ", i18n.W("initial consonants (초성) match syllables: 메일박스", "초성으로 음절 찾기: 메일박스")},
		{"'word", i18n.W("exact: the word as written", "정확히 그 글자 그대로")},
		{"^word  word$", i18n.W("a field or tag starts / ends with it", "필드나 태그가 그것으로 시작 / 끝남")},
		{"!word", i18n.W("records without it", "그 단어가 없는 기록")},
		{"a | b", i18n.W("either", "둘 중 하나")},
		{"org: year: domain:", i18n.W("filters (also component: cause: factor: severity:)", "필터 (component:, cause:, factor:, severity:도 있음)")},
		{"has:timeline", i18n.W("records with a timeline to replay", "재생할 타임라인이 있는 사례")},
	},
})

// example is a line of a help table: what is typed, as written in both
// languages, and what it does.
type example struct {
	typed string
	does  i18n.Word
}

// queryWord is the word whose English is format, one of data.ParseQuery's
// error formats, or format itself when the catalogue does not have it.
func queryWord(format string) i18n.Word {
	for _, w := range cliWords.queryErrors {
		if w.EN == format {
			return w
		}
	}
	return i18n.Word{EN: format}
}
