package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/library"
)

// openTest opens the test library (testdata/lib) without the bundled one,
// so that transcripts do not change when the bundled records do.
func openTest(t *testing.T, more ...string) *library.Library {
	t.Helper()
	lib, err := library.Open(library.Options{Paths: append([]string{"testdata/lib"}, more...), NoBundled: true})
	if err != nil && len(more) == 0 {
		t.Fatalf("open the test library: %v", err)
	}
	return lib
}

// session is a server on pipes that a test writes raw JSON-RPC lines to.
type session struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Reader
	done chan error
}

func start(t *testing.T, lib *library.Library, opts Options) *session {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &session{t: t, in: inW, out: bufio.NewReaderSize(outR, 1<<20), done: make(chan error, 1)}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		s.done <- Serve(ctx, lib, opts, inR, outW)
		outW.Close()
	}()
	t.Cleanup(func() {
		inW.Close()
		select {
		case err := <-s.done:
			if err != nil {
				t.Errorf("Serve: %v", err)
			}
		case <-time.After(10 * time.Second):
			t.Error("Serve did not stop when its input closed")
		}
		cancel()
	})
	return s
}

// send writes one line; when it is a request (it has an id) it returns the
// line the server answers with.
func (s *session) send(line string) string {
	s.t.Helper()
	if _, err := io.WriteString(s.in, line+"\n"); err != nil {
		s.t.Fatal(err)
	}
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if err := json.Unmarshal([]byte(line), &m); err != nil {
		s.t.Fatalf("bad request in the test: %v", err)
	}
	if m.ID == nil {
		return ""
	}
	got := make(chan string, 1)
	go func() {
		l, _ := s.out.ReadString('\n')
		got <- strings.TrimRight(l, "\n")
	}()
	select {
	case l := <-got:
		return l
	case <-time.After(20 * time.Second):
		s.t.Fatalf("no answer to %s", line)
	}
	return ""
}

// transcript is what a client with nothing but a pipe sends: initialise,
// list the tools, call each of them, right and wrong.
var transcript = []string{
	`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"transcript","version":"1"}}}`,
	`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
	`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
	`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_incidents","arguments":{"query":"queue"}}}`,
	`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"search_incidents","arguments":{"query":"cache","limit":"ten"}}}`,
	`{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"get_incident","arguments":{"id":"t-0001"}}}`,
	`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"get_incident","arguments":{"id":"T-0003"}}}`,
	`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"list_incidents","arguments":{"limit":1,"domain":"TestPay"}}}`,
	`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"list_incidents","arguments":{"org":"Nobody"}}}`,
	`{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"get_timeline","arguments":{"id":"T-0002","from":"10:15","to":"10:45"}}}`,
	`{"jsonrpc":"2.0","id":10,"method":"tools/call","params":{"name":"get_timeline","arguments":{"id":"T-0002","include_series":false}}}`,
	`{"jsonrpc":"2.0","id":11,"method":"tools/call","params":{"name":"get_timeline","arguments":{"id":"T-0002","set":{"partitions":32}}}}`,
	`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"get_timeline","arguments":{"id":"T-0001"}}}`,
	`{"jsonrpc":"2.0","id":13,"method":"tools/call","params":{"name":"vocab","arguments":{"facet":"component"}}}`,
	`{"jsonrpc":"2.0","id":14,"method":"tools/call","params":{"name":"vocab","arguments":{"facet":"colour"}}}`,
	`{"jsonrpc":"2.0","id":15,"method":"tools/call","params":{"name":"get_topic","arguments":{"term":"Test-Latency"}}}`,
	`{"jsonrpc":"2.0","id":16,"method":"tools/call","params":{"name":"get_topic","arguments":{"term":"queue"}}}`,
	`{"jsonrpc":"2.0","id":17,"method":"tools/call","params":{"name":"get_weather","arguments":{}}}`,
	`{"jsonrpc":"2.0","id":18,"method":"tools/call","params":{"name":"get_incident","arguments":{"id":"T-0001","extra":true}}}`,
}

// TestTranscript replays a raw JSON-RPC session, a line at a time, and
// keeps it as a golden file: a change in the protocol the SDK speaks, in a
// tool's schema or in a view shows up as a diff. Each request is followed
// by the server's answer.
func TestTranscript(t *testing.T) {
	s := start(t, openTest(t), Options{Version: "test"})
	var b strings.Builder
	for _, line := range transcript {
		b.WriteString(line + "\n")
		if ans := s.send(line); ans != "" {
			b.WriteString(ans + "\n")
		}
	}
	// The model's parameters are described by the model's package: the
	// transcript keeps their place, and checks only that each is named.
	help := whatIfHelp()
	for _, p := range library.WhatIfParams() {
		if !strings.Contains(help, p.Name) {
			t.Errorf("get_timeline's description does not name the model parameter %s", p.Name)
		}
	}
	golden.RequireEqual(t, strings.ReplaceAll(b.String(), help, " <model parameters>"))
}

// TestDrainAtEndOfInput writes every request at once and closes the
// input, as printf '…' | incidents mcp does: every request is answered
// before the server stops.
func TestDrainAtEndOfInput(t *testing.T) {
	var in strings.Builder
	for _, line := range transcript {
		in.WriteString(line + "\n")
	}
	var out strings.Builder
	if err := Serve(context.Background(), openTest(t), Options{}, strings.NewReader(in.String()), &out); err != nil {
		t.Fatal(err)
	}
	ids := map[string]bool{}
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
		}
		if err := json.Unmarshal([]byte(l), &m); err != nil || m.JSONRPC != "2.0" {
			t.Fatalf("stdout line is not JSON-RPC: %q (%v)", l, err)
		}
		ids[string(m.ID)] = true
	}
	if len(ids) != len(transcript)-1 {
		t.Errorf("answered %d requests, want %d: %v", len(ids), len(transcript)-1, ids)
	}
}
