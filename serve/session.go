package serve

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui"
	"github.com/incidents-dev/incidents/tui/follow"
	"github.com/incidents-dev/incidents/tui/theme"
)

// handle runs one SSH session: a read-only command, or a participant's TUI.
func (s *Server) handle(sess ssh.Session) {
	who := fmt.Sprintf("%s user %q key %s", sess.RemoteAddr(), displayName(sess.User()), keyOf(sess.Context()))
	start := time.Now()
	s.log.Printf("connected %s", who)
	defer func() { s.log.Printf("disconnected %s after %s", who, time.Since(start).Round(time.Second)) }()
	if sess.Subsystem() != "" {
		s.refuse(sess, who, fmt.Errorf("subsystems are not served"))
		return
	}
	rq, err := parseRequest(sess.Command(), sess.Environ(), s.cfg.Lang, s.cfg.Theme)
	if err != nil {
		s.refuse(sess, who, err)
		return
	}
	pty, winch, isPty := sess.Pty()
	if rq.command != nil {
		s.log.Printf("command %s: %s", who, data.OneLine(strings.Join(rq.command, " ")))
		code := exitFail
		if s.cfg.Command != nil {
			code = s.cfg.Command(rq.command, sess, sess.Stderr())
		}
		_ = sess.Exit(code)
		return
	}
	if !isPty {
		s.refuse(sess, who, fmt.Errorf("the meeting needs a terminal: ssh -t; without one, run list, search QUERY, show ID or timeline ID"))
		return
	}
	s.runTUI(sess, rq, pty, winch, displayName(sess.User()))
}

const exitFail = 1

// refuse tells the client why in one line, logs it and ends the session.
func (s *Server) refuse(sess ssh.Session, who string, err error) {
	s.log.Printf("refused %s: %v", who, err)
	fmt.Fprintf(sess.Stderr(), "incidents: %v\n", err)
	_ = sess.Exit(exitFail)
}

// displayName is a user name as the room shows it: sanitised, one line,
// at most 24 cells.
func displayName(user string) string {
	u := ansi.Truncate(data.OneLine(user), 24, "…")
	if u == "" {
		return "?"
	}
	return u
}

// runTUI runs a participant's program until they quit or disconnect.
func (s *Server) runTUI(sess ssh.Session, rq request, pty ssh.Pty, winch <-chan ssh.Window, name string) {
	app := tui.New(s.cfg.Library, tui.Options{
		Lang: rq.lang, Styles: sessionStyles(sess, pty, sess.Environ(), rq),
		Role: tui.Follower, Replay: rq.replay, ReplayAt: rq.at, ReplaySpeed: rq.speed,
		ReplayStudy: rq.study, ReplayPresent: rq.present, Zone: rq.zone,
	})
	if rq.replay != "" {
		app.SetFollowing(false)
	}
	ctx, cancel := context.WithCancel(sess.Context())
	defer cancel()
	out := newOutput(sess, s.outputLimit, s.stall, func(why string) {
		if why != "" {
			s.log.Printf("dropped %s (%s): %s", name, sess.RemoteAddr(), why)
		}
		cancel()
		if c, ok := sess.Context().Value(ssh.ContextKeyConn).(io.Closer); ok {
			_ = c.Close() // a blocked write ends only with the connection
		}
	})
	defer out.Close()
	var m *member
	w := watched[follow.Model]{m: follow.New(app), after: func(f follow.Model) {
		s.hub.setFollowing(m, f.Following())
		s.hub.contribute(m, f.App().Contribution())
	}}
	p := tea.NewProgram(w, tea.WithInput(sess), tea.WithOutput(out), tea.WithAltScreen(),
		tea.WithoutSignalHandler(), tea.WithContext(ctx))
	m = s.hub.join(name, p, app.Following())
	defer s.hub.leave(m)
	go resizes(ctx, winch, p)
	if _, err := p.Run(); err != nil && ctx.Err() == nil {
		s.log.Printf("session %s ended: %v", name, err)
	}
}

// resizes hands a session's window changes to its program, sizes bounded
// to tui.MaxWidth×tui.MaxHeight. It always takes the next change at once;
// while the program is busy (or its client stalled), changes coalesce to
// the latest, so a flood of them costs one size.
func resizes(ctx context.Context, winch <-chan ssh.Window, p sender) {
	var (
		mu     sync.Mutex
		latest tea.WindowSizeMsg
		wake   = make(chan struct{}, 1)
	)
	go func() {
		for {
			select {
			case <-ctx.Done():
				return
			case <-wake:
			}
			mu.Lock()
			msg := latest
			mu.Unlock()
			p.Send(msg) // returns when the program quits
		}
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case win, ok := <-winch:
			if !ok {
				return
			}
			mu.Lock()
			latest = tea.WindowSizeMsg{Width: min(max(win.Width, 0), tui.MaxWidth), Height: min(max(win.Height, 0), tui.MaxHeight)}
			mu.Unlock()
			select {
			case wake <- struct{}{}:
			default:
			}
		}
	}
}

// sessionStyles builds the participant's renderer and styles from their
// session alone: the colour profile from TERM and the environment the
// client sent, the background from --theme (auto guesses from COLORFGBG,
// else dark). The terminal is never queried: a query would wait on a
// client that may not answer and could swallow a keystroke.
func sessionStyles(sess ssh.Session, pty ssh.Pty, environ []string, rq request) theme.Styles {
	env := environ
	if pty.Term != "" {
		env = append(append([]string(nil), environ...), "TERM="+pty.Term)
	}
	profile := termenv.NewOutput(io.Discard, termenv.WithEnvironment(sshEnv(env)), termenv.WithUnsafe()).EnvColorProfile()
	dark := sessionDark(env, rq)
	switch {
	case rq.noColor && pty.Term != "dumb":
		return theme.Mono(theme.NewRenderer(sess, termenv.ANSI, dark)) // reverse video and bold stay
	case profile == termenv.Ascii:
		return theme.Mono(theme.NewRenderer(sess, termenv.Ascii, dark))
	}
	return theme.New(theme.NewRenderer(sess, profile, dark), theme.DefaultPalette())
}

// sessionDark decides a session's background: --theme, else
// theme.GuessDark from the COLORFGBG the client sent, as the local
// terminal guesses when it cannot ask.
func sessionDark(env []string, rq request) bool {
	if rq.theme == "auto" || rq.theme == "" {
		return theme.GuessDark(sshEnv(env).Getenv("COLORFGBG"))
	}
	return rq.theme != "light"
}

// sshEnv is a session's environment for termenv; the last value wins.
type sshEnv []string

func (e sshEnv) Environ() []string { return e }

func (e sshEnv) Getenv(k string) string {
	v := ""
	for _, kv := range e {
		if name, val, ok := strings.Cut(kv, "="); ok && name == k {
			v = val
		}
	}
	return v
}
