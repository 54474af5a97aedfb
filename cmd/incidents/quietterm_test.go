package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/internal/hostile"
)

// The queries Bubble Tea v1's init made: OSC 11 (background colour) and
// ESC[6n (cursor position, which termenv sends after it).
var queries = []string{"\x1b]11;?", "\x1b[6n"}

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// buildBinary builds the command once for the tests that run it as a user
// would.
func buildBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "incidents-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "incidents")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = &buildError{err, out}
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

type buildError struct {
	err error
	out []byte
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + string(e.out) }

// TestInitOrder holds package quietterm to its promise: it is initialised
// before termenv, and so before Bubble Tea's init asks for the background.
func TestInitOrder(t *testing.T) {
	bin := buildBinary(t)
	cmd := exec.Command(bin, "--version")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	order := map[string]int{}
	for i, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[0] == "init" {
			order[f[1]] = i
		}
	}
	q, ok := order["github.com/incidents-dev/incidents/internal/quietterm"]
	if !ok {
		t.Fatalf("quietterm is not initialised (not imported by main?):\n%s", out)
	}
	for _, pkg := range []string{"github.com/muesli/termenv", "github.com/charmbracelet/bubbletea"} {
		if p, ok := order[pkg]; !ok || p < q {
			t.Errorf("%s is initialised before quietterm (or not at all)", pkg)
		}
	}
}

// TestNoTerminalQuery runs commands on a pseudo-terminal that answers no
// queries, as script, ssh -tt and hook runners give. Before the fix every
// command waited five seconds for termenv's timeout and wrote the queries
// into its output. The bound is far above a normal run and far below that
// timeout.
func TestNoTerminalQuery(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("script is not installed; it provides the pseudo-terminal this test needs")
	}
	bin := buildBinary(t)
	tests := []struct {
		args  string
		input string
	}{
		{"list", ""},
		{"list --no-color", ""},
		{"search etcd", ""},
		{"show IL-0499", ""},
		{"timeline IL-0499 --width 80", ""},
		{"validate " + filepath.Join("..", "..", "data"), ""},
		{"--theme dark", "q"},
		{"--theme light --lang ko", "q"},
	}
	for _, tt := range tests {
		t.Run(tt.args, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, script, "-qec", bin+" "+tt.args, "/dev/null")
			cmd.Env = append(os.Environ(), "TERM=xterm-256color", "COLORTERM=truecolor")
			cmd.Stdin = strings.NewReader(tt.input)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			start := time.Now()
			err := cmd.Run()
			took := time.Since(start)
			if ctx.Err() != nil {
				t.Fatalf("still running after 20 s (waiting for a terminal answer?)")
			}
			if err != nil {
				t.Fatalf("%v\n%q", err, out.String())
			}
			for _, q := range queries {
				if bytes.Contains(out.Bytes(), []byte(q)) {
					t.Errorf("output holds the query %q", q)
				}
			}
			if took > 3*time.Second {
				t.Errorf("took %v; a query waits 5 s for its answer", took)
			}
		})
	}
}

// TestHeavyModelDoesNotBlockExplorer opens the explorer on a folder whose
// IL-0499 timeline has a model of enormous total work and quits at once.
// The first frame must not wait for the model (timelines are prepared off
// the UI loop), so q is read and the program ends well before the run
// would.
func TestHeavyModelDoesNotBlockExplorer(t *testing.T) {
	script, err := exec.LookPath("script")
	if err != nil {
		t.Skip("script is not installed; it provides the pseudo-terminal this test needs")
	}
	bin := buildBinary(t)
	dir := t.TempDir()
	for _, c := range hostile.Cases() {
		if c.Owner == "model" {
			if _, err := c.Write(dir); err != nil {
				t.Fatal(err)
			}
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, script, "-qec", bin+" --theme dark --data "+dir, "/dev/null")
	cmd.Env = append(os.Environ(), "TERM=xterm-256color")
	// q every half second: one typed before the program reads its input
	// may be lost.
	pr, pw := io.Pipe()
	defer pw.Close()
	go func() {
		for range 30 {
			time.Sleep(500 * time.Millisecond)
			if _, err := pw.Write([]byte("q")); err != nil {
				return
			}
		}
	}()
	cmd.Stdin = pr
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	err = cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("the explorer did not quit within 20 s: its first frame waits for the model")
	}
	if err != nil {
		t.Fatalf("%v\n%q", err, out.String())
	}
	t.Logf("quit after %v", time.Since(start).Round(time.Millisecond))
}
