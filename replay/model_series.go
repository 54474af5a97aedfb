package replay

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// The names and groups of the series the model writes.
const (
	SeriesMailbox = "mailbox"
	SeriesSuccess = "success_rate"
	SeriesRing    = "ring"
	// GroupInstance gathers the per-instance mailbox series, named
	// "mailbox/2-1" and so on.
	GroupInstance = "instance"
	// GroupRing gathers the per-instance ring membership series (1 in the
	// ring, 0 out), named "ring/2-1" and so on.
	GroupRing = "ring"
)

// ErrNoModel is returned by WhatIf for a timeline without a model.
var ErrNoModel = errors.New("timeline has no model")

// modelNote is the note every modelled series carries.
var modelNote = data.Text{
	EN: "Computed by this project's queueing model of the voice syncers, not measured: Discord published no curves. " +
		"The model takes the postmortem's figures (15 instances, about 1 ms more per spawn for every 100k queued messages, " +
		"a 60 s etcd TTL, the operators' actions and their times) and the judgements listed with its parameters.",
	KO: "측정값이 아니라 이 프로젝트의 voice syncer 큐 모델이 계산한 값입니다. Discord는 곡선을 공개하지 않았습니다. " +
		"모델은 포스트모템의 수치(인스턴스 15대, 대기 메시지 10만 개마다 spawn 한 번에 약 1ms 추가, etcd TTL 60초, " +
		"운영자 조치와 그 시각)와 매개변수마다 적어 둔 판단을 바탕으로 합니다.",
}

// Prepare runs the model of tl, if it has one, and puts its series into
// tl.Series: the aggregate mailbox, the success rate, the instances in the
// ring, and per instance its mailbox (group "instance") and ring membership
// (group "ring"), all with provenance modelled. Series of those names that
// tl already has (illustrative placeholders) are replaced in place; the others
// are appended. A timeline without a model is left alone.
func Prepare(tl *data.Timeline) error {
	if tl == nil || len(tl.Model) == 0 {
		return nil
	}
	m, err := ParseModel(tl.Model)
	if err != nil {
		return fmt.Errorf("timeline %s: %w", tl.Incident, err)
	}
	r, err := m.Run()
	if err != nil {
		return fmt.Errorf("timeline %s: %w", tl.Incident, err)
	}
	tl.Series = mergeSeries(tl.Series, r.Series(data.Text{}))
	return nil
}

// mergeSeries replaces the series of old that have a name in add, keeping
// their place, and appends the rest of add.
func mergeSeries(old, add []data.Series) []data.Series {
	byName := make(map[string]int, len(add))
	for i, s := range add {
		byName[s.Name] = i
	}
	used := make([]bool, len(add))
	out := make([]data.Series, 0, len(old)+len(add))
	for _, s := range old {
		if i, ok := byName[s.Name]; ok {
			if !used[i] {
				out = append(out, add[i])
				used[i] = true
			}
			continue
		}
		out = append(out, s)
	}
	for i, s := range add {
		if !used[i] {
			out = append(out, s)
		}
	}
	return out
}

// Series turns the run into timeline series. A non-empty prefix (such as
// "hypothetical") is put before every label and note.
func (r Run) Series(prefix data.Text) []data.Series {
	label := func(en, ko string) data.Text {
		if prefix.IsZero() {
			return data.Text{EN: en, KO: ko}
		}
		return data.Text{EN: prefix.EN + ": " + en, KO: prefix.KO + ": " + ko}
	}
	note := modelNote
	if !prefix.IsZero() {
		note = data.Text{EN: prefix.EN + ". " + note.EN, KO: prefix.KO + ". " + note.KO}
	}
	points := func(ts []time.Time, vs []float64, round float64) []data.Point {
		pts := make([]data.Point, len(vs))
		for i, v := range vs {
			pts[i] = data.Point{T: ts[i], V: math.Round(v*round) / round}
		}
		return pts
	}
	out := []data.Series{
		{
			Name: SeriesMailbox, Unit: "messages", Provenance: data.Modelled, Note: note,
			Label:  label("Aggregate mailbox of the voice syncers", "voice syncer 메일박스 합계"),
			Points: points(r.Times, r.Mailbox, 1),
		},
		{
			Name: SeriesSuccess, Unit: "%", Provenance: data.Modelled, Note: note,
			Label:  label("Endpoint select/create success", "엔드포인트 선택·생성 성공률"),
			Points: points(r.Times, r.Success, 100),
		},
		{
			Name: SeriesRing, Unit: "instances", Provenance: data.Modelled, Note: note,
			Label:  label("Instances in the hash ring", "해시 링에 있는 인스턴스"),
			Points: points(r.Times, r.Ring, 1),
		},
	}
	for _, in := range r.Instances {
		ts := r.InstanceTimes[in.First:]
		out = append(out, data.Series{
			Name: "mailbox/" + in.Name, Unit: "messages", Provenance: data.Modelled, Note: note,
			Group:  GroupInstance,
			Label:  label(in.Name+" mailbox", in.Name+" 메일박스"),
			Points: points(ts, in.Mailbox, 1),
		})
	}
	for _, in := range r.Instances {
		ts := r.InstanceTimes[in.First:]
		out = append(out, data.Series{
			Name: "ring/" + in.Name, Unit: "in ring", Provenance: data.Modelled, Note: note,
			Group:  GroupRing,
			Label:  label(in.Name+" in the ring", in.Name+" 링 등록"),
			Points: points(ts, in.InRing, 1),
		})
	}
	return out
}

// Summary is the handful of figures that tell a run's story.
type Summary struct {
	// PeakMailbox is the largest aggregate mailbox, first reached at PeakAt.
	PeakMailbox float64
	PeakAt      time.Time
	// FirstBelow5 is the first moment success fell under 5%; zero if never.
	FirstBelow5 time.Time
	// RecoveredAbove95 is the moment success went back above 95% for good
	// (it stays there to the end); zero if it never fell under 95% or never
	// came back.
	RecoveredAbove95 time.Time
	// MinutesBelow50 is how long success stayed under 50%, in minutes.
	MinutesBelow50 float64
}

// Summarize reads a Summary from tl's mailbox and success_rate series. ok is
// false when tl lacks either.
func Summarize(tl *data.Timeline) (s Summary, ok bool) {
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
		return Summary{}, false
	}
	for i, p := range mb.Points {
		if i == 0 || p.V > s.PeakMailbox {
			s.PeakMailbox, s.PeakAt = p.V, p.T
		}
	}
	below95 := false
	for i, p := range sr.Points {
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

// FormatCount prints a message count compactly: 950, 12.3k, 4.56M.
func FormatCount(v float64) string {
	a := math.Abs(v)
	switch {
	case a >= 1e9:
		return trimZeros(fmt.Sprintf("%.2f", v/1e9)) + "G"
	case a >= 1e6:
		return trimZeros(fmt.Sprintf("%.2f", v/1e6)) + "M"
	case a >= 1e3:
		return trimZeros(fmt.Sprintf("%.1f", v/1e3)) + "k"
	}
	return fmt.Sprintf("%.0f", v)
}

func trimZeros(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}
