// Command synthgen writes synthetic bilingual incident records as JSON
// Lines, for measuring the whole `incidents --data DIR search` process
// against other pipelines (see scripts/bench-search.sh).
//
//	go run ./internal/synth/synthgen -n 10000 -o /tmp/synth
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"github.com/incidents-dev/incidents/internal/synth"
)

func main() {
	n := flag.Int("n", 10000, "number of records")
	seed := flag.Uint64("seed", 1, "generator seed")
	out := flag.String("o", "", "output folder (required)")
	flag.Parse()
	if *out == "" || *n < 0 {
		fmt.Fprintln(os.Stderr, "usage: synthgen -n N -o DIR [-seed S]")
		os.Exit(2)
	}
	if err := write(*out, *n, *seed); err != nil {
		fmt.Fprintf(os.Stderr, "synthgen: %v\n", err)
		os.Exit(1)
	}
}

func write(dir string, n int, seed uint64) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	f, err := os.Create(filepath.Join(dir, "synth.jsonl"))
	if err != nil {
		return err
	}
	if err := synth.WriteJSONL(f, synth.Records(n, seed)); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", f.Name(), err)
	}
	return f.Close()
}
