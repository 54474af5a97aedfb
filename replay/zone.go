package replay

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// Zone is the choice of the time zone a reader sees an incident's times in:
// the source's (as the postmortem wrote them), UTC, the reader's own, or a
// named IANA zone. Every front end chooses the location through Loc or
// Apply, so a screen, the CLI's text and the minutes show the same times.
// The zero value is the source's zone.
type Zone struct {
	kind ZoneKind
	// local is what "local" means for this reader: the machine's zone, or
	// the TZ a participant's SSH client sent; nil is time.Local.
	local *time.Location
	// named is the zone --tz named, kept while the key cycles past it.
	named *time.Location
}

// ZoneKind says which zone a Zone shows.
type ZoneKind int

// The zones a reader can choose, in the order the key cycles through them.
const (
	// ZoneSource shows times as the source wrote them ("13:05 PDT").
	ZoneSource ZoneKind = iota
	// ZoneUTC shows them in UTC.
	ZoneUTC
	// ZoneLocal shows them in the reader's own zone.
	ZoneLocal
	// ZoneNamed shows them in the zone the flag named.
	ZoneNamed
)

// MaxZoneLen bounds a --tz value: the longest IANA name is about 30 bytes.
const MaxZoneLen = 64

// ZoneForms lists the values ParseZone accepts, for errors and help.
const ZoneForms = "source, utc, local or an IANA zone name such as Asia/Seoul"

// ErrZone is the error ParseZone wraps for a value it does not accept.
var ErrZone = errors.New("unknown time zone")

// ParseZone reads a --tz value: source, utc, local (case does not matter)
// or an IANA zone name ("Asia/Seoul", "America/Los_Angeles"). local is the
// zone "local" stands for; nil is time.Local. The value is bounded and its
// characters checked before the zone database is asked.
func ParseZone(s string, local *time.Location) (Zone, error) {
	z := Zone{local: local}
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "source":
		return z, nil
	case "utc", "z":
		z.kind = ZoneUTC
		return z, nil
	case "local":
		z.kind = ZoneLocal
		return z, nil
	}
	loc, err := LoadZone(s)
	if err != nil {
		return z, err
	}
	z.kind, z.named = ZoneNamed, loc
	return z, nil
}

// LoadZone loads an IANA zone by name, refusing a name too long or with
// characters no zone name has (the name is a path into the zone database).
func LoadZone(name string) (*time.Location, error) {
	name = strings.TrimSpace(name)
	if !validZoneName(name) {
		return nil, fmt.Errorf("%w \"%s\" (want %s)", ErrZone, data.OneLine(shorten(name)), ZoneForms) // already cleaned: %q would escape its escapes again
	}
	loc, err := time.LoadLocation(name)
	if err != nil || loc == time.Local {
		return nil, fmt.Errorf("%w %q (want %s)", ErrZone, name, ZoneForms)
	}
	return loc, nil
}

// validZoneName accepts the characters of IANA names (letters, digits,
// "/", "_", "-", "+"), no empty or dot parts, and at most MaxZoneLen bytes.
func validZoneName(s string) bool {
	if s == "" || len(s) > MaxZoneLen || s[0] == '/' || strings.HasSuffix(s, "/") || strings.Contains(s, "//") {
		return false
	}
	for _, r := range s {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/_-+", r)
		if !ok {
			return false
		}
	}
	return true
}

func shorten(s string) string {
	if len(s) > MaxZoneLen {
		return s[:MaxZoneLen] + "…" // bytes: only for an error message, cleaned by OneLine
	}
	return s
}

// WithLocal returns z with "local" standing for loc (a participant's TZ);
// nil keeps the machine's zone.
func (z Zone) WithLocal(loc *time.Location) Zone {
	z.local = loc
	return z
}

// Kind returns which zone z shows.
func (z Zone) Kind() ZoneKind { return z.kind }

// Loc returns the location tl's times are shown in: the source's zone
// (tl.SourceLocation), UTC, the reader's own or the named one.
func (z Zone) Loc(tl *data.Timeline) *time.Location {
	switch z.kind {
	case ZoneUTC:
		return time.UTC
	case ZoneLocal:
		if z.local != nil {
			return z.local
		}
		return time.Local
	case ZoneNamed:
		if z.named != nil {
			return z.named
		}
	}
	if tl == nil {
		return time.UTC
	}
	return tl.SourceLocation()
}

// Apply returns tl shown in z: tl itself when it already shows the
// source's zone and z is the source's, else a copy whose Location is z's (data.Timeline.InZone).
// Everything that formats a time with tl.Location() then shows it in z.
func (z Zone) Apply(tl *data.Timeline) *data.Timeline {
	if tl == nil || z.kind == ZoneSource && tl.InSource() {
		return tl
	}
	if z.kind == ZoneSource {
		return tl.InZone(nil)
	}
	return tl.InZone(z.Loc(tl))
}

// Next returns the zone after z in the key's cycle: source → UTC → local
// → the named zone (when --tz named one) → source. Local is skipped where
// it is UTC, as on most servers.
func (z Zone) Next() Zone {
	for range 4 {
		z.kind = (z.kind + 1) % 4
		switch {
		case z.kind == ZoneNamed && z.named == nil:
		case z.kind == ZoneLocal && z.Loc(nil).String() == "UTC":
		default:
			return z
		}
	}
	return z
}

// String names z as the flag writes it: "source", "utc", "local" or the
// IANA name.
func (z Zone) String() string {
	switch z.kind {
	case ZoneUTC:
		return "utc"
	case ZoneLocal:
		return "local"
	case ZoneNamed:
		if z.named != nil {
			return z.named.String()
		}
	}
	return "source"
}
