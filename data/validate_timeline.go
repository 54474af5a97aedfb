package data

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"
)

// timelineFile is a timeline as written, with its times still text, so
// that a bad time is reported with its field rather than as a decode error.
type timelineFile struct {
	Incident string          `json:"incident"`
	Zone     string          `json:"zone"`
	Start    string          `json:"start"`
	End      string          `json:"end"`
	Stages   []Stage         `json:"stages"`
	Events   []eventFile     `json:"events"`
	Series   []seriesFile    `json:"series"`
	Sources  []Source        `json:"sources"`
	Model    json.RawMessage `json:"model"`
}

type eventFile struct {
	At         string  `json:"at"`
	Stage      string  `json:"stage"`
	Kind       Kind    `json:"kind"`
	Outcome    Outcome `json:"outcome"`
	Actor      Text    `json:"actor"`
	Title      Text    `json:"title"`
	Annotation Text    `json:"annotation"`
	Prompt     Text    `json:"prompt"`
}

type seriesFile struct {
	Name       string      `json:"name"`
	Unit       string      `json:"unit"`
	Label      Text        `json:"label"`
	Provenance Provenance  `json:"provenance"`
	Note       Text        `json:"note"`
	Group      string      `json:"group"`
	Points     []pointFile `json:"points"`
}

type pointFile struct {
	T string   `json:"t"`
	V *float64 `json:"v"`
}

// timeMessage says what a timeline time must look like.
const timeMessage = "want RFC 3339 with an offset, such as 2026-03-25T12:13:00-07:00"

// parseTime parses an RFC 3339 time, which always carries its offset.
func parseTime(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, errors.New("missing")
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, fmt.Errorf("invalid time %q (%s)", s, timeMessage)
	}
	return t, nil
}

// timeline converts tf into a sanitised Timeline and checks it. The
// Timeline is never nil; it is usable only when there are no errors, whose
// paths the caller fills in.
func (tf *timelineFile) timeline() (*Timeline, []*Error) {
	tl := &Timeline{
		Incident: tf.Incident,
		Zone:     tf.Zone,
		Stages:   tf.Stages,
		Sources:  tf.Sources,
		Model:    tf.Model,
	}
	if string(tl.Model) == "null" {
		tl.Model = nil
	}
	tl.Incident = strings.TrimSpace(sanitizeLine(tl.Incident))
	var errs []*Error
	bad := func(field string, err error) {
		errs = append(errs, &Error{Kind: "timeline", Record: tl.Incident, Field: field, Err: err})
	}
	if tl.Incident == "" {
		bad("incident", errors.New("missing"))
	}
	if strings.TrimSpace(tf.Zone) == "" {
		bad("zone", errors.New("missing"))
	}
	var err error
	tl.Start, err = parseTime(tf.Start)
	if err != nil {
		bad("start", err)
	}
	var endErr error
	tl.End, endErr = parseTime(tf.End)
	if endErr != nil {
		bad("end", endErr)
	}
	spanOK := err == nil && endErr == nil
	if spanOK && !tl.End.After(tl.Start) {
		bad("end", fmt.Errorf("%s is not after start %s", tf.End, tf.Start))
		spanOK = false
	}
	inSpan := func(t time.Time) bool { return !spanOK || (!t.Before(tl.Start) && !t.After(tl.End)) }

	stages := map[string]bool{}
	for i, s := range tl.Stages {
		field := fmt.Sprintf("stages[%d]", i)
		switch {
		case strings.TrimSpace(s.ID) == "":
			bad(field+".id", errors.New("missing"))
		case stages[s.ID]:
			bad(field+".id", fmt.Errorf("duplicate stage %q", s.ID))
		}
		stages[s.ID] = true
		if s.Title.IsZero() {
			bad(field+".title", errors.New("missing in both languages"))
		}
	}

	if len(tf.Events) == 0 {
		bad("events", errors.New("no events"))
	}
	var prev time.Time
	for i, ef := range tf.Events {
		field := fmt.Sprintf("events[%d]", i)
		at, err := parseTime(ef.At)
		switch {
		case err != nil:
			bad(field+".at", err)
		case !inSpan(at):
			bad(field+".at", fmt.Errorf("%s is outside the timeline's span %s to %s", ef.At, tf.Start, tf.End))
		case at.Before(prev):
			bad(field+".at", fmt.Errorf("%s is before the previous event", ef.At))
		}
		if err == nil {
			prev = at
		}
		if !stages[ef.Stage] {
			bad(field+".stage", fmt.Errorf("unknown stage %q", ef.Stage))
		}
		if !ef.Kind.Valid() {
			bad(field+".kind", fmt.Errorf("invalid kind %q (want trigger, symptom, detection, action, recovery or note)", ef.Kind))
		}
		if !ef.Outcome.Valid() {
			bad(field+".outcome", fmt.Errorf("invalid outcome %q (want worked, failed, partly or none)", ef.Outcome))
		}
		if ef.Title.IsZero() {
			bad(field+".title", errors.New("missing in both languages"))
		}
		if !ef.Prompt.IsZero() && (ef.Kind != KindAction || ef.Outcome == OutcomeNone) {
			bad(field+".prompt", fmt.Errorf("never asked: study mode asks only before actions with an outcome (kind %q, outcome %q)", ef.Kind, ef.Outcome))
		}
		tl.Events = append(tl.Events, Event{
			At: at, Stage: ef.Stage, Kind: ef.Kind, Outcome: ef.Outcome,
			Actor: ef.Actor, Title: ef.Title, Annotation: ef.Annotation, Prompt: ef.Prompt,
		})
	}

	for i, sf := range tf.Series {
		field := fmt.Sprintf("series[%d]", i)
		if strings.TrimSpace(sf.Name) == "" {
			bad(field+".name", errors.New("missing"))
		}
		if !sf.Provenance.Valid() {
			bad(field+".provenance", fmt.Errorf("invalid provenance %q (want reported, modelled or illustrative)", sf.Provenance))
		}
		s := Series{
			Name: sf.Name, Unit: sf.Unit, Label: sf.Label, Provenance: sf.Provenance,
			Note: sf.Note, Group: sf.Group, Points: make([]Point, 0, len(sf.Points)),
		}
		var prev time.Time
		for j, pf := range sf.Points {
			pfield := fmt.Sprintf("%s.points[%d]", field, j)
			t, err := parseTime(pf.T)
			switch {
			case err != nil:
				bad(pfield+".t", err)
			case !inSpan(t):
				bad(pfield+".t", fmt.Errorf("%s is outside the timeline's span %s to %s", pf.T, tf.Start, tf.End))
			case t.Before(prev):
				bad(pfield+".t", fmt.Errorf("%s is before the previous point", pf.T))
			}
			if err == nil {
				prev = t
			}
			var v float64
			switch {
			case pf.V == nil:
				bad(pfield+".v", errors.New("missing"))
			case math.IsNaN(*pf.V) || math.IsInf(*pf.V, 0):
				bad(pfield+".v", fmt.Errorf("%v is not a finite number", *pf.V))
			default:
				v = *pf.V
			}
			s.Points = append(s.Points, Point{T: t, V: v})
		}
		tl.Series = append(tl.Series, s)
	}
	tl.sanitize()
	return tl, errs
}
