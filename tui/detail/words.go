package detail

import (
	"strings"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// words holds every fixed string of the detail view in one language.
type words struct {
	severity, scope, users, region, detected, resolved string
	summary, symptoms, cause, trigger, rootCause       string
	detection, remediation, actions, lessons, tags     string
	sources, related                                   string
	domain, components, contributing, symptomTags      string
	archived, notInLibrary                             string
	// missing marks a section shown in the other language; short marks a
	// value or item shown in the other language; both marks a missing side
	// when both languages are on screen (the other side is right beside it).
	missing, short, both string
}

var en = words{
	severity: "Severity", scope: "Scope", users: "Users affected", region: "Region",
	detected: "Detected after", resolved: "Resolved after",
	summary: "Summary", symptoms: "Symptoms", cause: "Cause", trigger: "Trigger", rootCause: "Root cause",
	detection: "Detection", remediation: "Remediation", actions: "Action items", lessons: "Lessons", tags: "Tags",
	sources: "Sources", related: "Related incidents",
	domain: "Domain", components: "Components", contributing: "Contributing", symptomTags: "Symptoms",
	archived: "archived", notInLibrary: "(not in this library)",
	missing: "[No English text — shown in Korean]", short: i18n.Marker(data.KO), both: "[No English text]",
}

var ko = words{
	severity: "심각도", scope: "영향 범위", users: "영향 사용자", region: "지역",
	detected: "감지까지", resolved: "복구까지",
	summary: "요약", symptoms: "증상", cause: "원인", trigger: "촉발", rootCause: "근본 원인",
	detection: "감지", remediation: "조치", actions: "후속 조치", lessons: "교훈", tags: "태그",
	sources: "출처", related: "관련 사례",
	domain: "도메인", components: "구성 요소", contributing: "기여 요인", symptomTags: "증상",
	archived: "보관본", notInLibrary: "(이 라이브러리에 없음)",
	missing: "[한국어 번역 없음 — 영어 원문]", short: i18n.Marker(data.EN), both: "[한국어 번역 없음]",
}

func wordsFor(l data.Lang) words {
	if l == data.KO {
		return ko
	}
	return en
}

// dash is shown for a missing or null field.
const dash = "–"

// unknown reports whether a value stands for "not known": empty, or the
// word the Incident Library writes for it.
func unknown(s string) bool {
	s = strings.TrimSpace(s)
	return s == "" || strings.EqualFold(s, "unknown") || strings.EqualFold(s, "null")
}
