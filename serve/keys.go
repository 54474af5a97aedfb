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

// LoadHostKey is ReadHostKey, then WriteHostKey for a key it generated.
func LoadHostKey(path string) (key []byte, created bool, err error) {
	key, created, err = ReadHostKey(path)
	if err == nil && created {
		err = WriteHostKey(path, key)
	}
	return key, created, err
}

// ReadHostKey reads the PEM private key at path or, when the file does not
// exist, generates an Ed25519 key in memory (generated), writing nothing:
// the caller writes it with WriteHostKey once it has decided to start.
// As OpenSSH does, a key file that its group or others may read or write
// is refused, with the command that fixes it.
func ReadHostKey(path string) (key []byte, generated bool, err error) {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		b, err := newHostKey()
		return b, err == nil, err
	}
	if err != nil {
		return nil, false, fmt.Errorf("host key: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, false, fmt.Errorf("host key %s: not a regular file", path)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return nil, false, fmt.Errorf("host key %s: permissions %04o are too open: a private key must be readable by its owner only; fix with: chmod 600 %s",
			path, perm, shellQuote(path))
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false, fmt.Errorf("host key: %w", err)
	}
	if _, err := gossh.ParsePrivateKey(b); err != nil {
		return nil, false, fmt.Errorf("host key %s: %w", path, err)
	}
	return b, false, nil
}

// newHostKey generates an Ed25519 host key, PEM-encoded.
func newHostKey() ([]byte, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "incidents serve host key")
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	return pem.EncodeToMemory(block), nil
}

// WriteHostKey writes a generated key to path (mode 0600, its directory
// 0700), never over an existing file.
func WriteHostKey(path string, key []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("host key: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return fmt.Errorf("host key: %w", err)
	}
	if _, err := f.Write(key); err != nil {
		f.Close()
		os.Remove(path)
		return fmt.Errorf("host key %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return fmt.Errorf("host key %s: %w", path, err)
	}
	return nil
}

// shellQuote quotes a path for a command the user may paste.
func shellQuote(p string) string {
	if p != "" && strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+") == "" {
		return p
	}
	return "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
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
