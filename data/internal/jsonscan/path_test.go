package jsonscan

import "testing"

func TestLocatePath(t *testing.T) {
	raw := []byte(`{"id": "X", "Events": [ {"at": "a"}, {"at": "b", "title": {"en": ""}} ], "n": [1, [2, 3]]}`)
	for _, tc := range []struct {
		path string
		want string // the text at the offset
		ok   bool
	}{
		{"id", `"X"`, true},
		{"events[1].at", `"b"`, true},
		{"events[1].title.en", `""`, true},
		{"events[0]", `{"at"`, true},
		{"n[1][1]", `3`, true},
		{"events[1].stage", `{"at": "b"`, false}, // missing: the object that lacks it
		{"events[5].at", `[ {"at"`, false},
		{"id.x", `"X"`, false},
		{"", `{"id"`, true},
		{"events[x]", `[ {"at"`, false},
	} {
		t.Run(tc.path, func(t *testing.T) {
			off, ok := LocatePath(raw, tc.path)
			if ok != tc.ok || off+len(tc.want) > len(raw) || string(raw[off:off+len(tc.want)]) != tc.want {
				t.Errorf("LocatePath(%q) = %d %v (%q…), want %q %v", tc.path, off, ok, raw[off:min(off+10, len(raw))], tc.want, tc.ok)
			}
		})
	}
}

func FuzzLocatePath(f *testing.F) {
	f.Add([]byte(`{"a": [1, {"b": 2}]}`), "a[1].b")
	f.Fuzz(func(t *testing.T, raw []byte, path string) {
		off, _ := LocatePath(raw, path)
		if off < 0 || off > len(raw) {
			t.Fatalf("offset %d outside 0..%d", off, len(raw))
		}
	})
}
