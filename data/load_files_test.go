package data

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

const plainRecord = `{"id": "IX-9001", "date": "2024-01-02", "title": "Good"}`

// loadDir loads dir alone, with a deadline: a loader that blocks (on a
// named pipe, say) fails the test instead of hanging it.
func loadDir(t *testing.T, paths ...string) (*Library, []string) {
	t.Helper()
	type result struct {
		lib *Library
		err error
	}
	done := make(chan result, 1)
	go func() {
		lib, err := Load(Options{Paths: paths, NoBundled: true})
		done <- result{lib, err}
	}()
	select {
	case r := <-done:
		return r.lib, errLines(r.err)
	case <-time.After(20 * time.Second):
		t.Fatal("Load still running after 20 s")
		return nil, nil
	}
}

func TestLoadSizeLimits(t *testing.T) {
	defer func(f int64, r int) { maxFileSize, maxRecordSize = f, r }(maxFileSize, maxRecordSize)
	maxFileSize, maxRecordSize = 4096, 200
	dir := t.TempDir()
	write(t, filepath.Join(dir, "big.json"), "["+strings.Repeat(" ", 5000)+"]")
	long := `{"id": "IX-9003", "date": "2024-01-02", "title": "` + strings.Repeat("x", 300) + `"}`
	write(t, filepath.Join(dir, "records.jsonl"), plainRecord+"\n"+long+"\n")
	lib, errs := loadDir(t, dir)
	if got := ids(lib); !slices.Equal(got, []string{"IX-9001"}) {
		t.Errorf("loaded %v, want [IX-9001]", got)
	}
	want := []string{
		filepath.Join(dir, "big.json") + ": file is 4.885 KiB, over the 4 KiB limit for one file",
		filepath.Join(dir, "records.jsonl") + ":2:1: record is 352 bytes, over the 200 bytes limit for one record",
	}
	if !slices.Equal(errs, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
	var err error = limitError("x")
	if !errors.Is(err, ErrTooLarge) {
		t.Error("a limit error is not ErrTooLarge")
	}
}

// A file that grows while it is read, or claims a smaller size than it
// has, is stopped at the limit while reading, not after.
func TestLoadLimitHoldsWhileReading(t *testing.T) {
	defer func(f int64) { maxFileSize = f }(maxFileSize)
	maxFileSize = 1 << 20
	f := &endlessFile{}
	_, err := readFile(endlessFS{f}, "grows.json")
	if !errors.Is(err, ErrTooLarge) || err.Error() != "file is more than 1 MiB, over the 1 MiB limit for one file" {
		t.Errorf("got %v", err)
	}
	if f.read > maxFileSize+64<<10 {
		t.Errorf("read %d bytes for a limit of %d", f.read, maxFileSize)
	}
}

// endlessFS holds one regular file that says it is 10 bytes long and
// never ends.
type endlessFS struct{ f *endlessFile }

func (e endlessFS) Open(string) (fs.File, error) { return e.f, nil }

type endlessFile struct{ read int64 }

func (f *endlessFile) Stat() (fs.FileInfo, error) { return endlessInfo{}, nil }
func (f *endlessFile) Close() error               { return nil }
func (f *endlessFile) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = ' '
	}
	f.read += int64(len(b))
	return len(b), nil
}

type endlessInfo struct{}

func (endlessInfo) Name() string       { return "grows.json" }
func (endlessInfo) Size() int64        { return 10 }
func (endlessInfo) Mode() fs.FileMode  { return 0o600 }
func (endlessInfo) ModTime() time.Time { return time.Time{} }
func (endlessInfo) IsDir() bool        { return false }
func (endlessInfo) Sys() any           { return nil }

func TestLoadNamesWhatItFound(t *testing.T) {
	dir := t.TempDir()
	le := func(s string) string {
		b := []byte{0xff, 0xfe}
		for _, c := range []byte(s) {
			b = append(b, c, 0)
		}
		return string(b)
	}
	write(t, filepath.Join(dir, "utf16le.json"), le(plainRecord))
	write(t, filepath.Join(dir, "utf16le-nobom.json"), le(plainRecord)[2:])
	be := []byte{}
	for _, c := range []byte(plainRecord) {
		be = append(be, 0, c)
	}
	write(t, filepath.Join(dir, "utf16be-nobom.json"), string(be))
	write(t, filepath.Join(dir, "empty-array.json"), " [ ] ")
	write(t, filepath.Join(dir, "null.json"), "null")
	write(t, filepath.Join(dir, "nulls.json"), "[null, "+plainRecord+"]")
	write(t, filepath.Join(dir, "bad\xffname.json"), `{"id": "IX-9004", "date": "2024-01-02", "title": "Odd name"}`)

	lib, errs := loadDir(t, dir)
	if got := ids(lib); !slices.Equal(got, []string{"IX-9001", "IX-9004"}) {
		t.Errorf("loaded %v, want [IX-9001 IX-9004]", got)
	}
	want := []string{
		"empty-array.json: holds no records (an empty array)",
		"null.json:1:1: got null, want an object",
		"nulls.json:1:2: got null, want an object",
		"utf16be-nobom.json: file is UTF-16 (big-endian), want UTF-8",
		"utf16le-nobom.json: file is UTF-16 (little-endian), want UTF-8",
		"utf16le.json: file is UTF-16 (little-endian, with a byte order mark), want UTF-8",
	}
	for i := range want {
		want[i] = filepath.Join(dir, want[i])
	}
	if !slices.Equal(errs, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
	if r, _ := lib.Record("IX-9004"); r != nil && r.Origin != filepath.Join(dir, `bad\xffname.json`) {
		t.Errorf("origin %q, want the name with its bad byte escaped", r.Origin)
	}
}

func TestLoadKeepsEveryMessageOnOneLine(t *testing.T) {
	dir := t.TempDir()
	forged := filepath.Join(dir, "x.json:1:1: forged\nproblem.json")
	write(t, forged, `{"id": "IX-9005\nforged", "date": "nope", "title": "T",
		"sources": [{"url": "https://example.com/a\nSources: https://evil.example", "kind": "k\u2028"}]}`)
	sub := filepath.Join(dir, "sub\u2029dir")
	must(t, os.Mkdir(sub, 0o700))
	write(t, filepath.Join(sub, "bad.json"), `{`)

	_, errs := loadDir(t, dir)
	want := []string{
		filepath.Join(dir, `sub\u2029dir`, "bad.json") + ":1:2: unexpected end of JSON input",
		filepath.Join(dir, `x.json:1:1: forged\nproblem.json`) + `:1:35: record IX-9005\nforged: date: invalid date "nope" (want YYYY-MM-DD)`,
	}
	if !slices.Equal(errs, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(errs, "\n"), strings.Join(want, "\n"))
	}
	write(t, forged, `{"id": "IX-9005", "date": "2024-01-02", "title": "Two\nlines",
		"sources": [{"url": "https://example.com/a\nSources: https://evil.example", "kind": "k\u2028"}]}`)
	lib, errs := loadDir(t, forged)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	r := lib.Records[0]
	if got, want := r.Sources[0].URL, `https://example.com/a\nSources: https://evil.example`; got != want {
		t.Errorf("URL %q, want %q", got, want)
	}
	if got := r.Sources[0].Kind; got != "k" {
		t.Errorf("kind %q, want the line separator at its end trimmed", got)
	}
	if got := r.Title.EN; got != "Two lines" {
		t.Errorf("title %q, want %q", got, "Two lines")
	}
}

// TestLoadTrimsIDs loads records whose ids have white space and
// zero-width characters around them: each loads under its bare id, and an
// id with a line break inside keeps it visible.
func TestLoadTrimsIDs(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.json"), `[{"id": " \tIX-9405\n", "date": "2024-01-02", "title": "T"},
		{"id": "\u200bIX-9406\ufeff\u2060 ", "date": "2024-01-02", "title": "T"},
		{"id": "IX-94\t07", "date": "2024-01-02", "title": "T"}]`)
	lib, errs := loadDir(t, dir)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	if got := ids(lib); !slices.Equal(got, []string{"IX-9405", "IX-9406", `IX-94\t07`}) {
		t.Errorf("loaded %q", got)
	}
	if _, err := lib.Record("IX-9405"); err != nil {
		t.Error(err)
	}
}

func TestAppendTagsIsLinear(t *testing.T) {
	r := &Record{RootCause: "t1"}
	for i := range 100_000 {
		r.Domain = append(r.Domain, "t"+strings.Repeat("x", i%7)+string(rune('a'+i%26)))
	}
	r.Components = []string{"t1", "ta"}
	got := strings.Fields(string(r.appendTags(nil)))
	want := r.Tags()
	if !slices.Equal(got, want) {
		t.Fatalf("appendTags gives %d tags, Tags %d", len(got), len(want))
	}
	if list := r.appendTagList(nil); !slices.Equal(list, want) {
		t.Fatalf("appendTagList gives %d tags, Tags %d", len(list), len(want))
	}
	if len(got) != 7*26+1 {
		t.Errorf("%d tags, want %d", len(got), 7*26+1)
	}
}

func TestOneLine(t *testing.T) {
	tests := map[string]string{
		"plain/path.json":         "plain/path.json",
		"a\nb\rc\td":              `a\nb\rc\td`,
		"\x1b[31mred":             `\x1b[31mred`,
		"bad\xff":                 `bad\xff`,
		"sep\u2028par\u2029":      `sep\u2028par\u2029`,
		"rtl\u202eoverride":       `rtl\u202eoverride`,
		"c1\u0085nel":             `c1\u0085nel`,
		"한국어 파일.json":             "한국어 파일.json",
		`already\nescaped`:        `already\nescaped`,
		"del\x7f":                 `del\x7f`,
		"e\u0301 combining stays": "e\u0301 combining stays",
	}
	for in, want := range tests {
		if got := OneLine(in); got != want {
			t.Errorf("OneLine(%q) = %q, want %q", in, got, want)
		}
		if got := OneLine(OneLine(in)); got != OneLine(in) {
			t.Errorf("OneLine is not idempotent on %q", in)
		}
	}
}

func write(t *testing.T, name, s string) {
	t.Helper()
	must(t, os.WriteFile(name, []byte(s), 0o600))
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}
