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

// runKind says what kind of run every run of the scenario is, the
// incident's and a what-if's alike (see planActions): compared side by
// side, they differ only in what the what-if changed. scriptRule says how
// the script applies to a what-if, for the notes of its series.
var (
	runKind = data.Text{
		EN: "the operators' scripted actions as on the day, where they still apply",
		KO: "장애 당시의 운영자 조치(해당되는 것만)",
	}
	scriptRule = data.Text{
		EN: "an action aimed at an instance that is healthy in this run goes to the most backed-up one, or nowhere; one the what-if switches off is left out; those taken once the limits were in place move with rate_limit_at; once the script runs out, the operators restart what is still backed up (policy_after_min, policy_every_min)",
		KO: "이 실행에서 정상인 인스턴스를 겨눈 조치는 가장 밀린 인스턴스로 가거나 하지 않고, 가정 실험에서 끈 조치는 빠지며, 제한을 건 뒤의 조치는 rate_limit_at을 따라 옮겨집니다. 적어 둔 조치가 끝나면 운영자는 아직 밀린 인스턴스를 재시작합니다(policy_after_min, policy_every_min)",
	}
)

// nouns name what the model's figures count, for the what-if panel and
// the outcome sentences.
var nouns = replay.Nouns{
	Peak:    data.Text{EN: "mailbox", KO: "메일박스"},
	Waiters: data.Text{EN: "calls", KO: "통화"}, Counter: "건",
	WaitFor: data.Text{EN: "an endpoint", KO: "엔드포인트"},
	Hours:   data.Text{EN: "call-hours", KO: "통화·시간"},
}

// note is the series note of r: the model block's note, then the run's own
// outcome, computed from its series (replay.Outcome), in the model's zone.
func (r Run) note(m Model) data.Text {
	tl := &data.Timeline{Series: []data.Series{
		{Name: SeriesMailbox, Points: pointsOf(r.Times, r.Mailbox, 1)},
		{Name: SeriesSuccess, Points: pointsOf(r.Times, r.Success, 100)},
		{Name: SeriesAwaiting, Points: pointsOf(r.Times, r.Awaiting, 1)},
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
	note := r.note(m)
	if hyp {
		note = data.Text{
			EN: hypothetical.EN + " (" + scenario + "): a what-if run of the same kind as the incident's, with " + runKind.EN + " (" + scriptRule.EN + "). " + note.EN,
			KO: hypothetical.KO + "(" + scenario + "): 장애 당시와 같은 종류의 가정 실험으로, " + runKind.KO + "를 따릅니다. " + scriptRule.KO + ". " + note.KO,
		}
	}
	points := pointsOf
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
	var mb, sr, aw *data.Series
	for i := range tl.Series {
		switch tl.Series[i].Name {
		case SeriesMailbox:
			mb = &tl.Series[i]
		case SeriesSuccess:
			sr = &tl.Series[i]
		case SeriesAwaiting:
			aw = &tl.Series[i]
		}
	}
	if mb == nil || sr == nil || len(mb.Points) == 0 || len(sr.Points) == 0 {
		return replay.Summary{}, false
	}
	s.Kind, s.Nouns = runKind, nouns
	s.End = sr.Points[len(sr.Points)-1].T
	if aw != nil && len(aw.Points) > 0 {
		s.Waiting = true
		for i, p := range aw.Points {
			s.WaitingPeak = max(s.WaitingPeak, p.V)
			if i+1 < len(aw.Points) {
				s.WaitingHours += p.V * aw.Points[i+1].T.Sub(p.T).Hours()
			}
		}
		s.WaitingEnd = aw.Points[len(aw.Points)-1].V
	}
	for i, p := range mb.Points {
		if i == 0 || p.V > s.Peak {
			s.Peak, s.PeakAt = p.V, p.T
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
