package i18n

import (
	"fmt"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
)

// Count writes a figure compactly, the same in both languages: "950",
// "1.2k", "1.5M", "2G". It is the model's own form (replay.FormatCount), so
// a figure reads the same in a chart, a legend and a summary.
func Count(v float64) string { return replay.FormatCount(v) }

// Of writes "shown of total" incidents: "3 of 31", "31건 중 3건".
func Of(shown, total int, l data.Lang) string {
	if l == data.KO {
		return fmt.Sprintf("%d건 중 %d건", total, shown)
	}
	return fmt.Sprintf("%d of %d", shown, total)
}

// Incidents writes a number of incidents: "31 incidents", "사례 31건".
func Incidents(n int, l data.Lang) string {
	if l == data.KO {
		return fmt.Sprintf("사례 %d건", n)
	}
	return fmt.Sprintf("%d incidents", n)
}
