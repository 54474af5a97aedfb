package replayer

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// bundledTimelines returns every timeline the library bundles, prepared
// (modelled series computed), by file name: whatever is bundled, not a
// fixed list.
func bundledTimelines(t *testing.T) map[string]*data.Timeline {
	t.Helper()
	files, err := fs.Glob(data.Bundled(), "timelines/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no bundled timelines (%v)", err)
	}
	out := map[string]*data.Timeline{}
	for _, f := range files {
		raw, err := fs.ReadFile(data.Bundled(), f)
		if err != nil {
			t.Fatal(err)
		}
		out[path.Base(f)] = preparedTimeline(t, raw)
	}
	return out
}

// strip is a view's text without styles, with runs of spaces squeezed.
func strip(v string) string { return flatText(ansi.Strip(v)) }

// futureOf collects, at study stop k of tl (the cursor just before it),
// the strings of everything after the cursor: the titles, annotations and
// outcome captions of the events the stop hides, their times of day, the
// names of the stages not finished, the per-instance series' instances
// not yet online, the what-if levers named for a later moment, and the
// timeline's end. From them it drops every string that also belongs to
// what is known at the cursor, in any language, so that only what exists
// after the cursor alone is asked about.
func futureOf(tl *data.Timeline, stops []replay.Stop, k int, lang data.Lang) []string {
	limit := stops[k].First
	at := beforeStop(tl, tl.Events[limit].At)
	var future, past []string
	// The stop's own questions are on screen: what they say is known.
	for i := stops[k].First; i <= stops[k].Last && i < len(tl.Events); i++ {
		past = append(past, flatText(tl.Events[i].Prompt.EN), flatText(tl.Events[i].Prompt.KO))
	}
	addText := func(to *[]string, t data.Text, n int) {
		for _, l := range []data.Lang{data.EN, data.KO} {
			s, _ := t.Get(l)
			if p := prefix(s, n); len([]rune(p)) >= 6 {
				*to = append(*to, p)
			}
		}
	}
	for i, e := range tl.Events {
		to := &past
		if i >= limit {
			to = &future
		}
		addText(to, e.Title, 24)
		addText(to, e.Annotation, 30)
		if i < limit { // a time of day a known text names is known (a find shows it)
			for _, t := range []data.Text{e.Title, e.Annotation} {
				past = append(past, clockWords.FindAllString(t.EN+" "+t.KO, -1)...)
			}
		}
		addText(&past, e.Actor, 40) // an actor is not an outcome: it may recur
		if e.Outcome != data.OutcomeNone {
			*to = append(*to, flatText(eventCaption(tl, e, lang)))
		}
		// The stop's own moment is the cursor's: the header shows it.
		if e.At.After(tl.Events[limit].At) {
			future = append(future, e.At.In(tl.Location()).Format("15:04"))
		} else {
			past = append(past, e.At.In(tl.Location()).Format("15:04"))
		}
	}
	for s, st := range tl.Stages {
		to := &past
		for i := limit; i < len(tl.Events); i++ {
			if tl.Events[i].Stage == st.ID {
				to = &future
			}
		}
		addText(to, st.Title, 40)
		_ = s
	}
	for _, s := range tl.Series {
		if s.Group != replay.GroupInstance || s.Instance == "" {
			continue
		}
		if len(s.Points) == 0 || s.Points[0].T.After(at) {
			future = append(future, s.Instance)
		} else {
			past = append(past, s.Instance)
		}
	}
	if sc, err := replay.Open(tl); err == nil {
		for _, p := range sc.Params() {
			later := false
			for _, hm := range clockWords.FindAllString(p.Label.EN+" "+p.Label.KO, -1) {
				if t, ok := clockOn(tl, hm); ok && t.After(at) {
					later = true
				}
			}
			if later {
				future = append(future, p.Name)
				addText(&future, p.Label, 40)
			}
		}
	}
	if tl.End.After(tl.Events[limit].At) {
		future = append(future, tl.End.In(tl.Location()).Format("15:04"))
	}
	corpus := strings.Join(past, "\n")
	var out []string
	for _, f := range future {
		if f != "" && !strings.Contains(corpus, f) {
			out = append(out, f)
		}
	}
	return out
}

// shows reports whether the view's text holds s: as a word when s is short
// (an instance name, a time), anywhere when it is a phrase.
func shows(text, s string) bool {
	if len([]rune(s)) <= 8 {
		return regexp.MustCompile(`(^|[^\w:.-])` + regexp.QuoteMeta(s) + `($|[^\w:-])`).MatchString(text)
	}
	return strings.Contains(text, s)
}

// stopViews are the views a group sees at a stop: the screen, with the
// heatmap, and with the what-if panel open.
func stopViews(m Model) map[string]string {
	out := map[string]string{"screen": m.View()}
	if m.keys.Heatmap.Enabled() {
		h, _ := press(m, runes("m"))
		out["heatmap"] = h.View()
	}
	// A find searches only what is known, and a jump goes nowhere past
	// the stop that asks: what either shows is known too.
	for _, q := range []string{"worked", "failed", "partly", "action", "recovery", "성공", "복구"} {
		f := find(m, q)
		out["find "+q] = f.View()
		f, _ = press(f, runes("n"))
		out["find "+q+" n"] = f.View()
		f, _ = press(f, runes("N"))
		out["find "+q+" N"] = f.View()
	}
	if m.tl != nil {
		// A time of day typed is shown back as typed: the stop's own one,
		// since futureOf does not tell the days of a time of day apart.
		end := m.tl.End.In(m.tl.Location())
		own := m.Now().In(m.tl.Location()).Format("15:04")
		for _, s := range []string{end.Format("2006-01-02 15:04"), "T+99999", "T+9999d", own} {
			out["go to "+s] = goTo(m, s).View()
		}
	}
	if m.keys.WhatIf.Enabled() {
		w, _ := press(m, runes("w"))
		out["what-if"] = w.View()
		for i := range 8 { // each lever's notes
			w, _ = press(w, tea.KeyMsg{Type: tea.KeyDown})
			out[fmt.Sprintf("what-if lever %d", i+2)] = w.View()
		}
	}
	return out
}

// dayElapsed is the header's time since the start on a timeline that
// spans days.
var dayElapsed = regexp.MustCompile(`T\+\s*\d+(d|일) \d+:\d\d`)

var studySizes = [][2]int{{120, 40}, {80, 24}}

// TestStudyShowsNothingAfterTheCursor walks every stop of every bundled
// timeline, at 120×40 and 80×24, in English, Korean and both, and reads
// the screen, the heatmap and the what-if panel: none may hold a string
// that exists only after the cursor (futureOf).
func TestStudyShowsNothingAfterTheCursor(t *testing.T) {
	for name, tl := range bundledTimelines(t) {
		stops := replay.Stops(tl)
		if len(stops) == 0 {
			continue
		}
		for _, lang := range []data.Lang{data.EN, data.KO, data.Both} {
			m := New(nil, tl, Options{Lang: lang, Styles: styles(), Study: true, Speed: 600})
			m.SetSize(120, 40)
			for k := range stops {
				m = playUntilAsking(t, m)
				if m.study.asking != k {
					t.Fatalf("%s %s: stop %d asks, want %d", name, lang, m.study.asking+1, k+1)
				}
				future := futureOf(tl, stops, k, lang)
				for _, sz := range studySizes {
					at := m
					at.SetSize(sz[0], sz[1])
					for what, v := range stopViews(at) {
						// The time since the start counts days ("T+1d 12:00"):
						// its h:mm is no time of day.
						text := dayElapsed.ReplaceAllString(strip(v), "T+")
						for _, f := range future {
							if shows(text, f) {
								t.Errorf("%s %s %dx%d stop %d (%s), %s: shows %q, which exists only after the cursor",
									name, lang, sz[0], sz[1], k+1, clockOf(m), what, f)
							}
						}
					}
				}
				m, _ = press(m, keyEnter)
			}
		}
	}
}

// withFuture returns a copy of tl whose series points after t are changed
// (ten times larger, plus a thousand): nothing drawn at t may change.
func withFuture(tl *data.Timeline, t time.Time) *data.Timeline {
	cp := *tl
	cp.Series = make([]data.Series, len(tl.Series))
	for i, s := range tl.Series {
		pts := make([]data.Point, len(s.Points))
		for j, p := range s.Points {
			if p.T.After(t) {
				p.V = p.V*10 + 1000
			}
			pts[j] = p
		}
		s.Points = pts
		cp.Series[i] = s
	}
	return &cp
}

// TestStudyCurvesKnowOnlyThePast: at every stop of every bundled timeline,
// each sparkline cell's height (and every other figure on the screen, the
// heatmap and the presenter's screen) is what the data up to the cursor
// alone gives: the views are the same when every point after the cursor is
// changed.
func TestStudyCurvesKnowOnlyThePast(t *testing.T) {
	for name, tl := range bundledTimelines(t) {
		stops := replay.Stops(tl)
		for k, st := range stops {
			at := beforeStop(tl, tl.Events[st.First].At)
			other := withFuture(tl, at)
			for _, sz := range studySizes {
				for _, present := range []bool{false, true} {
					views := make([]map[string]string, 2)
					for i, x := range []*data.Timeline{tl, other} {
						m := New(nil, x, Options{Lang: data.EN, Styles: styles(), Study: true, Present: present})
						m.SetSize(sz[0], sz[1])
						m.resumeAt(tl.Events[st.First].At)
						m.settle()
						m.rebuild()
						if m.study.asking != k {
							t.Fatalf("%s: resumed at stop %d, want %d", name, m.study.asking+1, k+1)
						}
						views[i] = stopViews(m)
					}
					for what, v := range views[0] {
						if w := views[1][what]; w != v {
							t.Errorf("%s %dx%d present=%v stop %d, %s: the view changes with the data after the cursor:\n%s\n---\n%s",
								name, sz[0], sz[1], present, k+1, what, ansi.Strip(v), ansi.Strip(w))
						}
					}
				}
			}
		}
	}
}
