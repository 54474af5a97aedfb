package data

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// The program's own files: the search cache's files, their temporary
// files and the spill file. Each is made exclusively (never through a
// name that exists, so never through a link someone left), with owner-only
// permissions, in a folder of the program's own, and removed by the exact
// name that made it, never by a pattern. A temporary cache file holds a
// lock while it is written; one left behind by a run that was stopped
// (unlocked, of the program's own form and header, in its own folder) is
// removed by the next run that writes the cache.

// ownDir makes dir, an absolute path, and its parents, and checks that it
// is a folder of the program's own: a folder, not a link to one, owned by
// this user where the system has owners, and closed to everyone else (a
// folder of ours that is open is closed).
func ownDir(dir string) error {
	if !filepath.IsAbs(dir) {
		return fmt.Errorf("cache folder %q: not an absolute path", dir)
	}
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return err
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return err
	}
	info, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("cache folder %s: not a folder (%s)", dir, describeMode(info.Mode().Type()))
	}
	if !ownedByUs(info) {
		return fmt.Errorf("cache folder %s: owned by another user", dir)
	}
	if info.Mode().Perm()&0o077 != 0 {
		return os.Chmod(dir, 0o700)
	}
	return nil
}

// regularNoLink reports whether path names a regular file itself, not a
// link, a named pipe or anything else, without opening it.
func regularNoLink(path string) bool {
	info, err := os.Lstat(path)
	return err == nil && info.Mode().IsRegular()
}

// cacheTempSuffix ends the name of every temporary cache file, which
// starts with its cache file's name and a dot (see newCacheWriter).
const cacheTempSuffix = ".tmp"

// isCacheTemp reports whether name has the form of a temporary cache
// file's: 32 hexadecimal digits, ".search.", digits, ".tmp".
func isCacheTemp(name string) bool {
	hex, rest, ok := strings.Cut(name, ".search.")
	if !ok || len(hex) != 32 || strings.Trim(hex, "0123456789abcdef") != "" {
		return false
	}
	digits, ok := strings.CutSuffix(rest, cacheTempSuffix)
	return ok && digits != "" && strings.Trim(digits, "0123456789") == ""
}

// swept remembers the folders whose leftovers this process has removed.
var swept sync.Map

// sweepCacheTemps removes, once a process, the temporary cache files in
// dir (a folder of ours, see ownDir) that a stopped run left: each of the
// form newCacheWriter names them, a regular file of ours, starting with a
// cache file's header, and locked by no process that still writes it.
// Anything else, another program's file, a link, a pipe, stays untouched.
func sweepCacheTemps(dir string) {
	if _, done := swept.LoadOrStore(dir, true); done {
		return
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range ents {
		if !e.Type().IsRegular() || !isCacheTemp(e.Name()) {
			continue
		}
		name := filepath.Join(dir, e.Name())
		f, err := openNoFollow(name)
		if err != nil {
			continue
		}
		head := make([]byte, len(cacheMagic))
		n, _ := f.ReadAt(head, 0)
		info, serr := f.Stat()
		if serr == nil && info.Mode().IsRegular() && ownedByUs(info) && bytes.Equal(head[:n], []byte(cacheMagic)) && tryLock(f) {
			_ = os.Remove(name)
		}
		f.Close()
	}
}
