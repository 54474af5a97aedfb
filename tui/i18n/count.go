package i18n

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/incidents-dev/incidents/data"
)

// Count writes a figure compactly, the same in both languages: under a
// thousand with up to two decimals under 10 and one under 100 ("0.42",
// "42.3", "950"); above, in thousands, millions or billions with one
// decimal under 100 ("1.2k", "12.3k", "123k", "4.6M", "14.6M", "2.5G"):
// three significant digits, enough to compare two runs of a model, in at
// most five cells. Every screen
// writes a figure this way, so it reads the same in a chart, a legend, a
// heatmap and a summary. NaN and infinities are "–".
func Count(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "–"
	}
	if a := math.Abs(v); a < 999.5 {
		prec := 2
		switch {
		case a >= 99.95:
			prec = 0
		case a >= 9.995:
			prec = 1
		}
		return trimZeros(strconv.FormatFloat(v, 'f', prec, 64))
	}
	f, unit := v/1e3, "k"
	for _, next := range []string{"M", "G"} {
		if math.Abs(f) < 999.5 {
			break
		}
		f, unit = f/1e3, next
	}
	prec := 0
	if math.Abs(f) < 99.95 {
		prec = 1
	}
	return trimZeros(strconv.FormatFloat(f, 'f', prec, 64)) + unit
}

func trimZeros(s string) string {
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		return "0"
	}
	return s
}

// Of writes "shown of total" incidents: "3 of 31", "31건 중 3건",
// "1,204 of 10,030".
func Of(shown, total int, l data.Lang) string {
	return fmt.Sprintf(words.of.In(l), Grouped(shown), Grouped(total))
}

// Incidents writes a number of incidents: "31 incidents", "사례 31건",
// "사례 10,030건".
func Incidents(n int, l data.Lang) string {
	return fmt.Sprintf(words.incidents.In(l), Grouped(n))
}

// Grouped writes n with a comma between groups of three digits: 43,000.
func Grouped(n int) string {
	s := strconv.Itoa(n)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && c != '-' && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// countWords are the Korean units of large numbers CountKO writes (no
// English counterpart is used: English writes Count's k, M and G).
var countWords = Register("i18n.count", &struct{ man, eok Word }{
	man: W("ten thousand", "만"),
	eok: W("hundred million", "억"),
})

// CountKO writes a figure the Korean way, for a number with a Korean
// counter after it ("1,690만개", not "16.9M개"): under ten thousand in
// digits with commas, three significant digits as Count ("0.42", "950",
// "9,440"); from ten thousand in 만 and from a hundred million in 억, with
// up to three significant digits ("1.55만", "16.9만", "110만", "1,690만",
// "25억"). NaN and infinities are "–".
func CountKO(v float64) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "–"
	}
	a := math.Abs(v)
	switch {
	case a < 999.5:
		return Count(v)
	case a < 9995:
		return Grouped(int(math.Round(v/10)) * 10)
	}
	f, unit := v/1e4, countWords.man.KO
	if math.Abs(f) >= 9999.5 {
		f, unit = v/1e8, countWords.eok.KO
	}
	af := math.Abs(f)
	switch {
	case af >= 999.5:
		return Grouped(int(math.Round(f))) + unit
	case af >= 99.95:
		return trimZeros(strconv.FormatFloat(f, 'f', 0, 64)) + unit
	case af >= 9.995:
		return trimZeros(strconv.FormatFloat(f, 'f', 1, 64)) + unit
	}
	return trimZeros(strconv.FormatFloat(f, 'f', 2, 64)) + unit
}
