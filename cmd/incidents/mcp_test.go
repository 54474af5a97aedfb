package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/mcp"
)

// mcpEnv is the environment the binary runs in: no data folders but the
// ones a test names.
func mcpEnv() []string { return append(os.Environ(), "INCIDENTS_DATA=", "LANG=C") }

// cliJSON runs the built binary with args and returns what it prints.
func cliJSON(t *testing.T, bin string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(bin, append(args, "--data", "testdata/user")...)
	cmd.Env = mcpEnv()
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("incidents %s: %v", strings.Join(args, " "), err)
	}
	return out
}

// decode turns JSON, or a value that marshals to it, into plain values
// for comparing.
func decode(t *testing.T, v any) any {
	t.Helper()
	b, ok := v.([]byte)
	if !ok {
		var err error
		if b, err = json.Marshal(v); err != nil {
			t.Fatal(err)
		}
	}
	var out any
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatalf("not JSON: %v: %.200s", err, b)
	}
	return out
}

func text(r *sdk.CallToolResult) string {
	if len(r.Content) == 0 {
		return ""
	}
	if tc, ok := r.Content[0].(*sdk.TextContent); ok {
		return tc.Text
	}
	return ""
}

// TestMCPMatchesCLI runs `incidents mcp` as a client does, over the SDK's
// command transport, and asks every tool what a CLI command answers:
// structured content and text copy are the command's --json.
func TestMCPMatchesCLI(t *testing.T) {
	bin := buildBinary(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.Command(bin, "mcp", "--data", "testdata/user")
	cmd.Env = mcpEnv()
	client := sdk.NewClient(&sdk.Implementation{Name: "incidents-test", Version: "1"}, nil)
	sess, err := client.Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()

	tools, err := sess.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
	}
	want := slices.Sorted(slices.Values(mcp.ToolNames))
	if slices.Sort(names); !slices.Equal(names, want) {
		t.Errorf("tools = %v, want %v", names, want)
	}

	call := func(name string, args map[string]any) *sdk.CallToolResult {
		t.Helper()
		r, err := sess.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if r.IsError {
			t.Fatalf("%s %v: tool error %s", name, args, text(r))
		}
		return r
	}
	same := func(what string, got, want any) {
		t.Helper()
		if g, w := decode(t, got), decode(t, want); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: the MCP answer differs from the CLI's --json\n got %.300v\nwant %.300v", what, g, w)
		}
	}

	for _, q := range []string{"etcd", "zanzibar", "음성"} {
		r := call("search_incidents", map[string]any{"query": q, "limit": 100})
		sc := r.StructuredContent.(map[string]any)
		same("search "+q, sc["results"], cliJSON(t, bin, "search", q, "--json"))
	}
	for _, id := range []string{"IL-0499", "t-0001"} {
		r := call("get_incident", map[string]any{"id": id})
		out := cliJSON(t, bin, "show", id, "--json")
		same("show "+id, r.StructuredContent, out)
		if text(r) != string(out) {
			t.Errorf("get_incident %s: the text copy is not `show --json`'s output", id)
		}
	}
	r := call("list_incidents", map[string]any{"limit": 200})
	sc := r.StructuredContent.(map[string]any)
	list := cliJSON(t, bin, "list", "--json")
	same("list", sc["incidents"], list)
	if n := len(decode(t, list).([]any)); sc["total"] != float64(n) {
		t.Errorf("list_incidents total = %v, want %d", sc["total"], n)
	}

	r = call("get_timeline", map[string]any{"id": "IL-0271"})
	out := cliJSON(t, bin, "timeline", "IL-0271", "--json")
	same("timeline IL-0271", r.StructuredContent, out)
	if text(r) != string(out) {
		t.Error("get_timeline IL-0271: the text copy is not `timeline --json`'s output")
	}
	checkWhatIf(t, call("get_timeline", map[string]any{"id": "IL-0499", "set": map[string]any{"partitions": 32}}).StructuredContent,
		decode(t, cliJSON(t, bin, "timeline", "IL-0499", "--set", "partitions=32", "--json")))

	// No CLI command asks these; the library's views are what the MCP
	// server must give.
	lib, _ := library.Open(library.Options{Paths: []string{"testdata/user"}})
	same("vocab", call("vocab", map[string]any{}).StructuredContent, lib.VocabView(""))
	topic, err := lib.TopicView("coordination-store")
	if err != nil {
		t.Fatal(err)
	}
	same("topic", call("get_topic", map[string]any{"term": "coordination-store"}).StructuredContent, topic)

	bad, err := sess.CallTool(ctx, &sdk.CallToolParams{Name: "get_incident", Arguments: map[string]any{"id": "IL-0498"}})
	if err != nil || !bad.IsError || !strings.Contains(text(bad), `"IL-0498"`) || !strings.Contains(text(bad), "IL-0499") {
		t.Errorf("unknown id: %v %v, want a tool error naming IL-0498 and IL-0499", err, text(bad))
	}
}

// checkWhatIf compares a what-if timeline from the server with the CLI's:
// the same events, both hypothetical, the same series with the same units
// and provenance. The server's answer is over the cap (the model gives
// thousands of points), so its series may be thinned: each point it gives
// is one of the CLI's, and it says it thinned them.
func checkWhatIf(t *testing.T, got, cli any) {
	t.Helper()
	g, w := decode(t, got).(map[string]any), cli.(map[string]any)
	if g["hypothetical"] != true || w["hypothetical"] != true {
		t.Errorf("hypothetical: server %v, CLI %v, want both true", g["hypothetical"], w["hypothetical"])
	}
	if !reflect.DeepEqual(g["events"], w["events"]) || !reflect.DeepEqual(g["stages"], w["stages"]) {
		t.Error("what-if events or stages differ from the CLI's")
	}
	gs, ws := g["series"].([]any), w["series"].([]any)
	if len(gs) != len(ws) {
		t.Fatalf("%d series, the CLI has %d", len(gs), len(ws))
	}
	for i := range gs {
		a, b := gs[i].(map[string]any), ws[i].(map[string]any)
		for _, k := range []string{"name", "unit", "provenance", "label"} {
			if !reflect.DeepEqual(a[k], b[k]) {
				t.Errorf("series %d %s: %v, CLI %v", i, k, a[k], b[k])
			}
		}
		cliPts := map[string]bool{}
		for _, p := range b["points"].([]any) {
			cliPts[string(must(json.Marshal(p)))] = true
		}
		for _, p := range a["points"].([]any) {
			if !cliPts[string(must(json.Marshal(p)))] {
				t.Fatalf("series %s: point %v is not one of the CLI's", a["name"], p)
			}
		}
	}
	if note, _ := g["truncated"].(string); note != "" && !strings.Contains(note, "thinned") {
		t.Errorf("truncated = %q, want a note on thinned series", note)
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// problemLine is a data problem as the CLI prints it.
var problemLine = regexp.MustCompile(`^testdata/bad/broken\.jsonl:\d+:\d+: `)

// TestMCPStdoutPurity runs the server over folders of bad files, writes a
// whole session at once and closes stdin: every line on stdout is JSON-RPC,
// every request is answered, and the problems are on stderr as
// path:line:col: message and in the instructions.
func TestMCPStdoutPurity(t *testing.T) {
	bin := buildBinary(t)
	reqs := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"sh","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_incidents","arguments":{"query":"corp"}}}`,
		`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"get_incident","arguments":{"id":"T-0104"}}}`,
		`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"get_timeline","arguments":{"id":"IL-0499","include_series":false}}}`,
		`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"list_incidents","arguments":{"limit":3}}}`,
		`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"vocab","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"get_topic","arguments":{"term":"dns"}}}`,
		`not json at all`,
	}
	cmd := exec.Command(bin, "mcp", "--data", "testdata/bad", "--data", "testdata/badmodel")
	cmd.Env = mcpEnv()
	cmd.Stdin = strings.NewReader(strings.Join(reqs, "\n") + "\n")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("incidents mcp: %v\n%s", err, stderr.String())
	}
	for _, esc := range []string{"\x1b", `\u001b`, "\u202e", `\u202e`, "\a", `\u0007`} {
		if strings.Contains(stdout.String(), esc) {
			t.Errorf("stdout carries %q from the escapes in testdata/bad", esc)
		}
	}
	if !strings.Contains(stdout.String(), "T-0104") {
		t.Error("the record with escapes (T-0104) was not served")
	}
	answered := map[float64]bool{}
	var instructions string
	for _, line := range strings.Split(strings.TrimRight(stdout.String(), "\n"), "\n") {
		var m struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      any             `json:"id"`
			Result  json.RawMessage `json:"result"`
			Error   json.RawMessage `json:"error"`
		}
		if err := json.Unmarshal([]byte(line), &m); err != nil || m.JSONRPC != "2.0" || (m.Result == nil && m.Error == nil) {
			t.Fatalf("stdout line is not a JSON-RPC answer: %.200q (%v)", line, err)
		}
		if id, ok := m.ID.(float64); ok {
			answered[id] = true
		}
		if m.ID == float64(1) {
			var init struct {
				Instructions string `json:"instructions"`
			}
			json.Unmarshal(m.Result, &init) //nolint:errcheck
			instructions = init.Instructions
		}
	}
	for id := 1; id <= 8; id++ {
		if !answered[float64(id)] {
			t.Errorf("request %d was not answered", id)
		}
	}
	var problems []string
	for _, l := range strings.Split(stderr.String(), "\n") {
		if problemLine.MatchString(l) {
			problems = append(problems, l)
		}
	}
	if len(problems) == 0 {
		t.Fatalf("stderr has no path:line:col problems:\n%s", stderr.String())
	}
	for _, p := range problems {
		if !strings.Contains(instructions, p) {
			t.Errorf("the instructions do not name the problem %q", p)
		}
	}
	if !strings.Contains(stderr.String(), "testdata/badmodel/IL-0499.json") {
		t.Error("the bad model is not reported on stderr")
	}
}
