package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
)

// korean holds the Korean of every message the command line prints, keyed
// by its English format string; msg picks one by language.
var korean = map[string]string{
	"--%s needs a value (%s)":    "--%s 옵션에 값이 필요합니다 (%s)",
	"--%s takes no value":        "--%s 옵션은 값을 받지 않습니다",
	"unknown flag --%s":          "--%s 옵션은 없습니다",
	"; did you mean --%s?":       " (혹시 --%s 옵션?)",
	"unknown command %q":         "알 수 없는 명령 %q",
	"takes no arguments, got %d": "인자를 받지 않는데 %d개를 받았습니다",
	"needs %s":                   "%s 인자가 필요합니다",
	"takes %s, got %d arguments": "%s 인자 하나만 받는데 %d개를 받았습니다",
	"Run '%s --help' for usage.": "사용법은 '%s --help'로 볼 수 있습니다.",
	"no incident matches %q":     "%q에 맞는 장애가 없습니다",
	"; did you mean %s?":         ". 이것을 찾으셨나요: %s",
	"query: %s":                  "검색어: %s",
	"needs a QUERY (an empty one would match everything; to see every incident, run 'incidents list')": "QUERY가 필요합니다 (빈 검색어는 모두와 맞으니, 전체 목록은 'incidents list'로 보세요)",
	"--lang: invalid language %q (want en, ko or both)":                                                "--lang: 알 수 없는 언어 %q (en, ko, both 중 하나)",
	"--theme: invalid theme %q (want auto, dark or light)":                                             "--theme: 알 수 없는 테마 %q (auto, dark, light 중 하나)",
	"--width: invalid width %q (want a positive number of columns)":                                    "--width: 잘못된 너비 %q (1 이상의 열 수)",
	"--speed: invalid speed %q (want %s)":                                                              "--speed: 잘못된 속도 %q (%s 중 하나)",
	"--at: invalid time %q (want HH:MM, such as 13:05)":                                                "--at: 잘못된 시각 %q (13:05 같은 HH:MM)",
	"unknown shell %q (want bash, zsh or fish)":                                                        "알 수 없는 셸 %q (bash, zsh, fish 중 하나)",
	"column %d: %s":                      "%d번째 글자: %s",
	"%q needs a term on each side":       "%q 양쪽에 검색어가 있어야 합니다",
	"%s: needs a value, such as %s":      "%s: 에 값이 필요합니다 (예: %s)",
	"unknown has:%s (want has:timeline)": "알 수 없는 has:%s (has:timeline만 됩니다)",
	"%d problems":                        "문제 %d개",
	"1 problem":                          "문제 1개",
	"no problems":                        "문제 없음",
}

// msg returns format in language l.
func msg(l data.Lang, format string) string {
	if l == data.KO {
		if k, ok := korean[format]; ok {
			return k
		}
	}
	return format
}

// langIndex is 0 for English and 1 for Korean, to index [2]string texts.
func langIndex(l data.Lang) int {
	if l == data.KO {
		return 1
	}
	return 0
}

// headings are the help's section titles.
var headings = map[string][2]string{
	"usage":    {"Usage:", "사용법:"},
	"commands": {"Commands:", "명령:"},
	"flags":    {"Flags:", "옵션:"},
	"common":   {"Common flags:", "공통 옵션:"},
	"examples": {"Examples:", "예:"},
	"syntax":   {"Query syntax:", "검색 문법:"},
	"params":   {"Model parameters for --set:", "--set으로 바꿀 수 있는 모델 매개변수:"},
	"more":     {"Run 'incidents help COMMAND' for a command's flags and examples.", "명령별 옵션과 예는 'incidents help COMMAND'로 볼 수 있습니다."},
	"top":      {"incidents explores public outage postmortems and replays their timelines.", "incidents는 공개된 장애 회고를 찾아 읽고 타임라인을 다시 재생합니다."},
	"open":     {"open the explorer", "탐색기 열기"},
	"flagsArg": {"[flags]", "[옵션]"},
}

func heading(k string, l data.Lang) string { return headings[k][langIndex(l)] }

// syntaxHelp documents the query syntax, shared with the TUI's `?` help.
var syntaxHelp = [][3]string{
	{"word", "matches fuzzily; every word must match", "퍼지 일치, 모든 단어가 맞아야 함"},
	{"ㅁㅇㅂㅅ", "initial consonants (초성) match syllables: 메일박스", "초성으로 음절 찾기: 메일박스"},
	{"'word", "exact: the word as written", "정확히 그 글자 그대로"},
	{"^word  word$", "a field or tag starts / ends with it", "필드나 태그가 그것으로 시작 / 끝남"},
	{"!word", "records without it", "그 단어가 없는 기록"},
	{"a | b", "either", "둘 중 하나"},
	{"org: year: domain:", "filters (also component: cause: factor: severity:)", "필터 (component: cause: factor: severity: 도)"},
	{"has:timeline", "records with a timeline to replay", "재생할 타임라인이 있는 기록"},
}

// writeTable writes rows of two columns, the first padded to one width
// (in cells) for every row, with a two-space indent.
func writeTable(w io.Writer, rows [][2]string) {
	width := 0
	for _, r := range rows {
		width = max(width, lipgloss.Width(r[0]))
	}
	for _, r := range rows {
		pad := strings.Repeat(" ", width-lipgloss.Width(r[0]))
		fmt.Fprintln(w, strings.TrimRight(fmt.Sprintf("  %s%s  %s", r[0], pad, r[1]), " "))
	}
}

func flagRows(specs []flagSpec, l data.Lang) [][2]string {
	var rows [][2]string
	for _, s := range specs {
		left := "--" + s.name
		if s.value != "" {
			left += " " + s.value
		}
		rows = append(rows, [2]string{left, s.help[langIndex(l)]})
	}
	return rows
}

// commonSpecs are the flags every command takes.
func commonSpecs() []flagSpec {
	var out []flagSpec
	for _, s := range flagSpecs {
		if s.cmds == nil {
			out = append(out, s)
		}
	}
	return out
}

func writeTopUsage(w io.Writer, l data.Lang) {
	i := langIndex(l)
	fmt.Fprintf(w, "%s\n\n%s\n", heading("top", l), heading("usage", l))
	writeTable(w, [][2]string{
		{"incidents " + heading("flagsArg", l), heading("open", l)},
		{"incidents COMMAND " + heading("flagsArg", l) + " [ARGS]", ""},
	})
	fmt.Fprintf(w, "\n%s\n", heading("commands", l))
	var rows [][2]string
	for _, n := range commandOrder {
		c := commands[n]
		rows = append(rows, [2]string{strings.TrimSpace(c.name + " " + c.args), c.summary[i]})
	}
	writeTable(w, rows)
	fmt.Fprintf(w, "\n%s\n", heading("flags", l))
	json, _ := specFor(commands["list"], "json")
	json.help = [2]string{"machine-readable output (list, search, show, timeline, validate)",
		"기계가 읽을 수 있는 JSON 출력 (list, search, show, timeline, validate)"}
	writeTable(w, flagRows(append(commonSpecs(), json), l))
	fmt.Fprintf(w, "\n%s\n", heading("examples", l))
	writeTable(w, [][2]string{
		{"incidents", pick(l, "browse the bundled library", "내장 라이브러리 둘러보기")},
		{"incidents search etcd", pick(l, "find incidents that involve etcd", "etcd가 얽힌 장애 찾기")},
		{"incidents show IL-0499 --lang both", pick(l, "one record in both languages", "기록 하나를 두 언어로")},
		{"incidents replay IL-0499 --at 12:40", pick(l, "replay a timeline from 12:40", "12:40부터 타임라인 재생")},
	})
	fmt.Fprintf(w, "\n%s\n", heading("more", l))
}

func pick(l data.Lang, en, ko string) string {
	if l == data.KO {
		return ko
	}
	return en
}

func writeCommandUsage(w io.Writer, c *command, l data.Lang) {
	if c.name == "" {
		writeTopUsage(w, l)
		return
	}
	i := langIndex(l)
	fmt.Fprintf(w, "incidents %s: %s\n\n%s\n  incidents %s", c.name, c.summary[i], heading("usage", l), c.name)
	if c.args != "" {
		fmt.Fprintf(w, " %s", c.args)
	}
	fmt.Fprintf(w, " %s\n", heading("flagsArg", l))
	if c.name == "search" {
		fmt.Fprintf(w, "\n%s\n", heading("syntax", l))
		var rows [][2]string
		for _, s := range syntaxHelp {
			rows = append(rows, [2]string{s[0], s[1+i]})
		}
		writeTable(w, rows)
	}
	// One table for both flag sections, so that their columns align.
	own, common := flagRows(commandFlags(c), l), flagRows(commonSpecs(), l)
	var b strings.Builder
	writeTable(&b, append(append([][2]string{}, own...), common...))
	lines := strings.SplitAfter(b.String(), "\n")
	if len(own) > 0 {
		fmt.Fprintf(w, "\n%s\n%s", heading("flags", l), strings.Join(lines[:len(own)], ""))
	}
	fmt.Fprintf(w, "\n%s\n%s", heading("common", l), strings.Join(lines[len(own):], ""))
	if c.name == "timeline" {
		if names := whatIfNames(); names != "" {
			fmt.Fprintf(w, "\n%s\n%s", heading("params", l), names)
		}
	}
	fmt.Fprintf(w, "\n%s\n", heading("examples", l))
	for _, ex := range c.examples {
		fmt.Fprintf(w, "  %s\n", ex)
	}
}

// problemCount says how many problems there are, in language l.
func problemCount(n int, l data.Lang) string {
	if n == 1 {
		return msg(l, "1 problem")
	}
	return fmt.Sprintf(msg(l, "%d problems"), n)
}

// loadSummary says how many problems the load found and what it did.
func loadSummary(n int, l data.Lang) string {
	if l == data.KO {
		return fmt.Sprintf("데이터 파일에 문제 %d개: 문제가 된 부분은 건너뛰고 나머지는 불러왔습니다", n)
	}
	return plural(n, "problem", "problems") + " in data files; skipped what they name, loaded the rest"
}
