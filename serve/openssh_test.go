package serve

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// openSSHKey writes a new private key for OpenSSH's ssh under dir and
// returns its path and public key.
func openSSHKey(t *testing.T, dir, name string) (string, gossh.PublicKey) {
	t.Helper()
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	block, err := gossh.MarshalPrivateKey(priv, name)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, pem.EncodeToMemory(block), 0o600); err != nil {
		t.Fatal(err)
	}
	sp, err := gossh.NewPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	return path, sp
}

// TestOpenSSH is the end-to-end check with the real OpenSSH client, driven
// from tmux: two followers at their own sizes (one in Korean) track the
// presenter; `f` lets one browse; a key outside --authorized-keys is
// refused; a command prints. It skips when ssh or tmux is missing.
func TestOpenSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no end-to-end check")
	}
	sshBin, err := exec.LookPath("ssh")
	if err != nil {
		t.Skip("no ssh client (install openssh-client): skipping the end-to-end check")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("no tmux: skipping the end-to-end check")
	}
	dir := t.TempDir()
	alice, alicePub := openSSHKey(t, dir, "alice")
	mallory, _ := openSSHKey(t, dir, "mallory")
	keys := filepath.Join(dir, "authorized_keys")
	writeFile(t, keys, string(gossh.MarshalAuthorizedKey(alicePub)))
	srv, addr := testServer(t, func(c *Config) {
		c.AuthorizedKeys = keys
		c.Command = func(args []string, stdout, _ io.Writer) int {
			fmt.Fprintln(stdout, "printed", strings.Join(args, " "))
			return 0
		}
	})
	p := startPresenter(t, srv, 160, 40)
	_, port, _ := net.SplitHostPort(addr)
	sshArgs := func(key string) []string {
		return []string{"-F", "/dev/null", "-i", key, "-p", port, "-o", "StrictHostKeyChecking=no",
			"-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes",
			"-o", "LogLevel=ERROR", "-o", "ConnectTimeout=5"}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	// A tmux server of its own, on a socket in the test's directory, so the
	// test never touches anyone else's sessions and leaves nothing behind.
	socket := filepath.Join(dir, "tmux")
	tmuxCmd := func(args ...string) *exec.Cmd {
		return exec.CommandContext(ctx, tmux, append([]string{"-S", socket}, args...)...)
	}
	t.Cleanup(func() { _ = exec.Command(tmux, "-S", socket, "kill-server").Run() })
	sessionName := func(s string) string { return "serve-e2e-" + s }
	start := func(name string, w, h int, extra ...string) {
		cmd := append([]string{sshBin, "-t"}, sshArgs(alice)...)
		cmd = append(append(cmd, "alice@127.0.0.1"), extra...)
		args := []string{"new-session", "-d", "-s", sessionName(name), "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), strings.Join(cmd, " ")}
		if out, err := tmuxCmd(args...).CombinedOutput(); err != nil {
			t.Skipf("tmux cannot start a session here (%v: %s): skipping", err, out)
		}
	}
	capture := func(name string) string {
		out, _ := tmuxCmd("capture-pane", "-p", "-t", sessionName(name)).Output()
		return string(out)
	}
	wait := func(name string, want ...string) {
		t.Helper()
		deadline := time.Now().Add(15 * time.Second)
		for {
			s := capture(name)
			ok := true
			for _, w := range want {
				ok = ok && strings.Contains(s, w)
			}
			if ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: waited 15s for %q:\n%s", name, want, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	start("a", 100, 30)
	start("b", 80, 24, "--", "--lang", "ko")
	wait("a", "following")
	wait("b", "따라가는 중")
	p.keys(t, "r")
	wait("a", "IL-0499", "12:00 PDT")
	p.keys(t, "n")
	wait("a", "IL-0499", "12:13 PDT")
	wait("b", "IL-0499", "12:13 PDT")
	if err := tmuxCmd("send-keys", "-t", sessionName("a"), "f").Run(); err != nil {
		t.Fatal(err)
	}
	wait("a", "presenter at 12:13 PDT · IL-0499 · f to rejoin")
	p.keys(t, "l")
	wait("b", "12:14 PDT")
	wait("a", "presenter at 12:14 PDT")

	out, err := exec.CommandContext(ctx, sshBin, append(sshArgs(alice), "alice@127.0.0.1", "show", "IL-0499")...).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "printed show IL-0499 --lang en") {
		t.Errorf("ssh show: %v: %s", err, out)
	}
	out, err = exec.CommandContext(ctx, sshBin, append(sshArgs(mallory), "mallory@127.0.0.1", "list")...).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "Permission denied") {
		t.Errorf("an unauthorised key: err %v, output %q; want Permission denied", err, out)
	}
}
