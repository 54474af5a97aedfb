package data

import (
	"fmt"
	"strings"
	"time"
)

// MilestoneKind names one of the moments a timeline may mark: when impact
// began, when it was detected, mitigated and resolved. The kinds are in the
// order their moments must come in.
type MilestoneKind uint8

// The milestone kinds, in time order.
const (
	MilestoneImpactStart MilestoneKind = iota
	MilestoneDetected
	MilestoneMitigated
	MilestoneResolved
	milestoneKinds // how many kinds there are
)

// MilestoneKinds lists every kind, in time order.
var MilestoneKinds = []MilestoneKind{MilestoneImpactStart, MilestoneDetected, MilestoneMitigated, MilestoneResolved}

var milestoneNames = [milestoneKinds]string{"impact_start", "detected", "mitigated", "resolved"}

// String returns the kind as the format spells it ("impact_start").
func (k MilestoneKind) String() string {
	if k.Valid() {
		return milestoneNames[k]
	}
	return fmt.Sprintf("MilestoneKind(%d)", int(k))
}

// Valid reports whether k is one of the kinds above.
func (k MilestoneKind) Valid() bool { return k < milestoneKinds }

// ParseMilestoneKind reads a kind as the format spells it.
func ParseMilestoneKind(s string) (MilestoneKind, error) {
	for k, name := range milestoneNames {
		if s == name {
			return MilestoneKind(k), nil
		}
	}
	return 0, fmt.Errorf("invalid milestone kind %q (want impact_start, detected, mitigated or resolved)", s)
}

// MarshalText writes the kind as the format spells it.
func (k MilestoneKind) MarshalText() ([]byte, error) {
	if !k.Valid() {
		return nil, fmt.Errorf("invalid milestone kind %d", int(k))
	}
	return []byte(k.String()), nil
}

// UnmarshalText reads the kind as the format spells it.
func (k *MilestoneKind) UnmarshalText(b []byte) error {
	v, err := ParseMilestoneKind(string(b))
	if err != nil {
		return err
	}
	*k = v
	return nil
}

// Milestone is one marked moment of a timeline, with what in the source
// places it.
type Milestone struct {
	Kind MilestoneKind `json:"kind"`
	At   time.Time     `json:"at"`
	// Basis says, in our own words, what in the source gives the moment.
	Basis Text `json:"basis"`
}

// Rhyme names a moment of another incident where responders faced the same
// kind of decision as at the event that carries it. At is the exact time
// of an event of that incident's timeline.
type Rhyme struct {
	Incident string    `json:"incident"`
	At       time.Time `json:"at"`
	// Why names the decision the two moments share.
	Why Text `json:"why"`
}

// Milestone returns the timeline's milestone of kind k, if it has one.
func (t *Timeline) Milestone(k MilestoneKind) (Milestone, bool) {
	for _, m := range t.Milestones {
		if m.Kind == k {
			return m, true
		}
	}
	return Milestone{}, false
}

// Interval returns the time from impact start to the milestone of kind k
// (time to detect, to mitigate, to resolve); ok is false when either
// milestone is missing.
func (t *Timeline) Interval(k MilestoneKind) (d time.Duration, ok bool) {
	start, ok1 := t.Milestone(MilestoneImpactStart)
	end, ok2 := t.Milestone(k)
	if !ok1 || !ok2 {
		return 0, false
	}
	return end.At.Sub(start.At), true
}

// IntervalKinds are the milestones an interval is measured to from impact
// start: detected, mitigated, resolved.
var IntervalKinds = []MilestoneKind{MilestoneDetected, MilestoneMitigated, MilestoneResolved}

// FormatSpan writes d as the interface does in English, by one rule: days,
// hours and minutes from the largest unit present down to the smallest
// that is not zero ("2d 0h 25m", "3h 17m", "3h"); seconds only under a
// minute ("43s"); "0m" for nothing; a minus sign when negative.
func FormatSpan(d time.Duration) string {
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	if d < time.Minute {
		if d < time.Second {
			return "0m"
		}
		return fmt.Sprintf("%s%ds", sign, int64(d/time.Second))
	}
	mins := int64(d / time.Minute)
	vals := [3]int64{mins / (24 * 60), mins / 60 % 24, mins % 60}
	units := [3]string{"d", "h", "m"}
	first, last := -1, -1
	for i, v := range vals {
		if v != 0 {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	parts := make([]string, 0, 3)
	for i := first; i <= last; i++ {
		parts = append(parts, fmt.Sprintf("%d%s", vals[i], units[i]))
	}
	return sign + strings.Join(parts, " ")
}
