package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/mcp"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// mcpCommand is `incidents mcp`: an MCP server on stdin and stdout.
var mcpCommand = &command{
	name: "mcp",
	summary: i18n.W("serve the library to coding agents (MCP on stdio)",
		"코딩 에이전트에게 라이브러리 제공(stdio MCP)"),
	maxArgs: 0, run: runMCP,
	examples: []string{
		"incidents mcp  # tools: search_incidents, get_incident, list_incidents, get_timeline, vocab, get_topic",
		"incidents mcp --data ./my-incidents --lang ko",
		`{"mcpServers": {"incidents": {"command": "incidents", "args": ["mcp"]}}}  # a client's configuration`,
	},
}

func runMCP(e *env, o options) (int, error) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := serveMCP(ctx, e, o, library.Options{Paths: o.data}); err != nil {
		return exitFail, err
	}
	if ctx.Err() != nil {
		return exitInterrupted, nil
	}
	return exitOK, nil
}

// serveMCP opens the library as lopts says and serves it on e's stdin and
// stdout until the client closes stdin. Data problems and notices go to
// stderr, one per line, and to the client in the server's instructions;
// stdout carries nothing but the protocol.
func serveMCP(ctx context.Context, e *env, o options, lopts library.Options) error {
	lib, err := library.Open(lopts)
	opts := mcp.Options{Lang: o.lang, Notices: lib.Notices(), Version: strings.TrimPrefix(versionString(), "incidents ")}
	for _, n := range lib.Notices() {
		fmt.Fprintf(e.stderr, "incidents: %s\n", n)
	}
	for _, p := range flatten(err) {
		fmt.Fprintln(e.stderr, p)
		opts.Problems = append(opts.Problems, p.Error())
	}
	if n := len(opts.Problems); n > 0 {
		fmt.Fprintf(e.stderr, "incidents mcp: %s in data files; skipped what they name, serving the rest\n",
			plural(n, "problem", "problems"))
	}
	go lib.Prepare() //nolint:errcheck // a model that fails is reported by the timeline that needs it
	return mcp.Serve(ctx, lib, opts, e.stdin, e.stdout)
}
