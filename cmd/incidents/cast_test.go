package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/cast"
	"github.com/incidents-dev/incidents/internal/asciicast"
)

func TestCast(t *testing.T) {
	r := runCLI(t, nil, "cast", "IL-0499", "--size", "100x30", "--speed", "120", "--study", "--lang", "ko")
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	h, evs, err := asciicast.Parse(strings.NewReader(r.stdout))
	if err != nil {
		t.Fatal(err)
	}
	if h.Width != 100 || h.Height != 30 || len(evs) == 0 {
		t.Errorf("header %+v, %d events", h, len(evs))
	}
	// NO_COLOR and a pipe do not matter: the file has colour.
	r2 := runCLI(t, map[string]string{"NO_COLOR": "1"}, "cast", "IL-0499", "--size", "100x30", "--speed", "120", "--study", "--lang", "ko")
	if r2.stdout != r.stdout {
		t.Error("NO_COLOR changed the cast")
	}
	if !strings.Contains(r.stdout, `\u001b[38;5;`) {
		t.Error("the cast has no colour")
	}
}

func TestCastRefuses(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		in   string
	}{
		{[]string{"--size", "100000x100000"}, exitUsage, `--size: invalid size "100000x100000"`},
		{[]string{"--size", "0x0"}, exitUsage, `--size: invalid size "0x0"`},
		{[]string{"--size", "-80x24"}, exitUsage, `--size: invalid size "-80x24"`},
		{[]string{"--size=80x-24"}, exitUsage, `--size: invalid size "80x-24"`},
		{[]string{"--size", "+80x24"}, exitUsage, `--size: invalid size "+80x24"`},
		{[]string{"--size", "wide"}, exitUsage, `--size: invalid size "wide"`},
		{[]string{"--size", "39x10"}, exitUsage, "width 40 to 300, height 10 to 100"},
		{[]string{"--speed", "0"}, exitUsage, `--speed: invalid speed "0" (want a number from 1 to 3600)`},
		{[]string{"--speed=-1"}, exitUsage, `--speed: invalid speed "-1"`},
		{[]string{"--speed", "NaN"}, exitUsage, `--speed: invalid speed "NaN"`},
		{[]string{"--speed", "1e308"}, exitUsage, `--speed: invalid speed "1e308"`},
		{[]string{"--speed", "Inf"}, exitUsage, `--speed: invalid speed "Inf"`},
		{[]string{"--speed", "fast"}, exitUsage, `--speed: invalid speed "fast"`},
		{[]string{"--size"}, exitUsage, "--size needs a value"},
		{[]string{"--record", "x.cast"}, exitUsage, "unknown flag --record"},
	} {
		r := runCLI(t, nil, append([]string{"cast", "IL-0499"}, tc.args...)...)
		if r.code != tc.code || !strings.Contains(r.stderr, tc.in) || r.stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, %d bytes out; want exit %d and %q", tc.args, r.code, r.stderr, len(r.stdout), tc.code, tc.in)
		}
	}
	if r := runCLI(t, map[string]string{"LANG": "ko_KR.UTF-8"}, "cast", "IL-0499", "--size", "0x0"); !strings.Contains(r.stderr, "잘못된 크기") {
		t.Errorf("Korean: %q", r.stderr)
	}
	if r := runCLI(t, nil, "cast", "IL-9999"); r.code != exitFail || r.stdout != "" {
		t.Errorf("unknown id: exit %d, %q", r.code, r.stderr)
	}
	// Replay's --speed keeps its own values.
	if r := runCLI(t, nil, "replay", "IL-0499", "--speed", "120"); r.code != exitUsage || !strings.Contains(r.stderr, "1, 10, 60, 300, 600") {
		t.Errorf("replay --speed 120: exit %d, %q", r.code, r.stderr)
	}
}

func TestCastToTerminal(t *testing.T) {
	var out, errb bytes.Buffer
	e := &env{stdout: &out, stderr: &errb, getenv: func(string) string { return "" }, isTerminal: true}
	if code := e.run([]string{"cast", "IL-0499"}); code != exitUsage || out.Len() != 0 ||
		!strings.Contains(errb.String(), "incidents cast IL-0499 > il-0499.cast") {
		t.Errorf("exit %d, %d bytes out, %q", code, out.Len(), errb.String())
	}
}

func TestStartRecording(t *testing.T) {
	var errb bytes.Buffer
	e := &env{stdout: &bytes.Buffer{}, stderr: &errb, getenv: func(string) string { return "" }}
	path := filepath.Join(t.TempDir(), "session.cast")
	o := options{}
	o.cast.record = path
	rec, err := e.startRecording(o, nil, "incidents replay IL-0499")
	if err != nil {
		t.Fatal(err)
	}
	rec.rec.Marker("12:13 start")
	rec.close(&errb)
	b, _ := os.ReadFile(path)
	h, evs, err := asciicast.Parse(bytes.NewReader(b))
	if err != nil || h.Width != 80 || h.Height != 24 || h.Timestamp == 0 || len(evs) != 1 {
		t.Errorf("%v %+v %+v", err, h, evs)
	}
	if !strings.Contains(errb.String(), "asciinema play "+path) {
		t.Errorf("stderr %q", errb.String())
	}
	o.cast.record = filepath.Join(t.TempDir(), "no", "such", "dir.cast")
	if _, err := e.startRecording(o, nil, ""); err == nil || !strings.Contains(err.Error(), "--record") {
		t.Errorf("a file that cannot be made: %v", err)
	}
	if _, err := e.serveRecording(o, nil, false); err == nil || !strings.Contains(err.Error(), "presenter") {
		t.Errorf("serve --record --headless: %v", err)
	}
}

func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"120x40", "0x0", "100000x100000", "-1x5", "40X10", "x", "1e3x10", "٣٠٠x40"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		w, h, ok := parseSize(s)
		if ok && (w < cast.MinWidth || w > cast.MaxWidth || h < cast.MinHeight || h > cast.MaxHeight) {
			t.Fatalf("%q gave %dx%d", s, w, h)
		}
	})
}
