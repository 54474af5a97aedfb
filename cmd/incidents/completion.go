package main

import (
	"fmt"
	"io"
	"slices"
	"strings"
)

// Shell completion: scripts generated from the command and flag tables, so
// they never fall behind. They offer only what a command accepts: incident
// ids come from the hidden `__ids COMMAND` at completion time (so the
// user's --data records complete too), only those with a timeline for
// `timeline` and `replay`; `--set` offers the parameters of the incident's
// model (`__params ID`); a flag whose value is free text (`--at HH:MM`,
// `--width N`) offers nothing, where it used to offer ids.

func runCompletion(e *env, o options) (int, error) {
	switch o.args[0] {
	case "bash":
		writeBash(e.stdout)
	case "zsh":
		writeZsh(e.stdout)
	case "fish":
		writeFish(e.stdout)
	default:
		return exitUsage, usageErrorf(cliWords.badShell.In(o.lang), shown(o.args[0]))
	}
	return exitOK, nil
}

// flagValues are the values completion offers for a flag, "" for none.
var flagValues = map[string]string{
	"lang": "en ko both", "theme": "auto dark light", "speed": "1 10 60 300 600",
	"size": "80x24 100x30 120x40 160x50",
}

// flagNames returns the flags command c takes, each with "--".
func flagNames(c *command) string {
	var out []string
	for _, s := range flagSpecs {
		if _, ok := specFor(c, s.name); ok {
			out = append(out, "--"+s.name)
		}
	}
	return strings.Join(out, " ")
}

// valueFlags returns every flag that takes a value, each with "--".
func valueFlags() []string {
	var out []string
	for _, s := range flagSpecs {
		if s.value != "" && !slices.Contains(out, "--"+s.name) {
			out = append(out, "--"+s.name)
		}
	}
	return out
}

// isFileFlag reports whether a flag's value is a path.
func isFileFlag(s flagSpec) bool { return s.value == "DIR" || s.value == "PATH" || s.value == "FILE" }

// fileFlags returns the flags whose value is a path, each with "--".
func fileFlags() []string {
	var out []string
	for _, s := range flagSpecs {
		if isFileFlag(s) && !slices.Contains(out, "--"+s.name) {
			out = append(out, "--"+s.name)
		}
	}
	return out
}

// freeFlags returns the flags whose value completion cannot offer (a time,
// a number, an address): after them it offers nothing.
func freeFlags() []string {
	var out []string
	for _, s := range flagSpecs {
		if s.value != "" && !isFileFlag(s) && flagValues[s.name] == "" && s.name != "set" && !slices.Contains(out, "--"+s.name) {
			out = append(out, "--"+s.name)
		}
	}
	return out
}

// flagSpecFor returns the first spec of the flag named name.
func flagSpecFor(name string) (flagSpec, bool) {
	i := slices.IndexFunc(flagSpecs, func(s flagSpec) bool { return s.name == name })
	if i < 0 {
		return flagSpec{}, false
	}
	return flagSpecs[i], true
}

// takesID reports whether a command's argument is an incident id.
func takesID(c *command) bool { return c.args == "ID" }

func writeBash(w io.Writer) {
	fmt.Fprintf(w, `# bash completion for incidents: source <(incidents completion bash)
_incidents() {
    local cur prev cmd id i
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    cmd=""
    id=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${COMP_WORDS[i]}" in
            %s|=) ((i++)) ;;
            -*) ;;
            *) if [[ -z $cmd ]]; then cmd="${COMP_WORDS[i]}"; elif [[ -z $id ]]; then id="${COMP_WORDS[i]}"; fi ;;
        esac
    done
    case "$prev" in
`, strings.Join(valueFlags(), "|"))
	for _, n := range []string{"lang", "theme", "speed", "size"} {
		fmt.Fprintf(w, "        --%s) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", n, flagValues[n])
	}
	fmt.Fprintf(w, "        %s) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n", strings.Join(fileFlags(), "|"))
	fmt.Fprint(w, "        --set) COMPREPLY=($(compgen -W \"$(incidents __params \"$id\" 2>/dev/null)\" -- \"$cur\")); compopt -o nospace 2>/dev/null; return ;;\n")
	fmt.Fprintf(w, "        %s|=) return ;;\n", strings.Join(freeFlags(), "|"))
	fmt.Fprint(w, "    esac\n    case \"$cmd\" in\n")
	fmt.Fprintf(w, "        \"\") COMPREPLY=($(compgen -W %q -- \"$cur\")) ;;\n", strings.Join(commandOrder, " ")+" "+flagNames(commands[""]))
	for _, n := range commandOrder {
		c := commands[n]
		words := flagNames(c)
		switch {
		case takesID(c):
			words = "$(incidents __ids " + n + " 2>/dev/null) " + words
		case n == "completion":
			words = "bash zsh fish"
		case n == "help":
			words = strings.Join(commandOrder, " ")
		}
		extra := ""
		if n == "validate" {
			extra = " -f"
		}
		fmt.Fprintf(w, "        %s) COMPREPLY=($(compgen%s -W \"%s\" -- \"$cur\")) ;;\n", n, extra, words)
	}
	fmt.Fprint(w, "    esac\n}\ncomplete -F _incidents incidents\n")
}

func writeZsh(w io.Writer) {
	fmt.Fprint(w, "#compdef incidents\n# zsh completion for incidents: incidents completion zsh > \"${fpath[1]}/_incidents\"\n_incidents() {\n")
	fmt.Fprint(w, "  local -a cmds\n  cmds=(\n")
	for _, n := range commandOrder {
		fmt.Fprintf(w, "    '%s:%s'\n", n, zshQuote(commands[n].summary.EN))
	}
	fmt.Fprint(w, "  )\n  local cmd=${words[2]} id=${words[3]}\n  case $words[CURRENT-1] in\n")
	for _, n := range []string{"lang", "theme", "speed", "size"} {
		fmt.Fprintf(w, "    --%s) compadd %s; return ;;\n", n, flagValues[n])
	}
	fmt.Fprintf(w, "    %s) _files; return ;;\n", strings.Join(fileFlags(), "|"))
	fmt.Fprint(w, "    --set) compadd -S '' -- ${(f)\"$(incidents __params $id 2>/dev/null)\"}; return ;;\n")
	var times, others []string
	for _, f := range freeFlags() {
		if spec, ok := flagSpecFor(strings.TrimPrefix(f, "--")); ok && spec.value == "HH:MM" {
			times = append(times, f)
		} else {
			others = append(others, f)
		}
	}
	fmt.Fprintf(w, "    %s) _message 'HH:MM'; return ;;\n", strings.Join(times, "|"))
	fmt.Fprintf(w, "    %s) return ;;\n", strings.Join(others, "|"))
	fmt.Fprint(w, "  esac\n  if (( CURRENT == 2 )); then\n    _describe command cmds\n    return\n  fi\n  case $cmd in\n")
	for _, n := range commandOrder {
		c := commands[n]
		body := "compadd -- " + flagNames(c)
		switch {
		case takesID(c):
			body = "compadd -- ${(f)\"$(incidents __ids " + n + " 2>/dev/null)\"} " + flagNames(c)
		case n == "completion":
			body = "compadd bash zsh fish"
		case n == "help":
			body = "_describe command cmds"
		case n == "validate":
			body = "_files; compadd -- " + flagNames(c)
		}
		fmt.Fprintf(w, "    %s) %s ;;\n", n, body)
	}
	fmt.Fprint(w, "  esac\n}\ncompdef _incidents incidents\n")
}

func zshQuote(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "'", "'\\''"), ":", "\\:")
}

func writeFish(w io.Writer) {
	fmt.Fprint(w, "# fish completion for incidents: incidents completion fish > ~/.config/fish/completions/incidents.fish\n")
	fmt.Fprint(w, "complete -c incidents -f\n")
	// The incident id on the command line: the first word after the
	// command that is neither a flag nor a flag's value.
	fmt.Fprintf(w, "function __incidents_id\n    set -l words (commandline -opc)\n    set -l seen 0\n    set -l skip 0\n"+
		"    for w in $words[2..-1]\n        if test $skip = 1\n            set skip 0\n        else if contains -- $w %s\n            set skip 1\n"+
		"        else if string match -q -- '-*' $w\n        else if test $seen = 0\n            set seen 1\n        else\n            echo $w\n            return\n        end\n    end\nend\n",
		strings.Join(valueFlags(), " "))
	for _, n := range commandOrder {
		fmt.Fprintf(w, "complete -c incidents -n __fish_use_subcommand -a %s -d %q\n", n, commands[n].summary.EN)
	}
	for _, s := range flagSpecs {
		cond := ""
		if s.cmds != nil {
			cond = fmt.Sprintf(" -n '__fish_seen_subcommand_from %s'", strings.Join(s.cmds, " "))
		}
		arg := ""
		switch {
		case flagValues[s.name] != "":
			arg = fmt.Sprintf(" -x -a %q", flagValues[s.name])
		case isFileFlag(s):
			arg = " -r -F"
		case s.name == "set":
			arg = " -x -a '(incidents __params (__incidents_id) 2>/dev/null)'"
		case s.value != "":
			arg = " -x"
		}
		fmt.Fprintf(w, "complete -c incidents%s -l %s%s -d %q\n", cond, s.name, arg, s.help.EN)
	}
	for _, n := range commandOrder {
		if takesID(commands[n]) {
			fmt.Fprintf(w, "complete -c incidents -n '__fish_seen_subcommand_from %s' -a '(incidents __ids %s 2>/dev/null)'\n", n, n)
		}
	}
	fmt.Fprint(w, "complete -c incidents -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'\n")
	fmt.Fprintf(w, "complete -c incidents -n '__fish_seen_subcommand_from help' -a %q\n", strings.Join(commandOrder, " "))
	fmt.Fprint(w, "complete -c incidents -n '__fish_seen_subcommand_from validate' -F\n")
}
