package replayer

import (
	"github.com/incidents-dev/incidents/data"
)

// words are the replayer's own texts in one language.
type words struct {
	playing, paused, of, noTimeline, before, stage, noAnnotation string
	now, min, max, hypothetical, sources, series, noStage        string
	// lastReported formats a reported series' figure and its time.
	lastReported string
	kinds        map[data.Kind]string
	outcomes     map[data.Outcome]string
	prov         map[data.Provenance]string
	fallbackP    string // prefix of a text shown in the other language
	// Study and presenter mode, and `y`.
	stopCaption, hidden, question, known, promptHint string
	presentTooSmall, copied                          string
}

var dict = map[data.Lang]words{
	data.EN: {
		playing: "playing", paused: "paused", of: "of",
		noTimeline:   "No timeline has been written for this incident yet.",
		before:       "Before the first event: press n for the next event or space to play.",
		stage:        "Stage",
		noAnnotation: "No annotation.",
		now:          "now", min: "min", max: "max", hypothetical: "hypothetical",
		lastReported: "last reported %s at %s",
		sources:      "Sources", series: "Series", noStage: "Other events",
		kinds: map[data.Kind]string{
			data.KindTrigger: "trigger", data.KindSymptom: "symptom", data.KindDetection: "detection",
			data.KindAction: "action", data.KindRecovery: "recovery", data.KindNote: "note",
		},
		outcomes: map[data.Outcome]string{
			data.OutcomeWorked: "worked", data.OutcomeFailed: "failed", data.OutcomePartly: "partly worked",
		},
		prov: map[data.Provenance]string{
			data.Reported: "reported", data.Modelled: "modelled", data.Illustrative: "illustrative",
		},
		fallbackP:       "(ko) ",
		stopCaption:     "Study stop %d of %d · what would you do?",
		hidden:          "… %d more events hidden",
		question:        "What would you try next?",
		known:           "Known then",
		promptHint:      "enter reveals what was done · w tries your idea in the model · p asks the previous stop",
		presentTooSmall: "Presenter mode needs at least 80×24; showing the normal layout.",
		copied:          "Copied as Markdown",
	},
	data.KO: {
		playing: "재생 중", paused: "일시정지", of: "/",
		noTimeline:   "이 사건의 타임라인은 아직 작성되지 않았습니다.",
		before:       "첫 사건 전입니다. n을 누르면 다음 사건으로, space를 누르면 재생합니다.",
		stage:        "단계",
		noAnnotation: "설명이 없습니다.",
		now:          "현재", min: "최소", max: "최대", hypothetical: "가정",
		lastReported: "%[2]s 보고 %[1]s",
		sources:      "출처", series: "지표", noStage: "기타 사건",
		kinds: map[data.Kind]string{
			data.KindTrigger: "발단", data.KindSymptom: "증상", data.KindDetection: "탐지",
			data.KindAction: "조치", data.KindRecovery: "복구", data.KindNote: "메모",
		},
		outcomes: map[data.Outcome]string{
			data.OutcomeWorked: "성공", data.OutcomeFailed: "실패", data.OutcomePartly: "부분 성공",
		},
		prov: map[data.Provenance]string{
			data.Reported: "보고된 값", data.Modelled: "모델 계산", data.Illustrative: "예시 곡선",
		},
		fallbackP:       "(en) ",
		stopCaption:     "학습 질문 %d/%d · 어떻게 하겠습니까?",
		hidden:          "… 이후 사건 %d개 숨김",
		question:        "다음에 무엇을 해 보겠습니까?",
		known:           "이때 알던 것",
		promptHint:      "enter: 실제 조치 공개 · w: 모델로 내 생각 시험 · p: 이전 질문",
		presentTooSmall: "발표 모드는 80×24 이상에서만 켜집니다. 일반 화면으로 보여 줍니다.",
		copied:          "Markdown으로 복사했습니다",
	},
}

// wordsFor returns the replayer's texts in l; Both uses English for the
// replayer's own short words and shows data text in both languages.
func wordsFor(l data.Lang) words {
	if l == data.KO {
		return dict[data.KO]
	}
	return dict[data.EN]
}

// pick returns t in l. A missing translation shows the other language with
// a "(ko) " or "(en) " mark; Both joins the two with sep when they differ.
func pick(t data.Text, l data.Lang, sep string) string {
	if l == data.Both {
		en, _ := t.Get(data.EN)
		ko, _ := t.Get(data.KO)
		if en == ko || t.KO == "" || t.EN == "" {
			return en
		}
		return en + sep + ko
	}
	s, fell := t.Get(l)
	if fell {
		return wordsFor(l).fallbackP + s
	}
	return s
}

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
	if s, ok := wordsFor(l).kinds[k]; ok {
		return s
	}
	return string(k)
}

// provName returns the provenance label in l; Both gives both.
func provName(p data.Provenance, l data.Lang) string {
	if l == data.Both {
		en, ko := dict[data.EN].prov[p], dict[data.KO].prov[p]
		if en == "" {
			return string(p)
		}
		return en + " / " + ko
	}
	if s, ok := wordsFor(l).prov[p]; ok {
		return s
	}
	return string(p)
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
