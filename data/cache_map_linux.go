//go:build linux

package data

import (
	"os"
	"syscall"
)

// canMap says that mapFile maps files, rather than reading them whole.
const canMap = true

// mapFile maps the file at path into memory, of at most limit bytes and
// not empty. Its pages may be written, privately: nothing reaches the
// file. drop tells the system that the pages of b[lo:hi] will not be read
// again soon, so that they stop counting towards the process's memory
// (they are read back from the file if they are, as it was); release
// unmaps it, after which nothing of b may be used.
func mapFile(path string, limit int64) (b []byte, drop func(lo, hi int), release func(), err error) {
	f, size, err := openForMap(path, limit)
	if err != nil {
		return nil, nil, nil, err
	}
	defer f.Close()
	b, err = syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE)
	if err != nil {
		return nil, nil, nil, err
	}
	page := os.Getpagesize()
	drop = func(lo, hi int) {
		lo = (lo + page - 1) / page * page
		hi = hi / page * page
		if lo < hi {
			syscall.Madvise(b[lo:hi], syscall.MADV_DONTNEED)
		}
	}
	return b, drop, func() { syscall.Munmap(b) }, nil
}
