package mailbox

import (
	"math"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// The names of the series the model writes. Per-instance series are named
// "mailbox/2-1" (group replay.GroupInstance) and "ring/2-1" (group
// replay.GroupRing), with the instance in data.Series.Instance.
const (
	SeriesMailbox = "mailbox"
	SeriesSuccess = "success_rate"
	SeriesRing    = "ring"
	// SeriesAwaiting is the calls waiting for an endpoint.
	SeriesAwaiting = "awaiting"
)

// Labels holds the labels of the series a run writes, read from the model
// block's "labels" (they name the incident's system). In the per-instance
// labels, "{instance}" stands for the instance's name.
type Labels struct {
	Mailbox         data.Text `json:"mailbox"`
	Success         data.Text `json:"success_rate"`
	Ring            data.Text `json:"ring"`
	Awaiting        data.Text `json:"awaiting"`
	InstanceMailbox data.Text `json:"instance_mailbox"`
	InstanceRing    data.Text `json:"instance_ring"`
}

func (l Labels) complete() (string, bool) {
	for _, f := range []struct {
		name string
		t    data.Text
	}{
		{"mailbox", l.Mailbox}, {"success_rate", l.Success}, {"ring", l.Ring}, {"awaiting", l.Awaiting},
		{"instance_mailbox", l.InstanceMailbox}, {"instance_ring", l.InstanceRing},
	} {
		if !f.t.Complete() {
			return f.name, false
		}
	}
	return "", true
}

// hypothetical is the prefix of every label and note of a what-if series.
var hypothetical = data.Text{EN: "Hypothetical", KO: "가정"}

// Series turns the run into timeline series labelled from m. A non-empty
// scenario (the changed parameters, "partitions=4") marks every series
// hypothetical: "Hypothetical: " before its label and " · partitions=4 ·
// modelled" after it, and the same before its note.
func (r Run) Series(m Model, scenario string) []data.Series {
	hyp := scenario != ""
	label := func(t data.Text, instance string) data.Text {
		t = data.Text{EN: strings.ReplaceAll(t.EN, "{instance}", instance), KO: strings.ReplaceAll(t.KO, "{instance}", instance)}
		if !hyp {
			return t
		}
		return data.Text{
			EN: hypothetical.EN + ": " + t.EN + " · " + scenario + " · modelled",
			KO: hypothetical.KO + ": " + t.KO + " · " + scenario + " · 모델 계산",
		}
	}
	note := m.SeriesNote
	if hyp {
		note = data.Text{
			EN: hypothetical.EN + " (" + scenario + "): a what-if run, under which the operators follow the stated rule (policy_after_min, policy_every_min) instead of the incident's restarts. " + note.EN,
			KO: hypothetical.KO + "(" + scenario + "): 가정 실험이며, 운영자는 장애 당시의 재시작 대신 적어 둔 규칙(policy_after_min, policy_every_min)을 따릅니다. " + note.KO,
		}
	}
	points := func(ts []time.Time, vs []float64, round float64) []data.Point {
		pts := make([]data.Point, len(vs))
		for i, v := range vs {
			pts[i] = data.Point{T: ts[i], V: math.Round(v*round) / round}
		}
		return pts
	}
	series := func(name, unit string, l data.Text, group, instance string, pts []data.Point) data.Series {
		return data.Series{
			Name: name, Unit: unit, Provenance: data.Modelled, Note: note, Label: label(l, instance),
			Group: group, Instance: instance, Hypothetical: hyp, Scenario: scenario, Points: pts,
		}
	}
	out := []data.Series{
		series(SeriesMailbox, "messages", m.Labels.Mailbox, "", "", points(r.Times, r.Mailbox, 1)),
		series(SeriesSuccess, "%", m.Labels.Success, "", "", points(r.Times, r.Success, 100)),
		series(SeriesAwaiting, "calls", m.Labels.Awaiting, "", "", points(r.Times, r.Awaiting, 1)),
		series(SeriesRing, "instances", m.Labels.Ring, "", "", points(r.Times, r.Ring, 1)),
	}
	for _, in := range r.Instances {
		out = append(out, series("mailbox/"+in.Name, "messages", m.Labels.InstanceMailbox,
			replay.GroupInstance, in.Name, points(r.InstanceTimes[in.First:], in.Mailbox, 1)))
	}
	for _, in := range r.Instances {
		out = append(out, series("ring/"+in.Name, "in ring", m.Labels.InstanceRing,
			replay.GroupRing, in.Name, points(r.InstanceTimes[in.First:], in.InRing, 1)))
	}
	return out
}

// Summarize reads a Summary from tl's mailbox and success_rate series. ok is
// false when tl lacks either.
func Summarize(tl *data.Timeline) (s replay.Summary, ok bool) {
	var mb, sr *data.Series
	for i := range tl.Series {
		switch tl.Series[i].Name {
		case SeriesMailbox:
			mb = &tl.Series[i]
		case SeriesSuccess:
			sr = &tl.Series[i]
		}
	}
	if mb == nil || sr == nil || len(mb.Points) == 0 || len(sr.Points) == 0 {
		return replay.Summary{}, false
	}
	for i, p := range mb.Points {
		if i == 0 || p.V > s.PeakMailbox {
			s.PeakMailbox, s.PeakAt = p.V, p.T
		}
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
