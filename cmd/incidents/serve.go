package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/term"

	"github.com/incidents-dev/incidents/serve"
	"github.com/incidents-dev/incidents/tui"
)

// serveOptions are the flags of `incidents serve`.
type serveOptions struct {
	listen, hostKey, authorizedKeys string
	open, headless                  bool
	maxSessions                     int
	idle                            time.Duration
}

func (s *serveOptions) register(fs *flag.FlagSet) {
	fs.StringVar(&s.listen, "listen", serve.DefaultListen, "")
	fs.StringVar(&s.hostKey, "host-key", "", "")
	fs.StringVar(&s.authorizedKeys, "authorized-keys", "", "")
	fs.BoolVar(&s.open, "open", false, "")
	fs.BoolVar(&s.headless, "headless", false, "")
	fs.IntVar(&s.maxSessions, "max-sessions", serve.DefaultMaxSessions, "")
	fs.DurationVar(&s.idle, "idle", serve.DefaultIdle, "")
}

const serveFlagsHelp = `  --listen ADDR            address to listen on (default 127.0.0.1:2222)
  --host-key PATH          the server's private key (default: generated on first run
                           under $XDG_STATE_HOME/incidents or ~/.local/state/incidents)
  --authorized-keys PATH   only these public keys may join (needed off loopback)
  --open                   any key may join, from anywhere that reaches the port
  --headless               no presenter here: everyone who joins browses alone
  --max-sessions N         connections at once (default 50)
  --idle DURATION          close a connection idle this long (default 30m)
  --lang, --theme          the participants' defaults; each may choose their own:
                           ssh -t -p 2222 HOST -- --lang ko --theme light
`

const serveExamples = `  incidents serve
  incidents serve --listen 0.0.0.0:2222 --authorized-keys ~/.ssh/meeting_keys
  ssh -t -p 2222 localhost                   join and follow the presenter
  ssh -t -p 2222 localhost -- --lang ko      join in Korean
  ssh -p 2222 localhost show IL-0499         print a record, as 'incidents show' does`

func runServe(e *env, o options) (int, error) {
	so := o.serve
	if so.maxSessions <= 0 || so.idle <= 0 {
		return exitUsage, usageErrorf("--max-sessions and --idle must be positive")
	}
	keyPath := so.hostKey
	if keyPath == "" {
		p, err := serve.DefaultHostKeyPath(e.getenv)
		if err != nil {
			return exitFail, err
		}
		keyPath = p
	}
	key, created, err := serve.LoadHostKey(keyPath)
	if err != nil {
		return exitFail, err
	}
	if created {
		fmt.Fprintf(e.stderr, "incidents serve: generated host key %s\n", keyPath)
	}
	present := !so.headless && e.isTerminal
	logw := &heldLog{w: e.stderr, held: present && writerIsTerminal(e.stderr)}
	lib := e.load(o)
	go lib.Prepare() //nolint:errcheck // a replayer shows its own timeline's error
	srv, err := serve.New(serve.Config{
		Listen: so.listen, HostKey: key, AuthorizedKeys: so.authorizedKeys, Open: so.open,
		Headless: !present, MaxSessions: so.maxSessions, Idle: so.idle,
		Lang: o.lang, Theme: o.theme, Library: lib, Log: logw,
		Command: remoteCommand(o.data),
	})
	if errors.Is(err, serve.ErrUnsafeListen) {
		return exitUsage, usageErrorf("%v", err)
	}
	if err != nil {
		return exitFail, err
	}
	l, err := srv.Listen()
	if err != nil {
		return exitFail, err
	}
	if so.open {
		fmt.Fprintf(e.stderr, "incidents serve: warning: --open: anyone who can reach %s may watch\n", l.Addr())
	}
	served := make(chan error, 1)
	go func() { served <- srv.Serve(l) }()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	code, err := exitOK, error(nil)
	if present {
		code, err = e.present(ctx, srv, o)
		logw.release()
	}
	if err == nil {
		waitForRoom(ctx, e.stderr, srv, l.Addr().String(), present, served)
	}
	_ = srv.Close()
	return code, err
}

// remoteCommand runs a participant's list, search, show or timeline (its
// arguments checked by the server) exactly as `incidents` runs it to a
// pipe, over the server's --data folders and no other environment.
func remoteCommand(dataDirs []string) func(args []string, stdout, stderr io.Writer) int {
	return func(args []string, stdout, stderr io.Writer) int {
		for _, d := range dataDirs {
			args = append(args, "--data", d)
		}
		return newEnv(nil, stdout, stderr, func(string) string { return "" }).run(args)
	}
}

// present runs the local presenter's TUI.
func (e *env) present(ctx context.Context, srv *serve.Server, o options) (int, error) {
	app := tui.New(srv.Library(), tui.Options{Lang: o.lang, Styles: e.tuiStyles(o), Mouse: o.mouse, Role: tui.Presenter})
	popts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithInput(e.stdin), tea.WithOutput(e.stdout)}
	if o.mouse {
		popts = append(popts, tea.WithMouseCellMotion())
	}
	if err := srv.Present(ctx, app, popts...); err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		if errors.Is(err, tea.ErrInterrupted) {
			return exitInterrupted, nil
		}
		return exitFail, err
	}
	return exitOK, nil
}

// waitForRoom keeps serving: headless, until a signal; after the presenter
// quits, while participants are still connected (they keep browsing).
func waitForRoom(ctx context.Context, stderr io.Writer, srv *serve.Server, addr string, present bool, served <-chan error) {
	if present {
		if srv.Sessions() == 0 {
			return
		}
		fmt.Fprintf(stderr, "incidents serve: presenter left; serving %d participants on %s until they leave (ctrl+c stops)\n", srv.Sessions(), addr)
	} else {
		fmt.Fprintf(stderr, "incidents serve: serving on %s; join with: ssh -t -p PORT HOST (ctrl+c stops)\n", addr)
	}
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case err := <-served:
			if err != nil {
				fmt.Fprintf(stderr, "incidents serve: %v\n", err)
			}
			return
		case <-t.C:
			if present && srv.Sessions() == 0 {
				return
			}
		}
	}
}

// writerIsTerminal reports whether w is a terminal (the presenter's screen).
func writerIsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

// heldLog writes log lines to w, or, while held (the presenter's TUI owns
// the terminal that stderr also writes to), keeps the last 256 KiB of them
// and writes them when released.
type heldLog struct {
	mu   sync.Mutex
	w    io.Writer
	held bool
	buf  bytes.Buffer
}

func (h *heldLog) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.held {
		return h.w.Write(p)
	}
	const limit = 256 << 10
	h.buf.Write(p)
	if h.buf.Len() > limit {
		b := h.buf.Bytes()[h.buf.Len()-limit:]
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			b = b[i+1:]
		}
		h.buf = *bytes.NewBuffer(append([]byte(nil), b...))
	}
	return len(p), nil
}

func (h *heldLog) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.held = false
	_, _ = h.w.Write(h.buf.Bytes())
	h.buf.Reset()
}
