package data

import (
	"os"
	"path/filepath"
	"testing"
)

// TestSpillTakes spills a batch past the budget, or from the first when
// the library is large, and never where no file can be made.
func TestSpillTakes(t *testing.T) {
	small := newSpill(t.TempDir())
	small.sized(spillFrom - 1)
	if small.take(1 << 10) {
		t.Error("a small library spilled its first batch")
	}
	if !small.take(int(spillBudget)) {
		t.Error("a batch past the budget stayed in memory")
	}
	large := newSpill(t.TempDir())
	large.sized(spillFrom)
	if !large.take(1 << 10) {
		t.Error("a large library kept its first batch in memory")
	}
	at, ok := large.write([]byte("abc"))
	o := spilled{f: large.f, at: at, n: [2]uint32{1, 2}}
	if _, texts := o.read(nil); !ok || texts != [2]string{"a", "bc"} {
		t.Errorf("read back %q (written: %v)", texts, ok)
	}
	if newSpill("") != nil || newSpill("").take(1<<30) {
		t.Error(`a spill into "" took a batch`)
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	none := newSpill(filepath.Join(file, "sub")) // a folder that cannot be
	none.sized(spillFrom)
	if none.take(1 << 10) {
		t.Error("a spill with no file took a batch")
	}
}
