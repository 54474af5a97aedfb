package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"sync"
	"time"
)

// The SDK handles requests concurrently and stops at the end of its input,
// dropping the answers it has not written yet. A client that writes its
// requests and closes stdin (printf '…' | incidents mcp, or a script) would
// lose them, so Serve's input holds back the end of input until every
// request read has been answered, or drainTimeout has passed.

// drainTimeout bounds the wait for answers after the input ends.
var drainTimeout = 30 * time.Second

// inflight counts the requests read and not yet answered, by id.
type inflight struct {
	mu   sync.Mutex
	cond *sync.Cond
	ids  map[string]int
}

func newInflight() *inflight {
	f := &inflight{ids: map[string]int{}}
	f.cond = sync.NewCond(&f.mu)
	return f
}

// message is what the counting needs of a JSON-RPC message.
type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Result json.RawMessage `json:"result"`
	Error  json.RawMessage `json:"error"`
}

func (f *inflight) saw(line []byte, incoming bool) {
	var m message
	if json.Unmarshal(line, &m) != nil || len(m.ID) == 0 || string(m.ID) == "null" {
		return
	}
	id := string(m.ID)
	f.mu.Lock()
	defer f.mu.Unlock()
	switch {
	case incoming && m.Method != "":
		f.ids[id]++
	case !incoming && m.Method == "" && (m.Result != nil || m.Error != nil) && f.ids[id] > 0:
		if f.ids[id]--; f.ids[id] == 0 {
			delete(f.ids, id)
		}
		f.cond.Broadcast()
	}
}

// wait returns once every request has been answered or timeout has passed.
func (f *inflight) wait(timeout time.Duration) {
	done := false
	t := time.AfterFunc(timeout, func() {
		f.mu.Lock()
		done = true
		f.mu.Unlock()
		f.cond.Broadcast()
	})
	defer t.Stop()
	f.mu.Lock()
	for len(f.ids) > 0 && !done {
		f.cond.Wait()
	}
	f.mu.Unlock()
}

// drainReader passes the client's input on a line at a time, counting
// requests; at the end of input it waits for their answers first.
type drainReader struct {
	r    *bufio.Reader
	f    *inflight
	w    *countingWriter // where a line that is not JSON is answered
	buf  []byte
	err  error
	done bool
	long bool // inside a line longer than r's buffer, which is not counted
}

func newDrainReader(r io.Reader, f *inflight, w *countingWriter) *drainReader {
	return &drainReader{r: bufio.NewReaderSize(r, 1<<20), f: f, w: w}
}

// parseError is JSON-RPC's answer to a line that is not JSON. The SDK
// would stop at such a line; the client gets this answer instead, and the
// session goes on.
const parseError = `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error: the line is not JSON"}}` + "\n"

func (d *drainReader) Read(p []byte) (int, error) {
	for len(d.buf) == 0 {
		if d.err != nil {
			if !d.done {
				d.done = true
				d.f.wait(drainTimeout)
			}
			return 0, d.err
		}
		line, err := d.r.ReadSlice('\n')
		if err == bufio.ErrBufferFull {
			err = nil
			d.long = true
		} else if len(line) > 0 {
			msg := bytes.TrimSpace(line)
			if !d.long && len(msg) > 0 && !json.Valid(msg) {
				d.w.Write([]byte(parseError)) //nolint:errcheck // the SDK sees a failed output on its own next write
				d.err = err
				continue
			}
			if !d.long {
				d.f.saw(msg, true)
			}
			d.long = false
		}
		d.buf = append(d.buf[:0], line...)
		d.err = err
	}
	n := copy(p, d.buf)
	d.buf = d.buf[n:]
	return n, nil
}

func (d *drainReader) Close() error { return nil }

// countingWriter passes the server's output on, counting answers. The SDK
// writes each message, with its newline, in one Write.
type countingWriter struct {
	mu sync.Mutex
	w  io.Writer
	f  *inflight
}

func (c *countingWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	n, err := c.w.Write(p)
	c.mu.Unlock()
	for _, line := range bytes.Split(p, []byte("\n")) {
		if len(bytes.TrimSpace(line)) > 0 {
			c.f.saw(line, false)
		}
	}
	return n, err
}

func (*countingWriter) Close() error { return nil }
