package serve

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// timed wraps the presenter's model and records how long each update and
// each frame (View) takes.
type timed struct {
	m   tea.Model
	rec *timings
}

type timings struct {
	mu             sync.Mutex
	update, render []time.Duration
}

func (t timed) Init() tea.Cmd { return t.m.Init() }

func (t timed) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	start := time.Now()
	m, cmd := t.m.Update(msg)
	d := time.Since(start)
	t.rec.mu.Lock()
	t.rec.update = append(t.rec.update, d)
	t.rec.mu.Unlock()
	t.m = m
	return t, cmd
}

func (t timed) View() string {
	start := time.Now()
	v := t.m.View()
	d := time.Since(start)
	t.rec.mu.Lock()
	t.rec.render = append(t.rec.render, d)
	t.rec.mu.Unlock()
	return v
}

func pct(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[min(len(s)-1, int(float64(len(s))*p))]
}

func cpu() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestLoad connects 50 followers (one of which stops reading) while the
// presenter plays IL-0499 at 600×, and reports the presenter's update and
// frame times, the CPU used and the bytes each follower received. It is
// slow, so it runs only with INCIDENTS_SERVE_LOAD=1:
//
//	INCIDENTS_SERVE_LOAD=1 go test ./serve -run TestLoad -v
func TestLoad(t *testing.T) {
	if os.Getenv("INCIDENTS_SERVE_LOAD") == "" {
		t.Skip("set INCIDENTS_SERVE_LOAD=1 to run the 50-follower load test")
	}
	followers, play := 50, 10*time.Second
	if n, err := strconv.Atoi(os.Getenv("INCIDENTS_SERVE_LOAD")); err == nil && n > 1 {
		followers = n // INCIDENTS_SERVE_LOAD=N runs N followers
	}
	srv, addr := testServer(t, func(c *Config) { c.MaxSessions = followers + 1 })
	rec := &timings{}
	srv.wrap = func(m tea.Model) tea.Model { return timed{m: m, rec: rec} }
	p := startPresenter(t, srv, 160, 40)
	clients := make([]*client, followers)
	for i := range clients {
		if i == 0 {
			// The stalled follower: a huge window, so that its frames fill
			// the SSH channel's window soon, and nobody reads its output.
			clients[i] = joinStalled(t, addr, 2000, 600)
			continue
		}
		clients[i] = join(t, addr, fmt.Sprintf("f%02d", i), 120, 40, nil, "")
	}
	for i, c := range clients[1:] {
		waitFor(t, fmt.Sprintf("f%02d", i+1), c.scr, "following")
	}
	p.keys(t, "r")
	for _, c := range clients[1:] {
		waitFor(t, "follower", c.scr, "12:00 PDT")
	}
	// Fill the stalled follower's SSH window: each toggle of presenter
	// mode repaints its whole 2000×600 screen.
	for range 40 {
		p.keys(t, "P")
		time.Sleep(30 * time.Millisecond)
	}
	p.keys(t, "++")
	waitFor(t, "presenter", p.scr, "600×")
	for _, c := range clients[1:] {
		waitFor(t, "follower", c.scr, "600×")
	}
	rec.mu.Lock()
	rec.update, rec.render = nil, nil
	rec.mu.Unlock()
	bytes0 := make([]int, followers)
	for i, c := range clients {
		bytes0[i] = c.scr.Bytes()
	}
	cpu0, start := cpu(), time.Now()
	p.keys(t, " ")
	time.Sleep(play)
	p.keys(t, " ") // pause: the last moment must reach every reading follower
	elapsed, used := time.Since(start), cpu()-cpu0
	final := clockLine(p.scr.String())
	lagging := 0
	deadline := time.Now().Add(2 * time.Second)
	for _, c := range clients[1:] {
		for !strings.Contains(c.scr.String(), final) {
			if time.Now().After(deadline) {
				lagging++
				break
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	var per []float64
	for i, c := range clients[1:] {
		per = append(per, float64(c.scr.Bytes()-bytes0[i+1])/elapsed.Seconds())
	}
	slices.Sort(per)
	rec.mu.Lock()
	upd, ren := rec.update, rec.render
	rec.mu.Unlock()
	dropped := 0
	srv.hub.mu.Lock()
	for _, m := range srv.hub.members {
		if m.name == "stalled" {
			m.mbox.mu.Lock()
			dropped = m.mbox.dropped
			m.mbox.mu.Unlock()
		}
	}
	srv.hub.mu.Unlock()
	t.Logf("%d followers (1 stalled), presenter at 600× for %v", followers, elapsed.Round(time.Millisecond))
	t.Logf("presenter updates: %d, p50 %v, p99 %v, max %v", len(upd), pct(upd, .5), pct(upd, .99), pct(upd, 1))
	t.Logf("presenter frames: %d, p50 %v, p99 %v, max %v", len(ren), pct(ren, .5), pct(ren, .99), pct(ren, 1))
	t.Logf("CPU of the whole test process (server, presenter and the %d in-process clients): %v = %.0f%% of one core",
		followers, used.Round(time.Millisecond), 100*used.Seconds()/elapsed.Seconds())
	t.Logf("bytes per reading follower per second: min %.0f, median %.0f, max %.0f", per[0], per[len(per)/2], per[len(per)-1])
	t.Logf("stalled follower: %d states coalesced away; reading followers showing the final moment %q: %d of %d",
		dropped, final, followers-1-lagging, followers-1)
	if lagging > 0 {
		t.Errorf("%d reading followers did not reach the presenter's final moment", lagging)
	}
	if dropped == 0 {
		t.Errorf("the stalled follower never stalled (nothing coalesced); the test proves nothing")
	}
}

// clockLine returns the presenter's clock, such as "13:41 PDT", from its
// replayer header.
func clockLine(s string) string {
	for _, l := range strings.Split(s, "\n") {
		if i := strings.Index(l, " PDT"); i >= 5 && strings.Contains(l, "IL-0499") {
			return l[i-5 : i+4]
		}
	}
	return "?"
}

// joinStalled connects a follower that never reads what it is sent.
func joinStalled(t testing.TB, addr string, w, h int) *client {
	t.Helper()
	return dial(t, addr, "stalled", w, h, nil, "", false)
}
