package data

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// durationRegexp is the regular expression ParseDuration once used; the
// hand-written parser must take exactly what it took.
var durationRegexp = regexp.MustCompile(`(?i)(\d+(?:\.\d+)?)\s*(days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)`)

// parseDurationRegexp is ParseDuration as it was, with durationRegexp.
func parseDurationRegexp(s string) (time.Duration, error) {
	rest := strings.TrimSpace(s)
	if rest == "" {
		return 0, fmt.Errorf("empty duration")
	}
	var total time.Duration
	matches := durationRegexp.FindAllStringSubmatch(rest, -1)
	if len(matches) == 0 || strings.TrimSpace(durationRegexp.ReplaceAllString(rest, "")) != "" {
		return 0, fmt.Errorf("invalid duration %q (want a form such as 3h 17m)", s)
	}
	for _, m := range matches {
		n, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			return 0, fmt.Errorf("invalid duration %q: %w", s, err)
		}
		unit := time.Minute
		switch strings.ToLower(m[2])[0] {
		case 'd':
			unit = 24 * time.Hour
		case 'h':
			unit = time.Hour
		case 's':
			unit = time.Second
		}
		total += time.Duration(n * float64(unit))
	}
	return total, nil
}

var durationSeeds = []string{
	"", " ", "3h 17m", "1h14m", "45 min", "2d 3h", "73 hours", "43s", "1.5h", "1.h", "3 mo", "3ms",
	"3ſ", "3ſecs", "3SECS", "3Hrs", "3hou", "3\u00a0h", "3h\u00a04m", "3h x 4m", "x3h", "3h\v4m",
	"3\vh", "3\th", "12", "h", ".5h", "1..5h", "1.5.5h", "3days", "3d ays", "3DAYS", "3 Minutes",
	"4mins", "4minute", "4mi", "5 sec 6 second", strings.Repeat("9", 400) + "h", "3h 1x", "\xff3h", "3h\xff",
	"1e5h", "-3h", "+3h", "３h", "3 h 4 m 5 s 6 d", "0.000001s",
}

func TestParseDurationMatchesRegexp(t *testing.T) {
	for _, s := range durationSeeds {
		checkDuration(t, s)
	}
}

func FuzzParseDuration(f *testing.F) {
	for _, s := range durationSeeds {
		f.Add(s)
	}
	f.Fuzz(checkDuration)
}

func checkDuration(t *testing.T, s string) {
	got, gotErr := ParseDuration(s)
	want, wantErr := parseDurationRegexp(s)
	if got != want || fmt.Sprint(gotErr) != fmt.Sprint(wantErr) {
		t.Fatalf("ParseDuration(%q) = %v, %v; the regexp gives %v, %v", s, got, gotErr, want, wantErr)
	}
}
