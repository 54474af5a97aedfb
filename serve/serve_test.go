package serve

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	gossh "golang.org/x/crypto/ssh"
)

// checkFits fails when a row of c's screen is wider than w or there are
// more than h rows.
func checkFits(t *testing.T, who string, scr *screen, w, h int) {
	t.Helper()
	rows := scr.Rows()
	if len(rows) > h {
		t.Errorf("%s: %d rows on a %d-row terminal", who, len(rows), h)
	}
	for i, r := range rows {
		if lipgloss.Width(r) > w {
			t.Errorf("%s: row %d is %d cells wide on a %d-column terminal: %q", who, i, lipgloss.Width(r), w, r)
		}
	}
}

func TestMeeting(t *testing.T) {
	srv, addr := testServer(t, nil)
	p := startPresenter(t, srv, 160, 40)
	alice := join(t, addr, "alice", 100, 30, []string{"LANG=en_GB.UTF-8"}, "")
	// A session joins the room once its shell has started, which is after
	// join returns: wait for alice so that bob's is the last join.
	waitFor(t, "presenter", p.scr, "alice joined")
	// bob's client sends LANG twice: the last value wins.
	bob := join(t, addr, "bob", 80, 24, []string{"LANG=C", "LANG=ko_KR.UTF-8"}, "")
	// bob's join folds into alice's notice while it stands ("2 joined"),
	// or stands alone after it expired; the count shows either way.
	waitFor(t, "presenter", p.scr, "joined", "2 following")

	p.keys(t, "r")
	waitFor(t, "presenter", p.scr, "serving on "+addr+" · 2 following · 0 browsing")
	waitFor(t, "alice", alice.scr, "IL-0499", "12:00 PDT", "following")
	waitFor(t, "bob", bob.scr, "IL-0499", "12:00 PDT", "따라가는 중")

	p.keys(t, "n")
	waitFor(t, "alice", alice.scr, "12:13 PDT")
	waitFor(t, "bob", bob.scr, "12:13 PDT")

	// A key that moves the replay does nothing while following.
	bob.keys(t, "G")
	waitFor(t, "bob", bob.scr, "발표자를 따라가는 중 · f: 혼자 둘러보기")
	if s := p.scr.String(); !strings.Contains(s, "12:13 PDT") {
		t.Fatalf("a follower's key moved the presenter:\n%s", s)
	}

	// alice browses alone: her clock leaves the presenter's.
	alice.keys(t, "f")
	waitFor(t, "alice", alice.scr, "presenter at 12:13 PDT · IL-0499 · f to rejoin", "browsing")
	waitFor(t, "presenter", p.scr, "1 following · 1 browsing")
	alice.keys(t, "G")
	waitFor(t, "alice", alice.scr, "15:45 PDT")
	p.keys(t, "l")
	waitFor(t, "bob", bob.scr, "12:14 PDT")
	waitFor(t, "alice", alice.scr, "presenter at 12:14 PDT", "15:45 PDT")
	waitFor(t, "presenter", p.scr, "12:14 PDT")
	if s := p.scr.String(); strings.Contains(s, "15:45 PDT") {
		t.Fatalf("a browsing follower moved the presenter:\n%s", s)
	}

	// f again: back on the presenter's moment.
	alice.keys(t, "f")
	s := waitFor(t, "alice", alice.scr, "12:14 PDT", "following")
	if strings.Contains(s, "15:45 PDT") || strings.Contains(s, "f to rejoin") {
		t.Fatalf("alice did not re-sync:\n%s", s)
	}
	waitFor(t, "presenter", p.scr, "2 following · 0 browsing")
	p.keys(t, "?") // the full help lists who is in the room
	waitFor(t, "presenter", p.scr, "in the room (2): alice · bob")
	p.keys(t, "?")

	// Each at their own size and language.
	checkFits(t, "alice", alice.scr, 100, 30)
	checkFits(t, "bob", bob.scr, 80, 24)
	if s := bob.scr.String(); !strings.Contains(s, "f 혼자 둘러보기") || strings.Contains(s, "following") {
		t.Errorf("bob's screen is not in Korean:\n%s", s)
	}
	alice.resize(t, 60, 20)
	waitFor(t, "alice", alice.scr, "12:14 PDT")
	time.Sleep(200 * time.Millisecond) // let the resized frame finish
	checkFits(t, "alice after resize", alice.scr, 60, 20)

	// The presenter quits: followers are told and keep browsing.
	p.keys(t, "\x03")
	waitFor(t, "alice", alice.scr, "the presenter has left")
	waitFor(t, "bob", bob.scr, "발표자가 나갔습니다")
	select {
	case err := <-p.done:
		if err != nil && !errors.Is(err, tea.ErrInterrupted) {
			t.Fatalf("presenter: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("presenter did not quit")
	}
	alice.keys(t, "g")
	waitFor(t, "alice", alice.scr, "12:00 PDT")
}

func TestReplayCommandOpensThere(t *testing.T) {
	srv, addr := testServer(t, nil)
	p := startPresenter(t, srv, 160, 40)
	c := join(t, addr, "kim", 100, 30, nil, "replay IL-0499 --at 12:47 --lang ko")
	s := waitFor(t, "kim", c.scr, "12:47 PDT", "혼자 보는 중", "발표자")
	if strings.Contains(s, "따라가는 중") {
		t.Fatalf("a session opened on a moment should browse:\n%s", s)
	}
	p.keys(t, "r")
	waitFor(t, "kim", c.scr, "발표자 위치: 12:00 PDT · IL-0499")
}

func TestHeadless(t *testing.T) {
	_, addr := testServer(t, nil)
	c := join(t, addr, "kim", 100, 30, nil, "")
	waitFor(t, "kim", c.scr, "browsing", "incidents")
	c.keys(t, "f")
	waitFor(t, "kim", c.scr, "Filters") // browsing alone in the explorer, f is the facet filters
	c.keys(t, "esc")
	c.keys(t, "F")
	waitFor(t, "kim", c.scr, "there is no presenter to follow")
}

// run executes cmd without a PTY and returns its output and exit status.
func run(t *testing.T, addr string, key gossh.Signer, cmd string) (stdout, stderr string, status int) {
	t.Helper()
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "kim", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), //nolint:gosec // a test server
	})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	var out, errb strings.Builder
	sess.Stdout, sess.Stderr = &out, &errb
	err = sess.Run(cmd)
	var exit *gossh.ExitError
	switch {
	case errors.As(err, &exit):
		status = exit.ExitStatus()
	case err != nil:
		t.Fatalf("%s: %v", cmd, err)
	}
	return out.String(), errb.String(), status
}

func TestCommands(t *testing.T) {
	var got [][]string
	_, addr := testServer(t, func(c *Config) {
		c.Command = func(args []string, stdout, _ io.Writer) int {
			got = append(got, args)
			fmt.Fprintln(stdout, strings.Join(args, " "))
			return 0
		}
	})
	key := newKey(t)
	for _, tc := range []struct{ cmd, want string }{
		{"list", "list --lang en"},
		{"search 'retry storm' --json", "search retry storm --json --lang en"},
		{"show IL-0499 --lang ko", "show IL-0499 --lang ko"},
		{"timeline IL-0499 --width 80 --set partitions=32", "timeline IL-0499 --width 80 --set partitions=32 --lang en"},
	} {
		out, errs, status := run(t, addr, key, tc.cmd)
		if status != 0 || strings.TrimSpace(out) != tc.want {
			t.Errorf("%s: got %q (stderr %q, status %d), want %q", tc.cmd, out, errs, status, tc.want)
		}
	}
}

func TestRefusals(t *testing.T) {
	srv, addr := testServer(t, nil)
	key := newKey(t)
	called := false
	srv.cfg.Command = func([]string, io.Writer, io.Writer) int { called = true; return 0 }
	for _, cmd := range []string{
		"sh", "sh -c id", "bash", "list --data /etc", "show IL-0499 --data=/", "validate /etc/passwd",
		"scp -t /tmp", "", "\x1b[31mred", "timeline --evil",
	} {
		out, errs, status := run(t, addr, key, cmd)
		if status == 0 || out != "" || strings.Count(errs, "\n") != 1 || !strings.HasPrefix(errs, "incidents: ") {
			t.Errorf("%q: got stdout %q stderr %q status %d, want a one-line refusal", cmd, out, errs, status)
		}
		if strings.ContainsRune(errs, 0x1b) {
			t.Errorf("%q: the refusal echoes an escape: %q", cmd, errs)
		}
	}
	if called {
		t.Error("a refused command was run")
	}

	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "kim", Auth: []gossh.AuthMethod{gossh.PublicKeys(key)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), //nolint:gosec // a test server
	})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if c, err := conn.Dial("tcp", "127.0.0.1:22"); err == nil {
		c.Close()
		t.Error("local port forwarding was accepted")
	}
	if l, err := conn.Listen("tcp", "127.0.0.1:0"); err == nil {
		l.Close()
		t.Error("remote port forwarding was accepted")
	}
	sess, err := conn.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestSubsystem("sftp"); err == nil {
		t.Error("the sftp subsystem was accepted")
	}
	sess.Close()
	sess, _ = conn.NewSession()
	if ok, err := sess.SendRequest("x11-req", true, gossh.Marshal(struct {
		Single        bool
		Proto, Cookie string
		Screen        uint32
	}{false, "MIT-MAGIC-COOKIE-1", "00", 0})); err == nil && ok {
		t.Error("X11 forwarding was accepted")
	}
	sess.Close()

	// Passwords are not a way in.
	if c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "kim", Auth: []gossh.AuthMethod{gossh.Password("hunter2")},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), //nolint:gosec // a test server
	}); err == nil {
		c.Close()
		t.Error("a password was accepted")
	}
}

func TestAuthorizedKeys(t *testing.T) {
	alice, mallory := newKey(t), newKey(t)
	path := t.TempDir() + "/keys"
	writeFile(t, path, "# the meeting\n"+string(gossh.MarshalAuthorizedKey(alice.PublicKey())))
	log := &syncWriter{w: &strings.Builder{}}
	_, addr := testServer(t, func(c *Config) {
		c.AuthorizedKeys = path
		c.Log = log
		c.Command = func(_ []string, stdout, _ io.Writer) int { fmt.Fprintln(stdout, "ok"); return 0 }
	})
	if out, _, status := run(t, addr, alice, "list"); status != 0 || out != "ok\n" {
		t.Errorf("alice: got %q, status %d", out, status)
	}
	_, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "mallory", Auth: []gossh.AuthMethod{gossh.PublicKeys(mallory)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), //nolint:gosec // a test server
	})
	if err == nil {
		t.Fatal("a key outside --authorized-keys was accepted")
	}
	fp := gossh.FingerprintSHA256(mallory.PublicKey())
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(log.String(), "refused 127.0.0.1:") || !strings.Contains(log.String(), fp) {
		if time.Now().After(deadline) {
			t.Fatalf("the refusal of %s is not logged:\n%s", fp, log.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestListenNeedsKeysOffLoopback(t *testing.T) {
	for _, tc := range []struct {
		listen string
		open   bool
		keys   string
		ok     bool
	}{
		{"127.0.0.1:2222", false, "", true},
		{"localhost:2222", false, "", true},
		{"[::1]:2222", false, "", true},
		{"0.0.0.0:2222", false, "", false},
		{"192.0.2.7:2222", false, "", false},
		{"0.0.0.0:2222", true, "", true},
		{"nonsense", false, "", false},
	} {
		_, err := New(Config{Listen: tc.listen, Open: tc.open, AuthorizedKeys: tc.keys, HostKey: hostKey(t)})
		if (err == nil) != tc.ok {
			t.Errorf("%s open=%v: err = %v", tc.listen, tc.open, err)
		}
		if !tc.ok && tc.listen != "nonsense" && !errors.Is(err, ErrUnsafeListen) {
			t.Errorf("%s: err = %v, want ErrUnsafeListen", tc.listen, err)
		}
	}
}

func TestBounds(t *testing.T) {
	srv, addr := testServer(t, func(c *Config) { c.MaxSessions = 2; c.Idle = time.Second })
	a := join(t, addr, "a", 80, 24, nil, "")
	join(t, addr, "b", 80, 24, nil, "")
	conn, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "c", Auth: []gossh.AuthMethod{gossh.PublicKeys(newKey(t))},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 2 * time.Second, //nolint:gosec // a test server
	})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.NewSession(); err == nil || !strings.Contains(err.Error(), "the meeting is full: 2 sessions at once") {
		t.Fatalf("a third session with --max-sessions 2: err = %v, want the reason", err)
	}
	waitFor(t, "a", a.scr, "incidents")
	done := make(chan error, 1)
	go func() { done <- a.sess.Wait() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("an idle session was not closed")
	}
	deadline := time.Now().Add(5 * time.Second)
	for srv.Sessions() != 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d sessions still counted after idle", srv.Sessions())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestStudyAndPresenterModesMirror(t *testing.T) {
	srv, addr := testServer(t, nil)
	p := startPresenter(t, srv, 160, 40)
	alice := join(t, addr, "alice", 100, 30, nil, "")
	bob := join(t, addr, "bob", 90, 28, nil, "-- --lang ko --theme light")
	waitFor(t, "bob", bob.scr, "따라가는 중")
	p.keys(t, "r")
	waitFor(t, "alice", alice.scr, "12:00 PDT")
	p.keys(t, "s")
	for i := 0; !strings.Contains(p.scr.String(), "Study stop 1 ·"); i++ {
		if i == 40 {
			t.Fatalf("no study stop after 40 events:\n%s", p.scr.String())
		}
		p.keys(t, "n")
		time.Sleep(50 * time.Millisecond)
	}
	// Followers are told the presenter reveals: their own enter does nothing.
	waitFor(t, "alice", alice.scr, "Study stop 1 ·", "the presenter reveals what was done")
	waitFor(t, "bob", bob.scr, "학습 질문 1 ·", "실제 조치는 발표자가 공개합니다")
	p.keys(t, "\r")
	deadline := time.Now().Add(30 * time.Second)
	for strings.Contains(alice.scr.String(), "the presenter reveals what was done") {
		if time.Now().After(deadline) {
			t.Fatalf("alice still sees the question after the reveal:\n%s", alice.scr.String())
		}
		time.Sleep(20 * time.Millisecond)
	}
	p.keys(t, " ") // pause what the reveal set playing
	p.keys(t, "P")
	p.keys(t, "n")
	waitFor(t, "alice", alice.scr, "⌨ ")
	waitFor(t, "bob", bob.scr, "⌨ ")
	checkFits(t, "alice", alice.scr, 100, 30)
	checkFits(t, "bob", bob.scr, 90, 28)
}
