package data

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// loadMap loads files held in memory, shown by their names alone.
func loadMap(files map[string]string) (*Library, error) {
	fsys := fstest.MapFS{}
	for name, s := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(s)}
	}
	ld := &loader{}
	ld.addFS(fsys, ".", "", false, false)
	lib := ld.run(nil)
	return lib, ld.err()
}

// errLines splits a joined error into its messages.
func errLines(err error) []string {
	if err == nil {
		return nil
	}
	var out []string
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		for _, e := range j.Unwrap() {
			out = append(out, e.Error())
		}
		return out
	}
	return []string{err.Error()}
}

func ids(lib *Library) []string {
	var out []string
	for _, r := range lib.Records {
		out = append(out, r.ID)
	}
	return out
}

func TestLoadBadInput(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  []string // error messages, in order
		ids   []string // records that still load, newest first
	}{
		{
			name:  "empty file",
			files: map[string]string{"a.json": ""},
			want:  []string{"a.json: empty file"},
		},
		{
			name:  "blank json lines file",
			files: map[string]string{"a.jsonl": "\n  \n\n"},
			want:  []string{"a.jsonl: empty file"},
		},
		{
			name:  "truncated record",
			files: map[string]string{"a.json": "{\n  \"id\": \"IL-1\",\n  \"title\": {\"en\": \"Cut"},
			want:  []string{"a.json:3:23: unexpected end of JSON input"},
		},
		{
			name:  "truncated array keeps the elements before the cut",
			files: map[string]string{"a.json": `[{"id":"A-1","date":"2020-01-01","title":"a"},` + "\n" + `{"id":"A-2","date":"2020-01-02","ti`},
			want:  []string{"a.json:2:36: unexpected end of JSON input"},
			ids:   []string{"A-1"},
		},
		{
			name:  "number where text belongs",
			files: map[string]string{"a.json": "{\n  \"id\": \"IL-1\",\n  \"date\": \"2020-01-01\",\n  \"title\": {\"en\": 42}\n}"},
			want:  []string{"a.json:4:19: record IL-1: title.en: got number, want string"},
		},
		{
			name:  "number where a whole text belongs",
			files: map[string]string{"a.json": `{"id":"IL-1","date":"2020-01-01","title":7}`},
			want:  []string{`a.json:1:42: record IL-1: title: got number, want text (a string or {"en", "ko"})`},
		},
		{
			name: "wrong type inside a list names the element",
			files: map[string]string{"a.json": `{"id":"IL-1","date":"2020-01-01","title":"t",` +
				`"remediation":[{"text":{"en":"ok"}},{"text":{"en":"한글","ko":true}}]}`},
			want: []string{"a.json:1:106: record IL-1: remediation[1].text.ko: got bool, want string"},
		},
		{
			name:  "string where a list belongs",
			files: map[string]string{"a.json": `{"id":"IL-1","date":"2020-01-01","title":"t","docs":"x"}`},
			want:  []string{"a.json:1:53: record IL-1: docs: got string, want array of strings"},
		},
		{
			name:  "number where a duration belongs",
			files: map[string]string{"a.json": `{"id":"IL-1","date":"2020-01-01","title":"t","timeline":{"detected_after":5}}`},
			want:  []string{"a.json:1:75: record IL-1: timeline.detected_after: got number, want string"},
		},
		{
			name:  "invalid UTF-8 counts the column in characters",
			files: map[string]string{"a.json": "{\"id\":\"IL-1\",\n\"title\":{\"ko\":\"한국어\xff\"}}"},
			want:  []string{"a.json:2:19: invalid UTF-8 (byte 0xff)"},
		},
		{
			name:  "missing id",
			files: map[string]string{"a.json": `{"date":"2020-01-01","title":"t"}`},
			want:  []string{"a.json:1:1: id: missing"},
		},
		{
			name:  "empty id",
			files: map[string]string{"a.jsonl": `{"id":"A-1","date":"2020-01-01","title":"t"}` + "\n" + `  {"id":" ","date":"2020-01-01","title":"t"}`},
			want:  []string{"a.jsonl:2:9: id: missing"},
			ids:   []string{"A-1"},
		},
		{
			name:  "invalid date",
			files: map[string]string{"a.json": `{"id":"IL-1","date":"2026-13-40","title":"t"}`},
			want:  []string{`a.json:1:21: record IL-1: date: invalid date "2026-13-40" (want YYYY-MM-DD)`},
		},
		{
			name:  "missing date",
			files: map[string]string{"a.json": `{"id":"IL-1","date":null,"title":"t"}`},
			want:  []string{`a.json:1:21: record IL-1: date: missing`},
		},
		{
			name:  "no title in either language",
			files: map[string]string{"a.json": `{"id":"IL-1","date":"2020-01-01","title":{"en":"","ko":null}}`},
			want:  []string{`a.json:1:42: record IL-1: title: missing in both languages`},
		},
		{
			name:  "every problem of a record is reported",
			files: map[string]string{"a.json": `{"id":"IL-1","date":"2020"}`},
			want: []string{
				`a.json:1:1: record IL-1: title: missing in both languages`,
				`a.json:1:21: record IL-1: date: invalid date "2020" (want YYYY-MM-DD)`,
			},
		},
		{
			name: "several problems of several records, each at its value",
			files: map[string]string{"a.json": "[\n" +
				`  {"id":"A-1","date":"2026-13-40","title":{"en":"","ko":""}},` + "\n" +
				`  {"id":"","date":"","title":"t"},` + "\n" +
				`  {"id":"A-3","date":"2026-01-01","title":"t","severity":5},` + "\n" +
				`  {"id":"A-4","date":7,"title":"t","org":3,"tags":["x"],"summary":{"en":1}}` + "\n]\n"},
			want: []string{
				`a.json:2:22: record A-1: date: invalid date "2026-13-40" (want YYYY-MM-DD)`,
				`a.json:2:43: record A-1: title: missing in both languages`,
				`a.json:3:9: id: missing`,
				`a.json:3:19: date: missing`,
				`a.json:4:58: record A-3: severity: got number, want string`,
				`a.json:5:22: record A-4: date: got number, want string`,
				`a.json:5:42: record A-4: org: got number, want string`,
				`a.json:5:73: record A-4: summary.en: got number, want string`,
			},
		},
		{
			name: "duplicate id in one JSON Lines file names both places",
			files: map[string]string{"a.jsonl": `{"id":"A-1","date":"2020-01-01","title":"first"}` + "\n\n" +
				`{"id":"a-1","date":"2021-01-01","title":"second"}` + "\n"},
			want: []string{"a.jsonl:3:1: record a-1: duplicate id (first in a.jsonl:1:1)"},
			ids:  []string{"A-1"},
		},
		{
			name: "duplicate id across files",
			files: map[string]string{
				"a.json":   `{"id":"A-1","date":"2020-01-01","title":"first"}`,
				"b/c.json": `[{"id":"A-2","date":"2020-01-01","title":"t"}, {"id":"A-1","date":"2021-01-01","title":"second"}]`,
			},
			want: []string{"b/c.json:1:48: record A-1: duplicate id (first in a.json)"},
			ids:  []string{"A-1", "A-2"},
		},
		{
			name: "one bad element of an array keeps its siblings",
			files: map[string]string{"a.json": "[\n" +
				`  {"id":"A-1","date":"2020-01-01","title":"t"},` + "\n" +
				`  {"id":"A-2","date":"2020-01-02","title":{"en":5}},` + "\n" +
				`  {"id":"A-3","date":"2020-01-03","title" "t"},` + "\n" +
				`  {"id":"A-4","date":"2020-01-04","title":"t"}` + "\n]\n"},
			want: []string{
				"a.json:3:49: record A-2: title.en: got number, want string",
				"a.json:4:43: invalid character '\"' after object key",
			},
			ids: []string{"A-4", "A-1"},
		},
		{
			name: "one bad line of JSON Lines keeps the others",
			files: map[string]string{"a.jsonl": `{"id":"A-1","date":"2020-01-01","title":"t"}` + "\n" +
				`{"id":"A-2","date":"2020-01-02","title":"t"` + "\n" +
				`{"id":"A-3","date":"2020-01-03","title":"t","severity":1}` + "\r\n" +
				`{"id":"A-4","date":"2020-01-04","title":"t"}`},
			want: []string{
				"a.jsonl:2:44: unexpected end of JSON input",
				"a.jsonl:3:56: record A-3: severity: got number, want string",
			},
			ids: []string{"A-4", "A-1"},
		},
		{
			name:  "missing comma between elements costs no records",
			files: map[string]string{"a.json": `[{"id":"A-1","date":"2020-01-01","title":"t"} {"id":"A-2","date":"2020-01-02","title":"t"}]`},
			want:  []string{"a.json:1:47: invalid character '{' after array element"},
			ids:   []string{"A-2", "A-1"},
		},
		{
			name:  "trailing comma in an array",
			files: map[string]string{"a.json": `[{"id":"A-1","date":"2020-01-01","title":"t"},]`},
			want:  []string{"a.json:1:47: invalid character ']' looking for beginning of value"},
			ids:   []string{"A-1"},
		},
		{
			name:  "content after the array",
			files: map[string]string{"a.json": "[{\"id\":\"A-1\",\"date\":\"2020-01-01\",\"title\":\"t\"}]\nx"},
			want:  []string{"a.json:2:1: invalid character 'x' after top-level value"},
			ids:   []string{"A-1"},
		},
		{
			name:  "content after a record",
			files: map[string]string{"a.json": `{"id":"A-1","date":"2020-01-01","title":"t"}}`},
			want:  []string{"a.json:1:45: invalid character '}' after top-level value"},
		},
		{
			name:  "an array element that is not an object",
			files: map[string]string{"a.json": `[{"id":"A-1","date":"2020-01-01","title":"t"}, 12]`},
			want:  []string{"a.json:1:48: got number, want object"},
			ids:   []string{"A-1"},
		},
		{
			name:  "not JSON",
			files: map[string]string{"notes.json": "id: A-1\n"},
			want:  []string{"notes.json:1:1: invalid character 'i' looking for beginning of value"},
		},
		{
			name: "other files, hidden entries and testdata are skipped",
			files: map[string]string{
				"README.md":            "# notes",
				".hidden/a.json":       "{",
				"x/testdata/bad.json":  "{",
				"x/.scratch.json":      "{",
				"x/good.JSON":          `{"id":"A-1","date":"2020-01-01","title":"t"}`,
				"x/testdata.json":      `{"id":"A-2","date":"2020-01-01","title":"t"}`,
				"x/also-skipped.jsonx": "{",
			},
			ids: []string{"A-1", "A-2"},
		},
		{
			name:  "byte order mark",
			files: map[string]string{"a.json": "\xef\xbb\xbf{\"id\":\"A-1\",\"date\":\"2020-01-01\",\"title\":\"t\"}"},
			ids:   []string{"A-1"},
		},
		{
			name:  "unknown fields are ignored and nulls are normal",
			files: map[string]string{"a.json": `{"id":"A-1","date":"2020-01-01","title":"t","novel":{"x":[1,2]},"review":null,"impact":null,"timeline":{"detected_after":null},"remediation":null,"sources":null,"detection":null}`},
			ids:   []string{"A-1"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lib, err := loadMap(tc.files)
			if lib == nil {
				t.Fatal("Load returned a nil Library")
			}
			if got := errLines(err); !slices.Equal(got, tc.want) {
				t.Errorf("errors:\n got %q\nwant %q", got, tc.want)
			}
			for _, e := range unjoin(err) {
				var de *Error
				if !errors.As(e, &de) || de.Path == "" {
					t.Errorf("error %q is not a *data.Error with a path", e)
				}
			}
			if got := ids(lib); !slices.Equal(got, tc.ids) {
				t.Errorf("records: got %q, want %q", got, tc.ids)
			}
		})
	}
}

func unjoin(err error) []error {
	if err == nil {
		return nil
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func TestLoadSeedsUnmodified(t *testing.T) {
	lib, err := Load(Options{Paths: []string{filepath.Join("testdata", "seeds")}, NoBundled: true})
	if err != nil {
		t.Fatalf("seeds: %v", err)
	}
	if got, want := ids(lib), []string{"IL-0499", "IL-0271"}; !slices.Equal(got, want) {
		t.Fatalf("records %q, want %q", got, want)
	}
	for _, r := range lib.Records {
		raw, err := os.ReadFile(filepath.Join("testdata", "seeds", r.ID+".json"))
		if err != nil {
			t.Fatal(err)
		}
		var want Record
		if err := json.Unmarshal(raw, &want); err != nil {
			t.Fatal(err)
		}
		got := *r
		got.Origin, got.Day = "", time.Time{}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s changed on load:\n got %+v\nwant %+v", r.ID, got, want)
		}
		if r.Origin != filepath.Join("testdata", "seeds", r.ID+".json") {
			t.Errorf("%s: Origin %q", r.ID, r.Origin)
		}
	}
	r, err := lib.Record("il-0271")
	if err != nil {
		t.Fatal(err)
	}
	if r.Timeline.ResolvedAfter.D != 74*time.Minute || !r.Timeline.DetectedAfter.Known() || r.Impact.Region.EN != "unknown" {
		t.Errorf("IL-0271 fields: %+v %+v", r.Timeline, r.Impact)
	}
	if r.Year() != 2020 || len(r.Tags()) != 8 {
		t.Errorf("IL-0271: year %d, tags %q", r.Year(), r.Tags())
	}
}

func TestLoadPaths(t *testing.T) {
	dir := t.TempDir()
	write := func(name, s string) string {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	one := write("one/IL-0499.json", `{"id":"IL-0499","date":"2026-03-25","title":{"en":"mine"}}`)
	two := write("two/records.jsonl", `{"id":"IL-0499","date":"2026-03-25","title":"again"}`+"\n"+`{"id":"U-1","date":"1999-01-01","title":"old"}`)
	txt := write("notes.txt", "hello")
	missing := filepath.Join(dir, "nope")

	lib, err := Load(Options{Paths: []string{one, two, txt, missing}})
	wantErrs := []string{
		two + ":1:1: record IL-0499: duplicate id (first in " + one + ")",
		txt + ": unsupported file type (want .json or .jsonl)",
		missing + ": no such file or directory",
	}
	if got := errLines(err); !slices.Equal(got, wantErrs) {
		t.Errorf("errors:\n got %q\nwant %q", got, wantErrs)
	}
	wantNotices := []string{one + ": record IL-0499 replaces the bundled record"}
	if !slices.Equal(lib.Notices, wantNotices) {
		t.Errorf("notices %q, want %q", lib.Notices, wantNotices)
	}
	r, err := lib.Record("IL-0499")
	if err != nil || r.Title.EN != "mine" {
		t.Fatalf("IL-0499: %v %+v", err, r)
	}
	if _, ok := lib.Timeline("il-0499"); !ok {
		t.Error("the bundled timeline of IL-0499 is gone after its record was replaced")
	}
	if n := len(lib.Records); n < 3 || lib.Records[n-1].ID != "U-1" {
		t.Errorf("records not newest first: last is %s", lib.Records[n-1].ID)
	}
	seen := 0
	for _, r := range lib.Records {
		if strings.EqualFold(r.ID, "IL-0499") {
			seen++
		}
	}
	if seen != 1 {
		t.Errorf("IL-0499 is listed %d times", seen)
	}
}

func TestLibraryOrder(t *testing.T) {
	lib, err := loadMap(map[string]string{"a.jsonl": `{"id":"B-2","date":"2020-05-01","title":"t"}
{"id":"A-9","date":"2021-01-01","title":"t"}
{"id":"B-1","date":"2020-05-01","title":"t"}
{"id":"C-1","date":"2019-12-31","title":"t"}`})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := ids(lib), []string{"A-9", "B-1", "B-2", "C-1"}; !slices.Equal(got, want) {
		t.Errorf("order %q, want %q", got, want)
	}
}

func TestLibraryRecordAndNearest(t *testing.T) {
	lib, err := loadMap(map[string]string{"a.jsonl": `{"id":"IL-0499","date":"2026-03-25","title":"t"}
{"id":"IL-0271","date":"2020-03-16","title":"t"}
{"id":"IX-0009","date":"2025-10-19","title":"t"}
{"id":"IX-0019","date":"2022-04-05","title":"t"}`})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := lib.Record(" ix-0009 "); err != nil || r.ID != "IX-0009" {
		t.Errorf("Record(ix-0009) = %v, %v", r, err)
	}
	_, err = lib.Record("IL-9999")
	if !errors.Is(err, ErrNotFound) || err.Error() != `"IL-9999": incident not found` {
		t.Errorf("Record(IL-9999) error = %v", err)
	}
	tests := []struct {
		q    string
		n    int
		want []string
	}{
		{"IL-049", 3, []string{"IL-0499"}},
		{"il0499", 1, []string{"IL-0499"}},
		{"IX-0029", 3, []string{"IX-0009", "IX-0019"}},
		{"0499", 3, []string{"IL-0499"}},
		{"IL-0", 2, []string{"IL-0271", "IL-0499"}},
		{"zzz", 3, nil},
		{"", 3, nil},
		{"IL-0499", 0, nil},
	}
	for _, tc := range tests {
		if got := lib.Nearest(tc.q, tc.n); !slices.Equal(got, tc.want) {
			t.Errorf("Nearest(%q, %d) = %q, want %q", tc.q, tc.n, got, tc.want)
		}
	}
}

func TestLoadSanitises(t *testing.T) {
	lib, err := loadMap(map[string]string{
		"a.json": `{"id":"A-1\u001b[2J","org":"Evil\u202eCorp","date":"2020-01-01","title":{"en":"x\u001b]8;;http://e\u0007y","ko":"가\u0085나"},` +
			`"sources":[{"url":"https://e.com/\u009b31m"}],"impact":{"scope":"\u0000s"},"remediation":[{"text":{"en":"\u001bPq\u001b\\r"}}],"domain":["a\u0008b"]}`,
	})
	if err != nil {
		t.Fatal(err)
	}
	r := lib.Records[0]
	got := []string{r.ID, r.Org, r.Title.EN, r.Title.KO, r.Sources[0].URL, r.Impact.Scope.EN, r.Remediation[0].Text.EN, r.Domain[0]}
	want := []string{"A-1", "EvilCorp", "xy", "가나", "https://e.com/", "s", "r", "ab"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestLoadBundled(t *testing.T) {
	lib, err := Load(Options{})
	if err != nil {
		t.Fatalf("bundled library: %v", err)
	}
	if len(lib.Records) < 2 || lib.Vocab.Len() == 0 {
		t.Fatalf("bundled library: %d records, %d terms", len(lib.Records), lib.Vocab.Len())
	}
	for _, id := range []string{"IL-0499", "IL-0271"} {
		if _, err := lib.Record(id); err != nil {
			t.Error(err)
		}
	}
	empty, err := Load(Options{NoBundled: true})
	if err != nil || empty == nil || len(empty.Records) != 0 || empty.Vocab == nil {
		t.Errorf("Load with nothing: %v, %+v", err, empty)
	}
}

func TestLibraryByHand(t *testing.T) {
	r := &Record{ID: "IX-0001"}
	tl := &Timeline{Incident: "IX-0001"}
	lib := &Library{Records: []*Record{r}, Timelines: map[string]*Timeline{"IX-0001": tl}}
	if got, err := lib.Record("ix-0001"); err != nil || got != r {
		t.Errorf("Record = %v, %v", got, err)
	}
	if got, ok := lib.Timeline("ix-0001"); !ok || got != tl {
		t.Errorf("Timeline = %v, %v", got, ok)
	}
	if _, ok := lib.Timeline("IX-0002"); ok {
		t.Error("Timeline of an unknown id")
	}
	if got := lib.Nearest("IX-0002", 3); !slices.Equal(got, []string{"IX-0001"}) {
		t.Errorf("Nearest = %q", got)
	}
}
