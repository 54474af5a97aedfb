package serve

import (
	"fmt"
	"net"
	"sync"
	"time"

	"github.com/charmbracelet/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// Slots are for people, not sockets. A connection that has not opened a
// session yet (it is exchanging keys, authenticating, or never will) holds
// no session slot: it counts in a small budget of its own per source
// address, and is closed when it has opened no session within
// HandshakeTimeout. --max-sessions counts sessions, the participants and
// commands running at once; a session past it is refused with the reason.
const (
	// DefaultHandshakeTimeout is how long a connection may take to
	// authenticate and open a session, and how long one may stay open
	// with no session (ssh -N, or after its last session ended).
	DefaultHandshakeTimeout = 10 * time.Second
	// MaxPending bounds the connections from one address that have not
	// opened a session; MaxPendingTotal bounds them from everywhere.
	MaxPending      = 32
	MaxPendingTotal = 256
)

// connState is one connection's part in the slots.
type connState struct {
	s    *Server
	ip   string
	conn net.Conn
	ctx  ssh.Context

	mu      sync.Mutex
	pending bool // counted in the per-address budget
	open    int  // sessions open now
	timer   *time.Timer
	closed  bool
}

type connStateKey struct{}

// admit takes a new connection into the pending budget of its address,
// or refuses it with a line saying why (before the SSH version line,
// which RFC 4253 allows: a raw client reads it, an SSH client logs it).
func (s *Server) admit(ctx ssh.Context, c net.Conn) net.Conn {
	ip := c.RemoteAddr().String()
	if h, _, err := net.SplitHostPort(ip); err == nil {
		ip = h
	}
	s.mu.Lock()
	full := s.pending[ip] >= MaxPending || s.pendingTotal >= MaxPendingTotal
	if !full {
		s.pending[ip]++
		s.pendingTotal++
	}
	s.mu.Unlock()
	if full {
		s.log.Printf("refused %s: %d connections from this address are still connecting", c.RemoteAddr(), MaxPending)
		_ = c.SetWriteDeadline(time.Now().Add(time.Second))
		_, _ = fmt.Fprintf(c, "incidents serve: too many connections from %s are still connecting; try again in a few seconds\r\n", ip)
		_ = c.Close()
		return nil
	}
	st := &connState{s: s, ip: ip, conn: c, ctx: ctx, pending: true}
	ctx.SetValue(connStateKey{}, st)
	st.mu.Lock()
	st.arm()
	st.mu.Unlock()
	return &trackedConn{Conn: c, st: st}
}

// arm starts the deadline for a connection with no session open.
// st.mu is held.
func (st *connState) arm() {
	st.timer = time.AfterFunc(st.s.handshakeTimeout, st.expire)
}

// expire closes a connection that has no session open, and logs why.
func (st *connState) expire() {
	st.mu.Lock()
	idle := st.open == 0 && !st.closed
	st.mu.Unlock()
	if !idle {
		return
	}
	// The SSH connection is in the context once the client has
	// authenticated.
	why := fmt.Sprintf("authenticated, but no session open within %s (ssh -N?)", st.s.handshakeTimeout)
	if st.ctx.Value(ssh.ContextKeyConn) == nil {
		why = fmt.Sprintf("not authenticated within %s", st.s.handshakeTimeout)
	}
	st.s.log.Printf("closed %s: %s", st.conn.RemoteAddr(), why)
	_ = st.conn.Close()
}

// sessionOpened leaves the pending budget and stops the deadline.
func (st *connState) sessionOpened() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.open++
	if st.timer != nil {
		st.timer.Stop()
	}
	st.leavePending()
}

// sessionClosed starts the deadline again when no session is left.
func (st *connState) sessionClosed() {
	st.mu.Lock()
	defer st.mu.Unlock()
	st.open--
	if st.open == 0 && !st.closed {
		st.arm()
	}
}

// leavePending gives back the pending slot, once. st.mu is held.
func (st *connState) leavePending() {
	if !st.pending {
		return
	}
	st.pending = false
	st.s.mu.Lock()
	defer st.s.mu.Unlock()
	st.s.pendingTotal--
	if st.s.pending[st.ip]--; st.s.pending[st.ip] <= 0 {
		delete(st.s.pending, st.ip)
	}
}

// trackedConn gives its pending slot back and stops its deadline when
// closed.
type trackedConn struct {
	net.Conn
	st *connState
}

func (c *trackedConn) Close() error {
	c.st.mu.Lock()
	c.st.closed = true
	if c.st.timer != nil {
		c.st.timer.Stop()
	}
	c.st.leavePending()
	c.st.mu.Unlock()
	return c.Conn.Close()
}

// sessionChannel opens a session channel within --max-sessions, or
// rejects it with the reason (OpenSSH prints it: "open failed: resource
// shortage: the meeting is full …"). Its requests go through
// filterRequests.
func (s *Server) sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, ch gossh.NewChannel, ctx ssh.Context) {
	st, _ := ctx.Value(connStateKey{}).(*connState)
	if st != nil {
		st.sessionOpened()
		defer st.sessionClosed()
	}
	if n := s.sessions.Add(1); n > int64(s.cfg.MaxSessions) {
		s.sessions.Add(-1)
		s.log.Printf("refused %s key %s: %d sessions already (--max-sessions)", ctx.RemoteAddr(), keyOf(ctx), s.cfg.MaxSessions)
		_ = ch.Reject(gossh.ResourceShortage, fmt.Sprintf("the meeting is full: %d sessions at once (--max-sessions); try again later", s.cfg.MaxSessions))
		return
	}
	defer s.sessions.Add(-1)
	ssh.DefaultSessionHandler(srv, conn, filteredChannel{NewChannel: ch, s: s, ctx: ctx}, ctx)
}

// filteredChannel is a session channel whose requests filterRequests
// sees first.
type filteredChannel struct {
	gossh.NewChannel
	s   *Server
	ctx ssh.Context
}

func (f filteredChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := f.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	out := make(chan *gossh.Request)
	who := fmt.Sprintf("%s user %q key %s", f.ctx.RemoteAddr(), displayName(f.ctx.User()), keyOf(f.ctx))
	go f.s.filterRequests(who, reqs, out)
	return ch, out, nil
}
