package explorer

import (
	"strings"

	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// dash stands for a missing value.
const dash = "–"

// severity returns a record's severity badge text and whether it is known.
func severity(sev string) (string, bool) {
	switch strings.ToLower(strings.TrimSpace(sev)) {
	case "sev1", "1", "critical":
		return "SEV1", true
	case "sev2", "2", "major":
		return "SEV2", true
	case "sev3", "3", "minor":
		return "SEV3", true
	case "", "unknown", "null":
		return dash, false
	}
	return data.SeverityCode(sev), true
}

// severityBadge returns a record's severity badge text and style.
func severityBadge(sev string, rs rowStyles) (string, paint) {
	text, _ := severity(sev)
	switch text {
	case "SEV1":
		return text, rs.sev1
	case "SEV2":
		return text, rs.sev2
	case "SEV3":
		return text, rs.sev3
	}
	return text, rs.sevUnknown
}

// durationBadge is the time to resolve, normalised from the record's
// delay by the rule every screen uses and fitted to w cells by dropping
// its smallest units; "–" when unknown. A delay that could not be read is
// shown as written if it fits.
func durationBadge(r *data.Record, l data.Lang, w int) string {
	d := r.Timeline.ResolvedAfter
	if d.Known() {
		if s := i18n.DurationFit(d.D, l, w); s != "" {
			return s
		}
		return dash
	}
	t := strings.TrimSpace(d.Text)
	if t == "" || strings.EqualFold(t, "unknown") || lipgloss.Width(t) > w {
		return dash
	}
	return t
}
