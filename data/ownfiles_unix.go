//go:build unix

package data

import (
	"io/fs"
	"os"
	"syscall"
)

// ownedByUs reports whether info is of a file this user owns.
func ownedByUs(info fs.FileInfo) bool {
	st, ok := info.Sys().(*syscall.Stat_t)
	return !ok || int(st.Uid) == os.Geteuid()
}

// openNoFollow opens the file at path for reading without following a
// link in its last element and without waiting for a writer, as opening a
// named pipe would; the caller checks what it opened.
func openNoFollow(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
}

// openNoWait opens the file at path for reading, following links, without
// waiting for a writer, as opening a named pipe would.
func openNoWait(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

// lock takes f's exclusive lock, held until f is closed, which tells
// sweepCacheTemps that f is being written.
func lock(f *os.File) error { return syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) }

// tryLock reports whether f's exclusive lock could be taken: no process
// holds it.
func tryLock(f *os.File) bool { return lock(f) == nil }
