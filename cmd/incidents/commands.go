package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// command is one subcommand: its usage text and what it runs.
type command struct {
	name string
	args string // the positional arguments, for the usage line
	// summary is the one-line description, in English and Korean.
	summary i18n.Word
	// minArgs and maxArgs bound the positional arguments (maxArgs -1: any).
	minArgs, maxArgs int
	// examples are command lines, each with an optional "  # note".
	examples []string
	// hidden commands are left out of help and completion.
	hidden bool
	run    func(e *env, o options) (int, error)
}

func (c *command) argsError(n int, l data.Lang) string {
	switch {
	case c.maxArgs == 0:
		return fmt.Sprintf(cliWords.noArguments.In(l), n)
	case n < c.minArgs:
		return fmt.Sprintf(cliWords.needsArgs.In(l), c.args)
	}
	return fmt.Sprintf(cliWords.takesArgs.In(l), c.args, n)
}

// commands is filled in init so that command functions may refer to it.
var commands map[string]*command

func init() {
	commands = map[string]*command{
		"": {
			summary: i18n.W("open the explorer (prints the list when stdout is not a terminal)",
				"탐색기 열기 (출력이 터미널이 아니면 목록을 출력)"),
			run:      runExplorer,
			examples: []string{"incidents", "incidents --lang ko", "incidents --data ./my-incidents --theme light"},
		},
		"list": {
			name: "list", summary: i18n.W("one line per incident: id, ↻ if it can be replayed, date, organisation, title",
				"사례마다 한 줄: id, 재생할 수 있으면 ↻, 날짜, 조직, 제목"),
			run: runList,
			examples: []string{"incidents list", "incidents list --lang ko", "incidents list --json | jq '.[].id'",
				"incidents list --json | jq -r '.[] | select(.replayable) | .id'"},
		},
		"search": {
			name: "search", args: "QUERY", summary: i18n.W("ranked matches, best first (exit 1 when nothing matches)",
				"순위대로 찾은 장애, 가장 잘 맞는 것부터 (없으면 종료 코드 1)"),
			minArgs: 1, maxArgs: -1, run: runSearch,
			examples: []string{"incidents search etcd", `incidents search "retry storm"`, "incidents search 음성",
				"incidents search ㅁㅇㅂㅅ", `incidents search "org:discord year:2020"`, `incidents search '!aws etcd'`,
				"incidents search dns --json"},
		},
		"show": {
			name: "show", args: "ID", summary: i18n.W("the whole record as readable text", "기록 전체를 읽기 좋은 글로"),
			minArgs: 1, maxArgs: 1, run: runShow,
			examples: []string{"incidents show IL-0499", "incidents show IL-0499 --lang both", "incidents show il-0271 --json"},
		},
		"timeline": {
			name: "timeline", args: "ID", summary: i18n.W("the annotated timeline as text, with sparklines",
				"주석 달린 타임라인을 스파크라인과 함께 글로"),
			minArgs: 1, maxArgs: 1, run: runTimeline,
			examples: []string{"incidents timeline IL-0499", "incidents timeline IL-0499 --lang ko --width 80",
				"incidents timeline IL-0499 --set partitions=32", "incidents timeline IL-0499 --study",
				"incidents timeline IL-0499 --json > il-0499.json"},
		},
		"replay": {
			name: "replay", args: "ID", summary: i18n.W("open the explorer straight on the replayer", "탐색기를 재생 화면으로 바로 열기"),
			minArgs: 1, maxArgs: 1, run: runReplay,
			examples: []string{"incidents replay IL-0499", "incidents replay IL-0499 --at 13:05 --speed 600",
				"incidents replay IL-0499 --study --present"},
		},
		"validate": {
			name: "validate", args: "PATH...", summary: i18n.W("check record and timeline files; print every problem; exit 1 if any",
				"기록·타임라인 파일 검사, 문제를 모두 출력, 하나라도 있으면 종료 코드 1"),
			minArgs: 1, maxArgs: -1, run: runValidate,
			examples: []string{"incidents validate ./my-incidents", "incidents validate data/", "incidents validate export.jsonl --json"},
		},
		"help": {
			name: "help", args: "[COMMAND]", summary: i18n.W("help for incidents or one of its commands", "incidents나 명령 하나의 도움말"),
			maxArgs: 1, run: runHelp,
			examples: []string{"incidents help", "incidents help search"},
		},
		"version": {
			name: "version", summary: i18n.W("print the version", "버전 출력"),
			run: runVersion, examples: []string{"incidents version"},
		},
		"completion": {
			name: "completion", args: "bash|zsh|fish", summary: i18n.W("print a shell completion script", "셸 자동 완성 스크립트 출력"),
			minArgs: 1, maxArgs: 1, run: runCompletion,
			examples: []string{"source <(incidents completion bash)", "incidents completion zsh > \"${fpath[1]}/_incidents\"",
				"incidents completion fish > ~/.config/fish/completions/incidents.fish"},
		},
		"mcp":   mcpCommand,
		"serve": serveCommand,
		"cast":  castCommand,
		"__ids": idsCommand,

		"__params": paramsCommand, // for --set, in completion_ids.go
	}
	// The summaries, registered in the catalogue so that its check covers
	// them.
	summaries := map[string]i18n.Word{}
	for _, c := range commands {
		if !c.hidden {
			summaries[strings.TrimSpace("incidents "+c.name)] = c.summary
		}
	}
	i18n.Register("cli.commands", &summaries)
}

// commandOrder is the order help lists the commands in.
var commandOrder = []string{"list", "search", "show", "timeline", "replay", "cast", "serve", "validate", "mcp", "help", "version", "completion"}

func runHelp(e *env, o options) (int, error) {
	if len(o.args) == 0 {
		writeTopUsage(e.stdout, o.lang)
		return exitOK, nil
	}
	c, ok := commands[o.args[0]]
	if !ok || c.hidden {
		return exitUsage, usageErrorf(cliWords.unknownCommand.In(o.lang), shown(o.args[0]))
	}
	writeCommandUsage(e.stdout, c, o.lang)
	return exitOK, nil
}

func runVersion(e *env, _ options) (int, error) {
	fmt.Fprintln(e.stdout, versionString())
	return exitOK, nil
}

// version is set at link time (-ldflags "-X main.version=v1.2.3"); otherwise
// it comes from the module's build information.
var version = ""

func versionString() string {
	v := version
	rev := ""
	if bi, ok := debug.ReadBuildInfo(); ok {
		if v == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			v = bi.Main.Version
		}
		for _, s := range bi.Settings {
			if s.Key == "vcs.revision" && len(s.Value) >= 12 {
				rev = s.Value[:12]
			}
		}
	}
	if v == "" {
		v = "dev"
	}
	if rev != "" && !strings.Contains(v, rev) {
		return fmt.Sprintf("incidents %s (%s)", v, rev)
	}
	return "incidents " + v
}
