package serve

import (
	"context"
	"fmt"
	"net"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestOpenSSHPredictions is the study room over the real OpenSSH client,
// driven from tmux: two participants (one in Korean) predict privately at
// a study stop, the presenter sees only how many have, then reveals, and
// both screens show both predictions with names. It skips when ssh or tmux
// is missing; TestRoomPredictions checks the same in process.
func TestOpenSSHPredictions(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: no end-to-end check")
	}
	sshBin, err := exec.LookPath("ssh")
	if err != nil {
		t.Skip("no ssh client (install openssh-client): skipping; TestRoomPredictions still runs")
	}
	tmux, err := exec.LookPath("tmux")
	if err != nil {
		t.Skip("no tmux: skipping; TestRoomPredictions still runs")
	}
	dir := t.TempDir()
	srv, addr := testServer(t, nil)
	p := startPresenter(t, srv, 160, 40)
	_, port, _ := net.SplitHostPort(addr)
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	socket := filepath.Join(dir, "tmux")
	tmuxCmd := func(args ...string) *exec.Cmd {
		return exec.CommandContext(ctx, tmux, append([]string{"-S", socket}, args...)...)
	}
	t.Cleanup(func() { _ = exec.Command(tmux, "-S", socket, "kill-server").Run() })
	start := func(user string, w, h int, extra ...string) {
		key, _ := openSSHKey(t, dir, user)
		cmd := []string{sshBin, "-t", "-F", "/dev/null", "-i", key, "-p", port, "-o", "StrictHostKeyChecking=no",
			"-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes",
			"-o", "LogLevel=ERROR", "-o", "ConnectTimeout=5", user + "@127.0.0.1"}
		cmd = append(cmd, extra...)
		args := []string{"new-session", "-d", "-s", "predict-" + user, "-x", fmt.Sprint(w), "-y", fmt.Sprint(h), strings.Join(cmd, " ")}
		if out, err := tmuxCmd(args...).CombinedOutput(); err != nil {
			t.Skipf("tmux cannot start a session here (%v: %s): skipping", err, out)
		}
	}
	capture := func(user string) string {
		out, _ := tmuxCmd("capture-pane", "-p", "-t", "predict-"+user).Output()
		return string(out)
	}
	wait := func(user string, want ...string) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for {
			s := capture(user)
			ok := true
			for _, w := range want {
				ok = ok && strings.Contains(s, w)
			}
			if ok {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: waited 30s for %q:\n%s", user, want, s)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	send := func(user string, keys ...string) {
		t.Helper()
		if err := tmuxCmd(append([]string{"send-keys", "-t", "predict-" + user}, keys...)...).Run(); err != nil {
			t.Fatal(err)
		}
	}
	start("kim", 100, 30, "--", "--lang", "ko")
	start("lee", 90, 28)
	wait("kim", "따라가는 중")
	wait("lee", "following")
	waitFor(t, "presenter", p.scr, "2 following")
	toStop(t, p)
	wait("kim", "학습 질문 1 ·", "a: 예측 입력")
	wait("lee", "Study stop 1 ·", "a to predict")

	send("kim", "a")
	wait("kim", "내 예측(")
	send("kim", "-l", "2-1 감독 프로세스만 재시작")
	send("kim", "Enter")
	wait("kim", "내 예측: 2-1 감독 프로세스만 재시작")
	send("lee", "a")
	wait("lee", "Your prediction")
	send("lee", "-l", "lower the spawn rate")
	send("lee", "Enter")
	wait("lee", "your prediction: lower the spawn rate")
	waitFor(t, "presenter", p.scr, "predictions: 2 of 2 in")
	never(t, "presenter", p.scr, "감독 프로세스만", "lower the spawn rate")
	if strings.Contains(capture("kim"), "lower the spawn rate") || strings.Contains(capture("lee"), "감독 프로세스만") {
		t.Fatalf("a prediction shows on another participant's screen before the reveal:\nkim:\n%s\nlee:\n%s", capture("kim"), capture("lee"))
	}

	p.keys(t, "\r")
	time.Sleep(100 * time.Millisecond)
	p.keys(t, " ")
	for _, u := range []string{"kim", "lee"} {
		wait(u, "kim: 2-1 감독 프로세스만 재시작", "lee: lower the spawn rate")
	}
}
