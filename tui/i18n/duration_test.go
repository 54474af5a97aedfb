package i18n

import (
	"math"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
)

func TestDuration(t *testing.T) {
	const m, h, d = time.Minute, time.Hour, 24 * time.Hour
	tests := []struct {
		d      time.Duration
		en, ko string
	}{
		{0, "0m", "0분"},
		{43 * time.Second, "43s", "43초"},
		{59*time.Second + 999*time.Millisecond, "59s", "59초"},
		{time.Minute, "1m", "1분"},
		{45*m + 30*time.Second, "45m", "45분"},
		{3*h + 17*m, "3h 17m", "3시간 17분"},
		{5 * h, "5h", "5시간"},
		{73 * h, "3d 1h", "3일 1시간"},
		{2*d + 25*m, "2d 0h 25m", "2일 0시간 25분"},
		{13*d + 16*h + 5*m, "13d 16h 5m", "13일 16시간 5분"},
		{-(3*h + 17*m), "-3h 17m", "-3시간 17분"},
		{-43 * time.Second, "-43s", "-43초"},
		{math.MaxInt64, "106751d 23h 47m", "106751일 23시간 47분"},
		{math.MinInt64, "-106751d 23h 47m", "-106751일 23시간 47분"},
	}
	for _, tc := range tests {
		if got := Duration(tc.d, data.EN); got != tc.en {
			t.Errorf("Duration(%v, en) = %q, want %q", tc.d, got, tc.en)
		}
		if got := Duration(tc.d, data.Both); got != tc.en {
			t.Errorf("Duration(%v, both) = %q, want %q", tc.d, got, tc.en)
		}
		if got := Duration(tc.d, data.KO); got != tc.ko {
			t.Errorf("Duration(%v, ko) = %q, want %q", tc.d, got, tc.ko)
		}
	}
}

// TestSpan checks spans that time.Time.Sub cannot hold.
func TestSpan(t *testing.T) {
	year1 := time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)
	year9999 := time.Date(9999, 12, 31, 23, 59, 59, 0, time.UTC)
	if got, want := Span(year1, year9999, data.EN), "3652058d 23h 59m"; got != want {
		t.Errorf("Span(1, 9999) = %q, want %q", got, want)
	}
	if got, want := Span(year9999, year1, data.KO), "-3652058일 23시간 59분"; got != want {
		t.Errorf("Span(9999, 1) = %q, want %q", got, want)
	}
	a := time.Date(2024, 7, 19, 4, 9, 0, 500, time.UTC)
	if got, want := Span(a, a.Add(3*time.Hour+17*time.Minute-time.Nanosecond), data.EN), "3h 16m"; got != want {
		t.Errorf("Span of 3h17m less 1ns = %q, want %q", got, want)
	}
	if got, want := Span(a, a.Add(90*time.Minute), data.EN), Duration(90*time.Minute, data.EN); got != want {
		t.Errorf("Span and Duration differ: %q, %q", got, want)
	}
}

func TestDurationFit(t *testing.T) {
	const h, d = time.Hour, 24 * time.Hour
	tests := []struct {
		d    time.Duration
		l    data.Lang
		w    int
		want string
	}{
		{13*d + 16*h + 5*time.Minute, data.EN, 10, "13d 16h 5m"},
		{13*d + 16*h + 5*time.Minute, data.EN, 9, "13d 16h"},
		{13*d + 16*h + 5*time.Minute, data.EN, 3, "13d"},
		{13*d + 16*h + 5*time.Minute, data.EN, 2, ""},
		{3*h + 17*time.Minute, data.KO, 10, "3시간 17분"},
		{3*h + 17*time.Minute, data.KO, 9, "3시간"},
		{2*d + 25*time.Minute, data.EN, 8, "2d"},
		{2*d + 25*time.Minute, data.KO, 13, "2일"},
		{2*d + 25*time.Minute, data.KO, 14, "2일 0시간 25분"},
	}
	for _, tc := range tests {
		if got := DurationFit(tc.d, tc.l, tc.w); got != tc.want {
			t.Errorf("DurationFit(%v, %v, %d) = %q, want %q", tc.d, tc.l, tc.w, got, tc.want)
		}
	}
}
