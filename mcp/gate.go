package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"
)

// The SDK reads its input as a stream of JSON values and gives up at the
// first one that is not a message it knows: one stray line (`[]`, `{}`, a
// batch, "jsonrpc": "1.0", an object as id, deep nesting, a line over its
// limit) would end the session and lose every answer still in flight. It
// also decodes ids as numbers of its own (1.5 comes back as 1, 2^70 as
// -2^63). So Serve puts a gate between the client and the SDK:
//
//   - The gate reads the client's input a line at a time, each line bounded
//     (maxLine). A line that is not JSON gets JSON-RPC's -32700, a line that
//     is JSON but not a request, notification or response gets -32600, both
//     with id null (or the request's id where it could be read), and the
//     session goes on: the SDK never sees them.
//   - Each request's id is replaced by a number of the gate's own before the
//     SDK sees it, and the SDK's answer gets the client's id back exactly as
//     the client wrote it. A request whose id is still being answered gets
//     an error instead of a second answer under the same id.
//   - An SDK error without a code (the SDK's answer to a call before
//     initialize) is given JSON-RPC's -32600.
//   - At the end of the input the gate waits for the answers still owed
//     (every one is tracked by the gate's own ids, so none is waited for in
//     vain), at most drainTimeout, then ends the SDK's input.

// maxLine bounds one line of input, in bytes. MCP requests are small; the
// SDK's own limit is 16 MiB, and a line over it would end its session.
const maxLine = 4 << 20

// maxDepth bounds the nesting of a request's JSON.
const maxDepth = 64

// drainTimeout bounds the wait for answers after the input ends.
var drainTimeout = 30 * time.Second

// JSON-RPC's error codes for input that is not a request.
const (
	codeParse   = -32700
	codeInvalid = -32600
)

// gate is the client's side of the SDK's transport: Read gives the SDK the
// client's messages with the gate's ids, Write passes the SDK's answers on
// with the client's ids.
type gate struct {
	in  *bufio.Reader
	buf []byte // what Read has yet to hand the SDK
	eof error

	mu      sync.Mutex
	cond    *sync.Cond
	out     io.Writer
	partial []byte                    // an answer the SDK has not finished writing
	next    int64                     // the next id given to the SDK
	owed    map[int64]json.RawMessage // the gate's id → the client's id
	live    map[string]bool           // the client's ids of the requests owed
	gaveUp  bool                      // drain stopped waiting for answers
	timeout func(time.Duration) <-chan time.Time
}

func newGate(r io.Reader, w io.Writer) *gate {
	g := &gate{
		in: bufio.NewReaderSize(r, 64<<10), out: w, next: 1,
		owed: map[int64]json.RawMessage{}, live: map[string]bool{}, timeout: time.After,
	}
	g.cond = sync.NewCond(&g.mu)
	return g
}

// Read hands the SDK the next message that passed the gate.
func (g *gate) Read(p []byte) (int, error) {
	for len(g.buf) == 0 {
		if g.eof != nil {
			return 0, g.eof
		}
		line, err := g.readLine()
		if err != nil {
			g.drain()
			g.eof = err
			continue
		}
		g.buf = g.admit(line)
	}
	n := copy(p, g.buf)
	g.buf = g.buf[n:]
	return n, nil
}

// Close is the SDK closing its side of the input; the gate's reader is
// the process's stdin, which it does not own.
func (*gate) Close() error { return nil }

// readLine returns the next line without its newline. A line over maxLine
// is read to its end and thrown away, answered with an error; the line
// after it is returned.
func (g *gate) readLine() ([]byte, error) {
	for {
		var line []byte
		long := false
		for {
			chunk, err := g.in.ReadSlice('\n')
			if !long {
				if len(line)+len(chunk) > maxLine {
					long, line = true, nil
				} else {
					line = append(line, chunk...)
				}
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil && (long || len(bytes.TrimSpace(line)) == 0) {
				if long {
					g.reply(nil, codeInvalid, fmt.Sprintf("invalid request: a line over %d MiB was ignored", maxLine>>20))
				}
				return nil, err
			}
			break
		}
		if long {
			g.reply(nil, codeInvalid, fmt.Sprintf("invalid request: a line over %d MiB was ignored", maxLine>>20))
			continue
		}
		return bytes.TrimSpace(line), nil
	}
}

// envelope is a JSON-RPC message as the gate checks it.
type envelope struct {
	JSONRPC json.RawMessage `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  json.RawMessage `json:"method"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// admit checks one line and returns what the SDK gets of it (nothing for a
// line that was answered here or dropped).
func (g *gate) admit(line []byte) []byte {
	if len(line) == 0 {
		return nil
	}
	if !json.Valid(line) {
		g.reply(nil, codeParse, "parse error: the line is not JSON")
		return nil
	}
	if depth(line) > maxDepth {
		g.reply(nil, codeInvalid, fmt.Sprintf("invalid request: nested deeper than %d levels", maxDepth))
		return nil
	}
	switch line[0] {
	case '{':
	case '[':
		g.reply(nil, codeInvalid, "invalid request: batches are not supported; send one message per line")
		return nil
	default:
		g.reply(nil, codeInvalid, "invalid request: not a JSON-RPC message object")
		return nil
	}
	var e envelope
	if json.Unmarshal(line, &e) != nil {
		g.reply(nil, codeInvalid, "invalid request: not a JSON-RPC message object")
		return nil
	}
	id := e.ID
	if !validID(id) {
		id = nil
	}
	switch {
	case string(e.JSONRPC) != `"2.0"`:
		g.reply(id, codeInvalid, `invalid request: "jsonrpc" must be "2.0"`)
		return nil
	case e.ID != nil && id == nil:
		g.reply(nil, codeInvalid, "invalid request: an id must be a string or a number")
		return nil
	case e.Method == nil && (e.Result != nil || e.Error != nil):
		// An answer to a request of the server's: this server sends
		// none, so there is nothing to give it to.
		return nil
	case len(e.Method) == 0 || e.Method[0] != '"':
		g.reply(id, codeInvalid, `invalid request: "method" must be a string`)
		return nil
	case id == nil:
		return append(line, '\n') // a notification: nothing is owed
	}
	key := canonicalID(id)
	g.mu.Lock()
	if g.live[key] {
		g.mu.Unlock()
		g.reply(id, codeInvalid, "invalid request: a request with this id is still being answered")
		return nil
	}
	n := g.next
	g.next++
	g.owed[n] = append(json.RawMessage(nil), id...)
	g.live[key] = true
	g.mu.Unlock()
	out, ok := replaceField(line, "id", []byte(strconv.FormatInt(n, 10)))
	if !ok { // the line was just decoded as an object with an id
		g.mu.Lock()
		g.settle(n)
		g.mu.Unlock()
		g.reply(id, codeInvalid, "invalid request: not a JSON-RPC message object")
		return nil
	}
	return append(out, '\n')
}

// validID reports whether id is a JSON string or number.
func validID(id json.RawMessage) bool {
	if len(id) == 0 {
		return false
	}
	c := id[0]
	return c == '"' || c == '-' || c >= '0' && c <= '9'
}

// canonicalID is the form ids are compared in: 1 and 1.0 are the same
// number to a client, and "\u0041" the same string as "A".
func canonicalID(id json.RawMessage) string {
	var v any
	d := json.NewDecoder(bytes.NewReader(id))
	d.UseNumber()
	if d.Decode(&v) != nil {
		return string(id)
	}
	switch v := v.(type) {
	case string:
		return "s" + v
	case json.Number:
		if f, err := v.Float64(); err == nil && f == float64(int64(f)) && len(v) < 16 {
			return "n" + strconv.FormatInt(int64(f), 10)
		}
		return "n" + v.String()
	}
	return string(id)
}

// depth returns how deep line's arrays and objects nest.
func depth(line []byte) int {
	d, most, inStr, esc := 0, 0, false, false
	for _, c := range line {
		switch {
		case inStr:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
		case c == '"':
			inStr = true
		case c == '{' || c == '[':
			d++
			most = max(most, d)
		case c == '}' || c == ']':
			d--
		}
	}
	return most
}

// reply writes an error answer of the gate's own.
func (g *gate) reply(id json.RawMessage, code int, msg string) {
	if id == nil {
		id = json.RawMessage("null")
	}
	m, _ := json.Marshal(msg)
	line := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%s}}`+"\n", id, code, m)
	g.mu.Lock()
	defer g.mu.Unlock()
	g.out.Write([]byte(line)) //nolint:errcheck // a closed stdout ends the SDK's next write too
}

// settle forgets the request the gate numbered n.
func (g *gate) settle(n int64) json.RawMessage {
	id, ok := g.owed[n]
	if !ok {
		return nil
	}
	delete(g.owed, n)
	delete(g.live, canonicalID(id))
	g.cond.Broadcast()
	return id
}

// Write passes the SDK's messages on with the client's ids.
func (g *gate) Write(p []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	data := append(g.partial, p...)
	g.partial = nil
	var out []byte
	for {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			break
		}
		out = append(out, g.restore(data[:i])...)
		out = append(out, '\n')
		data = data[i+1:]
	}
	if len(data) > 0 {
		g.partial = append([]byte(nil), data...)
	}
	if len(out) > 0 {
		if _, err := g.out.Write(out); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// restore gives an answer of the SDK's the client's id, and an error
// without a code JSON-RPC's -32600. Called with g.mu held.
func (g *gate) restore(line []byte) []byte {
	f := fields(line)
	if _, isReq := f["method"]; !isReq {
		if r, ok := f["id"]; ok {
			if n, err := strconv.ParseInt(string(line[r[0]:r[1]]), 10, 64); err == nil {
				if id := g.settle(n); id != nil {
					line, _ = replaceField(line, "id", id)
					f = fields(line)
				}
			}
		}
	}
	if r, ok := f["error"]; ok {
		e := line[r[0]:r[1]]
		c, ok := fields(e)["code"]
		if !ok || string(e[c[0]:c[1]]) == "0" {
			var fixed []byte
			if ok {
				fixed, _ = replaceField(e, "code", []byte(strconv.Itoa(codeInvalid)))
			} else if len(e) > 1 && e[0] == '{' {
				fixed = append([]byte(fmt.Sprintf(`{"code":%d,`, codeInvalid)), e[1:]...)
			}
			if fixed != nil {
				line = append(append(append([]byte(nil), line[:r[0]]...), fixed...), line[r[1]:]...)
			}
		}
	}
	return line
}

// fields returns where each top-level field's value of the JSON object obj
// starts and ends; nil when obj is not an object.
func fields(obj []byte) map[string][2]int {
	d := json.NewDecoder(bytes.NewReader(obj))
	if t, err := d.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	out := map[string][2]int{}
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return nil
		}
		var raw json.RawMessage
		if err := d.Decode(&raw); err != nil {
			return nil
		}
		end := int(d.InputOffset())
		if key, ok := k.(string); ok {
			out[key] = [2]int{end - len(raw), end}
		}
	}
	return out
}

// replaceField returns obj with the value of its top-level field key
// replaced by val, keeping everything else as written.
func replaceField(obj []byte, key string, val []byte) ([]byte, bool) {
	r, ok := fields(obj)[key]
	if !ok {
		return obj, false
	}
	out := make([]byte, 0, len(obj)-(r[1]-r[0])+len(val))
	out = append(append(append(out, obj[:r[0]]...), val...), obj[r[1]:]...)
	return out, true
}

// drain waits until every request read has been answered, or
// drainTimeout has passed.
func (g *gate) drain() {
	done := make(chan struct{})
	go func() {
		select {
		case <-g.timeout(drainTimeout):
		case <-done:
			return
		}
		g.mu.Lock()
		g.gaveUp = true
		g.mu.Unlock()
		g.cond.Broadcast()
	}()
	g.mu.Lock()
	for len(g.owed) > 0 && !g.gaveUp {
		g.cond.Wait()
	}
	g.mu.Unlock()
	close(done)
}

// gateOut is the gate's writing side as the SDK's transport wants it.
type gateOut struct{ g *gate }

func (o gateOut) Write(p []byte) (int, error) { return o.g.Write(p) }

// Close is the SDK closing its output; stdout stays the process's.
func (gateOut) Close() error { return nil }
