package replayer

import (
	"strings"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
)

func TestFindUnexplained(t *testing.T) {
	at := func(h, m int) time.Time { return time.Date(2026, 3, 25, h, m, 0, 0, time.UTC) }
	success := func(prov data.Provenance, vs ...float64) data.Series {
		s := data.Series{Name: "success_rate", Unit: "%", Provenance: prov}
		for i, v := range vs {
			s.Points = append(s.Points, data.Point{T: at(14, 10*i), V: v})
		}
		return s
	}
	end := []data.Event{{At: at(14, 0)}, {At: at(15, 30)}}
	for _, tc := range []struct {
		name     string
		series   data.Series
		events   []data.Event
		ok       bool
		from, to time.Time
	}{
		{"modelled recovery before the end", success(data.Modelled, 100, 20, 40, 99, 100), end, true, at(14, 30), at(15, 30)},
		{"a dip after the recovery moves it", success(data.Modelled, 20, 99, 90, 99), end, true, at(14, 30), at(15, 30)},
		{"reported series are not the model", success(data.Reported, 20, 99, 100), end, false, time.Time{}, time.Time{}},
		{"never recovers", success(data.Modelled, 100, 20, 40), end, false, time.Time{}, time.Time{}},
		{"never falls", success(data.Modelled, 100, 100), end, false, time.Time{}, time.Time{}},
		{"recovers after the last event", success(data.Modelled, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 100), end, false, time.Time{}, time.Time{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tl := &data.Timeline{Series: []data.Series{tc.series}, Events: tc.events}
			u := findUnexplained(tl)
			if u.ok != tc.ok || !u.from.Equal(tc.from) || !u.to.Equal(tc.to) {
				t.Fatalf("got %v %s–%s, want %v %s–%s", u.ok, u.from.Format("15:04"), u.to.Format("15:04"), tc.ok, tc.from.Format("15:04"), tc.to.Format("15:04"))
			}
			if u.ok && (!u.in(tc.from) || u.in(tc.to) || u.in(tc.from.Add(-time.Second))) {
				t.Error("in() does not cover [from, to)")
			}
			if u.ok {
				for _, l := range []data.Lang{data.EN, data.KO, data.Both} {
					if s := u.line(tl, l); !strings.Contains(s, "14:30") || !strings.Contains(s, "15:30") {
						t.Errorf("%v line %q", l, s)
					}
				}
			}
		})
	}
}

// TestUnexplainedOnScreen: the replay marks the stretch after the model's
// recovery in the stage rule while the cursor is in it, in both languages,
// and the timeline text says it once.
func TestUnexplainedOnScreen(t *testing.T) {
	tl := modelTimeline(t)
	u := findUnexplained(tl)
	if !u.ok || !u.to.Equal(modelAt(15, 30)) || u.from.Before(modelAt(14, 3)) || !u.from.Before(modelAt(14, 30)) {
		t.Fatalf("stretch %v %s–%s, want from the model's recovery (14:03–14:30) to 15:30", u.ok, u.from.Format("15:04"), u.to.Format("15:04"))
	}
	for _, tc := range []struct {
		lang data.Lang
		mark string
	}{{data.EN, "not explained by the model"}, {data.KO, "모델로 설명되지 않는 구간"}} {
		for _, sz := range modelSizes {
			for _, at := range []struct {
				hm   string
				want bool
			}{{"13:00", false}, {"14:40", true}, {"15:35", false}} {
				m := New(nil, tl, Options{Styles: styles(), Lang: tc.lang, At: at.hm})
				m.SetSize(sz.w, sz.h)
				v := m.View()
				checkView(t, v, sz.w, sz.h, "unexplained "+at.hm)
				if got := strings.Contains(v, tc.mark); got != at.want {
					t.Errorf("%s %dx%d at %s: mark shown %v, want %v:\n%s", tc.lang, sz.w, sz.h, at.hm, got, at.want, v)
				}
				p := New(nil, tl, Options{Styles: styles(), Lang: tc.lang, At: at.hm, Present: true})
				p.SetSize(sz.w, sz.h)
				v = p.View()
				checkView(t, v, sz.w, sz.h, "unexplained presenting "+at.hm)
				if got := strings.Contains(v, tc.mark); got != at.want && sz.w >= 100 {
					t.Errorf("presenting %s %dx%d at %s: mark shown %v, want %v:\n%s", tc.lang, sz.w, sz.h, at.hm, got, at.want, v)
				}
			}
		}
		text := RenderText(nil, tl, TextOptions{Lang: tc.lang, Width: 80, Styles: styles()})
		flat := strings.Join(strings.Fields(text), " ")
		if line := u.line(tl, tc.lang); strings.Count(flat, line) != 1 {
			t.Errorf("%s text says %q %d times, want once", tc.lang, line, strings.Count(flat, line))
		}
	}
}
