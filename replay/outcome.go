package replay

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/incidents-dev/incidents/data"
)

// The words about a run's outcome are computed from its Summary, never
// written beside it: a run that never recovers says so.

// Recovery says when success came back above 95% for good, in loc:
// "back above 95% at 14:26", "never under 95%", or "not back above 95% by
// 15:45" (the end of the window) for a run that never recovers.
func Recovery(s Summary, loc *time.Location) data.Text {
	switch {
	case !s.RecoveredAbove95.IsZero():
		at := s.RecoveredAbove95.In(loc).Format("15:04")
		return data.Text{EN: "back above 95% at " + at, KO: at + "에 95% 이상으로 돌아옴"}
	case s.LowestSuccess >= 95:
		return data.Text{EN: "never under 95%", KO: "95% 아래로 떨어지지 않음"}
	default:
		end := s.End.In(loc).Format("15:04")
		return data.Text{EN: "not back above 95% by " + end + " (never recovered within the window)", KO: end + "까지 95% 이상으로 돌아오지 못함(구간 안에서 복구되지 않음)"}
	}
}

// Waiting says how many of what waits (Summary.Nouns: IL-0499's calls)
// are left waiting at the end of the run; empty for a run without a
// waiting series.
func Waiting(s Summary, loc *time.Location) data.Text {
	if !s.Waiting {
		return data.Text{}
	}
	n := s.Nouns.OrDefault()
	end := s.End.In(loc).Format("15:04")
	if s.WaitingEnd < 0.5 {
		return data.Text{EN: "no " + n.Waiters.EN + " left waiting at " + end, KO: end + "에 기다리는 " + n.Waiters.KO + " 없음"}
	}
	count := countKO(s.WaitingEnd) + " " + n.Counter
	return data.Text{EN: countWords(s.WaitingEnd) + " " + n.Waiters.EN + " still waiting at " + end, KO: end + "에도 " + n.Waiters.KO + " " + Josa(count, "이", "가") + " 기다림"}
}

// Outcome joins Recovery and Waiting into one sentence.
func Outcome(s Summary, loc *time.Location) data.Text {
	r, w := Recovery(s, loc), Waiting(s, loc)
	if w.EN == "" {
		return data.Text{EN: upper(r.EN) + ".", KO: r.KO + "."}
	}
	return data.Text{EN: upper(r.EN) + "; " + w.EN + ".", KO: r.KO + ", " + w.KO + "."}
}

// Compare weighs a hypothetical run against its baseline on both counts a
// reader cares about: minutes with success under 50% and calls left
// waiting (call-hours over the run). It says which way each moved, and
// names a trade-off when one got better while the other got worse: a lever
// that holds calls back scores well on success alone.
func Compare(base, hyp Summary) data.Text {
	const minutes = 1.0 // a change under a minute is no change
	ds := hyp.MinutesBelow50 - base.MinutesBelow50
	succ := 0 // -1 better, +1 worse
	switch {
	case ds < -minutes:
		succ = -1
	case ds > minutes:
		succ = 1
	}
	wait := 0
	dw := hyp.WaitingHours - base.WaitingHours
	if base.Waiting && hyp.Waiting {
		tol := max(0.05*base.WaitingHours, 1000)
		switch {
		case dw < -tol:
			wait = -1
		case dw > tol:
			wait = 1
		}
	}
	m := fmt.Sprintf("%.0f", math.Abs(ds))
	n := hyp.Nouns.OrDefault()
	h, hk := countWords(math.Abs(dw)), countKO(math.Abs(dw))
	succEN, succKO := "success is under 50% for "+m+" fewer minutes", "성공률 50% 미만 시간이 "+m+"분 짧습니다"
	if succ > 0 {
		succEN, succKO = "success is under 50% for "+m+" more minutes", "성공률 50% 미만 시간이 "+m+"분 깁니다"
	}
	// "calls wait 3k fewer call-hours for an endpoint" / "통화가 엔드포인트를
	// 기다린 시간이 3천 통화·시간 적습니다"
	waitersKO := Josa(n.Waiters.KO, "이", "가")
	waitEN := n.Waiters.EN + " wait " + h + " fewer " + n.Hours.EN + " for " + n.WaitFor.EN
	waitKO := waitersKO + " " + Josa(n.WaitFor.KO, "을", "를") + " 기다린 시간이 " + hk + " " + n.Hours.KO + " 적습니다"
	if wait > 0 {
		waitEN = n.Waiters.EN + " wait " + h + " more " + n.Hours.EN + " for " + n.WaitFor.EN
		waitKO = waitersKO + " " + Josa(n.WaitFor.KO, "을", "를") + " 기다린 시간이 " + hk + " " + n.Hours.KO + " 많습니다"
	}
	var en, ko string
	switch {
	case succ != 0 && wait != 0:
		en, ko = succEN+" and "+waitEN, succKO+". "+waitKO
	case succ != 0:
		en, ko = succEN+"; "+n.Waiters.EN+" wait about as long", succKO+". "+waitersKO+" 기다린 시간은 비슷합니다"
	default:
		en, ko = "success is under 50% about as long; "+waitEN, "성공률 50% 미만 시간은 비슷합니다. "+waitKO
	}
	switch {
	case succ == 0 && wait == 0:
		return data.Text{EN: "About the same as the baseline on both counts.", KO: "두 기준 모두 기준 실행과 거의 같습니다."}
	case succ < 0 && wait > 0:
		return data.Text{
			EN: "A trade-off: " + succEN + ", but " + waitEN + ". Success counts only the requests made; " + n.Waiters.EN + " held back do not show in it.",
			KO: "맞바꾸기입니다. " + succKO + ". 그 대신 " + waitKO + ". 성공률은 보낸 요청만 세므로 붙잡혀 있는 " + Josa(n.Waiters.KO, "은", "는") + " 드러나지 않습니다.",
		}
	case succ > 0 && wait < 0:
		return data.Text{
			EN: "A trade-off: " + succEN + ", but " + waitEN + ".",
			KO: "맞바꾸기입니다. " + succKO + ". 그 대신 " + waitKO + ".",
		}
	case succ <= 0 && wait <= 0:
		return data.Text{EN: "Better: " + en + ".", KO: "나아졌습니다. " + ko + "."}
	default:
		return data.Text{EN: "Worse: " + en + ".", KO: "나빠졌습니다. " + ko + "."}
	}
}

// countWords writes a count the way the interface does: 1.8M, 230k, 950.
func countWords(v float64) string {
	switch v = math.Abs(v); {
	case v >= 1e6:
		return fmt.Sprintf("%.1fM", v/1e6)
	case v >= 1e3:
		return fmt.Sprintf("%.0fk", v/1e3)
	default:
		return fmt.Sprintf("%.0f", v)
	}
}

// countKO writes a count as Korean does, in units of 만 and 억: 7.5만, 92만.
func countKO(v float64) string {
	switch v = math.Abs(v); {
	case v >= 1e8:
		return fmt.Sprintf("%.1f억", v/1e8)
	case v >= 1e5:
		return fmt.Sprintf("%.0f만", v/1e4)
	case v >= 1e4:
		return fmt.Sprintf("%.1f만", v/1e4)
	default:
		return fmt.Sprintf("%.0f", v)
	}
}

// Josa attaches the Korean particle that fits word's last syllable:
// withFinal after a closing consonant (받침), else withoutFinal; 이/가,
// 은/는, 을/를. A word ending in a digit or Latin letter is read as Korean
// reads it aloud, which this does not try: it takes withoutFinal unless
// the digit's Korean name ends in a consonant (0 1 3 6 7 8 10).
func Josa(word, withFinal, withoutFinal string) string {
	r := []rune(strings.TrimSpace(word))
	if len(r) == 0 {
		return word
	}
	last := r[len(r)-1]
	final := false
	switch {
	case last >= 0xAC00 && last <= 0xD7A3:
		final = (last-0xAC00)%28 != 0
	case strings.ContainsRune("013678", last):
		final = true
	}
	if final {
		return word + withFinal
	}
	return word + withoutFinal
}

func upper(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
