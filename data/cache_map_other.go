//go:build !linux

package data

import (
	"io"
	"os"
)

// canMap says that mapFile reads files whole rather than mapping them.
const canMap = false

// mapFile reads the file at path whole (see the Linux version, which maps
// it); drop does nothing and release lets go of it.
func mapFile(path string, limit int64) (b []byte, drop func(lo, hi int), release func(), err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, nil, nil, err
	}
	if info.Size() <= 0 || info.Size() > limit || !info.Mode().IsRegular() {
		return nil, nil, nil, errCorrupt
	}
	b = make([]byte, info.Size())
	if _, err := io.ReadFull(f, b); err != nil {
		return nil, nil, nil, err
	}
	return b, func(int, int) {}, func() {}, nil
}
