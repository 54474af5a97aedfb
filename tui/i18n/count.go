package i18n

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/incidents-dev/incidents/data"
)

// Count writes a figure compactly, the same in both languages: "950",
// "1.2k", "1.5M", "2G" (one decimal under a million, two above, trailing
// zeros dropped).
func Count(v float64) string {
	a := math.Abs(v)
	switch {
	case a >= 1e9:
		return trimZeros(strconv.FormatFloat(v/1e9, 'f', 2, 64)) + "G"
	case a >= 1e6:
		return trimZeros(strconv.FormatFloat(v/1e6, 'f', 2, 64)) + "M"
	case a >= 1e3:
		return trimZeros(strconv.FormatFloat(v/1e3, 'f', 1, 64)) + "k"
	}
	return strconv.FormatFloat(v, 'f', 0, 64)
}

func trimZeros(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

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
