package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheck writes a module with one function of 81 lines, one of 80, a
// long test file and a package of 4001 lines, and wants exactly the long
// function and the big package reported.
func TestCheck(t *testing.T) {
	root := t.TempDir()
	write := func(path, text string) {
		t.Helper()
		p := filepath.Join(root, path)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fn := func(name string, lines int) string { // a function spanning lines lines
		return "func " + name + "() {\n" + strings.Repeat("\t_ = 0\n", lines-2) + "}\n"
	}
	write("a/a.go", "package a\n\ntype T struct{}\n\n"+fn("Short", 80)+fn("(t *T) Long", 81))
	write("a/a_test.go", "package a\n\n"+fn("TestHuge", 500))
	write("b/b.go", "package b\n"+strings.Repeat("\n", 4000)) // 4001 lines
	write("c/c.go", "package c\n"+strings.Repeat("\n", 3999)) // 4000 lines
	write("testdata/x.go", "package x\n\n"+fn("Skipped", 200))
	got, err := check(root)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for _, o := range got {
		keys = append(keys, o.key)
	}
	want := []string{"package b", "func a.(*T).Long"}
	if strings.Join(keys, ";") != strings.Join(want, ";") {
		t.Errorf("offenders %q, want %q", keys, want)
	}
}
