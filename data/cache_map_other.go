//go:build !linux

package data

import (
	"io"
)

// canMap says that mapFile reads files whole rather than mapping them.
const canMap = false

// mapFile reads the file at path whole (see the Linux version, which maps
// it); drop does nothing and release lets go of it.
func mapFile(path string, limit int64) (b []byte, drop func(lo, hi int), release func(), err error) {
	f, size, err := openForMap(path, limit)
	if err != nil {
		return nil, nil, nil, err
	}
	defer f.Close()
	b = make([]byte, size)
	if _, err := io.ReadFull(f, b); err != nil {
		return nil, nil, nil, err
	}
	return b, func(int, int) {}, func() {}, nil
}
