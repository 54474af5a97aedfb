package replayer

import (
	"strings"
	"testing"
	"time"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/theme"
)

// TestRenderTextAnySpan checks that a timeline from year 1 to 9999 states
// its span in days, not as the largest time.Duration ("2562047h47m").
func TestRenderTextAnySpan(t *testing.T) {
	rec, tl := fixture(t)
	long := *tl
	long.Start = time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC)
	long.End = time.Date(9999, 12, 31, 23, 59, 0, 0, time.UTC)
	for lang, want := range map[data.Lang]string{data.EN: "3652058d 23h 59m", data.KO: "3652058일 23시간 59분"} {
		out := RenderText(rec, &long, TextOptions{Lang: lang, Width: 80, Styles: theme.Plain()})
		if !strings.Contains(out, want) || strings.Contains(out, "2562047") {
			t.Errorf("%v: the span is not %q:\n%s", lang, want, strings.Join(strings.Split(out, "\n")[:4], "\n"))
		}
	}
}
