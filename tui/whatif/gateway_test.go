package whatif

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	_ "github.com/incidents-dev/incidents/replay/gateway" // IX-0020's model, for replay.Open
	"github.com/incidents-dev/incidents/tui/theme"
)

// gatewayTimeline is a frozen copy of IX-0020's timeline (the second
// modelled incident) with the series its model computes.
func gatewayTimeline(t testing.TB) *data.Timeline {
	t.Helper()
	raw, err := os.ReadFile("testdata/IX-0020-model.json")
	if err != nil {
		t.Fatal(err)
	}
	var tl data.Timeline
	if err := json.Unmarshal(raw, &tl); err != nil {
		t.Fatal(err)
	}
	if err := replay.Prepare(&tl); err != nil {
		t.Fatal(err)
	}
	return &tl
}

func gatewayGoldens(t *testing.T, keys ...tea.KeyMsg) {
	tl := gatewayTimeline(t)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		w, _ := feed(New(tl, lang, theme.New(theme.Ascii(), theme.DefaultPalette())), keys...)
		for _, sz := range modelSizes {
			t.Run(fmt.Sprintf("%s_%dx%d", lang, sz.w, sz.h), func(t *testing.T) {
				out := sized(w, sz.w, sz.h)
				checkModelView(t, out, sz.w, sz.h)
				golden.RequireEqual(t, []byte(out))
			})
		}
	}
}

// TestWhatIfGateway is the panel of the second model after running the
// lock fixed (lock_cut 0.4 → 0): the panel, its labels and its computed
// words come from the scenario, not from IL-0499's.
func TestWhatIfGateway(t *testing.T) {
	gatewayGoldens(t, wiDown, wiLeft, wiLeft, wiLeft, wiLeft, wiEnter)
}

// TestWhatIfGatewayBasis is the basis page of the second model.
func TestWhatIfGatewayBasis(t *testing.T) {
	gatewayGoldens(t, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("i")})
}

// TestWhatIfGatewayWords checks the panel speaks the second model's nouns
// in both languages and none of IL-0499's.
func TestWhatIfGatewayWords(t *testing.T) {
	tl := gatewayTimeline(t)
	for _, tc := range []struct {
		lang      data.Lang
		want, not []string
	}{
		{data.EN, []string{"Peak request rate", "Users still waiting at the end", "User-hours waiting for the editor to load", "lock_cut=0"}, []string{"mailbox", "endpoint", "Calls"}},
		{data.KO, []string{"요청률 최고치", "끝에도 기다리는 사용자", "편집기 로딩 대기(사용자·시간)"}, []string{"메일박스", "엔드포인트", "통화"}},
	} {
		w, _ := feed(New(tl, tc.lang, theme.Plain()), wiDown, wiLeft, wiLeft, wiLeft, wiLeft, wiEnter)
		out := sized(w, 120, 60)
		for _, s := range tc.want {
			if !strings.Contains(out, s) {
				t.Errorf("%s: no %q in\n%s", tc.lang, s, out)
			}
		}
		for _, s := range tc.not {
			if strings.Contains(out, s) {
				t.Errorf("%s: %q, a word of the other model, in\n%s", tc.lang, s, out)
			}
		}
		if !w.hypOK || w.hyp.MinutesBelow50 != 0 || w.orig.MinutesBelow50 < 30 {
			t.Errorf("%s: lock fixed gives %+v against %+v: want the outage gone", tc.lang, w.hyp, w.orig)
		}
	}
}

// TestWhatIfGatewayStudy is the second model's panel at the 09:08 stop:
// the block's time and the readmission's length are later moves, held
// back; the stall and the lock, known by then, are shown.
func TestWhatIfGatewayStudy(t *testing.T) {
	tl := gatewayTimeline(t)
	stop := time.Date(2024, 11, 12, 9, 8, 0, 0, time.UTC)
	for _, lang := range []data.Lang{data.EN, data.KO} {
		w := New(tl, lang, theme.Plain()).KnownAt(stop)
		out := sized(w, 120, 40)
		for _, name := range []string{"block_at", "readmit_min"} {
			i := slices.IndexFunc(w.params, func(p replay.Param) bool { return p.Name == name })
			if !w.hidesBase(i) {
				t.Errorf("%s: %s's value %s shown at 09:08", lang, name, w.base[i])
			}
		}
		for _, leak := range []string{"09:25", "09:27", "10:00", "09:15", "scale-up", "CDN block", "수동 증설", "차단,"} {
			if strings.Contains(out, leak) {
				t.Errorf("%s: %q, a later move, on the panel at 09:08:\n%s", lang, leak, out)
			}
		}
		if regexp.MustCompile(`‹ *33 ›`).MatchString(out) {
			t.Errorf("%s: the readmission's 33 minutes on the panel at 09:08:\n%s", lang, out)
		}
		if !regexp.MustCompile(`‹ *20 ›`).MatchString(out) || !regexp.MustCompile(`‹ *0\.4 ›`).MatchString(out) {
			t.Errorf("%s: the stall (20) and the lock (0.4), known at 09:08, not shown:\n%s", lang, out)
		}
		t.Run(lang.String(), func(t *testing.T) { golden.RequireEqual(t, []byte(out)) })
	}
}
