package replay

import (
	"strings"
	"testing"
	"time"
)

func TestOutcomeWords(t *testing.T) {
	loc := time.FixedZone("PDT", -7*3600)
	at := func(h, m int) time.Time { return time.Date(2026, 3, 25, h, m, 0, 0, loc) }
	rec := Summary{RecoveredAbove95: at(14, 26), LowestSuccess: 0, End: at(15, 45), Waiting: true}
	never := Summary{LowestSuccess: 0, End: at(15, 45), Waiting: true, WaitingEnd: 919_000}
	calm := Summary{LowestSuccess: 99, End: at(15, 45)}
	for _, tc := range []struct {
		s      Summary
		en, ko string
	}{
		{rec, "Back above 95% at 14:26; no calls left waiting at 15:45.", "14:26에 95% 이상으로 돌아옴, 15:45에 기다리는 통화 없음."},
		{never, "Not back above 95% by 15:45 (never recovered within the window); 919k calls still waiting at 15:45.", "15:45까지 95% 이상으로 돌아오지 못함(구간 안에서 복구되지 않음), 15:45에도 통화 92만 건이 기다림."},
		{calm, "Never under 95%.", "95% 아래로 떨어지지 않음."},
	} {
		if got := Outcome(tc.s, loc); got.EN != tc.en || got.KO != tc.ko {
			t.Errorf("Outcome(%+v) = %q / %q\nwant %q / %q", tc.s, got.EN, got.KO, tc.en, tc.ko)
		}
	}
}

func TestCompare(t *testing.T) {
	base := Summary{MinutesBelow50: 98, Waiting: true, WaitingHours: 1_000_000}
	for _, tc := range []struct {
		name        string
		hyp         Summary
		en, koStart string
	}{
		{"trade-off", Summary{MinutesBelow50: 90, Waiting: true, WaitingHours: 2_500_000}, "A trade-off: success is under 50% for 8 fewer minutes, but calls wait 1.5M more call-hours", "맞바꾸기입니다."},
		{"the other trade-off", Summary{MinutesBelow50: 120, Waiting: true, WaitingHours: 500_000}, "A trade-off: success is under 50% for 22 more minutes, but calls wait 500k fewer", "맞바꾸기입니다."},
		{"better", Summary{MinutesBelow50: 0, Waiting: true, WaitingHours: 10_000}, "Better: success is under 50% for 98 fewer minutes and calls wait 990k fewer", "나아졌습니다."},
		{"worse", Summary{MinutesBelow50: 98, Waiting: true, WaitingHours: 1_500_000}, "Worse: success is under 50% about as long; calls wait 500k more", "나빠졌습니다."},
		{"same", Summary{MinutesBelow50: 98.5, Waiting: true, WaitingHours: 1_010_000}, "About the same", "두 기준 모두"},
	} {
		got := Compare(base, tc.hyp)
		heldBack := strings.Contains(got.EN, "held back")
		if !strings.HasPrefix(got.EN, tc.en) || !strings.HasPrefix(got.KO, tc.koStart) || heldBack != (tc.name == "trade-off") {
			t.Errorf("%s: %q / %q", tc.name, got.EN, got.KO)
		}
	}
}
