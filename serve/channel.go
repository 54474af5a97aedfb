package serve

import (
	"encoding/binary"
	"strconv"

	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui"
)

// Bounds of what one session's requests may hold.
const (
	// maxQueued is how many requests may wait for the session's handler;
	// more are refused. Window changes never wait in line: the latest
	// replaces the one not yet taken.
	maxQueued = 32
	// maxEnv and maxEnvBytes bound the variables a client may set.
	maxEnv, maxEnvBytes = 64, 16 << 10
	// maxLogged is how many refusals one session logs; then one line
	// says the rest are not.
	maxLogged = 20
)

// filterRequests passes a session's requests from in to out, the session
// handler's, never blocking the connection on that handler:
//
//   - pty-req and window-change sizes are clamped to tui.MaxWidth×
//     tui.MaxHeight; window changes are answered here and coalesce, so a
//     flood of them costs one pending size;
//   - forwarding (X11, agent), subsystems (sftp) and signals are refused
//     here, answered when the client wants a reply, and logged;
//   - env is bounded; other requests wait in a short line, and past it are
//     refused.
//
// Every refusal is logged (the first maxLogged of a session).
func (s *Server) filterRequests(who string, in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	f := requestFilter{s: s, who: who}
	for {
		var send chan<- *gossh.Request
		var next *gossh.Request
		if len(f.queue) > 0 {
			send, next = out, f.queue[0]
		}
		select {
		case req, ok := <-in:
			if !ok {
				return
			}
			f.take(req)
		case send <- next:
			f.queue = f.queue[1:]
		}
	}
}

// requestFilter is one session's filter state.
type requestFilter struct {
	s             *Server
	who           string
	queue         []*gossh.Request
	env, envBytes int
	logged        int
	// pty says a pty-req was passed on: a window change needs one.
	pty bool
}

// take handles one request from the client.
func (f *requestFilter) take(req *gossh.Request) {
	switch req.Type {
	case "window-change":
		f.windowChange(req)
	case "pty-req":
		p, ok := clampPty(req.Payload)
		if !ok {
			f.refuse(req, "refused a malformed pty-req")
			return
		}
		req.Payload = p
		f.pty = true
		f.enqueue(req)
	case "signal":
		f.refuse(req, "ignored signal "+quoteShort(signalName(req.Payload)))
	case "x11-req":
		f.refuse(req, "refused X11 forwarding")
	case "auth-agent-req@openssh.com":
		f.refuse(req, "refused agent forwarding")
	case "subsystem":
		f.refuse(req, "refused subsystem "+quoteShort(sshString(req.Payload)))
	case "env":
		f.env++
		f.envBytes += len(req.Payload)
		if f.env > maxEnv || f.envBytes > maxEnvBytes {
			f.refuse(req, "refused env: more than "+strconv.Itoa(maxEnv)+" variables or "+strconv.Itoa(maxEnvBytes>>10)+" KiB")
			return
		}
		f.enqueue(req)
	case "shell", "exec", "break", "eow@openssh.com", "keepalive@openssh.com":
		f.enqueue(req)
	default:
		f.refuse(req, "refused request "+quoteShort(req.Type))
	}
}

// enqueue puts req in line for the session handler, or refuses it when
// the line is full.
func (f *requestFilter) enqueue(req *gossh.Request) {
	if len(f.queue) >= maxQueued {
		f.refuse(req, "refused "+quoteShort(req.Type)+": "+strconv.Itoa(maxQueued)+" requests already waiting")
		return
	}
	f.queue = append(f.queue, req)
}

// windowChange answers a window change and queues its clamped size in
// place of one not yet taken.
func (f *requestFilter) windowChange(req *gossh.Request) {
	p, ok := clampWindow(req.Payload)
	if !ok || !f.pty {
		f.refuse(req, "refused a window-change without a terminal, or malformed")
		return
	}
	_ = req.Reply(true, nil)
	wc := &gossh.Request{Type: req.Type, Payload: p} // no reply wanted: answered above
	for i := len(f.queue) - 1; i >= 0; i-- {
		if f.queue[i].Type == "window-change" {
			f.queue[i] = wc
			return
		}
	}
	f.enqueue(wc)
}

// refuse answers req with a failure when a reply is wanted, and logs why.
func (f *requestFilter) refuse(req *gossh.Request, why string) {
	_ = req.Reply(false, nil)
	switch {
	case f.logged < maxLogged:
		f.s.log.Printf("%s from %s", why, f.who)
	case f.logged == maxLogged:
		f.s.log.Printf("more refused requests from %s are not logged", f.who)
	}
	f.logged++
}

// clampWindow returns a window-change payload (columns, rows, then pixel
// sizes, each a uint32) with its sizes within tui.MaxWidth×tui.MaxHeight.
func clampWindow(p []byte) ([]byte, bool) {
	if len(p) < 16 {
		return nil, false
	}
	out := append([]byte(nil), p[:16]...)
	clampSize(out)
	return out, true
}

// clampPty clamps the size in a pty-req payload: the terminal's name,
// then the size as in a window change, then the modes.
func clampPty(p []byte) ([]byte, bool) {
	if len(p) < 4 {
		return nil, false
	}
	n := binary.BigEndian.Uint32(p)
	if uint64(n)+4+16 > uint64(len(p)) {
		return nil, false
	}
	out := append([]byte(nil), p...)
	clampSize(out[4+n:])
	return out, true
}

// clampSize bounds columns and rows at the start of b to the largest
// window the app lays out, and the pixel sizes to 16 bits.
func clampSize(b []byte) {
	put := func(i int, limit uint32) {
		binary.BigEndian.PutUint32(b[i:], min(binary.BigEndian.Uint32(b[i:]), limit))
	}
	put(0, tui.MaxWidth)
	put(4, tui.MaxHeight)
	put(8, 1<<16-1)
	put(12, 1<<16-1)
}

// sshString reads the SSH string at the start of p, or "".
func sshString(p []byte) string {
	if len(p) < 4 {
		return ""
	}
	n := binary.BigEndian.Uint32(p)
	if uint64(n) > uint64(len(p)-4) {
		return ""
	}
	return string(p[4 : 4+n])
}

// signalName is the name in a signal request.
func signalName(p []byte) string { return sshString(p) }

// quoteShort quotes untrusted text for a log line: sanitised, one line,
// at most 40 cells.
func quoteShort(s string) string {
	if len(s) > 1<<10 {
		s = s[:1<<10]
	}
	return strconv.Quote(ansi.Truncate(data.OneLine(s), 40, "…"))
}
