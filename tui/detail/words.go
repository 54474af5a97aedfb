package detail

import (
	"strings"

	"github.com/incidents-dev/incidents/tui/i18n"
)

// words holds every fixed string of the detail view. A text shown in the
// other language carries the one marker, i18n.Marker, explained once under
// the title (see legend).
var words = i18n.Register("detail", &struct {
	severity, scope, users, region, detected, resolved i18n.Word
	summary, symptoms, cause, trigger, rootCause       i18n.Word
	detection, remediation, actions, lessons, tags     i18n.Word
	sources, related                                   i18n.Word
	domain, components, contributing, symptomTags      i18n.Word
	archived, notInLibrary                             i18n.Word
	// sourceKinds name a source's kind as the library's records write it;
	// a kind not here is shown as written.
	sourceKinds map[string]i18n.Word
	// copied confirms `y`; noMatch is the search count with no match.
	copied, noMatch i18n.Word
	// stale stands under the title of a record whose file changed after
	// it was loaded.
	stale i18n.Word
	// The keys' help.
	keyUp, keyDown, keyPageUp, keyPageDown, keyTop, keyBottom   i18n.Word
	keyNextRelated, keyPrevRelated, keyOpen, keyReplay, keyBack i18n.Word
	keyCopy, keyFind, keyNextMatch, keyPrevMatch, keyKeep       i18n.Word
	keyClear                                                    i18n.Word
}{
	severity: i18n.W("Severity", "심각도"), scope: i18n.W("Scope", "영향 범위"),
	users: i18n.W("Users affected", "영향 사용자"), region: i18n.W("Region", "지역"),
	detected: i18n.W("Detected after", "감지까지"), resolved: i18n.W("Resolved after", "복구까지"),
	summary: i18n.W("Summary", "요약"), symptoms: i18n.W("Symptoms", "증상"), cause: i18n.W("Cause", "원인"),
	trigger: i18n.W("Trigger", "촉발"), rootCause: i18n.W("Root cause", "근본 원인"),
	detection: i18n.W("Detection", "감지"), remediation: i18n.W("Remediation", "조치"),
	actions: i18n.W("Action items", "후속 조치"), lessons: i18n.W("Lessons", "교훈"), tags: i18n.W("Tags", "태그"),
	sources: i18n.W("Sources", "출처"), related: i18n.W("Related incidents", "관련 사례"),
	domain: i18n.W("Domain", "도메인"), components: i18n.W("Components", "구성 요소"),
	contributing: i18n.W("Contributing", "기여 요인"), symptomTags: i18n.W("Symptoms", "증상"),
	sourceKinds: map[string]i18n.Word{
		"postmortem": i18n.W("postmortem", "포스트모템"), "blog": i18n.W("blog", "블로그"),
		"news": i18n.W("news", "뉴스"), "copy": i18n.W("copy", "사본"),
		"official-status": i18n.W("official status page", "공식 상태 페이지"),
		"announcement":    i18n.W("announcement", "공지"), "summary": i18n.W("summary", "요약"),
		"report": i18n.W("report", "보고서"), "regulator": i18n.W("regulator", "규제 기관"),
		"discussion": i18n.W("discussion", "토론"),
	},
	archived: i18n.W("archived", "보관본"), notInLibrary: i18n.W("(not in this library)", "(이 라이브러리에 없음)"),
	copied: i18n.W("copied as Markdown", "Markdown으로 복사했습니다"), noMatch: i18n.W("no match", "일치 없음"),
	stale: i18n.W("The file changed after it was loaded: only the list columns, tags and summary are shown.",
		"불러온 뒤에 파일이 바뀌어서 목록 항목과 태그, 요약만 보여 줍니다."),

	keyUp: i18n.W("scroll up", "위로"), keyDown: i18n.W("scroll down", "아래로"),
	keyPageUp: i18n.W("page up", "이전 쪽"), keyPageDown: i18n.W("page down", "다음 쪽"),
	keyTop: i18n.W("top", "맨 위"), keyBottom: i18n.W("bottom", "맨 아래"),
	keyNextRelated: i18n.W("next related", "다음 관련 사례"), keyPrevRelated: i18n.W("previous related", "이전 관련 사례"),
	keyOpen: i18n.W("open related", "관련 사례 열기"), keyReplay: i18n.W("replay", "재생"), keyBack: i18n.W("back", "뒤로"),
	keyCopy: i18n.W("copy as Markdown", "Markdown으로 복사"),
	keyFind: i18n.W("search", "기록 안 검색"), keyNextMatch: i18n.W("next match", "다음 일치"),
	keyPrevMatch: i18n.W("previous match", "이전 일치"), keyKeep: i18n.W("keep", "유지"),
	keyClear: i18n.W("clear search", "검색 지우기"),
})

// both writes a word in both languages, for a heading over both.
func both(w i18n.Word) string { return w.EN + " · " + w.KO }

// dash is shown for a missing or null field.
const dash = "–"

// unknown reports whether a value stands for "not known": empty, or the
// word the Incident Library writes for it.
func unknown(s string) bool {
	s = strings.TrimSpace(s)
	return s == "" || strings.EqualFold(s, "unknown") || strings.EqualFold(s, "null")
}
