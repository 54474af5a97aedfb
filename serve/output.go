package serve

import (
	"errors"
	"io"
	"sync"
	"time"
)

// Bounds of what a participant's program may have written and the client
// not yet taken.
const (
	// DefaultOutputLimit is how many bytes may wait for a client; the
	// frame that finds the buffer this full drops the session. One frame
	// always fits, whatever its size (a frame is bounded by the largest
	// window the app lays out).
	DefaultOutputLimit = 4 << 20
	// DefaultStallTimeout is how long one write to the client may block
	// before the session is dropped.
	DefaultStallTimeout = 30 * time.Second
)

// errStalled is the error of a write to a dropped session.
var errStalled = errors.New("the client stopped reading")

// output sits between a participant's program and its SSH channel: the
// program's writes go to a buffer and never block, one goroutine drains
// it to the client, and a client that stops reading (the buffer past
// limit, or one write blocked past stall) has its session dropped by
// drop, once. A stalled client then holds neither the program nor a slot.
// A write that fails (the session has ended) calls drop with why "".
type output struct {
	w     io.Writer
	limit int
	stall time.Duration
	drop  func(why string)

	mu      sync.Mutex
	wake    *sync.Cond
	buf     []byte
	closed  bool
	dropped bool
}

func newOutput(w io.Writer, limit int, stall time.Duration, drop func(string)) *output {
	o := &output{w: w, limit: limit, stall: stall, drop: drop}
	o.wake = sync.NewCond(&o.mu)
	go o.run()
	return o
}

// Write buffers p for the client.
func (o *output) Write(p []byte) (int, error) {
	o.mu.Lock()
	if o.closed {
		o.mu.Unlock()
		return 0, errStalled
	}
	if len(o.buf) > 0 && len(o.buf)+len(p) > o.limit {
		o.mu.Unlock()
		o.fail("output buffer full")
		return 0, errStalled
	}
	o.buf = append(o.buf, p...)
	o.wake.Signal()
	o.mu.Unlock()
	return len(p), nil
}

// Close stops the drain once the buffer is written.
func (o *output) Close() {
	o.mu.Lock()
	o.closed = true
	o.wake.Signal()
	o.mu.Unlock()
}

// fail drops the session, once, and discards what waits.
func (o *output) fail(why string) {
	o.mu.Lock()
	first := !o.dropped
	o.dropped, o.closed, o.buf = true, true, nil
	o.wake.Signal()
	o.mu.Unlock()
	if first {
		o.drop(why)
	}
}

func (o *output) run() {
	var spare []byte
	for {
		o.mu.Lock()
		for len(o.buf) == 0 && !o.closed {
			o.wake.Wait()
		}
		if len(o.buf) == 0 {
			o.mu.Unlock()
			return
		}
		b := o.buf
		o.buf = spare[:0]
		o.mu.Unlock()
		t := time.AfterFunc(o.stall, func() { o.fail("a write blocked for " + o.stall.String()) })
		_, err := o.w.Write(b)
		t.Stop()
		if err != nil {
			o.fail("") // the session has ended
			return
		}
		spare = b
	}
}
