package data

import (
	"encoding/json"
	"io/fs"
	"strings"
	"testing"
)

// jsonProbe is addFile's probe with encoding/json, which probeKind must
// agree with whenever it is sure.
func jsonProbe(b []byte) int {
	var probe struct {
		Events json.RawMessage `json:"events"`
		Terms  json.RawMessage `json:"terms"`
	}
	json.Unmarshal(b, &probe)
	switch {
	case probe.Events != nil:
		return unitTimeline
	case probe.Terms != nil:
		return unitVocab
	}
	return unitRecord
}

// FuzzProbeKind holds probeKind to the probe with encoding/json, over the
// bundle's files and odd objects.
func FuzzProbeKind(f *testing.F) {
	fs.WalkDir(Bundled(), ".", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			b, _ := fs.ReadFile(Bundled(), p)
			f.Add(b)
		}
		return nil
	})
	for _, s := range []string{`{}`, `{"events":null}`, `{"Events":[1]}`, `{"events":[],"terms":[]}`, `{"terms":{}}`,
		`{"a":1,"events":5}`, `{"events":[],"events":null}`, `{"ev\u0065nts":[]}`, `{"id":"x"} x`, `{"id":"x"}  `, `{"a":{"events":1}}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		kind, ok := probeKind(b)
		if !ok {
			return
		}
		if !json.Valid(b) {
			t.Fatalf("%q: sure of invalid JSON", b)
		}
		if want := jsonProbe(b); kind != want {
			t.Fatalf("%q: probeKind says %d, encoding/json %d", b, kind, want)
		}
	})
}

// TestBundledTimelinesFolder holds the bundle's timelines folder to what a
// search assumes when it leaves the folder unread: every file in it is a
// timeline.
func TestBundledTimelinesFolder(t *testing.T) {
	n := 0
	fs.WalkDir(Bundled(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasPrefix(p, bundledTimelines) {
			return err
		}
		n++
		b, err := fs.ReadFile(Bundled(), p)
		if err != nil || jsonProbe(b) != unitTimeline {
			t.Errorf("%s: not a timeline (%v); the bundle's timelines folder holds timelines alone", p, err)
		}
		return nil
	})
	if n == 0 {
		t.Errorf("the bundle has no %s folder", bundledTimelines)
	}
}
