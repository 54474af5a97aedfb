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
		fallbackP: "(ko) ",
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
		fallbackP: "(en) ",
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

// koUnits are the Korean words for the units series use. Units are data,
// so one that is not here is shown as written.
var koUnits = map[string]string{
	"messages":     "메시지",
	"instances":    "대",
	"in ring":      "링 안",
	"events":       "건",
	"calls":        "통화",
	"% of network": "% (네트워크)",
	"% of normal":  "% (평소 대비)",
	"relative":     "상댓값",
}

// unitName returns a series' unit as shown in l: Korean where the unit is
// known, otherwise as written (English and "both" keep the data's word).
func unitName(unit string, l data.Lang) string {
	if l == data.KO {
		if s, ok := koUnits[unit]; ok {
			return s
		}
	}
	return unit
}
