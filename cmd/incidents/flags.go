package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/incidents-dev/incidents/data"
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
	width   int
	at      string
	speed   int
	// study and present open the replayer in study or presenter mode;
	// study on `timeline` prints the worksheet.
	study, present bool
	set            []string
	args           []string // positional arguments
	serve          serveOptions
}

// multiFlag is a repeatable string flag.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

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
			if _, ok := commands[a]; ok {
				rest := append(append([]string{}, args[:i]...), args[i+1:]...)
				return a, rest
			}
			return a, args[i+1:]
		}
		if takesValue(a) && !strings.Contains(a, "=") {
			i++ // skip the flag's value
		}
	}
	return "", args // no command: the explorer (or the list, when piped)
}

// valueFlags are the flags that take a value, for splitCommand.
var valueFlags = map[string]bool{"data": true, "lang": true, "theme": true, "width": true, "at": true, "speed": true, "set": true}

func takesValue(a string) bool {
	return valueFlags[strings.TrimLeft(a, "-")]
}

// parseFlags parses the flags of command c, which may be interspersed with
// its positional arguments, then fills what the flags left open from the
// environment.
func parseFlags(c *command, args []string, getenv func(string) string) (options, error) {
	var o options
	var dataDirs, sets multiFlag
	var lang string
	var help, version bool
	fs := flag.NewFlagSet(c.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Var(&dataDirs, "data", "")
	fs.StringVar(&lang, "lang", "", "")
	fs.StringVar(&o.theme, "theme", "", "")
	fs.BoolVar(&o.mouse, "mouse", false, "")
	fs.BoolVar(&o.noColor, "no-color", false, "")
	fs.BoolVar(&help, "help", false, "")
	fs.BoolVar(&help, "h", false, "")
	fs.BoolVar(&version, "version", false, "")
	if c.json {
		fs.BoolVar(&o.json, "json", false, "")
	}
	if c.name == "timeline" || c.name == "show" {
		fs.IntVar(&o.width, "width", 0, "")
	}
	if c.name == "timeline" {
		fs.Var(&sets, "set", "")
		fs.BoolVar(&o.study, "study", false, "")
	}
	if c.name == "serve" {
		o.serve.register(fs)
	}
	if c.name == "replay" {
		fs.StringVar(&o.at, "at", "", "")
		fs.IntVar(&o.speed, "speed", 0, "")
		fs.BoolVar(&o.study, "study", false, "")
		fs.BoolVar(&o.present, "present", false, "")
	}
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				return o, errHelp
			}
			return o, usageErrorf("%v", err)
		}
		if fs.NArg() == 0 {
			break
		}
		if fs.Arg(0) == "--" {
			o.args = append(o.args, fs.Args()[1:]...)
			break
		}
		o.args = append(o.args, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	if help {
		return o, errHelp
	}
	if version {
		return o, errVersion
	}
	if len(o.args) < c.minArgs || (c.maxArgs >= 0 && len(o.args) > c.maxArgs) {
		return o, usageErrorf("%s", c.argsError(len(o.args)))
	}

	o.data = dataDirs
	if v := getenv("INCIDENTS_DATA"); v != "" {
		for _, p := range filepath.SplitList(v) {
			if p != "" {
				o.data = append(o.data, p)
			}
		}
	}
	o.set = sets

	if lang == "" {
		o.lang = langFromEnv(getenv)
	} else {
		l, err := data.ParseLang(lang)
		if err != nil {
			return o, usageErrorf("--lang: %v", err)
		}
		o.lang = l
	}
	if o.theme == "" {
		o.theme = getenv("INCIDENTS_THEME")
	}
	switch o.theme {
	case "":
		o.theme = "auto"
	case "auto", "dark", "light":
	default:
		return o, usageErrorf("--theme: invalid theme %q (want auto, dark or light)", o.theme)
	}
	if err := checkWidth(o.width); err != nil {
		return o, err
	}
	if c.name == "replay" && o.speed != 0 && !validSpeed(o.speed) {
		return o, usageErrorf("--speed: invalid speed %d (want %s)", o.speed, speedList())
	}
	if o.at != "" {
		if _, err := parseHHMM(o.at); err != nil {
			return o, usageErrorf("--at: %v", err)
		}
	}
	if getenv("NO_COLOR") != "" {
		o.noColor = true
	}
	return o, nil
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

func validSpeed(n int) bool {
	for _, s := range speeds {
		if s == n {
			return true
		}
	}
	return false
}

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
