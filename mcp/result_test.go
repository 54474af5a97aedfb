package mcp

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

// call sends a tools/call and returns the answer's line and its result.
func (s *session) call(id int, tool, args string) (string, toolResult) {
	s.t.Helper()
	line := s.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, id, tool, args))
	var m struct {
		Result toolResult `json:"result"`
	}
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		s.t.Fatalf("answer is not JSON: %v: %.200s", err, line)
	}
	return line, m.Result
}

type toolResult struct {
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	Structured map[string]any `json:"structuredContent"`
	IsError    bool           `json:"isError"`
}

func (r toolResult) text() string {
	if len(r.Content) == 0 {
		return ""
	}
	return r.Content[0].Text
}

func started(t *testing.T, s *session) *session {
	t.Helper()
	s.send(initialize)
	s.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return s
}

// TestResultCap shrinks results in their own terms: a timeline's series
// are thinned, a list loses its last items, and each says so; the text
// copy is the structured content.
func TestResultCap(t *testing.T) {
	lib := openTest(t)
	full, whole := started(t, start(t, lib, Options{})).call(2, "get_timeline", `{"id":"T-0002"}`)
	if whole.Structured["truncated"] != nil {
		t.Fatalf("a small timeline was truncated: %v", whole.Structured["truncated"])
	}
	listLine, list := started(t, start(t, lib, Options{})).call(2, "list_incidents", `{}`)

	tests := []struct {
		name, tool, args string
		max              int
		want             string
	}{
		{"thinned series", "get_timeline", `{"id":"T-0002"}`, len(full) - 150, "series thinned to every"},
		{"fewer incidents", "list_incidents", `{}`, len(listLine) - 400, "showing 1 of the 2 incidents asked for; ask again with offset=1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			line, r := started(t, start(t, lib, Options{MaxResult: tc.max})).call(2, tc.tool, tc.args)
			if len(line) > tc.max {
				t.Errorf("answer is %d bytes, over the cap of %d", len(line), tc.max)
			}
			note, _ := r.Structured["truncated"].(string)
			if !strings.Contains(note, tc.want) {
				t.Errorf("truncated = %q, want it to say %q", note, tc.want)
			}
			var copy map[string]any
			if err := json.Unmarshal([]byte(r.text()), &copy); err != nil || fmt.Sprint(copy) != fmt.Sprint(r.Structured) {
				t.Errorf("the text copy is not the structured content: %v", err)
			}
		})
	}
	if n := len(list.Structured["incidents"].([]any)); n != 2 {
		t.Errorf("the whole list has %d incidents, want 2", n)
	}
}

// hostileDir writes a --data folder of records that try to escape the
// terminal, reorder text, and exhaust the reader.
func hostileDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	huge := strings.Repeat("overflow ", 400_000) // 3.6 MB in one field
	recs := []map[string]any{
		{
			"id": "H-0001", "org": "Esc\x1b[31mcorp\x1b[0m", "date": "2024-01-01",
			"title":   map[string]string{"en": "Link \x1b]8;;http://evil\x07click\x1b]8;;\x07 and \u202eRLO\u202c text", "ko": "제목\u2066격리\u2069 \u009b31m"},
			"summary": map[string]string{"en": huge, "ko": "짧다"},
			"sources": []map[string]string{{"url": "https://example.com/h", "kind": "blog"}},
		},
		{
			"id": "H-0002", "org": "Bidi\u200fcorp", "date": "2024-01-02",
			"title":      map[string]string{"en": "Many tags", "ko": "태그 많음"},
			"components": manyTags(2_000), // 1.2 MB of tags
			"sources":    []map[string]string{{"url": "https://example.com/h2", "kind": "blog"}},
		},
	}
	for _, r := range recs {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, r["id"].(string)+".json"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func manyTags(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("tag-%06d-%s", i, strings.Repeat("x", 600))
	}
	return out
}

// TestHostileData serves records with escape sequences, bidi controls and
// huge fields: nothing of the first two reaches the client, and every
// answer stays under the cap with a note saying what was cut.
func TestHostileData(t *testing.T) {
	lib := openTest(t, hostileDir(t))
	s := started(t, start(t, lib, Options{}))
	calls := []struct{ tool, args string }{
		{"get_incident", `{"id":"H-0001"}`},
		{"get_incident", `{"id":"H-0002"}`},
		{"search_incidents", `{"query":"link"}`},
		{"list_incidents", `{"limit":200}`},
	}
	for i, c := range calls {
		line, r := s.call(10+i, c.tool, c.args)
		if r.IsError {
			t.Errorf("%s %s: %s", c.tool, c.args, r.text())
			continue
		}
		if len(line) > DefaultMaxResult+1024 {
			t.Errorf("%s %s: answer is %d bytes, over the cap", c.tool, c.args, len(line))
		}
		for _, bad := range []string{"\x1b", "\u202e", "\u202c", "\u2066", "\u2069", "\u200f", "\u009b", "\a"} {
			if strings.Contains(r.text(), bad) || strings.Contains(fmt.Sprint(r.Structured), bad) {
				t.Errorf("%s %s: %q reached the client", c.tool, c.args, bad)
			}
		}
		if c.tool == "get_incident" || c.tool == "list_incidents" {
			if note, _ := r.Structured["truncated"].(string); note == "" {
				t.Errorf("%s %s: a result over the cap has no truncation note", c.tool, c.args)
			}
		}
	}
}

// TestCutArrays cuts what no view can: a list of many short items in an
// object, once strings cannot be cut shorter.
func TestCutArrays(t *testing.T) {
	s := &server{max: 4000}
	var items []any
	for i := range 1000 {
		items = append(items, fmt.Sprint(i))
	}
	b, _ := json.Marshal(map[string]any{"id": "X", "items": items})
	e, err := s.cut(b, "")
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(e.compact, &got); err != nil {
		t.Fatal(err)
	}
	n := len(got["items"].([]any))
	if e.size() > s.max || n == 0 || n >= 1000 || got["id"] != "X" {
		t.Errorf("cut to %d bytes with %d items, want under %d with some items", e.size(), n, s.max)
	}
	if note, _ := got["truncated"].(string); !strings.Contains(note, "lists longer than") {
		t.Errorf("truncated = %q", note)
	}
}
