//go:build !unix

package data

import (
	"io/fs"
	"os"
)

// ownedByUs reports whether info is of a file this user owns: always, on
// a system without owners this program checks.
func ownedByUs(fs.FileInfo) bool { return true }

// openNoFollow opens the file at path for reading.
func openNoFollow(path string) (*os.File, error) { return os.Open(path) }

// openNoWait opens the file at path for reading.
func openNoWait(path string) (*os.File, error) { return os.Open(path) }

// lock does nothing: without locks, no leftover is ever swept.
func lock(*os.File) error { return nil }

// tryLock reports false: without locks, a file may be being written.
func tryLock(*os.File) bool { return false }
