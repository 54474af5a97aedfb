package main

import (
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/internal/hostile"
)

// Bounds for one command over one hostile case: generous, so that they
// catch hangs and runaway memory, not slowness.
const (
	hostileDeadline = 20 * time.Second
	hostileHeap     = 512 << 20 // beyond the heap before the command
)

// TestHostileCorpus runs every command over every hostile case of package
// hostile and checks what the issue promises: no panic, a bounded time and
// heap, every problem named by path and position or field, nothing from
// the data reaching the output unsanitised, and every good record loaded.
// Of the model class's grid of one parameter set to one bad value it runs
// a sample that sets every parameter and uses every bad value (see
// inModelSample); BenchmarkHostileModelCorpus, which .ci/run runs once,
// runs the rest of the grid.
func TestHostileCorpus(t *testing.T) {
	if testing.Short() {
		t.Skip("the hostile corpus takes a few seconds")
	}
	start := time.Now()
	var n, cmds atomic.Int64
	t.Run("cases", func(t *testing.T) {
		for _, c := range hostile.Cases() {
			if c.Owner != "" || !inModelSample(c) {
				continue
			}
			n.Add(1)
			runHostileCase(t, c, &cmds)
		}
	})
	t.Logf("%d hostile cases, %d commands, %v", n.Load(), cmds.Load(), time.Since(start).Round(time.Millisecond))
}

// BenchmarkHostileModelCorpus runs TestHostileCorpus's commands over the
// model grid's cases that go test leaves out, one after another, once
// per iteration. .ci/run runs it once (-benchtime=1x); a failure names
// the case.
func BenchmarkHostileModelCorpus(b *testing.B) {
	for b.Loop() {
		var cmds atomic.Int64
		for _, c := range hostile.Cases() {
			if c.Owner == "" && !inModelSample(c) {
				checkHostileCase(caseTB{b, c.Class + "/" + c.Name}, c, &cmds)
			}
		}
	}
}

// inModelSample reports whether go test runs case c: every case but those
// of the model class's grid, which sets one parameter to one bad value
// ("calls = NaN (1)": the name, the value and its place in the list of
// bad values). Of the grid it takes the cases whose value's place is the
// parameter's place in the grid or three more, modulo the eight values:
// every parameter twice, every bad value at least twice. The parameters
// are all read by the same checks of replay/mailbox.ParseModel, so the
// grid's other cases cover no other code; they run in CI.
func inModelSample(c hostile.Case) bool {
	name, rest, ok := strings.Cut(c.Name, " = ")
	if c.Class != "model" || !ok {
		return true
	}
	var v int
	if _, err := fmt.Sscanf(rest[strings.LastIndexByte(rest, '('):], "(%d)", &v); err != nil {
		return true
	}
	p := slices.Index(modelParams(), name)
	return p < 0 || v%8 == p%8 || v%8 == (p+3)%8
}

// modelParams lists the model grid's parameters in the order the corpus
// first names them.
var modelParams = sync.OnceValue(func() []string {
	var ps []string
	for _, c := range hostile.Cases() {
		if name, _, ok := strings.Cut(c.Name, " = "); ok && c.Class == "model" && !slices.Contains(ps, name) {
			ps = append(ps, name)
		}
	}
	return ps
})

// caseTB puts a case's name before each failure, as a subtest would, and
// makes Skip a note, for a benchmark that runs the cases one by one.
type caseTB struct {
	testing.TB
	name string
}

func (c caseTB) Errorf(format string, args ...any) {
	c.TB.Helper()
	c.TB.Errorf("%s: %s", c.name, fmt.Sprintf(format, args...))
}

func (c caseTB) Fatalf(format string, args ...any) {
	c.TB.Helper()
	c.TB.Fatalf("%s: %s", c.name, fmt.Sprintf(format, args...))
}

func (c caseTB) Fatal(args ...any) {
	c.TB.Helper()
	c.TB.Fatalf("%s: %s", c.name, fmt.Sprint(args...))
}

func (c caseTB) Skip(args ...any) {
	c.TB.Helper()
	c.TB.Logf("%s: skipped: %s", c.name, fmt.Sprint(args...))
}

// TestHostileOwnedCases runs the cases whose fixes other helpers own
// (linear wrapping, durations for any span, the model's total work).
func TestHostileOwnedCases(t *testing.T) {
	if testing.Short() {
		t.Skip("the hostile corpus takes a few seconds")
	}
	var cmds atomic.Int64
	for _, c := range hostile.Cases() {
		if c.Owner != "" {
			runHostileCase(t, c, &cmds)
		}
	}
}

// runHostileCase writes c into a folder and runs the commands over it, in
// parallel with the other cases, counting them in cmds. The heap bound is
// then on the whole process: still far below what an unbounded read takes.
func runHostileCase(t *testing.T, c hostile.Case, cmds *atomic.Int64) {
	t.Run(c.Class+"/"+c.Name, func(t *testing.T) {
		t.Parallel()
		checkHostileCase(t, c, cmds)
	})
}

// checkHostileCase is runHostileCase's check of one case.
func checkHostileCase(t testing.TB, c hostile.Case, cmds *atomic.Int64) {
	begin := time.Now()
	dir := t.TempDir()
	release, err := c.Write(dir)
	defer release()
	if errors.Is(err, errors.ErrUnsupported) {
		t.Skip("cannot make this file here:", err)
		return // caseTB's Skip returns
	}
	if err != nil {
		t.Fatal(err)
	}
	h := hostileRun{t: t, c: c, dir: dir}
	list := h.run("list", "--data", dir)
	for _, id := range c.Good {
		if !strings.Contains(list.stdout, id) {
			t.Errorf("good record %s is not listed", id)
		}
	}
	h.run("validate", dir)
	if c.Query != "" {
		h.run("search", "--data", dir, "--", c.Query)
	}
	show := slices.Clone(c.Show)
	if len(c.Good) > 0 {
		show = append(show, c.Good[0], c.Good[len(c.Good)-1])
	}
	for _, id := range slices.Compact(show) {
		r := h.run("show", "--data", dir, "--width", "60", "--", id)
		if slices.Contains(c.Good, id) && r.code != exitOK {
			t.Errorf("show %s: exit %d", id, r.code)
		}
	}
	for _, id := range c.Timelines {
		if r := h.run("timeline", "--data", dir, "--width", "70", "--", id); r.code != exitOK {
			t.Errorf("timeline %s: exit %d", id, r.code)
		}
	}
	cmds.Add(int64(h.n))
	if took := time.Since(begin); took > time.Second {
		t.Logf("%s/%s took %v", c.Class, c.Name, took.Round(time.Millisecond))
	}
}

type hostileRun struct {
	t   testing.TB
	c   hostile.Case
	dir string
	n   int
}

// run runs one command in a goroutine, with a deadline and a watch on the
// heap, and checks its output.
func (h *hostileRun) run(args ...string) result {
	t := h.t
	t.Helper()
	h.n++
	name := strings.Join(args, " ")
	name = strings.ReplaceAll(name, h.dir, "DIR")
	base := heapBytes()
	var peak atomic.Uint64
	stop := make(chan struct{})
	go func() {
		tick := time.NewTicker(5 * time.Millisecond)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				if b := heapBytes(); b > peak.Load() {
					peak.Store(b)
				}
			}
		}
	}()
	done := make(chan result, 1)
	go func() {
		var out, errb bytes.Buffer
		defer func() {
			if p := recover(); p != nil {
				done <- result{code: -1, stderr: fmt.Sprintf("panic: %v", p)}
			}
		}()
		e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb,
			getenv: func(string) string { return "" }}
		code := e.run(args)
		done <- result{code, out.String(), errb.String()}
	}()
	var r result
	select {
	case r = <-done:
	case <-time.After(hostileDeadline):
		close(stop)
		t.Fatalf("%s: still running after %v", name, hostileDeadline)
	}
	close(stop)
	if r.code == -1 {
		t.Fatalf("%s: %s", name, r.stderr)
	}
	if grew := int64(peak.Load()) - int64(base); grew > hostileHeap {
		t.Errorf("%s: the heap grew by %d MiB", name, grew>>20)
	}
	for stream, s := range map[string]string{"stdout": r.stdout, "stderr": r.stderr} {
		if err := unsafeOutput(s); err != nil {
			t.Errorf("%s: %s: %v", name, stream, err)
		}
		for _, a := range h.c.Absent {
			if strings.Contains(s, a) {
				t.Errorf("%s: %s holds %q", name, stream, a)
			}
		}
	}
	problems := r.stderr
	if args[0] == "validate" {
		problems = r.stdout + r.stderr
	}
	h.checkProblems(name, problems)
	return r
}

func heapBytes() uint64 {
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// unsafeOutput reports the first thing in s that must not reach a
// terminal from data: an escape or control character other than newline
// and tab, a C1 control, a bidirectional control, a line or paragraph
// separator, a byte that is not UTF-8, or a line that a record forged.
func unsafeOutput(s string) error {
	for i, r := range s {
		switch {
		case r == utf8.RuneError:
			if _, size := utf8.DecodeRuneInString(s[i:]); size == 1 {
				return fmt.Errorf("byte 0x%02x (not UTF-8) at %d: %q", s[i], i, nearby(s, i))
			}
		case r == '\n' || r == '\t':
		case r < 0x20 || (r >= 0x7f && r <= 0x9f):
			return fmt.Errorf("control %U at %d: %q", r, i, nearby(s, i))
		case r == 0x200e || r == 0x200f || r == 0x061c || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069):
			return fmt.Errorf("bidirectional control %U at %d: %q", r, i, nearby(s, i))
		case r == 0x2028 || r == 0x2029:
			return fmt.Errorf("separator %U at %d: %q", r, i, nearby(s, i))
		}
	}
	for _, line := range strings.Split(s, "\n") {
		l := strings.TrimLeft(line, " \t│|•-*>")
		if strings.HasPrefix(l, hostile.Forged) || strings.HasPrefix(l, "Sources: "+hostile.Forged) {
			return fmt.Errorf("forged line %q", line)
		}
	}
	return nil
}

func nearby(s string, i int) string {
	return s[max(0, i-30):min(len(s), i+30)]
}

// checkProblems checks that each problem line names a file of the case by
// path, followed by a position (":line:col") or by the record and field
// (": ..."); lines of the command's own start with "incidents".
func (h *hostileRun) checkProblems(name, out string) {
	t := h.t
	t.Helper()
	prefix := data.OneLine(h.dir)
	var paths []string
	for _, f := range h.c.Files {
		paths = append(paths, data.OneLine(filepath.Join(h.dir, filepath.FromSlash(f.Name))))
	}
	// Longest first: a.json and a.json.bad.json.
	slices.SortFunc(paths, func(a, b string) int { return len(b) - len(a) })
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if line == "" || strings.HasPrefix(line, "incidents") || strings.HasPrefix(line, "Run 'incidents") {
			continue
		}
		if !strings.HasPrefix(line, prefix) {
			if strings.Contains(out, prefix) {
				t.Errorf("%s: problem without the case's path: %q", name, cut(line))
			}
			continue
		}
		ok := false
		for _, p := range paths {
			if rest, found := strings.CutPrefix(line, p); found {
				ok = strings.HasPrefix(rest, ": ") || (len(rest) > 1 && rest[0] == ':' && rest[1] >= '1' && rest[1] <= '9')
				break
			}
		}
		if !ok && !strings.HasPrefix(line, prefix+": ") {
			t.Errorf("%s: problem that names no file of the case with a position or field: %q", name, cut(line))
		}
	}
}

func cut(s string) string {
	if len(s) > 300 {
		return s[:300] + "…"
	}
	return s
}
