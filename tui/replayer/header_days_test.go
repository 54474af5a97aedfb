package replayer

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
)

// fieldCols returns the cells at which the header's right-hand fields
// start: the clock, "T+", the total's "of", the play state's mark and word,
// and the end of the speed.
func fieldCols(t *testing.T, m Model, lang data.Lang) []int {
	t.Helper()
	h := header(m)
	mark := stateMark(m.Playing())
	word := words.paused.In(lang)
	if m.Playing() {
		word = words.playing.In(lang)
	}
	var cols []int
	for _, f := range []string{momentOf(m.tl, m.Now(), m.clock.Speed() <= 10).clock, "T+", " " + words.of.In(lang) + " ", mark, word, "×"} {
		i := strings.LastIndex(h, f)
		if i < 0 {
			t.Fatalf("no %q in the header %q", f, h)
		}
		cols = append(cols, ansi.StringWidth(h[:i]))
	}
	return cols
}

// TestHeaderFieldsKeepTheirColumns plays, pauses and slows down to 1×,
// where seconds appear: no field of the header moves by a cell.
func TestHeaderFieldsKeepTheirColumns(t *testing.T) {
	rec, tl := fixture(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		for _, w := range []int{120, 80} {
			m := New(rec, tl, Options{Lang: lang, Styles: styles(), At: "12:47"})
			m.SetSize(w, 24)
			base := header(m)
			want := fieldCols(t, m, lang)
			steps := []struct {
				name string
				keys []string
			}{
				{"playing", []string{" "}},
				{"paused", []string{" "}},
				{"1× paused", []string{"-", "-", "-"}},
				{"1× playing", []string{" "}},
				{"600× playing", []string{"+", "+", "+", "+"}},
			}
			for _, st := range steps {
				for _, k := range st.keys {
					if k == " " {
						m, _ = press(m, keySpace)
						continue
					}
					m, _ = press(m, runes(k))
				}
				if st.name == "1× playing" {
					m = tick(m)
				}
				if got := fieldCols(t, m, lang); !equalInts(got, want) {
					t.Errorf("%s %d %s: fields at %v, want %v\n%s\n%s", lang, w, st.name, got, want, base, header(m))
				}
			}
		}
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// bundledIX0006 is the bundled IX-0006, whose 154 days hold two gaps of
// months.
func bundledIX0006(t *testing.T) *data.Timeline {
	t.Helper()
	tl, ok := bundledTimelines(t)["IX-0006.json"]
	if !ok {
		t.Fatal("IX-0006 is not bundled")
	}
	return tl
}

// TestQuietStretchSkipped plays IX-0006 at 60×: each gap of weeks is
// skipped to a few seconds before the next event and says so, every event
// is still reached, and the whole replay plays in minutes of wall time,
// not weeks.
func TestQuietStretchSkipped(t *testing.T) {
	tl := bundledIX0006(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		m := New(nil, tl, Options{Lang: lang, Styles: styles(), Speed: 60})
		m.SetSize(120, 40)
		m, _ = press(m, keySpace)
		seen := map[int]bool{}
		var notices []string
		ticks := 0
		for ; m.Playing() && ticks < 100000; ticks++ {
			prev := m.Now()
			m = tick(m)
			seen[m.clock.Event()] = true
			if m.skipText != "" && m.notice == m.skipText && (len(notices) == 0 || notices[len(notices)-1] != m.notice) {
				notices = append(notices, m.notice)
				next, _ := m.clock.Next()
				lead := next.Now().Sub(m.Now())
				if lead <= 0 || lead > skipLead*60 {
					t.Errorf("%s: a skip from %v lands %v before the next event, want at most %v", lang, prev, lead, skipLead*60)
				}
				if h := header(m); !strings.Contains(h, m.notice) {
					t.Errorf("%s: the header does not say it skipped: %q", lang, h)
				}
			}
		}
		if len(seen) != len(tl.Events) {
			t.Errorf("%s: reached %d of %d events", lang, len(seen), len(tl.Events))
		}
		if wall := time.Duration(ticks) * tickEvery; wall > 10*time.Minute {
			t.Errorf("%s: IX-0006 plays for %v of wall time", lang, wall)
		}
		want := map[data.Lang][]string{
			data.EN: {"skipped 33d 23h with no events", "skipped 102d 4h with no events"},
			data.KO: {"이벤트가 없는 33일 23시간 구간을 건너뛰었습니다", "이벤트가 없는 102일 4시간 구간을 건너뛰었습니다"},
		}[lang]
		if len(notices) < len(want) || notices[0] != want[0] || notices[1] != want[1] {
			t.Errorf("%s: notices %q, want first %q", lang, notices, want)
		}
	}
}

// TestMultiDayView is IX-0006's screen, the header counting days and the
// axis naming dates, in English and Korean at 120×40 and 80×24; the
// screen just after the first skip.
func TestMultiDayView(t *testing.T) {
	tl := bundledIX0006(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		for _, sz := range [][2]int{{120, 40}, {80, 24}} {
			name := fmt.Sprintf("%s_%dx%d", lang, sz[0], sz[1])
			t.Run(name, func(t *testing.T) {
				m := New(nil, tl, Options{Lang: lang, Styles: styles(), Speed: 60})
				m.SetSize(sz[0], sz[1])
				m, _ = press(m, keySpace)
				for range 1000 {
					if m = tick(m); m.skipText != "" {
						break
					}
				}
				golden.RequireEqual(t, []byte(m.View()))
			})
		}
	}
}

// TestDaysOnMultiDayTimelines writes times since the start and the axis's
// ends with days and dates when a timeline spans days, and as before
// otherwise.
func TestDaysOnMultiDayTimelines(t *testing.T) {
	days := multiDayTimeline()
	_, short := fixture(t)
	d := 30*time.Hour + 9*time.Minute
	for _, tc := range []struct {
		tl              *data.Timeline
		lang            data.Lang
		span, axisStart string
	}{
		{days, data.EN, "1d 6:09", "Jul 17"},
		{days, data.KO, "1일 6:09", "7월 17일"},
		{short, data.EN, "30:09", "12:13"},
		{short, data.KO, "30:09", "12:13"},
	} {
		if got := spanText(tc.tl, d, tc.lang); got != tc.span {
			t.Errorf("%s %s: span %q, want %q", tc.tl.Incident, tc.lang, got, tc.span)
		}
		if got := axisLabel(tc.tl, tc.tl.Start, tc.lang); got != tc.axisStart {
			t.Errorf("%s %s: axis %q, want %q", tc.tl.Incident, tc.lang, got, tc.axisStart)
		}
	}
}
