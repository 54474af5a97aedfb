package i18n

import (
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
