// Package heapwatch measures the peak of the live heap while a benchmark
// runs, for b.ReportMetric: a memory figure that a single end-of-run
// reading would miss.
package heapwatch

import (
	"runtime/metrics"
	"sync"
	"time"
)

// Start samples the live heap every millisecond until the returned
// function is called, which stops and returns the largest sample in bytes.
func Start() func() float64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var (
		mu   sync.Mutex
		peak uint64
		stop = make(chan struct{})
		done = make(chan struct{})
	)
	go func() {
		defer close(done)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			metrics.Read(s)
			mu.Lock()
			peak = max(peak, s[0].Value.Uint64())
			mu.Unlock()
			select {
			case <-stop:
				return
			case <-t.C:
			}
		}
	}()
	return func() float64 {
		close(stop)
		<-done
		mu.Lock()
		defer mu.Unlock()
		return float64(peak)
	}
}
