package main

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/library"
	"github.com/incidents-dev/incidents/serve"
)

// TestServeCommandsPrintAsLocally runs the read-only commands over SSH and
// compares their output with `incidents` printing to a pipe.
func TestServeCommandsPrintAsLocally(t *testing.T) {
	key, _, err := serve.LoadHostKey(filepath.Join(t.TempDir(), "host"))
	if err != nil {
		t.Fatal(err)
	}
	lib, _ := library.Open(library.Options{})
	srv, err := serve.New(serve.Config{
		Listen: "127.0.0.1:0", HostKey: key, Library: lib, Lang: data.EN, Theme: "dark",
		Command: remoteCommand([]string{"testdata/user"}),
	})
	if err != nil {
		t.Fatal(err)
	}
	l, err := srv.Listen()
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(l) }()
	defer srv.Close()
	_, priv, _ := ed25519.GenerateKey(rand.Reader)
	signer, _ := gossh.NewSignerFromKey(priv)
	conn, err := gossh.Dial("tcp", l.Addr().String(), &gossh.ClientConfig{
		User: "kim", Auth: []gossh.AuthMethod{gossh.PublicKeys(signer)},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), //nolint:gosec // a test server
	})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, tc := range []struct{ remote, local string }{
		{"list", "list --lang en --data testdata/user"},
		{"search etcd --lang ko", "search etcd --lang ko --data testdata/user"},
		{"show IL-0499", "show IL-0499 --lang en --data testdata/user"},
		{"show t-0001 --json", "show t-0001 --json --lang en --data testdata/user"},
		{"timeline IL-0499 --width 80", "timeline IL-0499 --width 80 --lang en --data testdata/user"},
		{"show NOPE-1", "show NOPE-1 --lang en --data testdata/user"},
	} {
		sess, err := conn.NewSession()
		if err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		sess.Stdout, sess.Stderr = &out, &errb
		status := 0
		var exit *gossh.ExitError
		if err := sess.Run(tc.remote); errors.As(err, &exit) {
			status = exit.ExitStatus()
		} else if err != nil {
			t.Fatalf("%s: %v", tc.remote, err)
		}
		var lout, lerr bytes.Buffer
		code := run(strings.Fields(tc.local), nil, &lout, &lerr)
		if out.String() != lout.String() || errb.String() != lerr.String() || status != code {
			t.Errorf("%s: over ssh got %d bytes, stderr %q, status %d; locally %d bytes, stderr %q, status %d",
				tc.remote, out.Len(), errb.String(), status, lout.Len(), lerr.String(), code)
		}
		if out.Len() == 0 && code == 0 {
			t.Errorf("%s: printed nothing", tc.remote)
		}
	}
}
