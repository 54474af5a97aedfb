package replayer

import (
	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// words are the replayer's own texts. Both languages chosen uses English
// for them, and shows data text in both languages.
var words = i18n.Register("replayer", &struct {
	playing, paused, of, noTimeline, before, stage, noAnnotation i18n.Word
	now, min, max, hypothetical, sources, series, noStage        i18n.Word
	// lastReported formats a reported series' figure and its time.
	lastReported i18n.Word
	kinds        map[data.Kind]i18n.Word
	outcomes     map[data.Outcome]i18n.Word
	prov         map[data.Provenance]i18n.Word
	// Study and presenter mode, and `y`.
	stopCaption, hidden, question, known, promptHint, promptFollow i18n.Word
	presentTooSmall, copied                                        i18n.Word
	// groupNote and instanceNote say how many grouped series the text
	// leaves out.
	groupNote, instanceNote i18n.Word
}{
	playing:      i18n.W("playing", "재생 중"),
	paused:       i18n.W("paused", "일시정지"),
	of:           i18n.W("of", "/"),
	noTimeline:   i18n.W("No timeline has been written for this incident yet.", "이 사례의 타임라인은 아직 작성되지 않았습니다."),
	before:       i18n.W("Before the first event: press n for the next event or space to play.", "첫 이벤트 전입니다. n을 누르면 다음 이벤트로, space를 누르면 재생합니다."),
	stage:        i18n.W("Stage", "단계"),
	noAnnotation: i18n.W("No annotation.", "설명이 없습니다."),
	now:          i18n.W("now", "현재"),
	min:          i18n.W("min", "최소"),
	max:          i18n.W("max", "최대"),
	hypothetical: i18n.W("hypothetical", "가정"),
	lastReported: i18n.W("last reported %s at %s", "%[2]s 보고 %[1]s"),
	sources:      i18n.W("Sources", "출처"),
	series:       i18n.W("Series", "지표"),
	noStage:      i18n.W("Other events", "기타 이벤트"),
	kinds: map[data.Kind]i18n.Word{
		data.KindTrigger: i18n.W("trigger", "촉발"), data.KindSymptom: i18n.W("symptom", "증상"),
		data.KindDetection: i18n.W("detection", "감지"), data.KindAction: i18n.W("action", "조치"),
		data.KindRecovery: i18n.W("recovery", "복구"), data.KindNote: i18n.W("note", "메모"),
	},
	outcomes: map[data.Outcome]i18n.Word{
		data.OutcomeWorked: i18n.W("worked", "성공"), data.OutcomeFailed: i18n.W("failed", "실패"),
		data.OutcomePartly: i18n.W("partly worked", "부분 성공"),
	},
	prov: map[data.Provenance]i18n.Word{
		data.Reported: i18n.W("reported", "보고된 값"), data.Modelled: i18n.W("modelled", "모델 계산"),
		data.Illustrative: i18n.W("illustrative", "예시 곡선"),
	},
	stopCaption: i18n.W("Study stop %d · what would you do?", "학습 질문 %d · 어떻게 하겠습니까?"),
	hidden:      i18n.W("… later events hidden", "… 이후 이벤트 숨김"),
	question:    i18n.W("What would you try next?", "다음에 무엇을 해 보겠습니까?"),
	known:       i18n.W("Known then", "이때 알던 것"),
	promptHint: i18n.W(
		"enter reveals what was done · a types the group's answer · w tries your idea in the model · p asks the previous stop",
		"enter: 실제 조치 공개 · a: 팀의 답 입력 · w: 모델로 내 생각 시험 · p: 이전 질문",
	),
	promptFollow:    i18n.W("the presenter reveals what was done", "실제 조치는 발표자가 공개합니다"),
	presentTooSmall: i18n.W("Presenter mode needs at least 80×24; showing the normal layout.", "발표 모드는 80×24 이상에서만 켜집니다. 일반 화면으로 보여 줍니다."),
	copied:          i18n.W("Copied as Markdown", "Markdown으로 복사했습니다"),
	groupNote:       i18n.W("%d series in group %q are not drawn here.", "%[2]q 그룹의 지표 %[1]d개는 여기 그리지 않습니다."),
	instanceNote:    i18n.W("%d per-instance series are not drawn here; the replayer's heatmap (m) shows them.", "인스턴스별 지표 %d개는 여기 그리지 않습니다. 재생 화면의 히트맵(m)에서 볼 수 있습니다."),
})

// pick returns t in l by the one rule for bilingual text (i18n.Show), with
// the missing-translation marker before a text shown in the other language;
// Both joins the two with sep when they differ.
func pick(t data.Text, l data.Lang, sep string) string { return i18n.Plain(t, l, sep) }

// outcomeMark is the glyph of an outcome: ✓ worked, ✗ failed, ◐ partly.
func outcomeMark(o data.Outcome) string {
	switch o {
	case data.OutcomeWorked:
		return "✓"
	case data.OutcomeFailed:
		return "✗"
	case data.OutcomePartly:
		return "◐"
	case data.OutcomeNone:
	}
	return " "
}

// kindName returns the kind in l (Both: English), or the raw kind when unknown.
func kindName(k data.Kind, l data.Lang) string {
	if w, ok := words.kinds[k]; ok {
		return w.In(l)
	}
	return string(k)
}

// provName returns the provenance label in l; Both gives both.
func provName(p data.Provenance, l data.Lang) string {
	w, ok := words.prov[p]
	switch {
	case !ok:
		return string(p)
	case l == data.Both:
		return w.EN + " / " + w.KO
	}
	return w.In(l)
}

// koUnits are the Korean forms of the units series use, written around
// the number ("%s"): a counter joins its number ("412k개", "3건"), a
// phrase comes first ("링 안 12개"). Units are data, so one that is not
// here is shown as written.
var koUnits = map[string]string{
	"messages":     "%s개",
	"msgs":         "%s개",
	"instances":    "%s개",
	"in ring":      "링 안 %s개",
	"events":       "%s건",
	"calls":        "%s건",
	"users":        "%s명",
	"tasks":        "%s개",
	"partitions":   "%s개",
	"% of network": "네트워크의 %s%%",
	"% of normal":  "평소의 %s%%",
	"relative":     "상댓값 %s",
	"per hour":     "시간당 %s",
	"per s":        "초당 %s",
	"min":          "%s분",
	"s":            "%s초",
}

// unitName returns a series' unit as shown in l: in Korean, the unit's
// form around its number where the unit is known (see formatValue);
// otherwise as written (English and "both" keep the data's word).
func unitName(unit string, l data.Lang) string {
	if l == data.KO {
		if s, ok := koUnits[unit]; ok {
			return s
		}
	}
	return unit
}
