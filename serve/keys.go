package serve

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	gossh "golang.org/x/crypto/ssh"
)

// DefaultHostKeyPath is where the host key lives when --host-key is not
// given: under the user's state directory ($XDG_STATE_HOME, else
// ~/.local/state), so that participants see the same key every meeting.
func DefaultHostKeyPath(getenv func(string) string) (string, error) {
	dir := getenv("XDG_STATE_HOME")
	if dir == "" {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("host key: no state directory: %w", err)
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return filepath.Join(dir, "incidents", "ssh_host_ed25519_key"), nil
}

// LoadHostKey reads the PEM private key at path, or generates an Ed25519
// key there (mode 0600, its directory 0700) when the file does not exist.
// created says it was generated now.
func LoadHostKey(path string) (key []byte, created bool, err error) {
	b, err := os.ReadFile(path)
	if err == nil {
		if _, err := gossh.ParsePrivateKey(b); err != nil {
			return nil, false, fmt.Errorf("host key %s: %w", path, err)
		}
		return b, false, nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, false, fmt.Errorf("host key: %w", err)
	}
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, false, fmt.Errorf("host key: %w", err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "incidents serve host key")
	if err != nil {
		return nil, false, fmt.Errorf("host key: %w", err)
	}
	b = pem.EncodeToMemory(block)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, false, fmt.Errorf("host key: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, false, fmt.Errorf("host key: %w", err)
	}
	if _, err := f.Write(b); err != nil {
		f.Close()
		return nil, false, fmt.Errorf("host key %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return nil, false, fmt.Errorf("host key %s: %w", path, err)
	}
	return b, true, nil
}

// readAuthorizedKeys parses an authorized_keys file into a set of keys
// (their wire form) with their comments. A line that does not parse is an
// error naming its line, so a typo never silently locks someone out.
func readAuthorizedKeys(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("--authorized-keys: %w", err)
	}
	keys := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		k, comment, _, _, err := gossh.ParseAuthorizedKey([]byte(line))
		if err != nil {
			return nil, fmt.Errorf("%s:%d:1: %w", path, n, err)
		}
		keys[string(k.Marshal())] = comment
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("--authorized-keys: %s: no keys", path)
	}
	return keys, nil
}
