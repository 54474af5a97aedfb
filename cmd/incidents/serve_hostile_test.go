package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	gossh "golang.org/x/crypto/ssh"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/hostile"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/serve"
	"github.com/incidents-dev/incidents/tui"
	"github.com/incidents-dev/incidents/tui/theme"
)

// lockedBuffer is a buffer written by a program and read by a test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// waitText waits up to 30 s for want in what buf has received.
func waitText(t *testing.T, who string, buf *lockedBuffer, want string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(buf.String(), want) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: waited 30 s for %q", who, want)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestServeSurvivesHostileParticipants is the meeting under attack, with
// the real commands: a participant whose terminal reports 65535×65535, a
// flood of window changes of every hostile size, and `timeline --width
// 2000000000` (which crashed the server) and `show --width 10000000`
// (seconds and hundreds of MB). The presenter's program must still run,
// and a normal follower still join and follow.
func TestServeSurvivesHostileParticipants(t *testing.T) {
	key, _, err := serve.ReadHostKey(filepath.Join(t.TempDir(), "host"))
	if err != nil {
		t.Fatal(err)
	}
	lib, _ := library.Open(library.Options{})
	srv, err := serve.New(serve.Config{
		Listen: "127.0.0.1:0", HostKey: key, Library: lib, Lang: data.EN, Theme: "dark",
		Command: remoteCommand(nil),
	})
	if err != nil {
		t.Fatal(err)
	}
	l, err := srv.Listen()
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(l) }()
	defer srv.Close()
	addr := l.Addr().String()

	keys, in := io.Pipe()
	defer in.Close()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	presented := make(chan error, 1)
	app := tui.New(lib, tui.Options{Lang: data.EN, Styles: theme.Plain(), Role: tui.Presenter})
	go func() { presented <- srv.Present(ctx, app, tea.WithInput(keys), tea.WithOutput(io.Discard)) }()

	dial := func() *gossh.Client {
		_, priv, _ := ed25519.GenerateKey(rand.Reader)
		signer, err := gossh.NewSignerFromKey(priv)
		if err != nil {
			t.Fatal(err)
		}
		c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
			User: "mallory", Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
			HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second, //nolint:gosec // a test server
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}

	// 65535×65535, then a flood of window changes.
	huge, err := dial().NewSession()
	if err != nil {
		t.Fatal(err)
	}
	hugeOut := &lockedBuffer{}
	huge.Stdout = hugeOut
	if err := huge.RequestPty("xterm", 65535, 65535, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := huge.Shell(); err != nil {
		t.Fatal(err)
	}
	waitText(t, "65535×65535", hugeOut, "following")
	sizes := hostile.Windows()
	for i := range 2000 {
		_, _ = huge.SendRequest("window-change", false, hostile.WindowChange(sizes[i%len(sizes)]))
	}

	// Widths no layout should be asked for.
	for _, cmd := range []string{"timeline IL-0499 --width 2000000000", "show IL-0499 --width 10000000", "timeline IL-0499 --width=99999999999999999999"} {
		sess, err := dial().NewSession()
		if err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		sess.Stdout, sess.Stderr = &out, &errb
		start := time.Now()
		err = sess.Run(cmd)
		var exit *gossh.ExitError
		if !errors.As(err, &exit) || exit.ExitStatus() != exitUsage || !strings.Contains(errb.String(), "--width: ") || !strings.Contains(errb.String(), "too wide") {
			t.Errorf("%s: err %v, stderr %q; want a usage error naming --width", cmd, err, errb.String())
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%s took %v", cmd, d)
		}
	}

	// The presenter still runs.
	select {
	case err := <-presented:
		t.Fatalf("the presenter's program ended: %v", err)
	default:
	}
	if _, err := io.WriteString(in, "r"); err != nil {
		t.Fatal(err)
	}
	// Its screen has no size here (no terminal): its followers show
	// that it took the key.
	waitText(t, "65535×65535", hugeOut, "12:00 PDT")

	// A normal follower still joins and follows.
	kim, err := dial().NewSession()
	if err != nil {
		t.Fatal(err)
	}
	kimOut := &lockedBuffer{}
	kim.Stdout = kimOut
	if err := kim.RequestPty("xterm", 24, 80, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	if err := kim.Shell(); err != nil {
		t.Fatal(err)
	}
	waitText(t, "kim", kimOut, "12:00 PDT")
	waitText(t, "kim", kimOut, "following")
}

// TestWidthValues runs show and timeline with every hostile value of
// --width: each is refused with a message naming the flag, or taken within
// 40…1000 columns, in bounded time.
func TestWidthValues(t *testing.T) {
	for _, v := range hostile.Numbers() {
		for _, cmd := range []string{"show", "timeline"} {
			start := time.Now()
			r := runCLI(t, nil, cmd, "IL-0499", "--width", v)
			if d := time.Since(start); d > 10*time.Second {
				t.Errorf("%s --width %q took %v", cmd, v, d)
			}
			switch r.code {
			case exitOK:
				if n, err := strconv.Atoi(v); v != "" && (err != nil || n < minWidth || n > maxWidth) {
					t.Errorf("%s --width %q was taken", cmd, v)
				}
			case exitUsage:
				if !strings.Contains(r.stderr, "--width") {
					t.Errorf("%s --width %q: the refusal does not name the flag: %q", cmd, v, r.stderr)
				}
			default:
				t.Errorf("%s --width %q: exit %d: %s", cmd, v, r.code, r.stderr)
			}
			for _, l := range strings.Split(r.stdout, "\n") {
				if len([]rune(l)) > maxWidth*4 { // cells, with room for escapes
					t.Fatalf("%s --width %q: a line of %d runes", cmd, v, len([]rune(l)))
				}
			}
		}
	}
	if r := runCLI(t, nil, "show", "IL-0499", "--width", "1000"); r.code != exitOK {
		t.Errorf("--width 1000: exit %d: %s", r.code, r.stderr)
	}
	if r := runCLI(t, nil, "show", "IL-0499", "--width", "1001"); r.code != exitUsage || !strings.Contains(r.stderr, "at most 1000 columns") {
		t.Errorf("--width 1001: exit %d: %s", r.code, r.stderr)
	}
}

// TestServeWritesNothingWhenRefused: a start refused for its address
// writes no host key; a host key others may read is refused with the
// chmod that fixes it.
func TestServeWritesNothingWhenRefused(t *testing.T) {
	state := t.TempDir()
	r := runCLI(t, map[string]string{"XDG_STATE_HOME": state}, "serve", "--listen", "0.0.0.0:0")
	if r.code != exitUsage || !strings.Contains(r.stderr, "refusing to serve") {
		t.Fatalf("serve on 0.0.0.0: exit %d: %s", r.code, r.stderr)
	}
	if entries, _ := os.ReadDir(state); len(entries) != 0 {
		t.Errorf("a refused start wrote %v under the state directory", entries[0].Name())
	}
	key := filepath.Join(t.TempDir(), "host_key")
	if _, _, err := serve.LoadHostKey(key); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(key, 0o644); err != nil {
		t.Fatal(err)
	}
	r = runCLI(t, nil, "serve", "--host-key", key, "--listen", "127.0.0.1:0")
	if r.code == exitOK || !strings.Contains(r.stderr, "chmod 600 "+key) {
		t.Errorf("a 0644 host key: exit %d: %s", r.code, r.stderr)
	}
}
