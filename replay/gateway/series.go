package gateway

import (
	"math"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// The names of the series the model writes.
const (
	SeriesRequests = "requests"
	SeriesSuccess  = "success_rate"
	SeriesWaiting  = "waiting"
	SeriesTasks    = "tasks"
)

// Labels holds the labels of the series a run writes, read from the model
// block's "labels".
type Labels struct {
	Requests data.Text `json:"requests"`
	Success  data.Text `json:"success_rate"`
	Waiting  data.Text `json:"waiting"`
	Tasks    data.Text `json:"tasks"`
}

func (l Labels) complete() (string, bool) {
	for _, f := range []struct {
		name string
		t    data.Text
	}{{SeriesRequests, l.Requests}, {SeriesSuccess, l.Success}, {SeriesWaiting, l.Waiting}, {SeriesTasks, l.Tasks}} {
		if !f.t.Complete() {
			return f.name, false
		}
	}
	return "", true
}

// runKind says what kind of run every run is, the incident's and a
// what-if's alike: the operators' actions at their times, unless the
// what-if moves or drops them.
var runKind = data.Text{
	EN: "the operators' actions at their times on the day, each taken only if the gateway is failing then, where the what-if does not change them",
	KO: "가정 실험이 바꾸지 않은 장애 당시 시각의 운영자 조치(그때 게이트웨이가 실패하고 있을 때만)",
}

// nouns name what the model's figures count.
var nouns = replay.Nouns{
	Peak:    data.Text{EN: "request rate", KO: "요청률"},
	Waiters: data.Text{EN: "users", KO: "사용자"}, Counter: "명",
	WaitFor: data.Text{EN: "the editor to load", KO: "편집기 로딩"},
	Hours:   data.Text{EN: "user-hours", KO: "사용자·시간"},
}

var hypothetical = data.Text{EN: "Hypothetical", KO: "가정"}

// Series turns the run into timeline series labelled from m. A non-empty
// scenario ("lock_cut=0") marks every series hypothetical, in its label
// and its note.
func (r Run) Series(m Model, scenario string) []data.Series {
	hyp := scenario != ""
	note := r.note(m)
	label := func(t data.Text) data.Text {
		if !hyp {
			return t
		}
		return data.Text{
			EN: hypothetical.EN + ": " + t.EN + " · " + scenario + " · modelled",
			KO: hypothetical.KO + ": " + t.KO + " · " + scenario + " · 모델 계산",
		}
	}
	if hyp {
		note = data.Text{
			EN: hypothetical.EN + " (" + scenario + "): a what-if run of the same kind as the incident's, with " + runKind.EN + ". " + note.EN,
			KO: hypothetical.KO + "(" + scenario + "): 장애 당시와 같은 종류의 가정 실험으로, " + runKind.KO + "를 따릅니다. " + note.KO,
		}
	}
	series := func(name, unit string, l data.Text, pts []data.Point) data.Series {
		return data.Series{Name: name, Unit: unit, Provenance: data.Modelled, Note: note, Label: label(l),
			Hypothetical: hyp, Scenario: scenario, Points: pts}
	}
	return []data.Series{
		series(SeriesRequests, "per s", m.Labels.Requests, pointsOf(r.Times, r.Sent, 1)),
		series(SeriesSuccess, "%", m.Labels.Success, pointsOf(r.Times, r.Success, 100)),
		series(SeriesWaiting, "users", m.Labels.Waiting, pointsOf(r.Times, r.Waiting, 1)),
		series(SeriesTasks, "tasks", m.Labels.Tasks, pointsOf(r.Times, r.Serving, 1)),
	}
}

// note is the series note of r: the model block's, then the run's own
// outcome, computed from its series.
func (r Run) note(m Model) data.Text {
	tl := &data.Timeline{Series: []data.Series{
		{Name: SeriesRequests, Points: pointsOf(r.Times, r.Sent, 1)},
		{Name: SeriesSuccess, Points: pointsOf(r.Times, r.Success, 100)},
		{Name: SeriesWaiting, Points: pointsOf(r.Times, r.Waiting, 1)},
	}}
	s, ok := Summarize(tl)
	if !ok {
		return m.SeriesNote
	}
	o := replay.Outcome(s, m.Start.Location())
	return data.Text{
		EN: strings.TrimSpace(m.SeriesNote.EN + " This run, as modelled: " + o.EN),
		KO: strings.TrimSpace(m.SeriesNote.KO + " 이 실행의 모델 계산 결과: " + o.KO),
	}
}

// pointsOf pairs times and values, each rounded to 1/round as the series
// keep them, so that a note and a summary read from the series agree.
func pointsOf(ts []time.Time, vs []float64, round float64) []data.Point {
	pts := make([]data.Point, len(vs))
	for i, v := range vs {
		pts[i] = data.Point{T: ts[i], V: math.Round(v*round) / round}
	}
	return pts
}

// Summarize reads a run's figures from tl's series: the peak request rate,
// success, and the users waiting for their editor. ok is false when tl
// lacks the requests or success series.
func Summarize(tl *data.Timeline) (s replay.Summary, ok bool) {
	var rq, sr, wt *data.Series
	for i := range tl.Series {
		switch tl.Series[i].Name {
		case SeriesRequests:
			rq = &tl.Series[i]
		case SeriesSuccess:
			sr = &tl.Series[i]
		case SeriesWaiting:
			wt = &tl.Series[i]
		}
	}
	if rq == nil || sr == nil || len(rq.Points) == 0 || len(sr.Points) == 0 {
		return replay.Summary{}, false
	}
	s.Kind, s.Nouns = runKind, nouns
	s.End = sr.Points[len(sr.Points)-1].T
	for i, p := range rq.Points {
		if i == 0 || p.V > s.Peak {
			s.Peak, s.PeakAt = p.V, p.T
		}
	}
	if wt != nil && len(wt.Points) > 0 {
		s.Waiting = true
		for i, p := range wt.Points {
			s.WaitingPeak = max(s.WaitingPeak, p.V)
			if i+1 < len(wt.Points) {
				s.WaitingHours += p.V * wt.Points[i+1].T.Sub(p.T).Hours()
			}
		}
		s.WaitingEnd = wt.Points[len(wt.Points)-1].V
	}
	below95 := false
	s.LowestSuccess = sr.Points[0].V
	for i, p := range sr.Points {
		s.LowestSuccess = min(s.LowestSuccess, p.V)
		if p.V < 5 && s.FirstBelow5.IsZero() {
			s.FirstBelow5 = p.T
		}
		if p.V < 95 {
			below95 = true
			s.RecoveredAbove95 = time.Time{}
		} else if below95 && s.RecoveredAbove95.IsZero() {
			s.RecoveredAbove95 = p.T
		}
		if p.V < 50 && i+1 < len(sr.Points) {
			s.MinutesBelow50 += sr.Points[i+1].T.Sub(p.T).Minutes()
		}
	}
	return s, true
}
