package replay

import (
	"strings"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
)

func TestOutcomeWords(t *testing.T) {
	loc := time.FixedZone("PDT", -7*3600)
	at := func(h, m int) time.Time { return time.Date(2026, 3, 25, h, m, 0, 0, loc) }
	rec := Summary{RecoveredAbove95: at(14, 26), LowestSuccess: 0, End: at(15, 45), Waiting: true, Nouns: calls}
	never := Summary{LowestSuccess: 0, End: at(15, 45), Waiting: true, WaitingEnd: 919_000, Nouns: calls}
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

// calls are IL-0499's nouns, as replay/mailbox gives them.
var calls = Nouns{
	Peak:    data.Text{EN: "mailbox", KO: "메일박스"},
	Waiters: data.Text{EN: "calls", KO: "통화"}, Counter: "건",
	WaitFor: data.Text{EN: "an endpoint", KO: "엔드포인트"},
	Hours:   data.Text{EN: "call-hours", KO: "통화·시간"},
}

func TestCompare(t *testing.T) {
	base := Summary{MinutesBelow50: 98, Waiting: true, WaitingHours: 1_000_000, Nouns: calls}
	for _, tc := range []struct {
		name        string
		hyp         Summary
		en, koStart string
	}{
		{"trade-off", Summary{MinutesBelow50: 90, Waiting: true, WaitingHours: 2_500_000, Nouns: calls}, "A trade-off: success is under 50% for 8 fewer minutes, but calls wait 1.5M more call-hours", "맞바꾸기입니다."},
		{"the other trade-off", Summary{MinutesBelow50: 120, Waiting: true, WaitingHours: 500_000, Nouns: calls}, "A trade-off: success is under 50% for 22 more minutes, but calls wait 500k fewer", "맞바꾸기입니다."},
		{"better", Summary{MinutesBelow50: 0, Waiting: true, WaitingHours: 10_000, Nouns: calls}, "Better: success is under 50% for 98 fewer minutes and calls wait 990k fewer", "나아졌습니다."},
		{"worse", Summary{MinutesBelow50: 98, Waiting: true, WaitingHours: 1_500_000, Nouns: calls}, "Worse: success is under 50% about as long; calls wait 500k more", "나빠졌습니다."},
		{"same", Summary{MinutesBelow50: 98.5, Waiting: true, WaitingHours: 1_010_000, Nouns: calls}, "About the same", "두 기준 모두"},
	} {
		got := Compare(base, tc.hyp)
		heldBack := strings.Contains(got.EN, "held back")
		if !strings.HasPrefix(got.EN, tc.en) || !strings.HasPrefix(got.KO, tc.koStart) || heldBack != (tc.name == "trade-off") {
			t.Errorf("%s: %q / %q", tc.name, got.EN, got.KO)
		}
	}
}

func TestJosa(t *testing.T) {
	for _, tc := range []struct{ word, want string }{
		{"통화", "통화가"}, {"사용자", "사용자가"}, {"92만 건", "92만 건이"}, {"엔드포인트", "엔드포인트가"},
		{"편집기 로딩", "편집기 로딩이"}, {"3", "3이"}, {"2", "2가"}, {"", ""},
	} {
		if got := Josa(tc.word, "이", "가"); got != tc.want {
			t.Errorf("Josa(%q) = %q, want %q", tc.word, got, tc.want)
		}
	}
}

func TestWaitingInOtherNouns(t *testing.T) {
	users := Nouns{Peak: data.Text{EN: "request rate", KO: "요청률"}, Waiters: data.Text{EN: "users", KO: "사용자"}, Counter: "명",
		WaitFor: data.Text{EN: "the editor to load", KO: "편집기 로딩"}, Hours: data.Text{EN: "user-hours", KO: "사용자·시간"}}
	s := Summary{End: time.Date(2024, 11, 12, 10, 15, 0, 0, time.UTC), Waiting: true, WaitingEnd: 12_000, Nouns: users}
	if got := Waiting(s, time.UTC); got.EN != "12k users still waiting at 10:15" || got.KO != "10:15에도 사용자 1.2만 명이 기다림" {
		t.Errorf("Waiting = %q / %q", got.EN, got.KO)
	}
	got := Compare(Summary{MinutesBelow50: 50, Waiting: true, WaitingHours: 100_000, Nouns: users}, Summary{MinutesBelow50: 10, Waiting: true, WaitingHours: 10_000, Nouns: users})
	if got.EN != "Better: success is under 50% for 40 fewer minutes and users wait 90k fewer user-hours for the editor to load." ||
		!strings.Contains(got.KO, "사용자가 편집기 로딩을 기다린 시간이 9.0만 사용자·시간 적습니다") {
		t.Errorf("Compare = %q / %q", got.EN, got.KO)
	}
}
