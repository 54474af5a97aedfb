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
	timelineAdditions
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
	eventAdditions
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
	c := &timelineCheck{tf: tf, tl: tl, stages: map[string]bool{}}
	c.span()
	c.checkStages()
	c.events()
	c.additions()
	c.series()
	tl.sanitize()
	return tl, c.errs
}

// timelineCheck checks one timeline file as it converts it.
type timelineCheck struct {
	tf     *timelineFile
	tl     *Timeline
	errs   []*Error
	spanOK bool            // start and end parsed, end after start
	stages map[string]bool // ids of the stages
}

func (c *timelineCheck) bad(field string, err error) {
	c.errs = append(c.errs, &Error{Kind: "timeline", Record: c.tl.Incident, Field: field, Err: err})
}

// inSpan reports whether t is inside the span, or the span is unknown.
func (c *timelineCheck) inSpan(t time.Time) bool {
	return !c.spanOK || (!t.Before(c.tl.Start) && !t.After(c.tl.End))
}

func (c *timelineCheck) span() {
	tf, tl := c.tf, c.tl
	if tl.Incident == "" {
		c.bad("incident", errors.New("missing"))
	}
	if strings.TrimSpace(tf.Zone) == "" {
		c.bad("zone", errors.New("missing"))
	}
	var err error
	tl.Start, err = parseTime(tf.Start)
	if err != nil {
		c.bad("start", err)
	}
	var endErr error
	tl.End, endErr = parseTime(tf.End)
	if endErr != nil {
		c.bad("end", endErr)
	}
	c.spanOK = err == nil && endErr == nil
	if c.spanOK && !tl.End.After(tl.Start) {
		c.bad("end", fmt.Errorf("%s is not after start %s", tf.End, tf.Start))
		c.spanOK = false
	}
}

func (c *timelineCheck) checkStages() {
	for i, s := range c.tl.Stages {
		field := fmt.Sprintf("stages[%d]", i)
		switch {
		case strings.TrimSpace(s.ID) == "":
			c.bad(field+".id", errors.New("missing"))
		case c.stages[s.ID]:
			c.bad(field+".id", fmt.Errorf("duplicate stage %q", s.ID))
		}
		c.stages[s.ID] = true
		if s.Title.IsZero() {
			c.bad(field+".title", errors.New("missing in both languages"))
		}
	}
}

func (c *timelineCheck) events() {
	tf := c.tf
	if len(tf.Events) == 0 {
		c.bad("events", errors.New("no events"))
	}
	var prev time.Time
	for i, ef := range tf.Events {
		field := fmt.Sprintf("events[%d]", i)
		at, err := parseTime(ef.At)
		switch {
		case err != nil:
			c.bad(field+".at", err)
		case !c.inSpan(at):
			c.bad(field+".at", fmt.Errorf("%s is outside the timeline's span %s to %s", ef.At, tf.Start, tf.End))
		case at.Before(prev):
			c.bad(field+".at", fmt.Errorf("%s is before the previous event", ef.At))
		}
		if err == nil {
			prev = at
		}
		if !c.stages[ef.Stage] {
			c.bad(field+".stage", fmt.Errorf("unknown stage %q", ef.Stage))
		}
		if !ef.Kind.Valid() {
			c.bad(field+".kind", fmt.Errorf("invalid kind %q (want trigger, symptom, detection, action, recovery or note)", ef.Kind))
		}
		if !ef.Outcome.Valid() {
			c.bad(field+".outcome", fmt.Errorf("invalid outcome %q (want worked, failed, partly or none)", ef.Outcome))
		}
		if ef.Title.IsZero() {
			c.bad(field+".title", errors.New("missing in both languages"))
		}
		if !ef.Prompt.IsZero() && (ef.Kind != KindAction || ef.Outcome == OutcomeNone) {
			c.bad(field+".prompt", fmt.Errorf("never asked: study mode asks only before actions with an outcome (kind %q, outcome %q)", ef.Kind, ef.Outcome))
		}
		c.tl.Events = append(c.tl.Events, Event{
			At: at, Stage: ef.Stage, Kind: ef.Kind, Outcome: ef.Outcome,
			Actor: ef.Actor, Title: ef.Title, Annotation: ef.Annotation, Prompt: ef.Prompt,
		})
	}
}

func (c *timelineCheck) series() {
	for i, sf := range c.tf.Series {
		field := fmt.Sprintf("series[%d]", i)
		if strings.TrimSpace(sf.Name) == "" {
			c.bad(field+".name", errors.New("missing"))
		}
		if !sf.Provenance.Valid() {
			c.bad(field+".provenance", fmt.Errorf("invalid provenance %q (want reported, modelled or illustrative)", sf.Provenance))
		}
		s := Series{
			Name: sf.Name, Unit: sf.Unit, Label: sf.Label, Provenance: sf.Provenance,
			Note: sf.Note, Group: sf.Group, Points: make([]Point, 0, len(sf.Points)),
		}
		c.points(&s, sf.Points, field)
		c.tl.Series = append(c.tl.Series, s)
	}
}

func (c *timelineCheck) points(s *Series, points []pointFile, field string) {
	var prev time.Time
	for j, pf := range points {
		pfield := fmt.Sprintf("%s.points[%d]", field, j)
		t, err := parseTime(pf.T)
		switch {
		case err != nil:
			c.bad(pfield+".t", err)
		case !c.inSpan(t):
			c.bad(pfield+".t", fmt.Errorf("%s is outside the timeline's span %s to %s", pf.T, c.tf.Start, c.tf.End))
		case t.Before(prev):
			c.bad(pfield+".t", fmt.Errorf("%s is before the previous point", pf.T))
		}
		if err == nil {
			prev = t
		}
		var v float64
		switch {
		case pf.V == nil:
			c.bad(pfield+".v", errors.New("missing"))
		case math.IsNaN(*pf.V) || math.IsInf(*pf.V, 0):
			c.bad(pfield+".v", fmt.Errorf("%v is not a finite number", *pf.V))
		default:
			v = *pf.V
		}
		s.Points = append(s.Points, Point{T: t, V: v})
	}
}
