package data

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// The checks of a timeline's milestones, placed events and rhymes (see
// /work/notes/timeline-format.md): those of one file as it converts
// (timelineCheck.additions), and those across files once everything is
// loaded (loader.crossCheck): a rhyme's moment, the record's durations and,
// for Validate, the prompts of study mode.

// timelineAdditions are the optional top-level fields of a timeline file
// that milestone.go describes, as written.
type timelineAdditions struct {
	Milestones []milestoneFile `json:"milestones"`
}

// eventAdditions are the optional fields of an event, as written.
type eventAdditions struct {
	Placed bool        `json:"placed"`
	Rhymes []rhymeFile `json:"rhymes"`
}

type milestoneFile struct {
	Kind  string `json:"kind"`
	At    string `json:"at"`
	Basis Text   `json:"basis"`
}

type rhymeFile struct {
	Incident string `json:"incident"`
	At       string `json:"at"`
	Why      Text   `json:"why"`
}

// additions converts and checks the milestones and each event's placed
// flag and rhymes, sanitising their text. It runs after events.
func (c *timelineCheck) additions() {
	c.milestones()
	for i, ef := range c.tf.Events {
		if i >= len(c.tl.Events) {
			break
		}
		e := &c.tl.Events[i]
		e.Placed = ef.Placed
		for j, rf := range ef.Rhymes {
			if r, ok := c.rhyme(fmt.Sprintf("events[%d].rhymes[%d]", i, j), rf); ok {
				e.Rhymes = append(e.Rhymes, r)
			}
		}
	}
}

// bothLanguages checks that t has both sides.
func (c *timelineCheck) bothLanguages(field string, t Text) {
	switch {
	case strings.TrimSpace(t.EN) == "" && strings.TrimSpace(t.KO) == "":
		c.bad(field, errors.New("missing in both languages"))
	case strings.TrimSpace(t.EN) == "":
		c.bad(field, errors.New("missing in English"))
	case strings.TrimSpace(t.KO) == "":
		c.bad(field, errors.New("missing in Korean"))
	}
}

func (c *timelineCheck) milestones() {
	seen := map[MilestoneKind]string{}
	for i, mf := range c.tf.Milestones {
		field := fmt.Sprintf("milestones[%d]", i)
		k, kerr := ParseMilestoneKind(sanitizeLine(mf.Kind))
		if kerr != nil {
			c.bad(field+".kind", kerr)
		} else if first, dup := seen[k]; dup {
			c.bad(field+".kind", fmt.Errorf("%s given twice (first in %s)", k, first))
			kerr = errors.New("duplicate")
		}
		at, err := parseTime(mf.At)
		switch {
		case err != nil:
			c.bad(field+".at", err)
		case !c.inSpan(at):
			c.bad(field+".at", fmt.Errorf("%s is outside the timeline's span %s to %s", mf.At, c.tf.Start, c.tf.End))
			err = errors.New("outside")
		}
		c.bothLanguages(field+".basis", mf.Basis)
		basis := mf.Basis
		basis.sanitize()
		if kerr == nil {
			seen[k] = field
		}
		if kerr == nil && err == nil {
			c.tl.Milestones = append(c.tl.Milestones, Milestone{Kind: k, At: at, Basis: basis})
		}
	}
	ms := c.tl.Milestones
	slices.SortStableFunc(ms, func(a, b Milestone) int { return int(a.Kind) - int(b.Kind) })
	for i := 1; i < len(ms); i++ {
		if ms[i].At.Before(ms[i-1].At) {
			c.bad("milestones", fmt.Errorf("%s (%s) is before %s (%s): want impact_start, detected, mitigated, resolved in time order",
				ms[i].Kind, ms[i].At.Format(time.RFC3339), ms[i-1].Kind, ms[i-1].At.Format(time.RFC3339)))
		}
	}
}

// rhyme converts one rhyme; ok is false when it cannot be kept.
func (c *timelineCheck) rhyme(field string, rf rhymeFile) (Rhyme, bool) {
	r := Rhyme{Incident: strings.TrimSpace(sanitizeLine(rf.Incident)), Why: rf.Why}
	ok := true
	switch {
	case r.Incident == "":
		c.bad(field+".incident", errors.New("missing"))
		ok = false
	case strings.EqualFold(r.Incident, c.tl.Incident):
		c.bad(field+".incident", fmt.Errorf("%s is this timeline's own incident (a rhyme names another)", r.Incident))
		ok = false
	}
	at, err := parseTime(rf.At)
	if err != nil {
		c.bad(field+".at", err)
		ok = false
	}
	r.At = at
	c.bothLanguages(field+".why", rf.Why)
	r.Why.sanitize()
	return r, ok
}

// crossCheck checks what one timeline file cannot say alone, for every
// timeline lib holds that the loader read: each rhyme names an incident
// whose timeline (in lib or, when not nil, in other) has an event at
// exactly its moment (a dangling rhyme is reported and dropped), and the
// milestones agree with the record's durations. prompts (Validate) also
// asks every action with an outcome to have its study prompt in both
// languages.
func (ld *loader) crossCheck(lib, other *Library, prompts bool) {
	units := map[string]unit{}
	for _, u := range ld.timelines {
		units[u.f.path] = u
	}
	ids := make([]string, 0, len(lib.Timelines))
	for id := range lib.Timelines {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		tl := lib.Timelines[id]
		u, ok := units[tl.Origin]
		if !ok {
			continue
		}
		report := func(field string, err error) {
			ld.report(u.fi, u.off, &Error{Path: tl.Origin, Kind: "timeline", Record: tl.Incident, Field: field, Err: err})
		}
		checkRhymes(tl, report, func(id string) (*Timeline, bool) {
			if t, ok := lib.Timeline(id); ok {
				return t, true
			}
			if other != nil {
				return other.Timeline(id)
			}
			return nil, false
		})
		rec := lib.lookup(tl.Incident)
		if rec == nil && other != nil {
			rec = other.lookup(tl.Incident)
		}
		if rec != nil && (!bundled(tl.Origin) || bundled(rec.Origin)) {
			// A user's record that replaces a bundled one may state other
			// durations; the bundled timeline is not at fault for that.
			checkAgreement(tl, rec, report)
		}
		if prompts {
			checkPrompts(tl, report)
		}
	}
}

// bundled reports whether a timeline or record was loaded from the bundle.
func bundled(origin string) bool { return strings.HasPrefix(origin, bundledPrefix) }

// checkRhymes reports and drops each rhyme of tl whose moment is not an
// event of its incident's timeline.
func checkRhymes(tl *Timeline, report func(string, error), find func(string) (*Timeline, bool)) {
	for i := range tl.Events {
		e := &tl.Events[i]
		kept := e.Rhymes[:0]
		for j, r := range e.Rhymes {
			field := fmt.Sprintf("events[%d].rhymes[%d]", i, j)
			other, ok := find(r.Incident)
			switch {
			case !ok:
				report(field+".incident", fmt.Errorf("dangling rhyme: no timeline of incident %q is loaded", r.Incident))
			case !slices.ContainsFunc(other.Events, func(o Event) bool { return o.At.Equal(r.At) }):
				if bundled(tl.Origin) && !bundled(other.Origin) {
					// The user's own timeline replaced the one the bundle
					// rhymes with: the rhyme goes, and the bundle is not
					// at fault.
					continue
				}
				report(field+".at", fmt.Errorf("dangling rhyme: %s (%s) has no event at %s", other.Incident, other.Origin, r.At.Format(time.RFC3339)))
			default:
				r.Incident = other.Incident
				kept = append(kept, r)
			}
		}
		if len(kept) == 0 {
			kept = nil
		}
		e.Rhymes = kept
	}
}

// checkAgreement reports a milestone interval that contradicts the
// record's detected_after or resolved_after by more than the record's own
// precision plus a minute.
func checkAgreement(tl *Timeline, rec *Record, report func(string, error)) {
	for _, c := range []struct {
		kind  MilestoneKind
		name  string
		field Duration
	}{
		{MilestoneDetected, "detected_after", rec.Timeline.DetectedAfter},
		{MilestoneResolved, "resolved_after", rec.Timeline.ResolvedAfter},
	} {
		got, ok := tl.Interval(c.kind)
		if !ok || !c.field.Known() {
			continue
		}
		slack := durationPrecision(c.field.Text) + time.Minute
		if diff := got - c.field.D; diff <= slack && diff >= -slack {
			continue
		}
		report("milestones", fmt.Errorf("%s − impact_start is %s, but %s gives timeline.%s %q (%s); they must agree within %s",
			c.kind, FormatSpan(got), rec.Origin, c.name, c.field.Text, FormatSpan(c.field.D), FormatSpan(slack)))
	}
}

// checkPrompts reports each action with an outcome whose study prompt is
// missing in a language.
func checkPrompts(tl *Timeline, report func(string, error)) {
	for i, e := range tl.Events {
		if e.Kind != KindAction || e.Outcome == OutcomeNone {
			continue
		}
		var missing string
		switch {
		case strings.TrimSpace(e.Prompt.EN) == "" && strings.TrimSpace(e.Prompt.KO) == "":
			missing = "both languages"
		case strings.TrimSpace(e.Prompt.EN) == "":
			missing = "English"
		case strings.TrimSpace(e.Prompt.KO) == "":
			missing = "Korean"
		default:
			continue
		}
		report(fmt.Sprintf("events[%d].prompt", i), fmt.Errorf("missing in %s: an action with an outcome needs the question study mode asks before it", missing))
	}
}

// durationPrecision is the smallest unit written in a duration such as
// "3h 17m" (a minute) or "73h" (an hour); a minute when none can be read.
func durationPrecision(s string) time.Duration {
	p := time.Duration(0)
	for i := 0; i < len(s); {
		if s[i] == ' ' || s[i] == '\t' {
			i++
			continue
		}
		_, u, next := durationPartAt(s, i)
		if next < 0 {
			return time.Minute
		}
		unit := time.Minute
		switch strings.ToLower(u)[0] {
		case 'd':
			unit = 24 * time.Hour
		case 'h':
			unit = time.Hour
		case 's':
			unit = time.Second
		}
		if p == 0 || unit < p {
			p = unit
		}
		i = next
	}
	if p == 0 {
		return time.Minute
	}
	return p
}
