//go:build unix

package data

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// planted is what another program left in a folder: a file named like
// the spill's, a link and a named pipe, each to survive untouched.
type planted struct {
	dir, file, link, fifo, target string
}

func plant(t *testing.T, dir, fileName, linkName, fifoName string) planted {
	t.Helper()
	p := planted{dir: dir, file: filepath.Join(dir, fileName), link: filepath.Join(dir, linkName), fifo: filepath.Join(dir, fifoName)}
	p.target = filepath.Join(t.TempDir(), "theirs")
	if err := os.WriteFile(p.target, []byte("someone else's\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p.file, []byte("another program's\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(p.target, p.link); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(p.fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

// check fails unless every planted thing is as it was.
func (p planted) check(t *testing.T) {
	t.Helper()
	if b, err := os.ReadFile(p.file); err != nil || string(b) != "another program's\n" {
		t.Errorf("another program's file: %q, %v", b, err)
	}
	if to, err := os.Readlink(p.link); err != nil || to != p.target {
		t.Errorf("the link: %q, %v", to, err)
	}
	if b, err := os.ReadFile(p.target); err != nil || string(b) != "someone else's\n" {
		t.Errorf("the link's target: %q, %v", b, err)
	}
	if info, err := os.Lstat(p.fifo); err != nil || info.Mode().Type() != os.ModeNamedPipe {
		t.Errorf("the named pipe: %v, %v", info, err)
	}
}

// TestSpillOnlyOwnFiles plants another program's summaries-x.tmp, a link
// and a named pipe named as spill files are where a spill file goes: the
// spill is made beside them, leaves nothing, and they survive.
func TestSpillOnlyOwnFiles(t *testing.T) {
	dir := t.TempDir()
	p := plant(t, dir, "summaries-x.tmp", "summaries-1.tmp", "summaries-2.tmp")
	for range 2 {
		s := newSpill(dir)
		s.sized(spillFrom)
		if !s.take(1 << 10) {
			t.Fatal("no spill file was made")
		}
		if info, err := s.f.Stat(); err != nil || info.Mode().Perm() != 0o600 {
			t.Errorf("spill file: %v, %v", info, err)
		}
		if _, ok := s.write([]byte("abc")); !ok {
			t.Error("the spill file cannot be written")
		}
	}
	p.check(t)
	ents, _ := os.ReadDir(dir)
	if len(ents) != 3 {
		t.Errorf("the folder holds %d entries, want the 3 planted", len(ents))
	}
}

// TestCacheOnlyOwnFiles plants another program's file, a link and a named
// pipe in the cache folder, then the link and the pipe at the cache file's
// own path: searches neither wait nor follow nor replace them, and give
// what an uncached search gives.
func TestCacheOnlyOwnFiles(t *testing.T) {
	data := t.TempDir()
	var b strings.Builder
	for i := range 50 {
		b.WriteString(`{"id":"OWN-` + string(rune('A'+i%26)) + string(rune('A'+i/26)) + `","date":"2024-01-02","title":"DNS outage","summary":{"en":"The resolver failed","ko":"리졸버가 실패했습니다"}}` + "\n")
	}
	name := filepath.Join(data, "a.jsonl")
	if err := os.WriteFile(name, []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	info, _ := os.Stat(name)
	key := makeCacheKey(streamFile{fsys: dirFS(data), name: "a.jsonl"}, info)
	cache := t.TempDir()
	search := func() int {
		t.Helper()
		done := make(chan int, 1)
		go func() {
			f, err := SearchLoad(Options{Paths: []string{data}, NoBundled: true, Cache: cache}, "resolver")
			if err != nil {
				t.Error(err)
			}
			done <- len(f.Matches)
		}()
		select {
		case n := <-done:
			return n
		case <-time.After(20 * time.Second):
			t.Fatal("a search waits on a planted file")
		}
		return 0
	}
	want := search()
	if want != 50 {
		t.Fatalf("%d matches, want 50", want)
	}
	os.Remove(key.file(cache))
	p := plant(t, cache, "summaries-x.tmp", "l", "f")
	swept.Delete(cache)
	if got := search(); got != want {
		t.Errorf("%d matches beside planted files, want %d", got, want)
	}
	p.check(t)
	if !regularNoLink(key.file(cache)) {
		t.Error("no cache file was written beside planted files")
	}
	for _, at := range []string{"link", "fifo"} {
		os.Remove(key.file(cache))
		if at == "link" {
			os.Symlink(p.target, key.file(cache))
		} else {
			syscall.Mkfifo(key.file(cache), 0o600)
		}
		for range 2 { // the second search meets what the first left
			if got := search(); got != want {
				t.Errorf("%s at the cache path: %d matches, want %d", at, got, want)
			}
		}
		info, err := os.Lstat(key.file(cache))
		if err != nil || at == "link" && info.Mode().Type() != os.ModeSymlink || at == "fifo" && info.Mode().Type() != os.ModeNamedPipe {
			t.Errorf("the %s at the cache path was replaced: %v, %v", at, info, err)
		}
		p.check(t)
	}
}

// TestCacheLeftovers: a temporary cache file a stopped run left (its
// header written, its lock gone) is removed by the next run that writes
// the cache; one being written (locked), and files of the same form that
// are not a cache file's, stay.
func TestCacheLeftovers(t *testing.T) {
	cache := t.TempDir()
	key := &cacheKey{path: "/nowhere/a.jsonl", size: 1}
	stopped := newCacheWriter(cache, key)
	stopped.tmp.Close() // as if the process ended: no abort, no commit
	live := newCacheWriter(cache, &cacheKey{path: "/nowhere/b.jsonl", size: 1})
	defer live.abort()
	foreign := filepath.Join(cache, strings.Repeat("ab", 16)+".search.123.tmp")
	if err := os.WriteFile(foreign, []byte("not a cache file\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	swept.Delete(cache)
	next := newCacheWriter(cache, key)
	defer next.abort()
	if _, err := os.Lstat(stopped.tmp.Name()); err == nil {
		t.Error("a stopped run's temporary file is left for good")
	}
	if !regularNoLink(live.tmp.Name()) {
		t.Error("a temporary file being written was removed")
	}
	if !regularNoLink(foreign) {
		t.Error("a file of the same form but not a cache file's was removed")
	}
	if info, _ := os.Stat(next.tmp.Name()); info == nil || info.Mode().Perm() != 0o600 {
		t.Errorf("temporary cache file: %v", info)
	}
}

// TestOwnDir: the cache folder is refused when it is a link or another
// kind of file, and closed to others when it is open.
func TestOwnDir(t *testing.T) {
	base := t.TempDir()
	open := filepath.Join(base, "open")
	os.Mkdir(open, 0o755)
	os.Chmod(open, 0o755)
	if err := ownDir(open); err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(open); info.Mode().Perm() != 0o700 {
		t.Errorf("an open folder of ours is %v", info.Mode().Perm())
	}
	link := filepath.Join(base, "link")
	os.Symlink(t.TempDir(), link)
	if ownDir(link) == nil {
		t.Error("a link to a folder is taken as the cache folder")
	}
	fifo := filepath.Join(base, "fifo")
	syscall.Mkfifo(fifo, 0o600)
	if ownDir(fifo) == nil {
		t.Error("a named pipe is taken as the cache folder")
	}
	if ownDir("relative/cache") == nil {
		t.Error("a relative folder is taken as the cache folder")
	}
	if newCacheWriter(link, &cacheKey{path: "/x"}) != nil {
		t.Error("a cache file is written through a link")
	}
}

// TestCacheDirRelative: a relative XDG_CACHE_HOME, or no HOME and no
// XDG_CACHE_HOME, gives no cache folder.
func TestCacheDirRelative(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", "rel/cache")
	if d := CacheDir(); d != "" {
		t.Errorf("relative XDG_CACHE_HOME: %q", d)
	}
	t.Setenv("XDG_CACHE_HOME", "")
	t.Setenv("HOME", "")
	if d := CacheDir(); d != "" {
		t.Errorf("no HOME: %q", d)
	}
	t.Setenv("HOME", "relhome")
	if d := CacheDir(); d != "" {
		t.Errorf("relative HOME: %q", d)
	}
}
