package data

import (
	"os"
	"path/filepath"
	"runtime"
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
	dir := t.TempDir()
	large := newSpill(dir)
	large.sized(spillFrom)
	if !large.take(1 << 10) {
		t.Error("a large library kept its first batch in memory")
	}
	if left, _ := os.ReadDir(dir); runtime.GOOS != "windows" && len(left) > 0 {
		t.Errorf("the spill file is left in its folder: %v", left)
	}
	at, ok := large.write([]byte("abc"))
	o := spilled{f: large.f, at: at, n: [2]uint32{1, 2}}
	if _, texts, rok := o.read(nil); !ok || !rok || texts != [2]string{"a", "bc"} {
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

// TestSpillUnreadable reads spilled summaries back from a file that
// fails: they show as missing, and nothing panics.
func TestSpillUnreadable(t *testing.T) {
	defer func(b int64) { spillBudget = b }(spillBudget)
	spillBudget = 0
	dir := t.TempDir()
	rec := `{"id":"SP-1","date":"2024-01-02","title":"Spilled","summary":{"en":"The etcd cluster lost quorum after a network partition","ko":"쿼럼을 잃었다"}}`
	if err := os.WriteFile(filepath.Join(dir, "a.jsonl"), []byte(rec+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	lib, err := Load(Options{Paths: []string{dir}, NoBundled: true, Compact: true, Spill: t.TempDir()})
	if err != nil || len(lib.Records) != 1 {
		t.Fatalf("%v, %d records", err, len(lib.Records))
	}
	r := lib.Records[0]
	if r.stub == nil || r.stub.doc.out == nil || !r.stub.patched[0] {
		t.Fatal("the summary is not spilled as a patch")
	}
	if got := r.FieldText(FieldSummaryEN); got != "The etcd cluster lost quorum after a network partition" {
		t.Fatalf("read back %q", got)
	}
	r.stub.doc.out.f.Close()
	if got := r.FieldText(FieldSummaryEN); got != "" {
		t.Errorf("an unreadable summary reads %q", got)
	}
	if ms := NewIndex(lib.Records).Search("quorum"); len(ms) != 0 {
		t.Errorf("an unreadable summary matched: %d", len(ms))
	}
	if full, _ := Full(r); full == nil {
		t.Error("Full gave nothing")
	}
}
