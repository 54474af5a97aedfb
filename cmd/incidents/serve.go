package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"strconv"
	"sync"
	"syscall"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/term"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/serve"
	"github.com/incidents-dev/incidents/tui"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// serveOptions are the flags of `incidents serve`.
type serveOptions struct {
	listen, hostKey, authorizedKeys string
	open, headless                  bool
	maxSessions                     int
	idle                            time.Duration
}

// serveCommand is `incidents serve`: the TUI for a meeting over SSH.
var serveCommand = &command{
	name: "serve",
	summary: i18n.W("the TUI for a meeting: this terminal presents, others follow over ssh",
		"회의용 TUI: 이 터미널이 발표하고 다른 사람은 ssh로 따라옴"),
	maxArgs: 0, run: runServe,
	examples: []string{
		"incidents serve  # listens on 127.0.0.1:2222",
		"incidents serve --listen 0.0.0.0:2222 --authorized-keys ~/meeting_keys",
		"ssh -t -p 2222 localhost  # join and follow the presenter",
		"ssh -t -p 2222 localhost -- --lang ko --theme light  # join in Korean, light theme",
		"ssh -p 2222 localhost show IL-0499  # print a record, as 'incidents show' does",
	},
}

// serveCmds are the commands that take serveFlagSpecs.
var serveCmds = []string{"serve"}

// serveFlagSpecs are the flags of `incidents serve`, listed after the others.
var serveFlagSpecs = []flagSpec{
	{name: "listen", value: "ADDR", cmds: serveCmds, want: i18n.W("HOST:PORT", "HOST:PORT"),
		help: i18n.W("address to listen on (default "+serve.DefaultListen+")", "들을 주소 (기본값 "+serve.DefaultListen+")")},
	{name: "host-key", value: "PATH", cmds: serveCmds, want: i18n.W("a file", "파일"),
		help: i18n.W("the server's private key (default: generated on first run under ~/.local/state/incidents)",
			"서버 개인 키 (기본값: 처음 실행할 때 ~/.local/state/incidents 아래에 만듦)")},
	{name: "authorized-keys", value: "PATH", cmds: serveCmds, want: i18n.W("an authorized_keys file", "authorized_keys 파일"),
		help: i18n.W("only these public keys may join (needed off loopback)", "이 공개 키만 참여 가능 (루프백이 아니면 필요)")},
	{name: "open", cmds: serveCmds,
		help: i18n.W("any key may join, from anywhere that reaches the port", "포트에 닿는 누구나 어떤 키로든 참여 가능")},
	{name: "headless", cmds: serveCmds,
		help: i18n.W("no presenter here: everyone who joins browses alone", "발표자 없이: 참여자 모두 혼자 둘러봄")},
	{name: "max-sessions", value: "N", cmds: serveCmds, want: i18n.W("a number from 1 to 1000", "1부터 1000까지의 수"),
		help: i18n.W("sessions at once: participants and commands (default 50)", "동시 세션 수: 참여자와 명령 (기본값 50)")},
	{name: "idle", value: "DURATION", cmds: serveCmds, want: i18n.W("a duration such as 30m", "30m 같은 시간"),
		help: i18n.W("close a connection idle this long (default 30m)", "이만큼 조용한 연결을 닫음 (기본값 30m)")},
}

// fill reads the serve flags; last gives a flag's last value.
// maxMaxSessions bounds --max-sessions where it enters: every session holds
// a program, an output buffer and a terminal's worth of screen.
const maxMaxSessions = 1000

func (s *serveOptions) fill(last func(string) string, vals map[string][]string, l data.Lang) error {
	s.listen, s.hostKey, s.authorizedKeys = last("listen"), last("host-key"), last("authorized-keys")
	if s.listen == "" {
		s.listen = serve.DefaultListen
	}
	_, s.open = vals["open"]
	_, s.headless = vals["headless"]
	s.maxSessions, s.idle = serve.DefaultMaxSessions, serve.DefaultIdle
	if v := last("max-sessions"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 || n > maxMaxSessions {
			return usageErrorf(cliWords.badMaxSessions.In(l), shown(v), maxMaxSessions)
		}
		s.maxSessions = n
	}
	if v := last("idle"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d <= 0 {
			return usageErrorf(cliWords.badIdle.In(l), shown(v))
		}
		s.idle = d
	}
	return nil
}

func runServe(e *env, o options) (int, error) {
	so := o.serve
	keyPath := so.hostKey
	if keyPath == "" {
		p, err := serve.DefaultHostKeyPath(e.getenv)
		if err != nil {
			return exitFail, err
		}
		keyPath = p
	}
	key, generated, err := serve.ReadHostKey(keyPath) // written below, once the server may start
	if err != nil {
		return exitFail, err
	}
	present := !so.headless && e.isTerminal
	logw := &heldLog{w: e.stderr, held: present && writerIsTerminal(e.stderr)}
	lib := e.load(o)
	go lib.Prepare() //nolint:errcheck // a replayer shows its own timeline's error
	// --record (record.go)
	rec, err := e.serveRecording(o, lib, present)
	if err != nil {
		return exitUsage, err
	}
	defer rec.close(e.stderr)
	srv, err := serve.New(serve.Config{
		Listen: so.listen, HostKey: key, AuthorizedKeys: so.authorizedKeys, Open: so.open,
		MaxSessions: so.maxSessions, Idle: so.idle,
		Lang: o.lang, Theme: o.theme, Library: lib, Log: logw,
		Command: remoteCommand(o.data), Wrap: rec.wrap,
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
	if generated {
		if err := serve.WriteHostKey(keyPath, key); err != nil {
			l.Close()
			return exitFail, err
		}
		fmt.Fprintf(e.stderr, "incidents serve: generated host key %s\n", keyPath)
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
		code, err = e.present(ctx, srv, o, rec.out(e.stdout))
		logw.release()
		// The presenter's minutes, with the room's predictions.
		if werr := writeServeMinutes(o.minutes, srv); werr != nil && err == nil {
			code, err = exitFail, werr
		}
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
func (e *env) present(ctx context.Context, srv *serve.Server, o options, out io.Writer) (int, error) {
	app := tui.New(srv.Library(), tui.Options{Lang: o.lang, Styles: e.tuiStyles(o), Mouse: o.mouse, Role: tui.Presenter, Zone: o.tz})
	popts := []tea.ProgramOption{tea.WithAltScreen(), tea.WithInput(e.stdin), tea.WithOutput(out)}
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
		_, port, _ := net.SplitHostPort(addr)
		fmt.Fprintf(stderr, "incidents serve: serving on %s; join with: ssh -t -p %s HOST (ctrl+c stops)\n", addr, port)
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

// writeServeMinutes writes the presenter's minutes, with the room's
// predictions, to path ("": nothing to do), as `replay --minutes` does.
func writeServeMinutes(path string, srv *serve.Server) error {
	md := srv.Minutes()
	if path == "" || md == "" {
		return nil
	}
	if err := os.WriteFile(path, []byte(md), 0o644); err != nil {
		return fmt.Errorf("write minutes %s: %w", path, err)
	}
	return nil
}
