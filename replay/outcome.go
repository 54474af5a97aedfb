package replay

import (
	"fmt"
	"math"
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

// Waiting says how many calls are left waiting at the end of the run; empty
// for a run without a waiting series.
func Waiting(s Summary, loc *time.Location) data.Text {
	if !s.Waiting {
		return data.Text{}
	}
	end := s.End.In(loc).Format("15:04")
	if s.WaitingEnd < 0.5 {
		return data.Text{EN: "no calls left waiting at " + end, KO: end + "에 기다리는 통화 없음"}
	}
	return data.Text{EN: countWords(s.WaitingEnd) + " calls still waiting at " + end, KO: end + "에도 통화 " + countKO(s.WaitingEnd) + " 건이 기다림"}
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
	h, hk := countWords(math.Abs(dw)), countKO(math.Abs(dw))
	succEN, succKO := "success is under 50% for "+m+" fewer minutes", "성공률 50% 미만 시간이 "+m+"분 짧습니다"
	if succ > 0 {
		succEN, succKO = "success is under 50% for "+m+" more minutes", "성공률 50% 미만 시간이 "+m+"분 깁니다"
	}
	waitEN, waitKO := "calls wait "+h+" fewer call-hours for an endpoint", "통화가 엔드포인트를 기다린 시간이 "+hk+" 통화·시간 적습니다"
	if wait > 0 {
		waitEN, waitKO = "calls wait "+h+" more call-hours for an endpoint", "통화가 엔드포인트를 기다린 시간이 "+hk+" 통화·시간 많습니다"
	}
	var en, ko string
	switch {
	case succ != 0 && wait != 0:
		en, ko = succEN+" and "+waitEN, succKO+". "+waitKO
	case succ != 0:
		en, ko = succEN+"; calls wait about as long", succKO+". 통화가 기다린 시간은 비슷합니다"
	default:
		en, ko = "success is under 50% about as long; "+waitEN, "성공률 50% 미만 시간은 비슷합니다. "+waitKO
	}
	switch {
	case succ == 0 && wait == 0:
		return data.Text{EN: "About the same as the baseline on both counts.", KO: "두 기준 모두 기준 실행과 거의 같습니다."}
	case succ < 0 && wait > 0:
		return data.Text{
			EN: "A trade-off: " + succEN + ", but " + waitEN + ". Success counts only the requests made; calls held back do not show in it.",
			KO: "맞바꾸기입니다. " + succKO + ". 그 대신 " + waitKO + ". 성공률은 보낸 요청만 세므로 붙잡혀 있는 통화는 드러나지 않습니다.",
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

func upper(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
