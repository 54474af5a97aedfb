package library

import (
	"bytes"
	"encoding/json"
	"errors"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// The JSON of a timeline's milestones and intervals (`timeline --json`),
// of the rhymes of an incident's timeline (`show --json`), and of a record
// with what the list or the detail adds to it.

// MilestoneJSON is one milestone: its kind ("impact_start", "detected",
// "mitigated", "resolved"), its moment in the incident's zone and what in
// the source places it.
type MilestoneJSON struct {
	Kind  data.MilestoneKind `json:"kind"`
	At    time.Time          `json:"at"`
	Basis data.Text          `json:"basis"`
}

// IntervalJSON is the time from impact start to a milestone: as the UI
// writes it ("1h 30m") and in whole seconds. nil where either milestone
// is missing.
type IntervalJSON struct {
	Text    string `json:"text"`
	Seconds int64  `json:"seconds"`
}

// IntervalsJSON are the intervals from impact start: time to detect, to
// mitigate and to resolve, each null where unknown.
type IntervalsJSON struct {
	Detect   *IntervalJSON `json:"detect"`
	Mitigate *IntervalJSON `json:"mitigate"`
	Resolve  *IntervalJSON `json:"resolve"`
}

// milestonesView returns tl's milestones in its zone and the intervals,
// or nil and nil when it has none.
func milestonesView(tl *data.Timeline) ([]MilestoneJSON, *IntervalsJSON) {
	if len(tl.Milestones) == 0 {
		return nil, nil
	}
	loc := tl.Location()
	out := make([]MilestoneJSON, len(tl.Milestones))
	for i, m := range tl.Milestones {
		out[i] = MilestoneJSON{Kind: m.Kind, At: m.At.In(loc), Basis: m.Basis}
	}
	iv := func(k data.MilestoneKind) *IntervalJSON {
		d, ok := tl.Interval(k)
		if !ok {
			return nil
		}
		return &IntervalJSON{Text: data.FormatSpan(d), Seconds: int64(d / time.Second)}
	}
	return out, &IntervalsJSON{
		Detect: iv(data.MilestoneDetected), Mitigate: iv(data.MilestoneMitigated), Resolve: iv(data.MilestoneResolved),
	}
}

// RhymeJSON is one rhyme of an incident's timeline: the event that
// carries it (its moment in the incident's zone and its title) and the
// moment it names in another incident, with why the two rhyme.
type RhymeJSON struct {
	EventAt    time.Time `json:"event_at"`
	EventTitle data.Text `json:"event_title"`
	Incident   string    `json:"incident"`
	At         time.Time `json:"at"`
	Why        data.Text `json:"why"`
}

// RhymesView returns the rhymes of tl's events, in the events' order;
// never nil.
func RhymesView(tl *data.Timeline) []RhymeJSON {
	out := []RhymeJSON{}
	if tl == nil {
		return out
	}
	loc := tl.Location()
	for _, e := range tl.Events {
		for _, r := range e.Rhymes {
			out = append(out, RhymeJSON{EventAt: e.At.In(loc), EventTitle: e.Title, Incident: r.Incident, At: r.At, Why: r.Why})
		}
	}
	return out
}

// IncidentJSON is a record as `show --json` and `list --json` print it:
// the record in the Incident Library's format, with "replayable" (the
// list: whether it has a timeline to replay) or "rhymes" (show: those of
// its timeline, [] when none) after its own fields.
type IncidentJSON struct {
	Record     *data.Record
	Replayable *bool
	Rhymes     []RhymeJSON
}

// MarshalJSON writes the record's object with the added fields last.
func (v IncidentJSON) MarshalJSON() ([]byte, error) {
	b, err := json.Marshal(v.Record)
	if err != nil {
		return nil, err
	}
	b = bytes.TrimSpace(b)
	if len(b) < 2 || b[0] != '{' || b[len(b)-1] != '}' {
		return nil, errors.New("a record's JSON is not an object")
	}
	var extra []byte
	add := func(name string, val any) error {
		vb, err := json.Marshal(val)
		if err != nil {
			return err
		}
		extra = append(extra, ',')
		extra = append(extra, name...)
		extra = append(extra, ':')
		extra = append(extra, vb...)
		return nil
	}
	if v.Replayable != nil {
		if err := add(`"replayable"`, *v.Replayable); err != nil {
			return nil, err
		}
	}
	if v.Rhymes != nil {
		if err := add(`"rhymes"`, v.Rhymes); err != nil {
			return nil, err
		}
	}
	if len(extra) == 0 {
		return b, nil
	}
	if len(bytes.TrimSpace(b[1:len(b)-1])) == 0 {
		extra = extra[1:] // {} has no field to follow
	}
	out := append(append([]byte{}, b[:len(b)-1]...), extra...)
	return append(out, '}'), nil
}

// ListEntries returns recs as `list --json` prints them: each with
// "replayable".
func ListEntries(recs []*data.Record) []IncidentJSON {
	out := make([]IncidentJSON, len(recs))
	for i, r := range recs {
		has := r.HasTimeline()
		out[i] = IncidentJSON{Record: r, Replayable: &has}
	}
	return out
}

// ShowView returns rec as `show --json` prints it: with the rhymes of its
// timeline.
func (l *Library) ShowView(rec *data.Record) IncidentJSON {
	tl, _ := l.data.Timeline(rec.ID)
	return IncidentJSON{Record: rec, Rhymes: RhymesView(tl)}
}
