package library

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/incidents-dev/incidents/data"
)

// user is a --data folder as a file system: one record of the user's own.
func user(t *testing.T) fstest.MapFS {
	t.Helper()
	b, err := os.ReadFile("../cmd/incidents/testdata/user/t-0001.json")
	if err != nil {
		t.Fatal(err)
	}
	return fstest.MapFS{"mine/t-0001.json": {Data: b}, "mine/notes.txt": {Data: []byte("not data")}}
}

func open(t *testing.T) *Library {
	t.Helper()
	lib, err := Open(Options{FS: []data.Dir{{FS: user(t), Name: "user/"}}})
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	return lib
}

func TestOpenFS(t *testing.T) {
	lib := open(t)
	r := lib.Find(" t-0001 ")
	if r == nil {
		t.Fatal("the user's record from the file system did not load")
	}
	if lib.Find("IL-0499") == nil {
		t.Error("the bundled library did not load")
	}
	bad := fstest.MapFS{"x/broken.json": {Data: []byte(`{"id": "Z-1", "title": `)}}
	only, err := Open(Options{NoBundled: true, FS: []data.Dir{{FS: bad, Name: "mine/"}}})
	if err == nil || !strings.Contains(err.Error(), "mine/x/broken.json:1:") {
		t.Errorf("Open of a broken file: error %v, want one at mine/x/broken.json:1:col", err)
	}
	if only == nil || len(only.Records()) != 0 {
		t.Errorf("Open with NoBundled loaded %d records, want 0", len(only.Records()))
	}
}

func TestRecordDidYouMean(t *testing.T) {
	lib := open(t)
	tests := []struct {
		id, want string
		found    bool
	}{
		{"il-0499", "", true},
		{"IL-0498", `"IL-0498": incident not found (did you mean IL-0499`, false},
		{"zzzzzzzz", `"zzzzzzzz": incident not found`, false},
	}
	for _, tc := range tests {
		t.Run(tc.id, func(t *testing.T) {
			r, err := lib.Record(tc.id)
			if tc.found {
				if err != nil || r == nil {
					t.Fatalf("Record(%q) = %v, %v", tc.id, r, err)
				}
				return
			}
			if !errors.Is(err, data.ErrNotFound) || !strings.HasPrefix(err.Error(), tc.want) {
				t.Errorf("Record(%q) error %v, want %q…", tc.id, err, tc.want)
			}
		})
	}
	if got := lib.Nearest("IL-0498", 1); len(got) != 1 || got[0] != "IL-0499" {
		t.Errorf("Nearest = %v, want [IL-0499]", got)
	}
}

// TestTimelinePreparedOnce asks for a modelled timeline from many goroutines
// at once (run with -race): every caller gets the same timeline with the
// model's series in it, computed once.
func TestTimelinePreparedOnce(t *testing.T) {
	lib := open(t)
	raw := lib.Data().Timelines["IL-0499"]
	before := len(raw.Series)
	var wg sync.WaitGroup
	got := make([]*data.Timeline, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, tl, err := lib.Timeline("il-0499")
			if err != nil {
				t.Error(err)
			}
			got[i] = tl
		}()
	}
	go lib.Prepare() //nolint:errcheck
	wg.Wait()
	modelled := 0
	for _, s := range got[0].Series {
		if s.Provenance == data.Modelled {
			modelled++
		}
	}
	if modelled == 0 || len(got[0].Series) < before {
		t.Fatalf("prepared timeline has %d modelled series of %d, want some", modelled, len(got[0].Series))
	}
	n := len(got[0].Series)
	for _, tl := range got {
		if tl != got[0] || len(tl.Series) != n {
			t.Fatal("callers got different timelines or series")
		}
	}
	if err := lib.Prepare(); err != nil || len(raw.Series) != n {
		t.Errorf("Prepare again: %v, %d series, want %d: preparing twice must not add series", err, len(raw.Series), n)
	}
}

func TestTimelineErrors(t *testing.T) {
	lib := open(t)
	if _, _, err := lib.Timeline("T-0001"); !errors.Is(err, ErrNoTimeline) || !strings.Contains(err.Error(), "incidents with one: IL-0271, IL-0499") {
		t.Errorf("Timeline of a record without one: %v", err)
	}
	if _, _, err := lib.Timeline("IL-0498"); !errors.Is(err, data.ErrNotFound) || !strings.Contains(err.Error(), "did you mean") {
		t.Errorf("Timeline of an unknown id: %v", err)
	}
	if !lib.HasTimeline("il-0271") || lib.HasTimeline("T-0001") {
		t.Error("HasTimeline is wrong")
	}
}

func TestWhatIf(t *testing.T) {
	lib := open(t)
	_, tl, err := lib.Timeline("IL-0499")
	if err != nil {
		t.Fatal(err)
	}
	hyp, err := lib.WhatIf(tl, map[string]string{"partitions": "32"})
	if err != nil {
		t.Fatal(err)
	}
	if hyp == tl || len(hyp.Series) != len(tl.Series) {
		t.Errorf("WhatIf returned the same timeline or other series")
	}
	if _, err := lib.WhatIf(tl, map[string]string{"nope": "1"}); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("WhatIf with an unknown parameter: %v", err)
	}
	_, plain, _ := lib.Timeline("IL-0271")
	if _, err := lib.WhatIf(plain, nil); !errors.Is(err, ErrNoModel) {
		t.Errorf("WhatIf without a model: %v, want ErrNoModel", err)
	}
	if len(WhatIfParams()) == 0 {
		t.Error("no what-if parameters")
	}
}

// TestSearchIndexOrNot checks that a search gives the same matches before
// the index is built (a one-off scan) and after (the index).
func TestSearchIndexOrNot(t *testing.T) {
	for _, q := range []string{"etcd", "음성", "org:discord", "zzqx", ""} {
		lib := open(t)
		before := lib.Search(q)
		lib.Index()
		after := lib.Search(q)
		if len(before) != len(after) {
			t.Fatalf("%q: %d matches without the index, %d with", q, len(before), len(after))
		}
		for i := range before {
			if before[i].Record != after[i].Record || before[i].Score != after[i].Score {
				t.Errorf("%q: match %d differs: %s/%d vs %s/%d", q, i, before[i].Record.ID, before[i].Score, after[i].Record.ID, after[i].Score)
			}
		}
	}
}

func TestJSONViews(t *testing.T) {
	lib := open(t)
	var b bytes.Buffer
	if err := WriteJSON(&b, SearchView(lib.Search("zanzibar"))); err != nil {
		t.Fatal(err)
	}
	var res []SearchResult
	if err := json.Unmarshal(b.Bytes(), &res); err != nil || len(res) == 0 || res[0].ID != "T-0001" {
		t.Fatalf("search view %s: %v", b.String(), err)
	}
	if len(res[0].Matched) == 0 || res[0].Matched[0] != "title.en" {
		t.Errorf("matched fields = %v, want title.en first", res[0].Matched)
	}
	_, tl, _ := lib.Timeline("IL-0499")
	v := TimelineView(tl, true)
	if !v.Hypothetical || v.Zone != tl.Zone || len(v.Series) != len(tl.Series) {
		t.Errorf("timeline view: %+v", v)
	}
	if p := v.Series[0].Points[0].T; !strings.HasSuffix(p, "-07:00") && !strings.HasSuffix(p, "-08:00") {
		t.Errorf("point time %q is not in the incident's zone", p)
	}
	b.Reset()
	if err := WriteJSON(&b, map[string]string{"a": "<&>"}); err != nil || b.String() != "{\n  \"a\": \"<&>\"\n}\n" {
		t.Errorf("WriteJSON = %q, %v", b.String(), err)
	}
}
