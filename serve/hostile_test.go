package serve

import (
	"fmt"
	"io"
	stdlog "log"
	"math"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/hostile"
	"github.com/incidents-dev/incidents/tui"
)

// tunedServer is testServer with the server's own bounds set by tune
// before it serves.
func tunedServer(t *testing.T, edit func(*Config), tune func(*Server)) (*Server, string, *syncWriter) {
	t.Helper()
	log := &syncWriter{w: &strings.Builder{}}
	cfg := Config{Listen: "127.0.0.1:0", HostKey: hostKey(t), Library: bundled(t), Lang: data.EN, Theme: "dark", Log: log}
	if edit != nil {
		edit(&cfg)
	}
	srv, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if tune != nil {
		tune(srv)
	}
	l, err := srv.Listen()
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() {
		_ = srv.Close()
		if t.Failed() {
			t.Logf("server log:\n%s", log.String())
		}
	})
	return srv, l.Addr().String(), log
}

// rawSession opens a session with no PTY yet, reading what it prints into
// scr, so a test can send any request on it.
func rawSession(t *testing.T, addr, user string) (*gossh.Client, *gossh.Session, *screen) {
	t.Helper()
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: user, Auth: []gossh.AuthMethod{gossh.PublicKeys(newKey(t))},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second, //nolint:gosec // a test server
	})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	scr := newScreen()
	out, _ := sess.StdoutPipe()
	go func() { _, _ = io.Copy(scr, out) }()
	return conn, sess, scr
}

// answered sends a request that wants a reply and fails unless the reply
// comes within 5 s; it returns the reply.
func answered(t *testing.T, sess *gossh.Session, typ string, payload []byte) bool {
	t.Helper()
	type result struct {
		ok  bool
		err error
	}
	done := make(chan result, 1)
	go func() {
		ok, err := sess.SendRequest(typ, true, payload)
		done <- result{ok, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatalf("%q: %v", typ, r.err)
		}
		return r.ok
	case <-time.After(5 * time.Second):
		t.Fatalf("%q with want-reply was not answered", typ)
	}
	return false
}

// waitUntil polls cond for up to 10 s.
func waitUntil(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestHostileWindows joins with every hostile terminal size (65535×65535,
// 4294967295×1, …), floods window changes of those sizes, and then checks
// that the presenter's program still runs, each hostile session drew
// frames no larger than the app lays out, memory stayed bounded, and a
// normal follower still joins and follows.
func TestHostileWindows(t *testing.T) {
	srv, addr, _ := tunedServer(t, nil, nil)
	p := startPresenter(t, srv, 120, 40)
	type joined struct {
		w    hostile.Window
		sess *gossh.Session
		scr  *screen
	}
	var all []joined
	for _, w := range hostile.Windows() {
		_, sess, scr := rawSession(t, addr, "huge")
		if !answered(t, sess, "pty-req", hostile.PtyReq("xterm-256color", w)) {
			t.Fatalf("%s: the pty was refused; it should be clamped", w.Name)
		}
		if err := sess.Shell(); err != nil {
			t.Fatalf("%s: %v", w.Name, err)
		}
		all = append(all, joined{w, sess, scr})
	}
	for _, j := range all {
		if j.w.Width >= tui.MinWidth && j.w.Height >= tui.MinHeight {
			waitFor(t, j.w.Name, j.scr, "following")
		}
	}
	// A flood: 2,000 window changes on each, of every hostile size.
	sizes := hostile.Windows()
	for _, j := range all {
		for i := range 2000 {
			if err := j.sess.WindowChange(0, 0); i%500 == 0 && err != nil {
				t.Fatal(err)
			}
			_, _ = j.sess.SendRequest("window-change", false, hostile.WindowChange(sizes[i%len(sizes)]))
		}
		if !answered(t, j.sess, "window-change", hostile.WindowChange(hostile.Window{Width: 90, Height: 30})) {
			t.Fatal("the last window change was refused")
		}
	}
	for _, j := range all {
		s := waitFor(t, j.w.Name, j.scr, "following")
		for i, r := range j.scr.Rows() {
			if w := len([]rune(r)); w > tui.MaxWidth || i >= tui.MaxHeight {
				t.Fatalf("%s: row %d of %d cells: a frame larger than %d×%d", j.w.Name, i, w, tui.MaxWidth, tui.MaxHeight)
			}
		}
		_ = s
	}
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	if ms.HeapInuse > 1<<30 {
		t.Errorf("heap in use %d MiB after the hostile sizes", ms.HeapInuse>>20)
	}
	// The presenter still runs: its keys still move everyone.
	p.keys(t, "r")
	waitFor(t, "presenter", p.scr, "IL-0499", "12:00 PDT")
	waitFor(t, all[len(all)-1].w.Name, all[len(all)-1].scr, "12:00 PDT")
	// A normal follower still joins and follows.
	kim := join(t, addr, "kim", 80, 24, nil, "")
	waitFor(t, "kim", kim.scr, "12:00 PDT", "following")
	p.keys(t, "n")
	waitFor(t, "kim", kim.scr, "12:13 PDT")
	checkFits(t, "kim", kim.scr, 80, 24)
}

// TestHostileRequests sends each refused or malformed request with
// want-reply: each is answered, refused (env alone is taken), logged, and
// the session then still runs the meeting.
func TestHostileRequests(t *testing.T) {
	srv, addr, log := tunedServer(t, nil, nil)
	startPresenter(t, srv, 120, 40)
	_, sess, scr := rawSession(t, addr, "probe")
	for _, r := range hostile.Requests() {
		ok := answered(t, sess, r.Type, r.Payload)
		if want := r.Type == "env"; ok != want {
			t.Errorf("%s: answered %v, want %v", r.Name, ok, want)
		}
	}
	if !answered(t, sess, "pty-req", hostile.PtyReq("xterm", hostile.Window{Width: 80, Height: 24})) {
		t.Fatal("a plain pty was refused")
	}
	if err := sess.Shell(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "probe", scr, "incidents") // in Korean: the env request set LANG=ko…
	if ok := answered(t, sess, "signal", []byte("\x00\x00\x00\x03INT")); ok {
		t.Error("a signal was accepted")
	}
	for _, want := range []string{"refused X11 forwarding", "refused agent forwarding", `refused subsystem "sftp"`,
		`ignored signal "KILL"`, `ignored signal "INT"`, "refused request", "refused a window-change"} {
		waitUntil(t, "the log to say "+want, func() bool { return strings.Contains(log.String(), want) })
	}
	if strings.ContainsRune(log.String(), 0x1b) {
		t.Errorf("the log echoes an escape:\n%s", log.String())
	}
	// A flood of refused requests is logged a bounded number of times.
	for range 500 {
		_, _ = sess.SendRequest("x11-req", false, nil)
	}
	answered(t, sess, "x11-req", nil)
	if n := strings.Count(log.String(), "from 127.0.0.1"); n > 2*maxLogged+10 {
		t.Errorf("%d log lines for one session's refusals", n)
	}
}

// TestRawSockets holds twenty connections that never authenticate (and
// one that trickles a byte a second) while a real client joins with
// --max-sessions 1: they hold no session slot, and are closed after the
// handshake deadline with a log line.
func TestRawSockets(t *testing.T) {
	srv, addr, log := tunedServer(t, func(c *Config) { c.MaxSessions = 1 }, func(s *Server) { s.handshakeTimeout = 2 * time.Second })
	var raws []net.Conn
	for range 20 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		raws = append(raws, c)
	}
	trickle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer trickle.Close()
	stop := make(chan struct{})
	defer close(stop)
	go func() {
		for _, b := range []byte("SSH-2.0-slow\r\n") {
			select {
			case <-stop:
				return
			case <-time.After(300 * time.Millisecond):
			}
			if _, err := trickle.Write([]byte{b}); err != nil {
				return
			}
		}
	}()
	alice := join(t, addr, "alice", 80, 24, nil, "")
	waitFor(t, "alice", alice.scr, "incidents")
	if n := srv.Sessions(); n != 1 {
		t.Errorf("%d sessions counted, want 1 (alice)", n)
	}
	// Unauthenticated connections are closed after the deadline.
	var closed atomic.Int32
	for _, c := range append(raws, trickle) {
		go func() {
			_ = c.SetReadDeadline(time.Now().Add(10 * time.Second))
			if _, err := io.Copy(io.Discard, c); err == nil {
				closed.Add(1) // EOF: the server closed it
			}
		}()
	}
	waitUntil(t, "the server to close 21 unauthenticated connections", func() bool { return closed.Load() == 21 })
	waitUntil(t, "the log to say why", func() bool {
		return strings.Count(log.String(), "not authenticated within 2s") >= 21
	})
	// alice is still there, and the slot is hers alone.
	alice.keys(t, "j")
	if n := srv.Sessions(); n != 1 {
		t.Errorf("%d sessions after the raw connections closed, want 1", n)
	}
}

// TestPendingBudget: past MaxPending connections from one address that
// have not opened a session, each further one is told why and closed.
// (Connections are admitted by their own goroutines, so which ones are
// refused is not their order: count them.)
func TestPendingBudget(t *testing.T) {
	_, addr, log := tunedServer(t, nil, nil)
	const extra = 5
	var conns []net.Conn
	for range MaxPending + extra {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		conns = append(conns, c)
	}
	told := 0
	for _, c := range conns {
		_ = c.SetReadDeadline(time.Now().Add(3 * time.Second))
		b := make([]byte, 200)
		n, _ := io.ReadAtLeast(c, b, 20)
		if strings.Contains(string(b[:n]), "too many connections from 127.0.0.1 are still connecting") {
			told++
		}
	}
	if told != extra {
		t.Fatalf("%d connections were told the address has too many connecting, want %d", told, extra)
	}
	waitUntil(t, "the log", func() bool { return strings.Count(log.String(), "are still connecting") == extra })
}

// TestNoSessionConnection: an authenticated connection that opens no
// session (ssh -N) is closed after the deadline, with a log line.
func TestNoSessionConnection(t *testing.T) {
	_, addr, log := tunedServer(t, nil, func(s *Server) { s.handshakeTimeout = time.Second })
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "n", Auth: []gossh.AuthMethod{gossh.PublicKeys(newKey(t))},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 5 * time.Second, //nolint:gosec // a test server
	})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- conn.Wait() }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a connection with no session was kept")
	}
	waitUntil(t, "the log", func() bool { return strings.Contains(log.String(), "no session open within 1s (ssh -N?)") })
}

// TestStalledClientDropped: a follower that stops reading while it is
// resized and the presenter moves is dropped, its slot freed for the next.
func TestStalledClientDropped(t *testing.T) {
	srv, addr, log := tunedServer(t, func(c *Config) { c.MaxSessions = 1 }, func(s *Server) {
		s.outputLimit, s.stall = 256<<10, time.Second
	})
	p := startPresenter(t, srv, 120, 40)
	stalled := dial(t, addr, "stalled", 1000, 500, nil, "", false)
	waitUntil(t, "the stalled client's session", func() bool { return srv.Sessions() == 1 })
	for i := range 30 {
		if err := stalled.sess.WindowChange(500-i%2, 1000-i%2); err != nil {
			break // dropped already
		}
		p.keys(t, "j")
		time.Sleep(50 * time.Millisecond) // a frame each: repainted in full after a resize
	}
	for i := 0; srv.Sessions() != 0 && i < 20; i++ { // more frames until its window is full
		p.keys(t, "G")
		p.keys(t, "g")
		time.Sleep(200 * time.Millisecond)
	}
	waitUntil(t, "the stalled client to be dropped", func() bool { return srv.Sessions() == 0 })
	waitUntil(t, "the log", func() bool { return strings.Contains(log.String(), "dropped stalled") })
	kim := join(t, addr, "kim", 80, 24, nil, "")
	waitFor(t, "kim", kim.scr, "following")
}

// TestHostKeyPermissions: a private host key that its group or others may
// read or write is refused, with the chmod that fixes it; reading a
// missing key writes nothing.
func TestHostKeyPermissions(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "key")
	if _, _, err := LoadHostKey(good); err != nil {
		t.Fatal(err)
	}
	for _, mode := range []os.FileMode{0o644, 0o640, 0o604, 0o666, 0o660, 0o602, 0o620, 0o777} {
		if err := os.Chmod(good, mode); err != nil {
			t.Fatal(err)
		}
		_, _, err := ReadHostKey(good)
		if err == nil || !strings.Contains(err.Error(), "chmod 600 "+good) || !strings.Contains(err.Error(), fmt.Sprintf("%04o", mode)) {
			t.Errorf("mode %04o: err = %v, want a refusal with the chmod", mode, err)
		}
	}
	for _, mode := range []os.FileMode{0o600, 0o400} {
		if err := os.Chmod(good, mode); err != nil {
			t.Fatal(err)
		}
		if _, created, err := ReadHostKey(good); err != nil || created {
			t.Errorf("mode %04o: err = %v, created %v", mode, err, created)
		}
	}
	missing := filepath.Join(dir, "new", "key")
	key, created, err := ReadHostKey(missing)
	if err != nil || !created || len(key) == 0 {
		t.Fatalf("a missing key: %v, created %v", err, created)
	}
	if _, err := os.Stat(filepath.Dir(missing)); !os.IsNotExist(err) {
		t.Errorf("ReadHostKey wrote to disk: %v", err)
	}
	if err := WriteHostKey(missing, key); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(missing); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("written key: %v, mode %v", err, fi.Mode())
	}
	if err := WriteHostKey(missing, key); err == nil {
		t.Error("WriteHostKey wrote over an existing key")
	}
	if _, _, err := ReadHostKey(dir); err == nil {
		t.Error("a directory was read as a host key")
	}
}

// FuzzRequestFilter feeds the session request filter any request: it
// never panics, and every size it passes on is within the app's bounds.
func FuzzRequestFilter(f *testing.F) {
	for _, r := range hostile.Requests() {
		f.Add(r.Type, r.Payload)
	}
	for _, w := range hostile.Windows() {
		f.Add("pty-req", hostile.PtyReq("xterm", w))
		f.Add("window-change", hostile.WindowChange(w))
	}
	f.Add("pty-req", []byte{0xff, 0xff, 0xff, 0xff})
	srv := &Server{log: discardLog()}
	f.Fuzz(func(t *testing.T, typ string, payload []byte) {
		flt := requestFilter{s: srv, who: "fuzz", pty: true}
		flt.take(&gossh.Request{Type: typ, Payload: payload})
		flt.take(&gossh.Request{Type: "window-change", Payload: payload})
		for _, r := range flt.queue {
			var size []byte
			switch r.Type {
			case "window-change":
				size = r.Payload
			case "pty-req":
				n := int(uint32(r.Payload[0])<<24 | uint32(r.Payload[1])<<16 | uint32(r.Payload[2])<<8 | uint32(r.Payload[3]))
				size = r.Payload[4+n:]
			default:
				continue
			}
			w := uint32(size[0])<<24 | uint32(size[1])<<16 | uint32(size[2])<<8 | uint32(size[3])
			h := uint32(size[4])<<24 | uint32(size[5])<<16 | uint32(size[6])<<8 | uint32(size[7])
			if w > tui.MaxWidth || h > tui.MaxHeight || w > math.MaxInt32 {
				t.Fatalf("%s passed on %d×%d", r.Type, w, h)
			}
		}
	})
}

func discardLog() *stdlog.Logger { return stdlog.New(io.Discard, "", 0) }
