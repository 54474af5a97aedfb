//go:build unix

package data_test

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used (user and system), so
// benchmarks can report work done apart from time spent waiting for a
// processor on a busy machine.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
