package explorer

import (
	"github.com/charmbracelet/lipgloss"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// words holds the explorer's fixed strings in one language.
type words struct {
	// placeholder is the search box's hint; the shorter ones replace it,
	// in turn, where it does not fit whole (see hint).
	placeholder string
	shorter     []string
	// count formats "shown of total"; all formats the total alone.
	count func(shown, total int) string
	all   func(total int) string
	// searching is shown beside the count while a search runs.
	searching string
	empty     string
	// facets names the facet groups, in panel order.
	facets map[data.Facet]string
	// facetsTitle heads the facet panel.
	facetsTitle string
	noValues    string
	// missing marks a title shown in the other language.
	missing string
	// loading formats the progress line's text.
	loading func(done, total string) string
	// replayable is the timeline facet's one value.
	replayable string
}

var en = words{
	placeholder: "search id, organisation, title, tags, summary",
	shorter:     []string{"search incidents", "search"},
	count:       func(s, t int) string { return i18n.Of(s, t, data.EN) },
	all:         func(t int) string { return i18n.Incidents(t, data.EN) },
	searching:   "searching…",
	empty:       "No incidents match.",
	facets: map[data.Facet]string{
		data.FacetOrg: "Organisation", data.FacetYear: "Year", data.FacetDomain: "Domain",
		data.FacetComponent: "Component", data.FacetRootCause: "Root cause",
		data.FacetContributing: "Contributing", data.FacetSeverity: "Severity",
		data.FacetTimeline: "Timeline",
	},
	facetsTitle: "Filters",
	noValues:    "no values",
	missing:     i18n.Marker(data.KO),
	loading:     func(d, t string) string { return "loading " + d + " of " + t + " records…" },
	replayable:  timelineMark + " has a timeline (r replays it)",
}

var ko = words{
	placeholder: "ID, 조직, 제목, 태그, 요약 검색",
	shorter:     []string{"사례 검색", "검색"},
	count:       func(s, t int) string { return i18n.Of(s, t, data.KO) },
	all:         func(t int) string { return i18n.Incidents(t, data.KO) },
	searching:   "검색 중…",
	empty:       "일치하는 사례가 없습니다.",
	facets: map[data.Facet]string{
		data.FacetOrg: "조직", data.FacetYear: "연도", data.FacetDomain: "도메인",
		data.FacetComponent: "구성 요소", data.FacetRootCause: "근본 원인",
		data.FacetContributing: "기여 요인", data.FacetSeverity: "심각도",
		data.FacetTimeline: "타임라인",
	},
	facetsTitle: "필터",
	noValues:    "값 없음",
	missing:     i18n.Marker(data.EN),
	loading:     func(d, t string) string { return "사례 " + t + "건 중 " + d + "건 불러오는 중…" },
	replayable:  timelineMark + " 타임라인 있음 (r로 재생)",
}

// hint is the longest search hint that fits in w cells whole.
func (ws words) hint(w int) string {
	h := ws.placeholder
	for _, s := range ws.shorter {
		if lipgloss.Width(h) <= w {
			break
		}
		h = s
	}
	return h
}

func wordsFor(l data.Lang) words {
	if l == data.KO {
		return ko
	}
	return en
}
