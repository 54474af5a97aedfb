package replayer

import (
	"fmt"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// worksheetWords are the worksheet's headings in one language.
var worksheetWords = i18n.Register("replayer.worksheet", &struct {
	title, titleOne, none, answer, answers i18n.Word
}{
	title:    i18n.W("Study worksheet: %d decisions", "학습 문제지: 결정 %d개"),
	titleOne: i18n.W("Study worksheet: %d decision", "학습 문제지: 결정 %d개"),
	none:     i18n.W("This timeline has no decisions to study (no actions with an outcome).", "이 타임라인에는 학습할 결정(결과가 있는 조치)이 없습니다."),
	answer:   i18n.W("Your answer:", "내 답:"),
	answers:  i18n.W("What was done", "실제로 한 일"),
})

// worksheetTitle is the worksheet's heading for n decisions: "1 decision",
// "7 decisions".
func worksheetTitle(n int, l data.Lang) string {
	w := worksheetWords.title
	if n == 1 {
		w = worksheetWords.titleOne
	}
	return fmt.Sprintf(w.In(l), n)
}
