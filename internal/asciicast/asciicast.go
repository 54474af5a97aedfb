// Package asciicast writes terminal sessions in the asciicast v2 format
// that asciinema plays (https://docs.asciinema.org/manual/asciicast/v2/):
// newline-delimited JSON, a header object first, then one event a line,
// [time, code, data], with the time in seconds since the start:
//
//	{"version":2,"width":120,"height":40,"title":"IL-0499"}
//	[0.000000,"o","\u001b[H\u001b[2J…"]
//	[0.000000,"m","12:13 deploy starts"]
//	[1.500000,"i","n"]
//
// An Encoder writes events at times its caller gives (a headless render,
// byte for byte the same every run); a Recorder stamps them with a clock as
// a live session goes. Neither knows anything of the program drawing.
package asciicast

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"
)

// Event codes of asciicast v2.
const (
	Output = "o" // bytes written to the terminal
	Input  = "i" // bytes typed
	Mark   = "m" // a marker, with a label
	Resize = "r" // the terminal's new size, "WxH"
)

// MaxSize bounds the width and the height of a header or resize: no
// terminal is larger, and a player given more would allocate for nothing.
const MaxSize = 10000

// Header is the first line of a file.
type Header struct {
	// Width and Height are the terminal's size at the start, in cells.
	Width, Height int
	// Title names the recording; "" leaves it out.
	Title string
	// Timestamp is the start as Unix seconds; 0 leaves it out (a file
	// that must not depend on when it was made).
	Timestamp int64
	// Env are environment variables to record, such as TERM.
	Env map[string]string
}

// header is Header as written: the fields in the order of the format's
// documentation, absent ones left out.
type header struct {
	Version   int               `json:"version"`
	Width     int               `json:"width"`
	Height    int               `json:"height"`
	Timestamp int64             `json:"timestamp,omitempty"`
	Title     string            `json:"title,omitempty"`
	Env       map[string]string `json:"env,omitempty"`
}

// ErrSize is returned for a header or resize outside 1…MaxSize.
var ErrSize = errors.New("asciicast: terminal size out of range")

// Encoder writes a header, then events in time order. Each event is one
// Write of one whole line, so a file cut short by a crash is still valid
// up to its last line. An Encoder is not safe for concurrent use (see
// Recorder).
type Encoder struct {
	w    io.Writer
	last time.Duration
	buf  bytes.Buffer
	err  error
}

// NewEncoder writes h to w and returns the encoder of the events after it.
func NewEncoder(w io.Writer, h Header) (*Encoder, error) {
	if !validSize(h.Width, h.Height) {
		return nil, fmt.Errorf("%w: %dx%d", ErrSize, h.Width, h.Height)
	}
	b, err := marshal(header{Version: 2, Width: h.Width, Height: h.Height, Timestamp: h.Timestamp,
		Title: h.Title, Env: h.Env})
	if err != nil {
		return nil, fmt.Errorf("asciicast: header: %w", err)
	}
	if _, err := w.Write(append(b, '\n')); err != nil {
		return nil, fmt.Errorf("asciicast: writing the header: %w", err)
	}
	return &Encoder{w: w}, nil
}

func validSize(w, h int) bool { return w >= 1 && h >= 1 && w <= MaxSize && h <= MaxSize }

// Event writes one event of code at time at. Times never go back: an
// earlier or negative time is written as the last one. After a write
// fails, every call returns that error.
func (e *Encoder) Event(at time.Duration, code, data string) error {
	if e.err != nil {
		return e.err
	}
	at = max(at, e.last, 0)
	e.last = at
	e.buf.Reset()
	e.buf.WriteByte('[')
	e.buf.WriteString(Seconds(at))
	e.buf.WriteString(`,"`)
	e.buf.WriteString(code)
	e.buf.WriteString(`",`)
	s, err := marshal(data) // invalid UTF-8 becomes U+FFFD
	if err != nil {
		e.err = err
		return err
	}
	e.buf.Write(s)
	e.buf.WriteString("]\n")
	if _, err := e.w.Write(e.buf.Bytes()); err != nil {
		e.err = fmt.Errorf("asciicast: writing an event: %w", err)
	}
	return e.err
}

// Output writes bytes the terminal showed at time at.
func (e *Encoder) Output(at time.Duration, data string) error { return e.Event(at, Output, data) }

// Input writes bytes typed at time at.
func (e *Encoder) Input(at time.Duration, data string) error { return e.Event(at, Input, data) }

// Marker writes a marker with a label at time at.
func (e *Encoder) Marker(at time.Duration, label string) error { return e.Event(at, Mark, label) }

// Resize writes the terminal's new size at time at.
func (e *Encoder) Resize(at time.Duration, w, h int) error {
	if !validSize(w, h) {
		return fmt.Errorf("%w: %dx%d", ErrSize, w, h)
	}
	return e.Event(at, Resize, strconv.Itoa(w)+"x"+strconv.Itoa(h))
}

// Last returns the time of the last event written.
func (e *Encoder) Last() time.Duration { return e.last }

// Err returns the first write error, or nil.
func (e *Encoder) Err() error { return e.err }

// Seconds writes d as asciicast writes a time: seconds with six decimals.
func Seconds(d time.Duration) string {
	us := d.Microseconds()
	return fmt.Sprintf("%d.%06d", us/1e6, us%1e6)
}

// marshal is json.Marshal without HTML escaping (the file is not HTML).
func marshal(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}
