package whatif

import (
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// Study mode opens the what-if panel at a stop, before the group has seen
// what came next. The panel then shows the incident only as far as it was
// known at the cursor: its figures are read from the series up to that
// moment, and a parameter whose incident value is a later moment (when the
// rate limits came, say) is shown as hidden until the group changes it.

// KnownAt limits the panel to what was known at t (study mode); a zero t
// shows all.
func (w Model) KnownAt(t time.Time) Model {
	w.known = t
	if w.params != nil && !w.offered(w.sel) {
		w.sel = w.nextShown(1)
	}
	if w.sc == nil || w.tl == nil {
		return w
	}
	if t.IsZero() {
		w.orig, w.origOK = w.sc.Summarize(w.tl)
		return w
	}
	w.orig, w.origOK = w.sc.Summarize(seriesUntil(w.tl, t))
	return w
}

// seriesUntil returns a copy of tl whose series end at t.
func seriesUntil(tl *data.Timeline, t time.Time) *data.Timeline {
	cp := *tl
	cp.Series = make([]data.Series, len(tl.Series))
	for i, s := range tl.Series {
		n := 0
		for n < len(s.Points) && !s.Points[n].T.After(t) {
			n++
		}
		s.Points = s.Points[:n:n]
		cp.Series[i] = s
	}
	return &cp
}

// hidesBase reports whether parameter i's incident value is a time of day
// after the moment the panel knows: shown, it would tell what came next.
// A setting of the same lever (rate_limit beside rate_limit_at: how strong
// the limits that came later were) is hidden with it, and so is a value
// whose basis names a later moment (IX-0020's readmit_min, "from 09:27 to
// about 10:00": how the operators later let traffic back).
func (w Model) hidesBase(i int) bool {
	if w.laterTime(i) {
		return true
	}
	if w.known.IsZero() || i >= len(w.params) {
		return false
	}
	if w.namesLater(whatIfText(w.params[i].Note, data.Both)) {
		return true
	}
	for j, p := range w.params {
		if j != i && strings.HasPrefix(p.Name, w.params[i].Name+"_") && w.laterTime(j) {
			return true
		}
	}
	return false
}

// laterTime reports whether parameter i's incident value is a time of day
// after the moment the panel knows.
func (w Model) laterTime(i int) bool {
	if w.known.IsZero() || w.tl == nil || i >= len(w.base) {
		return false
	}
	at, ok := clockOn(w.tl, w.base[i])
	return ok && at.After(w.known)
}

// offered reports whether study mode offers parameter i: not a lever
// whose label names a later moment ("13:05 cluster restart", "14:15
// doubling"): it did not exist at the cursor, and its name would tell what
// came next. Outside study mode every parameter is offered.
func (w Model) offered(i int) bool {
	return !w.namesLater(whatIfText(w.params[i].Label, data.Both)) && !w.namesLater(w.params[i].Name)
}

// shownParams returns the indices of the parameters the panel offers.
func (w Model) shownParams() []int {
	out := make([]int, 0, len(w.params))
	for i := range w.params {
		if w.offered(i) {
			out = append(out, i)
		}
	}
	return out
}

// nextShown returns the offered parameter d rows from the selected one,
// kept within the list.
func (w Model) nextShown(d int) int {
	vis := w.shownParams()
	if len(vis) == 0 {
		return w.sel
	}
	k := slices.Index(vis, w.sel)
	if k < 0 {
		return vis[0]
	}
	return vis[min(len(vis)-1, max(0, k+d))]
}

// clockOn reads "HH:MM" as a moment of tl, in its zone, on or after its
// start.
func clockOn(tl *data.Timeline, v string) (time.Time, bool) {
	hm, err := time.Parse("15:04", v)
	if err != nil {
		return time.Time{}, false
	}
	loc := tl.Location()
	start := tl.Start.In(loc)
	at := time.Date(start.Year(), start.Month(), start.Day(), hm.Hour(), hm.Minute(), 0, 0, loc)
	if at.Before(start) {
		at = at.Add(24 * time.Hour)
	}
	return at, true
}

// shownBase is parameter i's incident value as the panel shows it.
func (w Model) shownBase(i int) string {
	if w.hidesBase(i) {
		return whatIfWords.later.In(w.lang)
	}
	return w.display(w.base[i])
}

// clockWords finds the times of day a parameter's label names.
var clockWords = regexp.MustCompile(`\b([01]?\d|2[0-3]):[0-5]\d\b`)

// shownLabel is parameter i's label as the panel shows it: a label that
// names a later moment ("13:05 cluster restart") tells what came next, so
// study mode shows it as a later action until the group reaches it.
func (w Model) shownLabel(i int) string {
	label := whatIfText(w.params[i].Label, w.lang)
	if w.namesLater(label) {
		return whatIfWords.laterAction.In(w.lang)
	}
	return label
}
