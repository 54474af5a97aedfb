package serve

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	gossh "golang.org/x/crypto/ssh"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/tui"
)

// Defaults of the flags.
const (
	DefaultListen      = "127.0.0.1:2222"
	DefaultMaxSessions = 50
	DefaultIdle        = 30 * time.Minute
)

// Config configures a server.
type Config struct {
	// Listen is the address to listen on, host:port.
	Listen string
	// HostKey is the PEM of the server's private host key (see
	// LoadHostKey).
	HostKey []byte
	// AuthorizedKeys is the path of an authorized_keys file; only its keys
	// may connect. Empty: any key, which New allows only on a loopback
	// address or with Open.
	AuthorizedKeys string
	// Open lets anyone who can reach the address connect with any key.
	Open bool
	// MaxSessions bounds the sessions at once (participants and
	// commands); connections that have not opened one yet count apart
	// (MaxPending) and are closed after DefaultHandshakeTimeout. Idle
	// closes a connection that has sent and received nothing for that
	// long.
	MaxSessions int
	Idle        time.Duration
	// Lang and Theme ("auto", "dark", "light") are participants' defaults.
	Lang  data.Lang
	Theme string
	// Library is the opened library every session reads.
	Library *library.Library
	// Command prints one of the read-only commands (list, search, show,
	// timeline) with args already checked, as `incidents ARGS...` prints
	// it to a pipe, and returns the exit code.
	Command func(args []string, stdout, stderr io.Writer) int
	// Log receives one line per connection, refusal and disconnection.
	Log io.Writer
	// Wrap, when set, wraps the presenter's model (`serve --record` records
	// its keys and moments); the model it is given has a Shared method.
	Wrap func(tea.Model) tea.Model
}

// Server is an `incidents serve` SSH server.
type Server struct {
	cfg  Config
	srv  *ssh.Server
	hub  *hub
	log  *log.Logger
	keys map[string]string // authorized key (wire form) → its comment

	// sessions counts the session channels open (--max-sessions).
	sessions atomic.Int64
	// mu guards pending, the connections per source address that have
	// not opened a session, and pendingTotal, their sum (admit.go).
	mu           sync.Mutex
	pending      map[string]int
	pendingTotal int
	// handshakeTimeout, outputLimit and stall are the defaults, shorter
	// in tests.
	handshakeTimeout time.Duration
	outputLimit      int
	stall            time.Duration

	// presented is the presenter's App after its last update, for its
	// minutes.
	presented atomic.Pointer[tui.App]
	// wrap, when set (by tests), wraps the presenter's model, and
	// started is given the presenter's program.
	wrap    func(tea.Model) tea.Model
	started func(*tea.Program)
}

// ErrUnsafeListen is returned for a non-loopback address with neither
// authorized keys nor Open.
var ErrUnsafeListen = errors.New("refusing to serve on a non-loopback address without --authorized-keys or --open")

// New checks cfg and returns a server ready to Serve.
func New(cfg Config) (*Server, error) {
	if cfg.Listen == "" {
		cfg.Listen = DefaultListen
	}
	if cfg.MaxSessions <= 0 {
		cfg.MaxSessions = DefaultMaxSessions
	}
	if cfg.Idle <= 0 {
		cfg.Idle = DefaultIdle
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	host, _, err := net.SplitHostPort(cfg.Listen)
	if err != nil {
		return nil, fmt.Errorf("--listen %q: %w (want HOST:PORT)", cfg.Listen, err)
	}
	if cfg.AuthorizedKeys == "" && !cfg.Open && !loopback(host) {
		return nil, fmt.Errorf("%s: %w", cfg.Listen, ErrUnsafeListen)
	}
	s := &Server{cfg: cfg, hub: newHub(cfg.Listen), log: log.New(cfg.Log, "incidents serve: ", log.LstdFlags),
		pending: map[string]int{}, handshakeTimeout: DefaultHandshakeTimeout, outputLimit: DefaultOutputLimit, stall: DefaultStallTimeout}
	if cfg.AuthorizedKeys != "" {
		if s.keys, err = readAuthorizedKeys(cfg.AuthorizedKeys); err != nil {
			return nil, err
		}
	}
	s.srv, err = wish.NewServer(
		wish.WithAddress(cfg.Listen),
		wish.WithHostKeyPEM(cfg.HostKey),
		wish.WithPublicKeyAuth(s.allowKey),
		wish.WithIdleTimeout(cfg.Idle),
		wish.WithMiddleware(func(ssh.Handler) ssh.Handler { return s.handle }),
	)
	if err != nil {
		return nil, fmt.Errorf("ssh server: %w", err)
	}
	s.srv.ConnCallback = s.admit
	s.srv.ConnectionFailedCallback = func(c net.Conn, err error) {
		if errors.Is(err, net.ErrClosed) {
			return // closed here at its deadline, and logged then
		}
		s.log.Printf("refused %s: %v", c.RemoteAddr(), err)
	}
	s.srv.SubsystemHandlers = nil
	s.srv.ChannelHandlers = map[string]ssh.ChannelHandler{"session": s.sessionChannel}
	for _, t := range []string{"direct-tcpip", "direct-streamlocal@openssh.com", "x11"} {
		s.srv.ChannelHandlers[t] = s.refuseChannel
	}
	s.srv.RequestHandlers = map[string]ssh.RequestHandler{}
	for _, t := range []string{"tcpip-forward", "cancel-tcpip-forward", "streamlocal-forward@openssh.com", "cancel-streamlocal-forward@openssh.com"} {
		s.srv.RequestHandlers[t] = s.refuseRequest
	}
	return s, nil
}

// refuseChannel rejects a forwarding channel (port, socket or X11) and
// logs it.
func (s *Server) refuseChannel(_ *ssh.Server, _ *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
	s.log.Printf("refused %s channel from %s key %s", ch.ChannelType(), ctx.RemoteAddr(), keyOf(ctx))
	_ = ch.Reject(gossh.Prohibited, "incidents serve forwards nothing")
}

// refuseRequest rejects a remote forwarding request and logs it.
func (s *Server) refuseRequest(ctx ssh.Context, _ *ssh.Server, req *gossh.Request) (bool, []byte) {
	s.log.Printf("refused %s request from %s key %s", req.Type, ctx.RemoteAddr(), keyOf(ctx))
	return false, nil
}

// loopback reports whether host is a loopback address or "localhost".
func loopback(host string) bool {
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Serve accepts connections on l until Close.
func (s *Server) Serve(l net.Listener) error {
	mode := "keys from " + s.cfg.AuthorizedKeys
	switch {
	case s.cfg.Open:
		mode = "--open: any key"
	case s.keys == nil:
		mode = "loopback: any key"
	}
	s.log.Printf("serving on %s (%s)", l.Addr(), mode)
	err := s.srv.Serve(l)
	if errors.Is(err, ssh.ErrServerClosed) {
		return nil
	}
	return err
}

// Listen opens the configured address.
func (s *Server) Listen() (net.Listener, error) {
	l, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		return nil, err
	}
	s.hub.addr = l.Addr().String()
	return l, nil
}

// Close disconnects everyone and stops the server.
func (s *Server) Close() error {
	return s.srv.Close()
}

// Sessions returns how many sessions are open: participants and commands.
func (s *Server) Sessions() int { return int(s.sessions.Load()) }

// Present runs the local presenter: app (a tui.Presenter App) in a program
// made with opts. Every participant follows its state; when it returns,
// they are told the presenter has left.
func (s *Server) Present(ctx context.Context, app tui.App, opts ...tea.ProgramOption) error {
	var m tea.Model = watched[tui.App]{m: app, after: func(a tui.App) {
		s.hub.publish(a.Shared())
		s.hub.contribute(nil, a.Contribution())
		s.presented.Store(&a)
	}}
	if s.cfg.Wrap != nil {
		m = s.cfg.Wrap(m)
	}
	if s.wrap != nil {
		m = s.wrap(m)
	}
	p := tea.NewProgram(m, append(opts, tea.WithContext(ctx))...)
	if s.started != nil {
		s.started(p)
	}
	s.hub.attachPresenter(p)
	s.hub.publish(app.Shared())
	defer s.hub.presenterLeft()
	_, err := p.Run()
	return err
}

// allowKey checks a client's public key: one of --authorized-keys, or any
// key when there is no such file (loopback or --open).
func (s *Server) allowKey(ctx ssh.Context, key ssh.PublicKey) bool {
	fp := gossh.FingerprintSHA256(key)
	ctx.SetValue(keyCtx{}, fp)
	if s.keys == nil {
		return true
	}
	if _, ok := s.keys[string(key.Marshal())]; ok {
		return true
	}
	s.log.Printf("refused %s user %q key %s: not in %s", ctx.RemoteAddr(), data.OneLine(ctx.User()), fp, s.cfg.AuthorizedKeys)
	return false
}

type keyCtx struct{}

// keyOf returns the fingerprint of the key a connection authenticated with.
func keyOf(ctx ssh.Context) string {
	if fp, ok := ctx.Value(keyCtx{}).(string); ok {
		return fp
	}
	return "-"
}

// watched is a model whose every update is reported to after: the
// presenter's state goes to the room, a follower's following to the counts.
type watched[M tea.Model] struct {
	m     M
	after func(M)
}

func (w watched[M]) Init() tea.Cmd { return w.m.Init() }

func (w watched[M]) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := w.m.Update(msg)
	w.m = m.(M)
	w.after(w.m)
	return w, cmd
}

func (w watched[M]) View() string { return w.m.View() }

// Shared is what the presenter's screen shows (for Config.Wrap).
func (w watched[M]) Shared() tui.Shared {
	if sh, ok := any(w.m).(interface{ Shared() tui.Shared }); ok {
		return sh.Shared()
	}
	return tui.Shared{}
}

// Minutes returns the minutes of the presenter's study session, with the
// room's predictions at each stop revealed (serve --minutes), or "".
func (s *Server) Minutes() string {
	if a := s.presented.Load(); a != nil {
		return a.Minutes()
	}
	return ""
}

// Library returns the library the server reads.
func (s *Server) Library() *library.Library { return s.cfg.Library }
