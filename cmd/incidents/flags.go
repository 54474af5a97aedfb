package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/editdist"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
)

var (
	errHelp    = errors.New("help requested")
	errVersion = errors.New("version requested")
)

// options are the parsed flags of one invocation.
type options struct {
	data    []string // --data, then INCIDENTS_DATA
	lang    data.Lang
	theme   string // auto, dark or light
	mouse   bool
	json    bool
	noColor bool
	noCache bool
	width   int
	at      string
	speed   int
	// study and present open the replayer in study or presenter mode;
	// study on `timeline` prints the worksheet.
	study, present bool
	// minutes is the file `replay` writes a study session's minutes to on
	// exit; until the end of the meeting, HH:MM local time (minutes.go).
	minutes, until string
	set            []string
	args           []string // positional arguments
	serve          serveOptions
	cast           castOptions // cast.go: cast's flags and --record
	tz             replay.Zone // tz.go

	// replaySet is `replay --set`'s what-if run, made before the program
	// starts (explorer.go).
	replaySet *data.Timeline
}

// flagSpec describes one flag: its name, the placeholder of its value (""
// for a switch), what values it accepts and its help, in English and
// Korean.
type flagSpec struct {
	name  string
	value string
	want  i18n.Word
	help  i18n.Word
	// cmds lists the commands that take the flag; nil means every one.
	cmds []string
	// listedFor lists the commands whose help shows a common flag (nil:
	// every one's); the others accept it but nothing they do uses it.
	listedFor []string
}

// drawing are the commands that draw for a terminal, where the colour
// flags mean something; withTUI those with the TUI, where the mouse does.
var (
	drawing = []string{"", "list", "search", "show", "timeline", "validate", "replay", "serve"}
	withTUI = []string{"", "replay", "serve"}
)

// flagSpecs are every flag, common ones first, in the order help lists them.
var flagSpecs = append([]flagSpec{
	{name: "data", value: "DIR", want: i18n.W("a folder or file", "폴더나 파일"),
		help: i18n.W("add records and timelines from DIR or a file (repeatable; also INCIDENTS_DATA)",
			"DIR 폴더나 파일의 기록과 타임라인을 더함 (여러 번 가능, INCIDENTS_DATA도 같음)")},
	{name: "lang", value: "en|ko|both", want: i18n.W("en, ko or both", "en, ko, both 중 하나"),
		help: i18n.W("language (default: Korean when LANG starts with ko, else English)",
			"언어 (기본값: LANG이 ko로 시작하면 한국어, 아니면 영어)")},
	{name: "theme", value: "auto|dark|light", want: i18n.W("auto, dark or light", "auto, dark, light 중 하나"),
		help: i18n.W("colours for dark or light terminals (also INCIDENTS_THEME)",
			"어두운/밝은 터미널에 맞춘 색 (INCIDENTS_THEME도 같음)"), listedFor: append(drawing, "cast")},
	{name: "mouse", help: i18n.W("wheel scrolling and clicks in the explorer (off: text stays selectable)",
		"탐색기에서 휠 스크롤과 클릭 (끄면 글자를 선택할 수 있음)"), listedFor: withTUI},
	{name: "no-color", help: i18n.W("no colour (also NO_COLOR)", "색 없이 출력 (NO_COLOR도 같음)"), listedFor: drawing},
	{name: "help", help: i18n.W("show help for the command", "명령의 도움말 보기")},
	{name: "version", help: i18n.W("print the version", "버전 출력")},

	{name: "json", cmds: []string{"list", "search", "show", "timeline", "validate"},
		help: i18n.W("machine-readable output", "기계가 읽을 수 있는 JSON 출력")},
	{name: "no-cache", cmds: []string{"search"},
		help: i18n.W("read every --data file again, not the search cache of earlier searches",
			"이전 검색의 캐시 대신 --data 파일을 모두 다시 읽음")},
	{name: "width", value: "N", cmds: []string{"show", "timeline"}, want: i18n.W("a number of columns", "열 수"),
		help: i18n.W("wrap text to N columns (default: the terminal's width)",
			"N 열에 맞춰 줄바꿈 (기본값: 터미널 너비)")},
	{name: "set", value: "NAME=VALUE", cmds: []string{"timeline", "replay"}, want: i18n.W("NAME=VALUE", "NAME=VALUE"),
		help: i18n.W("re-run the model with a changed parameter (repeatable; the series become hypothetical)",
			"매개변수를 바꿔 모델을 다시 돌림 (여러 번 가능, 시계열은 가정이 됨)")},
	{name: "study", cmds: []string{"timeline", "replay", "cast"},
		help: i18n.W("study mode: stop before each decision (timeline: a numbered worksheet, answers at the end)",
			"학습 모드: 결정마다 멈춤 (timeline: 번호 붙은 문제지, 답은 끝에)")},
	{name: "present", cmds: []string{"replay"},
		help: i18n.W("presenter mode: a large, fixed layout for a shared screen", "발표 모드: 화면 공유에 맞춘 크고 고정된 배치")},
	{name: "at", value: "HH:MM", cmds: []string{"replay"}, want: i18n.W("a time such as 13:05", "13:05 같은 시각"),
		help: i18n.W("start at this time of the incident, in its zone", "장애 시간대 기준으로 이 시각부터 시작")},
	{name: "speed", value: "N", cmds: []string{"replay"}, want: i18n.W(speedList(), speedList()+" 중 하나"),
		help: i18n.W("playback speed: "+speedList()+" (default 60)", "재생 속도: "+speedList()+" (기본값 60)")},
	{name: "minutes", value: "FILE", cmds: []string{"replay", "serve"}, want: i18n.W("a file name", "파일 이름"),
		help: i18n.W("on exit (ctrl+c too), write the study session's minutes to FILE as Markdown",
			"끝낼 때(ctrl+c 포함) 학습 회의록을 Markdown으로 FILE에 씀")},
	{name: "until", value: "HH:MM", cmds: []string{"replay"}, want: i18n.W("a time such as 15:30", "15:30 같은 시각"),
		help: i18n.W("presenter mode's meeting clock counts down to this local time",
			"발표 모드의 회의 시계가 이 현지 시각까지 거꾸로 셈")},
	tzFlagSpec, // tz.go
}, append(serveFlagSpecs, castFlagSpecs...)...)

// The flags' words, registered in the catalogue so that its check covers
// them: each flag's help, and what the value of one that takes a value
// must be.
var _ = i18n.Register("cli.flags", flagWords())

func flagWords() *struct{ help, want map[string]i18n.Word } {
	t := &struct{ help, want map[string]i18n.Word }{map[string]i18n.Word{}, map[string]i18n.Word{}}
	for _, s := range flagSpecs {
		name := s.name
		if _, dup := t.help[name]; dup { // cast's --speed beside replay's
			name += "@" + strings.Join(s.cmds, ",")
		}
		t.help[name] = s.help
		if s.value != "" {
			t.want[name] = s.want
		}
	}
	return t
}

// specFor returns the flag called name if command c takes it.
func specFor(c *command, name string) (flagSpec, bool) {
	for _, s := range flagSpecs {
		if s.name == name && (s.cmds == nil || slices.Contains(s.cmds, c.name)) {
			return s, true
		}
	}
	return flagSpec{}, false
}

// commandFlags returns the flags command c takes beyond the common ones.
func commandFlags(c *command) []flagSpec {
	var out []flagSpec
	for _, s := range flagSpecs {
		if s.cmds != nil && slices.Contains(s.cmds, c.name) {
			out = append(out, s)
		}
	}
	return out
}

// splitCommand finds the subcommand: the first argument that is not a flag
// or a flag's value. Global flags may stand before it
// ("incidents --data DIR search dns").
func splitCommand(args []string) (string, []string) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			break
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			rest := append(append([]string{}, args[:i]...), args[i+1:]...)
			return a, rest
		}
		if takesValue(a) && !strings.Contains(a, "=") {
			i++ // skip the flag's value
		}
	}
	return "", args // no command: the explorer (or the list, when piped)
}

func takesValue(a string) bool {
	name := strings.TrimLeft(a, "-")
	for _, s := range flagSpecs {
		if s.name == name {
			return s.value != ""
		}
	}
	return false
}

// langArg returns the language the arguments ask for with a valid --lang,
// else the environment's: the language of help and errors, known before
// the flags are parsed.
func langArg(args []string, getenv func(string) string) data.Lang {
	for i, a := range args {
		v, ok := "", false
		switch {
		case a == "--":
			return langFromEnv(getenv)
		case a == "--lang" && i+1 < len(args):
			v, ok = args[i+1], true
		case strings.HasPrefix(a, "--lang="):
			v, ok = strings.TrimPrefix(a, "--lang="), true
		}
		if l, err := data.ParseLang(v); ok && err == nil && l != data.Both {
			return l
		}
	}
	return langFromEnv(getenv)
}

// parseFlags parses the flags of command c, which may be interspersed with
// its positional arguments, then fills what the flags left open from the
// environment. Messages are in language l.
func parseFlags(c *command, args []string, getenv func(string) string, l data.Lang) (options, error) {
	var o options
	vals := map[string][]string{}
	var help, version bool
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			o.args = append(o.args, args[i+1:]...)
			break
		}
		if a == "-h" {
			vals["help"] = append(vals["help"], "")
			continue
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			o.args = append(o.args, a)
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		spec, ok := specFor(c, name)
		if !ok {
			return o, usageErrorf("%s", unknownFlag(c, shown(name), l))
		}
		switch {
		case spec.value == "" && hasVal:
			return o, usageErrorf(cliWords.takesNoValue.In(l), shown(name))
		case spec.value == "":
			vals[name] = append(vals[name], "")
			continue
		case !hasVal:
			if i+1 >= len(args) || strings.HasPrefix(args[i+1], "--") {
				return o, usageErrorf(cliWords.needsValue.In(l), shown(name), spec.want.In(l))
			}
			i++
			val = args[i]
		}
		vals[name] = append(vals[name], val)
	}
	_, help = vals["help"]
	_, version = vals["version"]
	if help {
		return o, errHelp
	}
	if version {
		return o, errVersion
	}
	if len(o.args) < c.minArgs || (c.maxArgs >= 0 && len(o.args) > c.maxArgs) {
		return o, usageErrorf("%s", c.argsError(len(o.args), l))
	}
	return o, o.fill(vals, getenv, l, c)
}

// fill sets the options from the parsed flag values and the environment,
// and checks them.
func (o *options) fill(vals map[string][]string, getenv func(string) string, l data.Lang, c *command) error {
	last := func(k string) string {
		if v := vals[k]; len(v) > 0 {
			return v[len(v)-1]
		}
		return ""
	}
	_, o.mouse = vals["mouse"]
	_, o.noColor = vals["no-color"]
	_, o.json = vals["json"]
	_, o.noCache = vals["no-cache"]
	_, o.study = vals["study"]
	_, o.present = vals["present"]
	o.data = vals["data"]
	if v := getenv("INCIDENTS_DATA"); v != "" {
		for _, p := range filepath.SplitList(v) {
			if p != "" {
				o.data = append(o.data, p)
			}
		}
	}
	o.set = vals["set"]
	if err := o.fillLook(last, getenv, l); err != nil {
		return err
	}
	if err := o.fillPlayback(last, l, c); err != nil {
		return err
	}
	if getenv("NO_COLOR") != "" {
		o.noColor = true
	}
	if v := last("tz"); v != "" {
		z, err := parseTZ(v, l)
		if err != nil {
			return err
		}
		o.tz = z
	}
	if err := o.cast.fill(last, c.name, l); err != nil {
		return err
	}
	if c.name == "serve" {
		return o.serve.fill(last, vals, l)
	}
	return nil
}

// fillLook sets the language and the theme from their flags, then the
// environment.
func (o *options) fillLook(last, getenv func(string) string, l data.Lang) error {
	if lang := last("lang"); lang == "" {
		o.lang = langFromEnv(getenv)
	} else {
		lg, err := data.ParseLang(lang)
		if err != nil {
			return usageErrorf(cliWords.badLang.In(l), shown(lang))
		}
		o.lang = lg
	}
	o.theme = last("theme")
	if o.theme == "" {
		o.theme = getenv("INCIDENTS_THEME")
	}
	switch o.theme {
	case "":
		o.theme = "auto"
	case "auto", "dark", "light":
	default:
		return usageErrorf(cliWords.badTheme.In(l), shown(o.theme))
	}
	return nil
}

// fillPlayback sets and bounds the width, the speed and the times a replay
// starts at and counts down to.
func (o *options) fillPlayback(last func(string) string, l data.Lang, c *command) error {
	if w := last("width"); w != "" {
		n, err := strconv.Atoi(w)
		switch {
		case errors.Is(err, strconv.ErrRange) && !strings.HasPrefix(w, "-"), err == nil && n > maxWidth:
			return usageErrorf(cliWords.wideWidth.In(l), shown(w), maxWidth) // text is laid out in w cells: bound it here
		case err != nil:
			return usageErrorf(cliWords.badWidth.In(l), shown(w), minWidth)
		case n < minWidth:
			return usageErrorf(cliWords.narrowWidth.In(l), n, minWidth)
		}
		o.width = n
	}
	if s := last("speed"); s != "" && c.name != "cast" { // cast's is its own (cast.go)
		n, err := strconv.Atoi(s)
		if err != nil || !validSpeed(n) {
			return usageErrorf(cliWords.badSpeed.In(l), shown(s), speedList())
		}
		o.speed = n
	}
	o.at = last("at")
	if o.at != "" {
		if _, err := parseHHMM(o.at); err != nil {
			return usageErrorf(cliWords.badAt.In(l), shown(o.at))
		}
	}
	o.minutes = last("minutes")
	o.until = last("until")
	if o.until != "" {
		if _, err := parseHHMM(o.until); err != nil {
			return usageErrorf(meetingWords.badUntil.In(l), shown(o.until))
		}
	}
	return nil
}

// shownMax is how many bytes of a value from the command line an error
// message repeats; longer values are cut at a rune boundary and marked.
const shownMax = 64

// shown is v as an error message repeats it: at most shownMax bytes, so a
// huge value never makes a huge message. Quoting (%q) or the sanitiser
// deals with what it holds.
func shown(v string) string {
	if len(v) <= shownMax {
		return v
	}
	cut := shownMax
	for cut > 0 && !utf8.RuneStart(v[cut]) {
		cut--
	}
	return v[:cut] + "…"
}

// unknownFlag says a flag is not known, suggesting the nearest one the
// command takes.
func unknownFlag(c *command, name string, l data.Lang) string {
	s := fmt.Sprintf(cliWords.unknownFlag.In(l), name)
	best, bestD := "", 3
	for _, sp := range flagSpecs {
		if _, ok := specFor(c, sp.name); ok {
			if d := editdist.Strings(name, sp.name); d < bestD {
				best, bestD = sp.name, d
			}
		}
	}
	if best != "" {
		s += fmt.Sprintf(cliWords.didYouMeanFlag.In(l), best)
	}
	return s
}

// langFromEnv picks Korean when the locale is Korean, otherwise English.
// LC_ALL overrides LC_MESSAGES, which overrides LANG, as in POSIX.
func langFromEnv(getenv func(string) string) data.Lang {
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(k); v != "" {
			if strings.HasPrefix(strings.ToLower(v), "ko") {
				return data.KO
			}
			return data.EN
		}
	}
	return data.EN
}

// speeds are the replay speeds the clock offers.
var speeds = []int{1, 10, 60, 300, 600}

func validSpeed(n int) bool { return slices.Contains(speeds, n) }

func speedList() string {
	var p []string
	for _, s := range speeds {
		p = append(p, strconv.Itoa(s))
	}
	return strings.Join(p, ", ")
}

// parseHHMM checks a clock time such as "13:05".
func parseHHMM(s string) (int, error) {
	var h, m int
	if n, err := fmt.Sscanf(s, "%d:%d", &h, &m); err != nil || n != 2 || len(s) != 5 || h > 23 || m > 59 || h < 0 || m < 0 {
		return 0, fmt.Errorf("invalid time %q (want HH:MM, such as 13:05)", s)
	}
	return h*60 + m, nil
}
