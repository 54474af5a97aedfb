package i18n

import (
	"math"
	"testing"

	"github.com/incidents-dev/incidents/data"
)

func TestGrouped(t *testing.T) {
	for n, want := range map[int]string{0: "0", 7: "7", 999: "999", 1000: "1,000", 10030: "10,030", 100030: "100,030", 1234567: "1,234,567", -1234: "-1,234", -123: "-123"} {
		if got := Grouped(n); got != want {
			t.Errorf("Grouped(%d) = %q, want %q", n, got, want)
		}
	}
	if got := Of(1204, 10030, data.KO); got != "10,030건 중 1,204건" {
		t.Errorf("Of in Korean: %q", got)
	}
	if got := Incidents(100030, data.EN); got != "100,030 incidents" {
		t.Errorf("Incidents: %q", got)
	}
}

func TestCountKO(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0, "0"}, {0.42, "0.42"}, {42.3, "42.3"}, {950, "950"}, {999.4, "999"},
		{999.6, "1,000"}, {9437, "9,440"}, {9996, "1만"}, {15500, "1.55만"},
		{169000, "16.9만"}, {700000, "70만"}, {1.1e6, "110만"}, {16.9e6, "1,690만"},
		{99_994_000, "9,999만"}, {99_996_000, "1억"}, {2.5e9, "25억"}, {-15500, "-1.55만"},
		{math.NaN(), "–"},
	} {
		if got := CountKO(tc.v); got != tc.want {
			t.Errorf("CountKO(%v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}
