package serve

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// request is what a session asked for: the TUI (following, or opened on a
// replay) or one read-only command.
type request struct {
	// command is set for list, search, show and timeline: the arguments
	// to print them with.
	command []string
	lang    data.Lang
	theme   string
	noColor bool
	// replay, at and speed open the TUI on a replayer, browsing alone.
	replay, at     string
	speed          int
	study, present bool
	// zone is the zone the participant sees times in (--tz); local, the
	// zone of the TZ their client sent, is what "local" means for them.
	zone  replay.Zone
	local *time.Location
}

// printCommands are the commands printed and done with; the flags each
// accepts, with whether the flag takes a value. --data is never accepted:
// a participant reads the server's library, not its files.
var printCommands = map[string]map[string]bool{
	"list":     {"json": false, "lang": true, "no-color": false, "theme": true},
	"search":   {"json": false, "lang": true, "no-color": false, "theme": true},
	"show":     {"json": false, "lang": true, "no-color": false, "theme": true, "width": true, "tz": true},
	"timeline": {"json": false, "lang": true, "no-color": false, "theme": true, "width": true, "set": true, "tz": true},
}

// tuiFlags are the flags of the TUI and of replay.
var tuiFlags = map[string]bool{"lang": true, "theme": true, "at": true, "speed": true, "study": false, "present": false, "tz": true}

// parseRequest reads a session's command line and environment. Settings
// come from the command line, else from the environment the client sent
// (the last value of a variable wins), else from the server's defaults.
func parseRequest(args, environ []string, defLang data.Lang, defTheme string) (request, error) {
	rq := request{lang: defLang, theme: defTheme}
	envSettings(&rq, environ)
	if len(args) > 0 && args[0] == "--" {
		args = args[1:]
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		flags, pos, err := splitFlags(args, tuiFlags)
		if err == nil && len(pos) > 0 {
			err = refusal(pos[0])
		}
		if err == nil {
			err = rq.settings(flags, false)
		}
		return rq, err
	}
	name := args[0]
	if allowed, ok := printCommands[name]; ok {
		flags, pos, err := splitFlags(args[1:], allowed)
		if err != nil {
			return rq, err
		}
		rq.command = append([]string{name}, pos...)
		for _, f := range flags {
			rq.command = append(rq.command, "--"+f.name)
			if allowed[f.name] {
				rq.command = append(rq.command, f.value)
			}
		}
		if _, ok := flagValue(flags, "lang"); !ok {
			rq.command = append(rq.command, "--lang", rq.lang.String())
		}
		return rq, nil
	}
	if name != "replay" {
		return rq, refusal(name)
	}
	flags, pos, err := splitFlags(args[1:], tuiFlags)
	if err != nil {
		return rq, err
	}
	if len(pos) != 1 {
		return rq, fmt.Errorf("replay takes one incident id, such as: replay IL-0499 --at 12:47")
	}
	rq.replay = pos[0]
	return rq, rq.settings(flags, true)
}

// refusal is the one line a command outside the list gets.
func refusal(name string) error {
	name = ansi.Truncate(data.OneLine(name), 40, "…")
	return fmt.Errorf("\"%s\" is not allowed here; this server runs only: list, search QUERY, show ID, timeline ID, and with ssh -t: replay ID [--at HH:MM] [--speed N] [--study] [--present] [--tz ZONE]", name)
}

// envSettings takes the language, theme and NO_COLOR from the variables
// the client sent. LC_ALL overrides LC_MESSAGES, which overrides LANG.
func envSettings(rq *request, environ []string) {
	get := func(k string) string {
		v := ""
		for _, kv := range environ {
			if name, val, ok := strings.Cut(kv, "="); ok && name == k {
				v = val // the last one wins
			}
		}
		return v
	}
	for _, k := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := get(k); v != "" {
			rq.lang = data.EN
			if strings.HasPrefix(strings.ToLower(v), "ko") {
				rq.lang = data.KO
			}
			break
		}
	}
	if t := get("INCIDENTS_THEME"); validTheme(t) {
		rq.theme = t
	}
	rq.noColor = get("NO_COLOR") != ""
	// TZ names the participant's own zone ("Asia/Seoul", ":Asia/Seoul");
	// anything else (a POSIX rule, a path) leaves the server's.
	if loc, err := replay.LoadZone(strings.TrimPrefix(get("TZ"), ":")); err == nil {
		rq.local = loc
	}
	rq.zone = rq.zone.WithLocal(rq.local)
}

func validTheme(t string) bool { return t == "auto" || t == "dark" || t == "light" }

// settings applies the TUI flags; at and speed only with replay.
func (rq *request) settings(flags []flag, replayFlags bool) error {
	for _, f := range flags {
		switch f.name {
		case "lang":
			l, err := data.ParseLang(f.value)
			if err != nil {
				return fmt.Errorf("--lang: %w", err)
			}
			rq.lang = l
		case "theme":
			if !validTheme(f.value) {
				return fmt.Errorf("--theme: invalid theme %q (want auto, dark or light)", data.OneLine(f.value))
			}
			rq.theme = f.value
		case "tz":
			z, err := replay.ParseZone(f.value, rq.local)
			if err != nil {
				return fmt.Errorf("--tz: %w", err)
			}
			rq.zone = z
		case "study", "present":
			if !replayFlags {
				return fmt.Errorf("--%s goes with replay ID", f.name)
			}
			rq.study = rq.study || f.name == "study"
			rq.present = rq.present || f.name == "present"
		case "at", "speed":
			if !replayFlags {
				return fmt.Errorf("--%s goes with replay ID", f.name)
			}
			if err := rq.replayFlag(f); err != nil {
				return err
			}
		}
	}
	return nil
}

func (rq *request) replayFlag(f flag) error {
	if f.name == "speed" {
		n, err := strconv.Atoi(f.value)
		if err != nil || !replay.ValidSpeed(n) {
			return fmt.Errorf("--speed: invalid speed %q (want one of %v)", data.OneLine(f.value), replay.Speeds)
		}
		rq.speed = n
		return nil
	}
	var h, m int
	if n, err := fmt.Sscanf(f.value, "%d:%d", &h, &m); err != nil || n != 2 || len(f.value) != 5 || h > 23 || m > 59 || h < 0 || m < 0 {
		return fmt.Errorf("--at: invalid time %q (want HH:MM, such as 12:47)", data.OneLine(f.value))
	}
	rq.at = f.value
	return nil
}

// flag is one parsed flag.
type flag struct{ name, value string }

// splitFlags separates flags from positional arguments. allowed maps each
// accepted flag to whether it takes a value; any other flag is an error.
func splitFlags(args []string, allowed map[string]bool) (flags []flag, pos []string, err error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return flags, append(pos, args[i+1:]...), nil
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			pos = append(pos, a)
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(a, "-"), "=")
		takes, ok := allowed[name]
		if !ok {
			return nil, nil, fmt.Errorf("flag \"%s\" is not allowed here", ansi.Truncate(data.OneLine(a), 40, "…"))
		}
		switch {
		case takes && !hasValue:
			if i+1 >= len(args) {
				return nil, nil, fmt.Errorf("flag --%s needs a value", name)
			}
			i++
			value = args[i]
		case !takes && hasValue:
			return nil, nil, fmt.Errorf("flag --%s takes no value", name)
		}
		flags = append(flags, flag{name: name, value: value})
	}
	return flags, pos, nil
}

func flagValue(flags []flag, name string) (string, bool) {
	for _, f := range flags {
		if f.name == name {
			return f.value, true
		}
	}
	return "", false
}
