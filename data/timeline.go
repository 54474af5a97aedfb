package data

import (
	"encoding/json"
	"fmt"
	"time"
)

// Timeline is the annotated timeline of one incident, one file per incident
// under timelines/, keyed by the incident's id.
//
// Every time carries its offset (RFC 3339), and Zone names the source's zone
// ("PDT", "UTC") so that the clock shows times the way the source does.
type Timeline struct {
	Incident string    `json:"incident"`
	Zone     string    `json:"zone"`
	Start    time.Time `json:"start"`
	End      time.Time `json:"end"`
	Stages   []Stage   `json:"stages"`
	Events   []Event   `json:"events"`
	Series   []Series  `json:"series"`
	// Milestones mark impact start, detection, mitigation and resolution
	// where the source gives them, in time order (see milestone.go).
	Milestones []Milestone `json:"milestones,omitempty"`
	// Sources the timeline's times and figures were taken from.
	Sources []Source `json:"sources,omitempty"`
	// Model holds the parameters of a model that generates series (only
	// IL-0499 has one). data keeps it raw; package replay reads it.
	Model json.RawMessage `json:"model,omitempty"`

	// Origin says where the timeline was loaded from. Not part of the format.
	Origin string `json:"-"`
	// shown is the zone the times are shown in (see InZone); nil shows
	// them in the source's. Not part of the format.
	shown *time.Location
}

// Stage groups consecutive events. Events name their stage by ID.
type Stage struct {
	ID    string `json:"id"`
	Title Text   `json:"title"`
}

// Event is one moment of the timeline.
type Event struct {
	At         time.Time `json:"at"`
	Stage      string    `json:"stage"`
	Kind       Kind      `json:"kind"`
	Outcome    Outcome   `json:"outcome,omitempty"`
	Actor      Text      `json:"actor"`
	Title      Text      `json:"title"`
	Annotation Text      `json:"annotation"`
	// Prompt is the question study mode asks before revealing the event;
	// empty for the default question of its kind.
	Prompt Text `json:"prompt,omitzero"`
	// Placed is set when the source gives no time for the event and it
	// was placed by inference; the UI marks its time "≈".
	Placed bool `json:"placed,omitempty"`
	// Rhymes name moments of other incidents with the same kind of decision.
	Rhymes []Rhyme `json:"rhymes,omitempty"`
}

// Kind says what an event is.
type Kind string

// The event kinds.
const (
	KindTrigger   Kind = "trigger"
	KindSymptom   Kind = "symptom"
	KindDetection Kind = "detection"
	KindAction    Kind = "action"
	KindRecovery  Kind = "recovery"
	KindNote      Kind = "note"
)

// Valid reports whether k is one of the kinds above.
func (k Kind) Valid() bool {
	switch k {
	case KindTrigger, KindSymptom, KindDetection, KindAction, KindRecovery, KindNote:
		return true
	}
	return false
}

// Outcome is how an action turned out; empty where none applies.
type Outcome string

// The outcomes.
const (
	OutcomeNone   Outcome = ""
	OutcomeWorked Outcome = "worked"
	OutcomeFailed Outcome = "failed"
	OutcomePartly Outcome = "partly"
)

// Valid reports whether o is one of the outcomes above.
func (o Outcome) Valid() bool {
	switch o {
	case OutcomeNone, OutcomeWorked, OutcomeFailed, OutcomePartly:
		return true
	}
	return false
}

// Provenance says where a series' values come from. The UI always shows it
// beside the series, so a reconstruction is never passed off as a measurement.
type Provenance string

// The provenances.
const (
	// Reported values are figures stated by the source.
	Reported Provenance = "reported"
	// Modelled values are computed by the project's model from stated parameters.
	Modelled Provenance = "modelled"
	// Illustrative values are a drawn shape.
	Illustrative Provenance = "illustrative"
)

// Valid reports whether p is one of the provenances above.
func (p Provenance) Valid() bool {
	switch p {
	case Reported, Modelled, Illustrative:
		return true
	}
	return false
}

// Series is one metric over the incident's time axis.
type Series struct {
	Name       string     `json:"name"`
	Unit       string     `json:"unit"`
	Label      Text       `json:"label"`
	Provenance Provenance `json:"provenance"`
	// Note explains the figures: which source states them, or which
	// judgement a modelled or illustrative shape rests on.
	Note Text `json:"note,omitempty"`
	// Group gathers series drawn together, such as one per instance
	// ("instance"); empty for the headline series.
	Group string `json:"group,omitempty"`
	// Instance names the instance a per-instance series belongs to ("2-8");
	// empty for a series of the whole system.
	Instance string `json:"instance,omitempty"`
	// Hypothetical is true for a series of a what-if run, never of what
	// happened; Scenario then lists the parameters the run changed
	// ("partitions=4, rate_limit_at=12:30").
	Hypothetical bool    `json:"hypothetical,omitempty"`
	Scenario     string  `json:"scenario,omitempty"`
	Points       []Point `json:"points"`
}

// Point is one value of a series at one moment.
type Point struct {
	T time.Time `json:"t"`
	V float64   `json:"v"`
}

// Duration returns the span of the timeline.
func (t *Timeline) Duration() time.Duration { return t.End.Sub(t.Start) }

// Location returns the zone the timeline's times are shown in: the one
// InZone gave, else the source's (SourceLocation).
func (t *Timeline) Location() *time.Location {
	if t.shown != nil {
		return t.shown
	}
	return t.SourceLocation()
}

// InSource reports whether t shows its times in the source's zone.
func (t *Timeline) InSource() bool { return t.shown == nil }

// InZone returns a copy of t whose times are shown in loc (nil: in the
// source's zone). The copy shares t's stages, events and series, which
// neither may change.
func (t *Timeline) InZone(loc *time.Location) *Timeline {
	c := *t
	c.shown = loc
	return &c
}

// SourceLocation returns a fixed zone named Zone at the offset of the
// timeline's start, so times print as the source wrote them ("13:05 PDT").
func (t *Timeline) SourceLocation() *time.Location {
	_, off := t.Start.Zone()
	name := t.Zone
	if name == "" {
		name = fmt.Sprintf("UTC%+03d", off/3600)
	}
	return time.FixedZone(name, off)
}

// StageIndex returns the index of the stage with the given id, or -1.
func (t *Timeline) StageIndex(id string) int {
	for i, s := range t.Stages {
		if s.ID == id {
			return i
		}
	}
	return -1
}
