package main

import (
	"fmt"
	"io"
	"strings"
)

// Shell completion: scripts generated from the command and flag tables, so
// they never fall behind. Incident ids come from the hidden `__ids`
// command at completion time, so the user's --data records complete too.

func runCompletion(e *env, o options) (int, error) {
	switch o.args[0] {
	case "bash":
		writeBash(e.stdout)
	case "zsh":
		writeZsh(e.stdout)
	case "fish":
		writeFish(e.stdout)
	default:
		return exitUsage, usageErrorf(cliWords.badShell.In(o.lang), o.args[0])
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

// takesID reports whether a command's argument is an incident id.
func takesID(c *command) bool { return c.args == "ID" }

func writeBash(w io.Writer) {
	fmt.Fprintf(w, `# bash completion for incidents: source <(incidents completion bash)
_incidents() {
    local cur prev cmd i
    cur="${COMP_WORDS[COMP_CWORD]}"
    prev="${COMP_WORDS[COMP_CWORD-1]}"
    cmd=""
    for ((i = 1; i < COMP_CWORD; i++)); do
        case "${COMP_WORDS[i]}" in
            -*) ;;
            *) cmd="${COMP_WORDS[i]}"; break ;;
        esac
    done
    case "$prev" in
`)
	for _, n := range []string{"lang", "theme", "speed", "size"} {
		fmt.Fprintf(w, "        --%s) COMPREPLY=($(compgen -W %q -- \"$cur\")); return ;;\n", n, flagValues[n])
	}
	fmt.Fprintf(w, "        --data|--record) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n    esac\n    case \"$cmd\" in\n")
	fmt.Fprintf(w, "        \"\") COMPREPLY=($(compgen -W %q -- \"$cur\")) ;;\n", strings.Join(commandOrder, " ")+" "+flagNames(commands[""]))
	for _, n := range commandOrder {
		c := commands[n]
		words := flagNames(c)
		switch {
		case takesID(c):
			words = "$(incidents __ids 2>/dev/null) " + words
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
	fmt.Fprint(w, "  )\n  local cmd=${words[2]}\n  case $words[CURRENT-1] in\n")
	for _, n := range []string{"lang", "theme", "speed", "size"} {
		fmt.Fprintf(w, "    --%s) compadd %s; return ;;\n", n, flagValues[n])
	}
	fmt.Fprint(w, "    --data|--record) _files; return ;;\n  esac\n  if (( CURRENT == 2 )); then\n    _describe command cmds\n    return\n  fi\n  case $cmd in\n")
	for _, n := range commandOrder {
		c := commands[n]
		body := "compadd -- " + flagNames(c)
		switch {
		case takesID(c):
			body = "compadd -- ${(f)\"$(incidents __ids 2>/dev/null)\"} " + flagNames(c)
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
		case s.name == "data" || s.name == "record":
			arg = " -r -F"
		case s.value != "":
			arg = " -x"
		}
		fmt.Fprintf(w, "complete -c incidents%s -l %s%s -d %q\n", cond, s.name, arg, s.help.EN)
	}
	for _, n := range commandOrder {
		if takesID(commands[n]) {
			fmt.Fprintf(w, "complete -c incidents -n '__fish_seen_subcommand_from %s' -a '(incidents __ids 2>/dev/null)'\n", n)
		}
	}
	fmt.Fprint(w, "complete -c incidents -n '__fish_seen_subcommand_from completion' -a 'bash zsh fish'\n")
	fmt.Fprintf(w, "complete -c incidents -n '__fish_seen_subcommand_from help' -a %q\n", strings.Join(commandOrder, " "))
	fmt.Fprint(w, "complete -c incidents -n '__fish_seen_subcommand_from validate' -F\n")
}
