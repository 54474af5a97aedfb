package mcp

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"
)

const (
	initLine  = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"gate","version":"1"}}}`
	readyLine = `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	listLine  = `{"jsonrpc":"2.0","id":"after","method":"tools/list"}`
)

// answer is what the tests read of a line the server wrote.
type answer struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
	Error   *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func decodeAnswer(t *testing.T, line string) answer {
	t.Helper()
	var a answer
	if err := json.Unmarshal([]byte(line), &a); err != nil || a.JSONRPC != "2.0" {
		t.Fatalf("not a JSON-RPC answer: %q (%v)", line, err)
	}
	return a
}

// TestGateHostileLines sends, after initialising, one line that is not a
// request, then a request: the bad line gets the error JSON-RPC prescribes
// (id null, or the request's id where it has a usable one), and the
// session goes on to answer the request.
func TestGateHostileLines(t *testing.T) {
	deep := strings.Repeat("[", 1200) + strings.Repeat("]", 1200)
	tests := []struct {
		name, line string
		code       int
		id         string
	}{
		{"not JSON", `{"jsonrpc":"2.0",`, codeParse, "null"},
		{"garbage", "\x00\x01garbage \x1b[31m", codeParse, "null"},
		{"empty array", `[]`, codeInvalid, "null"},
		{"empty object", `{}`, codeInvalid, "null"},
		{"batch", `[` + listLine + `,` + listLine + `]`, codeInvalid, "null"},
		{"a number", `42`, codeInvalid, "null"},
		{"a string", `"tools/list"`, codeInvalid, "null"},
		{"jsonrpc 1.0", `{"jsonrpc":"1.0","id":7,"method":"tools/list"}`, codeInvalid, "7"},
		{"no jsonrpc", `{"id":8,"method":"tools/list"}`, codeInvalid, "8"},
		{"object id", `{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}`, codeInvalid, "null"},
		{"array id", `{"jsonrpc":"2.0","id":[1],"method":"tools/list"}`, codeInvalid, "null"},
		{"bool id", `{"jsonrpc":"2.0","id":true,"method":"tools/list"}`, codeInvalid, "null"},
		{"null id", `{"jsonrpc":"2.0","id":null,"method":"tools/list"}`, codeInvalid, "null"},
		{"number method", `{"jsonrpc":"2.0","id":9,"method":5}`, codeInvalid, "9"},
		{"no method", `{"jsonrpc":"2.0","id":10}`, codeInvalid, "10"},
		{"deep nesting", deep, codeInvalid, "null"},
		{"deep params", `{"jsonrpc":"2.0","id":11,"method":"tools/list","params":` + deep + `}`, codeInvalid, "null"},
		{"garbage over 1 MiB", strings.Repeat("x", 1<<20+10), codeParse, "null"},
		{"line over the limit", `{"jsonrpc":"2.0","id":12,"method":"tools/list","params":{"pad":"` + strings.Repeat("a", maxLine) + `"}}`, codeInvalid, "null"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, openTest(t), Options{})
			s.send(initLine)
			s.send(readyLine)
			if _, err := io.WriteString(s.in, tc.line+"\n"); err != nil {
				t.Fatal(err)
			}
			bad := decodeAnswer(t, s.read())
			if bad.Error == nil || bad.Error.Code != tc.code || string(bad.ID) != tc.id {
				t.Errorf("answer to the bad line: id %s, error %+v; want id %s, code %d", bad.ID, bad.Error, tc.id, tc.code)
			}
			if bad.Error != nil && len(bad.Error.Message) > 200 {
				t.Errorf("the error echoes the line: %d bytes", len(bad.Error.Message))
			}
			next := decodeAnswer(t, s.send(listLine))
			if string(next.ID) != `"after"` || next.Result == nil {
				t.Errorf("the request after the bad line was not answered: %+v", next)
			}
		})
	}
}

// TestGateIDs checks that ids come back exactly as the client wrote them,
// that a second request with an id still owed is refused, and that an
// error before initialize carries a JSON-RPC code.
func TestGateIDs(t *testing.T) {
	s := start(t, openTest(t), Options{})
	before := decodeAnswer(t, s.send(`{"jsonrpc":"2.0","id":5,"method":"tools/list"}`))
	if before.Error == nil || before.Error.Code == 0 {
		t.Errorf("a call before initialize: %+v; want an error with a JSON-RPC code", before.Error)
	}
	s.send(initLine)
	s.send(readyLine)
	for _, id := range []string{`1.5`, `1180591620717411303424`, `-0`, `1e3`, `"x"`, `"\u00e9"`, `"` + strings.Repeat("z", 300) + `"`, `0.1`} {
		got := decodeAnswer(t, s.send(`{"jsonrpc":"2.0","id":`+id+`,"method":"tools/list"}`))
		if string(got.ID) != id {
			t.Errorf("id %s came back as %s", id, got.ID)
		}
	}
}

// TestGateDuplicateID sends two requests with one id before the first is
// answered: the second is refused, the first answered once.
func TestGateDuplicateID(t *testing.T) {
	in := initLine + "\n" + readyLine + "\n" +
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_incidents","arguments":{"query":"queue"}}}` + "\n" +
		`{"jsonrpc":"2.0","id":3,"method":"tools/list"}` + "\n"
	g := newGate(strings.NewReader(in), io.Discard)
	var got [][]byte
	for {
		b := make([]byte, 1<<16)
		n, err := g.Read(b)
		if n > 0 {
			got = append(got, append([]byte(nil), b[:n]...))
		}
		if err != nil || len(got) == 3 {
			break
		}
	}
	if len(got) != 3 {
		t.Fatalf("the SDK got %d messages, want 3 (initialize, initialized, the first id 3)", len(got))
	}
	var out bytes.Buffer
	g2 := newGate(strings.NewReader(`{"jsonrpc":"2.0","id":3,"method":"a"}`+"\n"+`{"jsonrpc":"2.0","id":3.0,"method":"b"}`+"\n"), &out)
	b := make([]byte, 1<<16)
	if _, err := g2.Read(b); err != nil {
		t.Fatal(err)
	}
	g2.timeout = func(time.Duration) <-chan time.Time { return time.After(0) }
	for {
		if _, err := g2.Read(b); err != nil {
			break
		}
	}
	a := decodeAnswer(t, strings.TrimSpace(out.String()))
	if a.Error == nil || a.Error.Code != codeInvalid || string(a.ID) != "3.0" {
		t.Errorf("a duplicate id: %s; want -32600 with id 3.0", out.String())
	}
}

// TestGateEndOfInput closes the input at once after a burst that holds
// bad lines and a duplicate id: every request is answered, and Serve
// returns without waiting for an answer that is not owed.
func TestGateEndOfInput(t *testing.T) {
	lines := []string{initLine, readyLine, `[]`, `{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, `{}`, `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":1180591620717411303424,"method":"tools/list"}` + strings.Repeat(" ", 2<<20)}
	var out bytes.Buffer
	began := time.Now()
	if err := Serve(context.Background(), openTest(t), Options{}, strings.NewReader(strings.Join(lines, "\n")), &out); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(began); d > 10*time.Second {
		t.Errorf("Serve took %v to stop after its input ended", d)
	}
	ids := map[string]int{}
	for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		ids[string(decodeAnswer(t, l).ID)]++
	}
	want := map[string]int{"1": 1, "null": 2, "1.5": 1, "2": 2, "1180591620717411303424": 1}
	for id, n := range want {
		if ids[id] != n {
			t.Errorf("answers with id %s: %d, want %d (all: %v)", id, ids[id], n, ids)
		}
	}
}

// read returns the next line the server writes.
func (s *session) read() string {
	s.t.Helper()
	got := make(chan string, 1)
	go func() {
		l, _ := s.out.ReadString('\n')
		got <- strings.TrimRight(l, "\n")
	}()
	select {
	case l := <-got:
		return l
	case <-time.After(20 * time.Second):
		s.t.Fatal("no answer")
	}
	return ""
}

// FuzzGate gives the gate any input: it never panics, and everything it
// writes to the client or hands the SDK is one JSON value a line.
func FuzzGate(f *testing.F) {
	f.Add([]byte(initLine + "\n" + listLine + "\n"))
	f.Add([]byte("[]\n{}\n{\"jsonrpc\":\"2.0\",\"id\":{},\"method\":\"x\"}\n"))
	f.Add([]byte(`{"jsonrpc":"2.0","id":1e999,"method":"x"}` + "\n"))
	f.Fuzz(func(t *testing.T, in []byte) {
		var out bytes.Buffer
		g := newGate(bytes.NewReader(in), &out)
		g.timeout = func(time.Duration) <-chan time.Time { return time.After(0) }
		var sdkSide bytes.Buffer
		b := make([]byte, 4096)
		for {
			n, err := g.Read(b)
			sdkSide.Write(b[:n])
			if err != nil {
				break
			}
		}
		for _, side := range []*bytes.Buffer{&out, &sdkSide} {
			for _, l := range bytes.Split(bytes.TrimSpace(side.Bytes()), []byte("\n")) {
				if len(l) > 0 && !json.Valid(l) {
					t.Fatalf("not JSON: %q", l)
				}
			}
		}
	})
}

// TestErrorsClipped calls tools with arguments of 200,000 characters: the
// errors quote them, cut.
func TestErrorsClipped(t *testing.T) {
	s := start(t, openTest(t), Options{})
	s.send(initLine)
	s.send(readyLine)
	long := strings.Repeat("Z", 200000)
	for _, args := range []string{`{"id":"` + long + `"}`, `{"id":"T-` + long[:90] + `"}`} {
		got := s.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"get_incident","arguments":` + args + `}}`)
		if len(got) > 2000 || !strings.Contains(got, `"isError":true`) {
			t.Errorf("answer of %d bytes to a long id: %.300s", len(got), got)
		}
	}
	got := s.send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"search_incidents","arguments":{"query":"x","limit":"` + long + `"}}}`)
	if len(got) > 2000 || !strings.Contains(got, "more characters") {
		t.Errorf("answer of %d bytes to a long limit: %.300s", len(got), got)
	}
}
