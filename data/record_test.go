package data

import (
	"encoding/json"
	"testing"
	"time"
)

func TestParseDuration(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		err  string
	}{
		{"3h 17m", 3*time.Hour + 17*time.Minute, ""},
		{"1h14m", time.Hour + 14*time.Minute, ""},
		{"45 min", 45 * time.Minute, ""},
		{"3m", 3 * time.Minute, ""},
		{"2d 3h", 51 * time.Hour, ""},
		{"73 hours", 73 * time.Hour, ""},
		{"43s", 43 * time.Second, ""},
		{"1.5h", 90 * time.Minute, ""},
		{"24 Hours", 24 * time.Hour, ""},
		{"", 0, "empty duration"},
		{"soon", 0, `invalid duration "soon" (want a form such as 3h 17m)`},
		{"3h and then some", 0, `invalid duration "3h and then some" (want a form such as 3h 17m)`},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := ParseDuration(tc.in)
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Errorf("ParseDuration(%q) error = %v, want %q", tc.in, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("ParseDuration(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
			}
		})
	}
}

func TestDurationJSON(t *testing.T) {
	var d Durations
	if err := json.Unmarshal([]byte(`{"detected_after":null,"resolved_after":"3h 17m"}`), &d); err != nil {
		t.Fatal(err)
	}
	if d.DetectedAfter.Known() || d.DetectedAfter.String() != "" {
		t.Errorf("null duration: %+v", d.DetectedAfter)
	}
	if !d.ResolvedAfter.Known() || d.ResolvedAfter.D != 197*time.Minute || d.ResolvedAfter.String() != "3h 17m" {
		t.Errorf("3h 17m: %+v", d.ResolvedAfter)
	}
	var odd Duration
	if err := json.Unmarshal([]byte(`"about a day"`), &odd); err != nil || odd.Known() || odd.String() != "about a day" {
		t.Errorf("an odd duration is kept as written: %+v, %v", odd, err)
	}
	out, err := json.Marshal(d)
	if err != nil || string(out) != `{"detected_after":null,"resolved_after":"3h 17m"}` {
		t.Errorf("marshal: %s, %v", out, err)
	}
}

func TestSeverityCode(t *testing.T) {
	for in, want := range map[string]string{
		"p1": "P1", "sev0": "SEV0", "High": "HIGH", "": "",
		`a\nforged`: `a\nforged`, "major outage": "major outage", "심각": "심각", "averyverylongword": "averyverylongword",
	} {
		if got := SeverityCode(in); got != want {
			t.Errorf("SeverityCode(%q) = %q, want %q", in, got, want)
		}
	}
}
