package mcp

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// connect starts Serve over pipes and connects the official Go SDK's
// client to it, as an agent would over stdio.
func connect(t *testing.T, more ...string) *sdk.ClientSession {
	t.Helper()
	lib := openTest(t, more...)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, lib, Options{Version: "test"}, inR, outW)
		outW.Close()
	}()
	c := sdk.NewClient(&sdk.Implementation{Name: "shapes", Version: "1"}, nil)
	cs, err := c.Connect(ctx, &sdk.IOTransport{Reader: outR, Writer: inW}, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() {
		cs.Close()
		inW.Close()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
		cancel()
	})
	return cs
}

// call calls a tool and returns its structured result as a map, and
// whether it was a tool error (with its text).
func call(t *testing.T, cs *sdk.ClientSession, tool string, args map[string]any) (map[string]any, string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &sdk.CallToolParams{Name: tool, Arguments: args})
	if err != nil {
		t.Fatalf("%s %v: %v", tool, args, err)
	}
	if res.IsError {
		var b strings.Builder
		for _, c := range res.Content {
			if tc, ok := c.(*sdk.TextContent); ok {
				b.WriteString(tc.Text)
			}
		}
		return nil, b.String()
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	return m, ""
}

func ids(m map[string]any, key string) []string {
	var out []string
	items, _ := m[key].([]any)
	for _, it := range items {
		if o, ok := it.(map[string]any); ok {
			if id, ok := o["id"].(string); ok {
				out = append(out, id)
			} else if term, ok := o["term"].(string); ok {
				out = append(out, term)
			}
		}
	}
	return out
}

// TestIncidentLibraryShapes calls every tool with the argument shapes of
// the Incident Library's own MCP server, through the official Go SDK's
// client: lang, cursor pages, vocab{query, kind}, get_topic{kind, slug},
// the symptom filter, an organisation's slug, unknown values, a blank
// query and a query that finds nothing.
func TestIncidentLibraryShapes(t *testing.T) {
	dir := t.TempDir()
	rec := `{"id":"T-0009","org":"Amazon Web Services","org_slug":"aws","date":"2021-12-07",` +
		`"title":{"en":"A network event","ko":"네트워크 이벤트"},"symptoms":["test-latency"]}`
	if err := os.WriteFile(filepath.Join(dir, "t-0009.json"), []byte(rec), 0o600); err != nil {
		t.Fatal(err)
	}
	cs := connect(t, dir)

	t.Run("lang on every tool", func(t *testing.T) {
		for tool, args := range map[string]map[string]any{
			"search_incidents": {"query": "queue", "lang": "ko"},
			"get_incident":     {"id": "T-0001", "lang": "en"},
			"list_incidents":   {"lang": "ko"},
			"get_timeline":     {"id": "T-0002", "lang": "ko", "include_series": false},
			"vocab":            {"lang": "en"},
			"get_topic":        {"slug": "test-queue", "lang": "ko"},
		} {
			if _, e := call(t, cs, tool, args); e != "" {
				t.Errorf("%s with lang: %s", tool, e)
			}
		}
	})
	t.Run("cursor pages", func(t *testing.T) {
		first, e := call(t, cs, "list_incidents", map[string]any{"limit": 2})
		if e != "" {
			t.Fatal(e)
		}
		next, _ := first["next_cursor"].(string)
		if next == "" || len(ids(first, "incidents")) != 2 {
			t.Fatalf("first page: %v", first)
		}
		second, e := call(t, cs, "list_incidents", map[string]any{"limit": 2, "cursor": next})
		if e != "" {
			t.Fatal(e)
		}
		got := append(ids(first, "incidents"), ids(second, "incidents")...)
		if strings.Join(got, " ") != "T-0002 T-0001 T-0009" || second["next_cursor"] != nil {
			t.Errorf("pages: %v then %v", ids(first, "incidents"), second)
		}
		s1, _ := call(t, cs, "search_incidents", map[string]any{"query": "test", "limit": 1})
		c, _ := s1["next_cursor"].(string)
		s2, e := call(t, cs, "search_incidents", map[string]any{"query": "test", "limit": 1, "cursor": c})
		if e != "" || c == "" || len(ids(s2, "results")) != 1 || ids(s2, "results")[0] == ids(s1, "results")[0] {
			t.Errorf("search pages: %v then %v (%s)", s1, s2, e)
		}
		if _, e := call(t, cs, "list_incidents", map[string]any{"cursor": "not-ours"}); !strings.Contains(e, "cursor") {
			t.Errorf("a foreign cursor: %q", e)
		}
	})
	t.Run("organisation by slug", func(t *testing.T) {
		for _, org := range []string{"aws", "AWS", "Amazon Web Services", "amazon web services"} {
			m, e := call(t, cs, "list_incidents", map[string]any{"org": org})
			if e != "" || strings.Join(ids(m, "incidents"), " ") != "T-0009" {
				t.Errorf("org %q: %v %s", org, ids(m, "incidents"), e)
			}
		}
	})
	t.Run("symptom filter", func(t *testing.T) {
		m, _ := call(t, cs, "list_incidents", map[string]any{"symptom": "test-latency"})
		if len(ids(m, "incidents")) != 3 {
			t.Errorf("symptom test-latency: %v", ids(m, "incidents"))
		}
		m, _ = call(t, cs, "search_incidents", map[string]any{"query": "test", "symptom": "test-latency", "org": "samplesoft"})
		if strings.Join(ids(m, "results"), " ") != "T-0002" {
			t.Errorf("search with symptom and org: %v", m)
		}
	})
	t.Run("unknown values give an empty result with a note", func(t *testing.T) {
		for _, args := range []map[string]any{{"org": "Nobody"}, {"symptom": "nope"}, {"domain": "colour"}, {"year": 1999}} {
			m, e := call(t, cs, "list_incidents", args)
			if e != "" || len(ids(m, "incidents")) != 0 || m["note"] == nil {
				t.Errorf("list %v: %v %q", args, m, e)
			}
		}
		m, e := call(t, cs, "vocab", map[string]any{"kind": "colour"})
		if e != "" || len(ids(m, "terms")) != 0 || m["note"] == nil {
			t.Errorf("vocab kind colour: %v %q", m, e)
		}
	})
	t.Run("vocab query and kind", func(t *testing.T) {
		m, _ := call(t, cs, "vocab", map[string]any{"kind": "component", "query": "queue"})
		if strings.Join(ids(m, "terms"), " ") != "test-queue" {
			t.Errorf("vocab component/queue: %v", ids(m, "terms"))
		}
		m, _ = call(t, cs, "vocab", map[string]any{"kind": "symptoms"})
		if strings.Join(ids(m, "terms"), " ") != "test-latency" {
			t.Errorf("vocab symptoms: %v", ids(m, "terms"))
		}
	})
	t.Run("get_topic kind and slug", func(t *testing.T) {
		m, e := call(t, cs, "get_topic", map[string]any{"kind": "symptom", "slug": "test-latency"})
		if e != "" || len(ids(m, "incidents")) != 3 {
			t.Errorf("topic symptom/test-latency: %v %q", m, e)
		}
		if _, e := call(t, cs, "get_topic", map[string]any{"kind": "component", "slug": "test-latency"}); !strings.Contains(e, "symptom term") {
			t.Errorf("a term of another kind: %q", e)
		}
		if _, e := call(t, cs, "get_topic", map[string]any{}); !strings.Contains(e, "term") {
			t.Errorf("no term: %q", e)
		}
	})
	t.Run("blank query", func(t *testing.T) {
		if _, e := call(t, cs, "search_incidents", map[string]any{"query": "   "}); !strings.Contains(e, "empty") {
			t.Errorf("a query of spaces: %q", e)
		}
	})
	t.Run("did you mean", func(t *testing.T) {
		m, e := call(t, cs, "search_incidents", map[string]any{"query": "cahce"})
		dym, _ := m["did_you_mean"].([]any)
		if e != "" || len(dym) == 0 || !strings.Contains(m["note"].(string), "did you mean") {
			t.Errorf("a typo: %v %q", m, e)
		}
	})
}
