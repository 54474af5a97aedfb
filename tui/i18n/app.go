package i18n

import (
	"fmt"

	"github.com/incidents-dev/incidents/data"
)

// words are the catalogue's own words: the root's key help, its messages,
// counts and the marker's explanation.
var words = Register("i18n", &struct {
	keyHelp, keyLanguage, keyBack, keyQuit Word
	tooSmall, notFound                     Word
	of, incidents                          Word
	markerNote                             Word
}{
	keyHelp:     W("help", "도움말"),
	keyLanguage: W("language", "언어"),
	keyBack:     W("back", "뒤로"),
	keyQuit:     W("quit", "종료"),
	tooSmall:    W("Terminal too small: %d×%d, need %d×%d", "터미널이 너무 작습니다: %d×%d, 최소 %d×%d"),
	notFound:    W("%q: incident not found", "%q: 라이브러리에 없는 사례입니다"),
	of:          W("%s of %s", "%[2]s건 중 %[1]s건"),
	incidents:   W("%s incidents", "사례 %s건"),
	// Each side explains the marker its reader sees, so the two are not
	// translations of each other.
	markerNote: W("no English translation yet: shown in Korean", "한국어 번역이 없어 영어 원문으로 보여 줍니다"),
})

// The root's key help.
var (
	// KeyHelp is the help key's description.
	KeyHelp = words.keyHelp
	// KeyLanguage is the language key's.
	KeyLanguage = words.keyLanguage
	// KeyBack is the back key's on a screen above the explorer.
	KeyBack = words.keyBack
	// KeyQuit is the back key's on the explorer, and ctrl+c's.
	KeyQuit = words.keyQuit
)

// LangName is the header's language indicator: "EN", "한국어" or
// "EN + 한국어".
func LangName(l data.Lang) string {
	switch l {
	case data.KO:
		return "한국어"
	case data.Both:
		return "EN + 한국어"
	case data.EN:
	}
	return "EN"
}

// TooSmall says the window (w×h) is under the minimum (minW×minH).
func TooSmall(w, h, minW, minH int, l data.Lang) string {
	return fmt.Sprintf(words.tooSmall.In(l), w, h, minW, minH)
}

// NotFound says that no incident has the id.
func NotFound(id string, l data.Lang) string {
	return fmt.Sprintf(words.notFound.In(l), id)
}
