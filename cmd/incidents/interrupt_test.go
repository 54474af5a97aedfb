package main

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"
)

// TestCtrlCExits130 runs the explorer as a program reading ctrl+c from its
// input: it must end with exit code 130, as fzf does.
func TestCtrlCExits130(t *testing.T) {
	for _, in := range []struct {
		name  string
		input io.Reader
	}{
		{"in the list", strings.NewReader("\x03")},
		{"while typing a search", strings.NewReader("/etc\x03")},
	} {
		t.Run(in.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			e := &env{stdin: in.input, stdout: &out, stderr: &errb, getenv: func(string) string { return "" }, isTerminal: true}
			o, err := parseFlags(commands[""], nil, e.getenv, 0)
			if err != nil {
				t.Fatal(err)
			}
			done := make(chan int, 1)
			go func() {
				code, _ := e.runTUI(o, e.load(o), "", nil)
				done <- code
			}()
			select {
			case code := <-done:
				if code != exitInterrupted {
					t.Errorf("exit %d, want %d; stderr: %s", code, exitInterrupted, errb.String())
				}
			case <-time.After(20 * time.Second):
				t.Fatal("ctrl+c did not end the program")
			}
		})
	}
}
