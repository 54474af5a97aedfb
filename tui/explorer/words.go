package explorer

import (
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// words holds the explorer's fixed strings. Counts of incidents are
// i18n.Of and i18n.Incidents; a title shown in the other language carries
// i18n.Marker.
var words = i18n.Register("explorer", &struct {
	// placeholder is the search box's hint; the shorter ones replace it,
	// in turn, where it does not fit whole (see hint).
	placeholder i18n.Word
	shorter     []i18n.Word
	// searching is shown beside the count while a search runs.
	searching, empty i18n.Word
	// facets names the facet groups, in panel order.
	facets map[data.Facet]i18n.Word
	// facetsTitle heads the facet panel.
	facetsTitle, noValues i18n.Word
	// loading formats the progress line's text from the records done and
	// their total.
	loading i18n.Word
	// replayable is the timeline facet's one value.
	replayable i18n.Word
	// didYouMean offers the queries that would match.
	didYouMean i18n.Word
	// syntax lists the query syntax for the help, each with what it does.
	syntax []syntaxWord
	// typeToSearch says, in the help, that other letters start a search.
	typeToSearch i18n.Word
	// noTimeline and nothingToClear say why r and esc did nothing.
	noTimeline, nothingToClear i18n.Word
	// The keys' help.
	keyUp, keyDown, keyPageUp, keyPageDown, keyHome, keyEnd, keyOpen  i18n.Word
	keySearch, keyFacets, keyReplay, keyClear, keyKeep, keyCancel     i18n.Word
	keyResultUp, keyResultDown, keyToggle, keyNextGroup, keyPrevGroup i18n.Word
	keyClearFacets, keyClose                                          i18n.Word
}{
	placeholder: i18n.W("search id, organisation, title, tags, summary", "ID, 조직, 제목, 태그, 요약 검색"),
	shorter:     []i18n.Word{i18n.W("search incidents", "사례 검색"), i18n.W("search", "검색")},
	searching:   i18n.W("searching…", "검색 중…"),
	empty:       i18n.W("No incidents match.", "일치하는 사례가 없습니다."),
	facets: map[data.Facet]i18n.Word{
		data.FacetOrg: i18n.W("Organisation", "조직"), data.FacetYear: i18n.W("Year", "연도"),
		data.FacetDomain: i18n.W("Domain", "도메인"), data.FacetComponent: i18n.W("Component", "구성 요소"),
		data.FacetRootCause: i18n.W("Root cause", "근본 원인"), data.FacetContributing: i18n.W("Contributing", "기여 요인"),
		data.FacetSeverity: i18n.W("Severity", "심각도"), data.FacetTimeline: i18n.W("Timeline", "타임라인"),
	},
	facetsTitle: i18n.W("Filters", "필터"),
	noValues:    i18n.W("no values", "값 없음"),
	didYouMean:  i18n.W("did you mean %s?", "이것을 찾으셨나요: %s"),
	syntax: []syntaxWord{
		{"'word", i18n.W("exact", "정확히")},
		{"^word", i18n.W("starts with", "시작")},
		{"word$", i18n.W("ends with", "끝")},
		{"!word", i18n.W("without", "제외")},
		{"a | b", i18n.W("either", "둘 중 하나")},
		{"org:", i18n.W("year: domain: cause: …", "year: domain: cause: …")},
		{"has:timeline", i18n.W("with a timeline", "타임라인 있음")},
		{"ㅁㅇㅂㅅ", i18n.W("초성", "초성 검색")},
	},
	typeToSearch:   i18n.W("any other letter searches", "다른 글자는 바로 검색"),
	noTimeline:     i18n.W("%s has no timeline to replay", "%s에는 재생할 타임라인이 없습니다"),
	nothingToClear: i18n.W("no search or filter to clear · q quits", "지울 검색어나 필터가 없습니다 · q로 종료"),
	loading:        i18n.W("loading %s of %s records…", "사례 %[2]s건 중 %[1]s건 불러오는 중…"),
	replayable:     i18n.W(timelineMark+" has a timeline (r replays it)", timelineMark+" 타임라인 있음 (r로 재생)"),

	keyUp:          i18n.W("up", "위"),
	keyDown:        i18n.W("down", "아래"),
	keyPageUp:      i18n.W("page up", "이전 쪽"),
	keyPageDown:    i18n.W("page down", "다음 쪽"),
	keyHome:        i18n.W("first", "처음"),
	keyEnd:         i18n.W("last", "끝"),
	keyOpen:        i18n.W("open", "열기"),
	keySearch:      i18n.W("search", "검색"),
	keyFacets:      i18n.W("filters", "필터"),
	keyReplay:      i18n.W("replay", "재생"),
	keyClear:       i18n.W("clear filters", "필터 해제"),
	keyKeep:        i18n.W("keep filter", "필터 유지"),
	keyCancel:      i18n.W("clear", "지우기"),
	keyResultUp:    i18n.W("up", "위"),
	keyResultDown:  i18n.W("down", "아래"),
	keyToggle:      i18n.W("choose", "선택"),
	keyNextGroup:   i18n.W("next facet", "다음 항목"),
	keyPrevGroup:   i18n.W("previous facet", "이전 항목"),
	keyClearFacets: i18n.W("clear all", "모두 해제"),
	keyClose:       i18n.W("close", "닫기"),
})

// syntaxWord is one piece of query syntax and what it does.
type syntaxWord struct {
	query string
	desc  i18n.Word
}

// hint is the longest search hint in l that fits in w cells whole.
func hint(l data.Lang, w int) string {
	h := words.placeholder.In(l)
	for _, s := range words.shorter {
		if lipgloss.Width(h) <= w {
			break
		}
		h = s.In(l)
	}
	return h
}
