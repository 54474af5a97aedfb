package asciicast

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// fakeClock moves only when told.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time      { return c.t }
func (c *fakeClock) add(d time.Duration) { c.t = c.t.Add(d) }
func newClock() *fakeClock               { return &fakeClock{t: time.Date(2026, 3, 25, 12, 0, 0, 0, time.UTC)} }
func parse(t *testing.T, b []byte) (Header, []Event) {
	t.Helper()
	h, evs, err := Parse(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	return h, evs
}

func TestEncoder(t *testing.T) {
	var b bytes.Buffer
	enc, err := NewEncoder(&b, Header{Width: 120, Height: 40, Title: "IL-0499 <x>", Env: map[string]string{"TERM": "xterm-256color"}})
	if err != nil {
		t.Fatal(err)
	}
	_ = enc.Output(0, "\x1b[H\x1b[2Jhello\r\n")
	_ = enc.Marker(1500*time.Millisecond, "12:13 start")
	_ = enc.Input(time.Second, "n") // earlier than the last: written at its time
	_ = enc.Output(2*time.Second, "bad \xff byte, 한국어")
	if err := enc.Resize(3*time.Second, 0, 10); !errors.Is(err, ErrSize) {
		t.Errorf("resize 0x10: %v, want ErrSize", err)
	}
	_ = enc.Resize(3*time.Second, 100, 30)
	want := `{"version":2,"width":120,"height":40,"title":"IL-0499 <x>","env":{"TERM":"xterm-256color"}}
[0.000000,"o","\u001b[H\u001b[2Jhello\r\n"]
[1.500000,"m","12:13 start"]
[1.500000,"i","n"]
[2.000000,"o","bad \ufffd byte, 한국어"]
[3.000000,"r","100x30"]
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	h, evs := parse(t, b.Bytes())
	if h.Width != 120 || h.Height != 40 || len(evs) != 5 || evs[1].Code != Mark || evs[2].Data != "n" {
		t.Errorf("parsed %+v %+v", h, evs)
	}
}

func TestEncoderRefusesSize(t *testing.T) {
	for _, h := range []Header{{}, {Width: -1, Height: 5}, {Width: MaxSize + 1, Height: 5}, {Width: 80, Height: 0}} {
		if _, err := NewEncoder(&bytes.Buffer{}, h); !errors.Is(err, ErrSize) {
			t.Errorf("%dx%d: %v, want ErrSize", h.Width, h.Height, err)
		}
	}
}

func TestRecorder(t *testing.T) {
	clk := newClock()
	var b bytes.Buffer
	r, err := NewRecorder(&b, Header{Width: 80, Height: 24}, clk.now)
	if err != nil {
		t.Fatal(err)
	}
	var screen bytes.Buffer
	out := r.Tee(&screen)
	clk.add(250 * time.Millisecond)
	ko := []byte("한국어")
	_, _ = out.Write(append([]byte("a"), ko[:2]...)) // a character cut in two
	clk.add(time.Second)
	r.Input("n")
	r.Marker("12:13 Sessions resize")
	_, _ = out.Write(ko[2:])
	r.Resize(100, 30)
	r.Resize(100, 30) // the same size: nothing to record
	r.Resize(80, 0)   // out of range: dropped
	clk.add(time.Second)
	_, _ = out.Write([]byte{0xea}) // cut at the end: written by Close
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	r.Marker("after close")
	if err := r.Close(); err != nil {
		t.Fatal(err)
	}
	if screen.String() != "a"+string(ko)+"\xea" {
		t.Errorf("screen got %q", screen.String())
	}
	_, evs := parse(t, b.Bytes())
	want := []Event{
		{0.25, Output, "a"}, {1.25, Input, "n"}, {1.25, Mark, "12:13 Sessions resize"},
		{1.25, Output, string(ko)}, {1.25, Resize, "100x30"}, {2.25, Output, "\ufffd"},
	}
	if len(evs) != len(want) {
		t.Fatalf("got %+v\nwant %+v", evs, want)
	}
	for i := range want {
		if evs[i] != want[i] {
			t.Errorf("event %d: got %+v, want %+v", i, evs[i], want[i])
		}
	}
}

func TestTeeKeepsTheTerminal(t *testing.T) {
	r, _ := NewRecorder(&bytes.Buffer{}, Header{Width: 80, Height: 24}, nil)
	f, err := openDevNull()
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	if _, ok := r.Tee(f).(termFile); !ok {
		t.Error("a tee of a file is not a file: the program would lose its terminal")
	}
	if _, ok := r.Tee(&bytes.Buffer{}).(termFile); ok {
		t.Error("a tee of a buffer claims to be a file")
	}
}

func TestParseRejects(t *testing.T) {
	for _, in := range []string{
		"", "[]", `{"version":1,"width":80,"height":24}`, `{"version":2,"width":0,"height":24}`,
		"{\"version\":2,\"width\":80,\"height\":24}\n[1.0,\"o\"]",
		"{\"version\":2,\"width\":80,\"height\":24}\n[2.0,\"o\",\"a\"]\n[1.0,\"o\",\"b\"]",
		"{\"version\":2,\"width\":80,\"height\":24}\n[1.0,\"o\",\"\xff\"]",
	} {
		if _, _, err := Parse(strings.NewReader(in)); err == nil {
			t.Errorf("%q parsed", in)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add("{\"version\":2,\"width\":80,\"height\":24}\n[0.5,\"o\",\"\\u001b[H\"]\n[1,\"m\",\"x\"]\n")
	f.Add("{\"version\":2,\"width\":80,\"height\":24,\"env\":{\"TERM\":\"x\"}}\n[1e308,\"r\",\"1x1\"]")
	f.Fuzz(func(t *testing.T, s string) {
		h, evs, err := Parse(strings.NewReader(s))
		if err != nil {
			return
		}
		if !validSize(h.Width, h.Height) {
			t.Fatalf("size %dx%d accepted", h.Width, h.Height)
		}
		for i, e := range evs {
			if !utf8.ValidString(e.Data) || (i > 0 && e.Time < evs[i-1].Time) {
				t.Fatalf("event %d: %+v", i, e)
			}
		}
	})
}
