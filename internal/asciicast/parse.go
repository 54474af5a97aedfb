package asciicast

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"unicode/utf8"
)

// Event is one event of a file as Parse reads it.
type Event struct {
	// Time is in seconds since the start.
	Time float64
	// Code is Output, Input, Mark or Resize (others are kept as read).
	Code string
	Data string
}

// maxLine bounds one line of a file Parse reads.
const maxLine = 16 << 20

// Parse reads an asciicast v2 file strictly, as a test of what this
// package writes: a header of version 2 with a size in range, then events
// of three elements, a finite time that never goes back, a code and a
// string of valid UTF-8. Errors name the line.
func Parse(r io.Reader) (Header, []Event, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	var h Header
	if !sc.Scan() {
		if err := sc.Err(); err != nil {
			return h, nil, fmt.Errorf("asciicast: line 1: %w", err)
		}
		return h, nil, fmt.Errorf("asciicast: line 1: no header")
	}
	var hd header
	if err := json.Unmarshal(sc.Bytes(), &hd); err != nil {
		return h, nil, fmt.Errorf("asciicast: line 1: header: %w", err)
	}
	if hd.Version != 2 {
		return h, nil, fmt.Errorf("asciicast: line 1: version %d, want 2", hd.Version)
	}
	if !validSize(hd.Width, hd.Height) {
		return h, nil, fmt.Errorf("asciicast: line 1: %w: %dx%d", ErrSize, hd.Width, hd.Height)
	}
	h = Header{Width: hd.Width, Height: hd.Height, Title: hd.Title, Timestamp: hd.Timestamp, Env: hd.Env}
	var events []Event
	last := 0.0
	for n := 2; sc.Scan(); n++ {
		line := sc.Bytes()
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if !utf8.Valid(line) {
			return h, events, fmt.Errorf("asciicast: line %d: not UTF-8", n)
		}
		var raw []json.RawMessage
		if err := json.Unmarshal(line, &raw); err != nil {
			return h, events, fmt.Errorf("asciicast: line %d: %w", n, err)
		}
		if len(raw) != 3 {
			return h, events, fmt.Errorf("asciicast: line %d: %d elements, want 3", n, len(raw))
		}
		var ev Event
		if err := json.Unmarshal(raw[0], &ev.Time); err != nil {
			return h, events, fmt.Errorf("asciicast: line %d: time: %w", n, err)
		}
		if math.IsNaN(ev.Time) || math.IsInf(ev.Time, 0) || ev.Time < last {
			return h, events, fmt.Errorf("asciicast: line %d: time %v before %v", n, ev.Time, last)
		}
		last = ev.Time
		if err := json.Unmarshal(raw[1], &ev.Code); err != nil {
			return h, events, fmt.Errorf("asciicast: line %d: code: %w", n, err)
		}
		if err := json.Unmarshal(raw[2], &ev.Data); err != nil {
			return h, events, fmt.Errorf("asciicast: line %d: data: %w", n, err)
		}
		events = append(events, ev)
	}
	if err := sc.Err(); err != nil {
		return h, events, fmt.Errorf("asciicast: after line %d: %w", len(events)+1, err)
	}
	return h, events, nil
}
