package asciicast

import (
	"io"
	"os"
	"sync"
	"time"
	"unicode/utf8"
)

// Recorder records a live session: what a program writes (Write, or a
// writer from Tee), the keys typed (Input), markers and resizes, each
// stamped with the time since the recorder started. Every event is written
// to the file as it happens, so a session that ends abruptly leaves a
// valid file. A Recorder is safe for concurrent use: a program's output
// and its keys come from different goroutines.
type Recorder struct {
	mu    sync.Mutex
	enc   *Encoder
	now   func() time.Time
	start time.Time
	// held is the start of a UTF-8 sequence that the last write cut; it
	// goes out with the next write (a JSON string holds whole characters).
	held   []byte
	closer io.Closer
	// w and h are the terminal's size, from the header and resizes.
	w, h   int
	closed bool
}

// NewRecorder writes h to w and returns a recorder whose times come from
// now (time.Now when nil), counted from this call. Close closes w when it
// is an io.Closer.
func NewRecorder(w io.Writer, h Header, now func() time.Time) (*Recorder, error) {
	if now == nil {
		now = time.Now
	}
	enc, err := NewEncoder(w, h)
	if err != nil {
		return nil, err
	}
	r := &Recorder{enc: enc, now: now, start: now(), w: h.Width, h: h.Height}
	if c, ok := w.(io.Closer); ok {
		r.closer = c
	}
	return r, nil
}

// Create creates (or truncates) the file at path and records into it, with
// the wall clock and the start's time in the header.
func Create(path string, h Header) (*Recorder, error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	if h.Timestamp == 0 {
		h.Timestamp = time.Now().Unix()
	}
	r, err := NewRecorder(f, h, nil)
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	return r, nil
}

func (r *Recorder) since() time.Duration { return r.now().Sub(r.start) }

// Write records p as output. It always takes all of p; a failed write to
// the file is kept and returned by Close, so that the session being
// recorded never fails because its recording did.
func (r *Recorder) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return len(p), nil
	}
	b := append(r.held, p...)
	cut := completeUpTo(b)
	r.held = append([]byte(nil), b[cut:]...)
	if cut > 0 {
		_ = r.enc.Output(r.since(), string(b[:cut]))
	}
	return len(p), nil
}

// completeUpTo returns the length of b without an incomplete UTF-8
// sequence at its end (at most three bytes that a later write completes).
func completeUpTo(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-3; i-- {
		c := b[i]
		if c < 0x80 {
			return len(b) // ASCII: nothing pending
		}
		if utf8.RuneStart(c) {
			if !utf8.FullRune(b[i:]) {
				return i
			}
			return len(b)
		}
	}
	return len(b)
}

// Input records keys typed, as the bytes a terminal sends for them.
func (r *Recorder) Input(data string) {
	r.event(func(at time.Duration) { _ = r.enc.Input(at, data) })
}

// Marker records a marker with a label (one line; the player shows it).
func (r *Recorder) Marker(label string) {
	r.event(func(at time.Duration) { _ = r.enc.Marker(at, label) })
}

// Resize records that the terminal is now w×h cells; the size it has
// already and sizes out of range are dropped.
func (r *Recorder) Resize(w, h int) {
	r.event(func(at time.Duration) {
		if (w != r.w || h != r.h) && r.enc.Resize(at, w, h) == nil {
			r.w, r.h = w, h
		}
	})
}

func (r *Recorder) event(write func(time.Duration)) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.closed {
		write(r.since())
	}
}

// Close writes what a cut write held back, closes the file and returns the
// first error of the recording. Later calls do nothing.
func (r *Recorder) Close() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return r.enc.Err()
	}
	r.closed = true
	if len(r.held) > 0 {
		_ = r.enc.Output(r.since(), string(r.held))
		r.held = nil
	}
	err := r.enc.Err()
	if r.closer != nil {
		if cerr := r.closer.Close(); err == nil {
			err = cerr
		}
	}
	return err
}

// Tee returns a writer that writes to w, then records what it wrote. When
// w is a terminal's file (it has Fd, Read and Close, as *os.File), so is
// the writer, so that a program given it as its output still finds the
// terminal behind it (its size, its raw mode).
func (r *Recorder) Tee(w io.Writer) io.Writer {
	t := &tee{w: w, r: r}
	if f, ok := w.(termFile); ok {
		return &fileTee{tee: t, f: f}
	}
	return t
}

// termFile is what a program asks of its output to treat it as a
// terminal (charmbracelet/x/term.File).
type termFile interface {
	io.ReadWriteCloser
	Fd() uintptr
}

type tee struct {
	w io.Writer
	r *Recorder
}

func (t *tee) Write(p []byte) (int, error) {
	n, err := t.w.Write(p)
	_, _ = t.r.Write(p[:n])
	return n, err
}

type fileTee struct {
	*tee
	f termFile
}

func (t *fileTee) Read(p []byte) (int, error) { return t.f.Read(p) }
func (t *fileTee) Close() error               { return t.f.Close() }
func (t *fileTee) Fd() uintptr                { return t.f.Fd() }
