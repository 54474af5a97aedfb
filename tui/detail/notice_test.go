package detail

import (
	"strings"
	"testing"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

// TestSilentKeys: a key that does nothing says why in the position line,
// in the reader's language, and the next key clears it.
func TestSilentKeys(t *testing.T) {
	recs := fixture(t)
	rel := byID(recs)
	width := 100
	open := func(id string, l data.Lang) Model {
		m := New(rel(id), Options{Lang: l, Styles: theme.Plain(), Related: rel, Replay: true,
			HasTimeline: func(id string) bool { return id == "FX-0007" }})
		m.SetSize(width, 12)
		m.Focus()
		return m
	}
	tests := []struct {
		name, id string
		keys     []string
		en, ko   string
	}{
		{"r without a timeline", "FX-0011", []string{"r"},
			"FX-0011 has no timeline to replay", "FX-0011에는 재생할 타임라인이 없습니다"},
		{"n wraps to the top", "FX-0007", []string{"/", "session", "enter", "N", "n"},
			"search wrapped to the top", "끝까지 찾아서 맨 위로 돌아왔습니다"},
		{"N wraps to the bottom", "FX-0007", []string{"/", "session", "enter", "N"},
			"search wrapped to the bottom", "처음까지 찾아서 맨 아래로 돌아왔습니다"},
		{"n with one match", "FX-0007", []string{"/", "europe-west1", "enter", "n"},
			"the only match", "일치하는 곳은 여기 하나뿐입니다"},
		{"n without a search", "FX-0007", []string{"n"},
			"no search yet: / searches the record", "검색어가 없습니다. /로 검색합니다"},
		{"tab without related incidents", "FX-0011", []string{"tab"},
			"no related incident to open", "열 수 있는 관련 사례가 없습니다"},
		{"enter before tab", "FX-0007", []string{"enter"},
			"tab chooses a related incident first", "먼저 tab으로 관련 사례를 고르십시오"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			defer func() { width = 100 }()
			// At 40 columns the notice is whole: the position gives way.
			for _, width = range []int{100, 40} {
				for l, want := range map[data.Lang]string{data.EN: tc.en, data.KO: tc.ko} {
					keys := tc.keys
					if l == data.KO && keys[0] == "/" && keys[1] == "session" {
						keys = append([]string{"/", "세션"}, keys[2:]...)
					}
					m := typeKeys(open(tc.id, l), keys...)
					if got := lastLine(m); !strings.Contains(got, want) {
						t.Errorf("%v at %d: position line %q lacks %q", l, width, got, want)
					}
					m = typeKeys(m, "j")
					if got := lastLine(m); strings.Contains(got, want) {
						t.Errorf("%v: the notice stayed after the next key: %q", l, got)
					}
				}
			}
		})
	}
	// A key that acts says nothing: n between matches, r with a timeline.
	m := typeKeys(open("FX-0007", data.EN), "/", "session", "enter", "n")
	if got := lastLine(m); strings.Contains(got, "wrapped") {
		t.Errorf("n to the second match says %q", got)
	}
	m, cmd := open("FX-0007", data.EN).Update(keyMsg("r"))
	if cmd == nil || strings.Contains(lastLine(m), "timeline") {
		t.Errorf("r on FX-0007 did not replay quietly: %q", lastLine(m))
	}
}
