package tui

import "github.com/incidents-dev/incidents/tui/i18n"

// roomWords are the shared room's words: status lines, the follower's and
// presenter's header, the room list and the follower's key help.
var roomWords = i18n.Register("room", &struct {
	presenterLeftBrowse, following, noPresenter, presenterLeft i18n.Word
	keyBrowse, tagFollowing, tagBrowsing                       i18n.Word
	presenterAt, presenterReading, presenterList, rejoin       i18n.Word
	rejoinExplorer                                             i18n.Word
	browsingMark, inRoom, more, serving                        i18n.Word
	count, joinedOne, joinedMany, leftOne, leftMany            i18n.Word
}{
	presenterLeftBrowse: i18n.W("the presenter has left; you can go on browsing", "발표자가 나갔습니다. 계속 혼자 둘러볼 수 있습니다"),
	following:           i18n.W("following the presenter · f to browse alone", "발표자를 따라가는 중 · f: 혼자 둘러보기"),
	noPresenter:         i18n.W("there is no presenter to follow", "따라갈 발표자가 없습니다"),
	presenterLeft:       i18n.W("the presenter has left", "발표자가 나갔습니다"),
	keyBrowse:           i18n.W("browse alone", "혼자 둘러보기"),
	tagFollowing:        i18n.W("following", "따라가는 중"),
	tagBrowsing:         i18n.W("browsing", "혼자 보는 중"),
	presenterAt:         i18n.W("presenter at ", "발표자 위치: "),
	presenterReading:    i18n.W("presenter reading ", "발표자가 읽는 중: "),
	presenterList:       i18n.W("presenter in the list", "발표자: 목록"),
	rejoin:              i18n.W(" · f to rejoin", " · f: 다시 따라가기"),
	rejoinExplorer:      i18n.W(" · F to rejoin (f filters)", " · F: 다시 따라가기 (f: 필터)"),
	browsingMark:        i18n.W(" (browsing)", " (혼자 보는 중)"),
	inRoom:              i18n.W("in the room (%d): ", "참여자 %d명: "),
	more:                i18n.W("… and %d more", "… 외 %d명"),
	serving:             i18n.W("serving on %s · %d following · %d browsing", "%s에서 공유 중 · %d명 따라오는 중 · %d명 혼자 보는 중"),
	count:               i18n.W("%d following · %d browsing", "%d명 따라오는 중 · %d명 혼자 보는 중"),
	joinedOne:           i18n.W("%s joined", "%s 님 입장"),
	joinedMany:          i18n.W("%d joined", "%d명 입장"),
	leftOne:             i18n.W("%s left", "%s 님 퇴장"),
	leftMany:            i18n.W("%d left", "%d명 퇴장"),
})
