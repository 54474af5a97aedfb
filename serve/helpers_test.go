package serve

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
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
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui"
	"github.com/incidents-dev/incidents/tui/theme"
)

var (
	libOnce sync.Once
	testLib *library.Library
)

// bundled opens the bundled library once for all tests (its series are
// prepared once too).
func bundled(t testing.TB) *library.Library {
	libOnce.Do(func() {
		lib, err := library.Open(library.Options{})
		if err != nil {
			t.Fatalf("open library: %v", err)
		}
		_ = lib.Prepare()
		testLib = lib
	})
	return testLib
}

// newKey returns a fresh client key.
func newKey(t testing.TB) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// testServer starts a server on 127.0.0.1:0 configured by edit, and
// returns it with its address.
func testServer(t testing.TB, edit func(*Config)) (*Server, string) {
	t.Helper()
	key, _, err := LoadHostKey(filepath.Join(t.TempDir(), "host_key"))
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{Listen: "127.0.0.1:0", HostKey: key, Library: bundled(t), Lang: data.EN, Theme: "dark", Log: io.Discard}
	if testing.Verbose() {
		cfg.Log = os.Stderr
	}
	if edit != nil {
		edit(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	l, err := srv.Listen()
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return srv, l.Addr().String()
}

// presenter runs a local presenter on srv whose keys are written to the
// returned writer; its screen is drawn on scr at w×h.
type presenter struct {
	in   *io.PipeWriter
	scr  *screen
	done chan error
	prog chan *tea.Program
}

func startPresenter(t testing.TB, srv *Server, w, h int) *presenter {
	t.Helper()
	pr, pw := io.Pipe()
	p := &presenter{in: pw, scr: newScreen(), done: make(chan error, 1), prog: make(chan *tea.Program, 1)}
	srv.started = func(tp *tea.Program) { p.prog <- tp }
	app := tui.New(srv.Library(), tui.Options{Lang: data.EN, Styles: theme.Plain(), Role: tui.Presenter})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { p.done <- srv.Present(ctx, app, tea.WithInput(pr), tea.WithOutput(p.scr), tea.WithAltScreen()) }()
	tp := <-p.prog
	tp.Send(tea.WindowSizeMsg{Width: w, Height: h})
	t.Cleanup(func() { cancel(); pw.Close() })
	return p
}

// keys types s on the presenter's keyboard.
func (p *presenter) keys(t testing.TB, s string) {
	t.Helper()
	if _, err := io.WriteString(p.in, s); err != nil {
		t.Fatal(err)
	}
}

// client is one participant's SSH session with a PTY, its output drawn on
// scr.
type client struct {
	conn *gossh.Client
	sess *gossh.Session
	in   io.WriteCloser
	scr  *screen
}

// join connects as user with a w×h PTY, the environment env ("K=V") and an
// optional command, and starts reading what the server draws.
func join(t testing.TB, addr, user string, w, h int, env []string, cmd string) *client {
	t.Helper()
	return dial(t, addr, user, w, h, env, cmd, true)
}

// dial is join; with read false nothing reads the session's output, as
// with a client that has stopped reading.
func dial(t testing.TB, addr, user string, w, h int, env []string, cmd string, read bool) *client {
	t.Helper()
	c := &client{scr: newScreen()}
	var err error
	c.conn, err = gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: user, Auth: []gossh.AuthMethod{gossh.PublicKeys(newKey(t))},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second, //nolint:gosec // a test server
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.conn.Close() })
	if c.sess, err = c.conn.NewSession(); err != nil {
		t.Fatal(err)
	}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		if err := c.sess.Setenv(k, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := c.sess.RequestPty("dumb", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	c.in, _ = c.sess.StdinPipe()
	out, _ := c.sess.StdoutPipe()
	if read {
		go func() { _, _ = io.Copy(c.scr, out) }()
	}
	if cmd == "" {
		err = c.sess.Shell()
	} else {
		err = c.sess.Start(cmd)
	}
	if err != nil {
		t.Fatal(err)
	}
	return c
}

func (c *client) keys(t testing.TB, s string) {
	t.Helper()
	if _, err := io.WriteString(c.in, s); err != nil {
		t.Fatal(err)
	}
}

func (c *client) resize(t testing.TB, w, h int) {
	t.Helper()
	if err := c.sess.WindowChange(h, w); err != nil {
		t.Fatal(err)
	}
}

// waitFor polls scr until every want is on it, or fails after 30 s: a
// deadline for a loaded machine, not a speed target.
func waitFor(t testing.TB, who string, scr *screen, want ...string) string {
	t.Helper()
	const wait = 30 * time.Second
	deadline := time.Now().Add(wait)
	for {
		s := scr.String()
		ok := true
		for _, w := range want {
			ok = ok && strings.Contains(s, w)
		}
		if ok {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: waited %v for %q; screen:\n%s", who, wait, want, s)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// screen is just enough of a terminal to read Bubble Tea's frames: it
// keeps rows of text, follows cursor home, up, down and newlines, and
// drops every other escape sequence. Bubble Tea repaints whole lines, so
// a row written after a cursor move replaces what was there.
type screen struct {
	mu    sync.Mutex
	rows  []string
	row   int
	fresh bool
	esc   []byte // an escape sequence cut by a read
	bytes int
}

func newScreen() *screen { return &screen{fresh: true} }

func (s *screen) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.bytes += len(p)
	b := append(s.esc, p...)
	s.esc = nil
	for i := 0; i < len(b); {
		switch c := b[i]; {
		case c == 0x1b:
			n, ok := s.escape(b[i:])
			if !ok {
				s.esc = append([]byte(nil), b[i:]...)
				return len(p), nil
			}
			i += n
		case c == '\n':
			s.row++
			s.fresh = true
			i++
		case c == '\r':
			s.fresh = true
			i++
		case c < 0x20:
			i++
		default:
			j := i
			for j < len(b) && b[j] >= 0x20 && b[j] != 0x1b {
				j++
			}
			s.put(string(b[i:j]))
			i = j
		}
	}
	return len(p), nil
}

// escape handles one escape sequence at the start of b and returns its
// length; false when b ends inside it.
func (s *screen) escape(b []byte) (int, bool) {
	if len(b) < 2 {
		return 0, false
	}
	switch b[1] {
	case '[':
		for j := 2; j < len(b); j++ {
			if b[j] >= 0x40 && b[j] <= 0x7e {
				s.csi(string(b[2:j]), b[j])
				return j + 1, true
			}
		}
		return 0, false
	case ']':
		for j := 2; j < len(b); j++ {
			if b[j] == 0x07 {
				return j + 1, true
			}
			if b[j] == 0x1b && j+1 < len(b) && b[j+1] == '\\' {
				return j + 2, true
			}
		}
		return 0, false
	}
	return 2, true
}

func (s *screen) csi(params string, final byte) {
	n, err := strconv.Atoi(strings.TrimPrefix(params, "?"))
	if err != nil || n == 0 {
		n = 1
	}
	switch final {
	case 'H':
		s.row, s.fresh = 0, true
	case 'A':
		s.row, s.fresh = max(0, s.row-n), true
	case 'B':
		s.row, s.fresh = s.row+n, true
	case 'J':
		if params == "2" {
			s.rows = nil
		} else if s.row+1 < len(s.rows) {
			s.rows = s.rows[:s.row+1]
		}
	case 'h', 'l':
		if strings.HasPrefix(params, "?1049") {
			s.rows, s.row, s.fresh = nil, 0, true
		}
	}
}

func (s *screen) put(text string) {
	for len(s.rows) <= s.row {
		s.rows = append(s.rows, "")
	}
	if s.fresh {
		s.rows[s.row] = text
		s.fresh = false
		return
	}
	s.rows[s.row] += text
}

// String returns the rows drawn.
func (s *screen) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return strings.Join(s.rows, "\n")
}

// Rows returns a copy of the rows.
func (s *screen) Rows() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.rows...)
}

// Bytes returns how many bytes were written.
func (s *screen) Bytes() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.bytes
}

func writeFile(t testing.TB, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
		t.Fatal(err)
	}
}

func hostKey(t testing.TB) []byte {
	t.Helper()
	k, _, err := LoadHostKey(filepath.Join(t.TempDir(), "k"))
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// syncWriter serialises writes to w and reads of it.
type syncWriter struct {
	mu sync.Mutex
	w  *strings.Builder
}

func (s *syncWriter) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.Write(p)
}

func (s *syncWriter) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.w.String()
}
