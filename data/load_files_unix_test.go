//go:build unix

package data

import (
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
)

func TestLoadSkipsWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "good.json"), plainRecord)
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo.json"), 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	must(t, os.Symlink("/dev/zero", filepath.Join(dir, "zero.json")))
	must(t, os.Symlink(filepath.Join(dir, "missing"), filepath.Join(dir, "broken.json")))
	must(t, os.Symlink(filepath.Join(dir, "good.json"), filepath.Join(dir, "link.jsonl")))
	must(t, os.Mkdir(filepath.Join(dir, "folder.json"), 0o700))
	write(t, filepath.Join(dir, "folder.json", "inside.json"), `{"id": "IX-9002", "date": "2024-01-02", "title": "Hidden"}`)
	if l, err := net.Listen("unix", filepath.Join(dir, "sock.json")); err == nil {
		defer l.Close()
	}

	lib, errs := loadDir(t, dir)
	// The link to good.json is a JSON Lines file holding the same record.
	if got := ids(lib); !slices.Equal(got, []string{"IX-9001"}) {
		t.Errorf("loaded %v, want [IX-9001]", got)
	}
	want := []string{
		"broken.json: broken symbolic link: no such file or directory",
		"fifo.json: not a regular file (a named pipe)",
		"folder.json: not a regular file (a directory)",
		"sock.json: not a regular file (a socket)",
		"zero.json: not a regular file (a symbolic link to a character device)",
	}
	for _, w := range want {
		if !slices.ContainsFunc(errs, func(e string) bool { return e == filepath.Join(dir, w) }) {
			t.Errorf("no problem %q in\n%s", w, strings.Join(errs, "\n"))
		}
	}

	// Named on the command line, a pipe is refused the same way.
	_, errs = loadDir(t, filepath.Join(dir, "fifo.json"))
	if len(errs) != 1 || !strings.HasSuffix(errs[0], "fifo.json: not a regular file (a named pipe)") {
		t.Errorf("explicit pipe: %q", errs)
	}
}
