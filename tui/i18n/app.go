package i18n

import (
	"fmt"

	"github.com/incidents-dev/incidents/data"
)

// The root's key help.
var (
	// KeyHelp is the help key's description.
	KeyHelp = Word{"help", "도움말"}
	// KeyLanguage is the language key's.
	KeyLanguage = Word{"language", "언어"}
	// KeyBack is the back key's on a screen above the explorer.
	KeyBack = Word{"back", "뒤로"}
	// KeyQuit is the back key's on the explorer, and ctrl+c's.
	KeyQuit = Word{"quit", "종료"}
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
	if l == data.KO {
		return fmt.Sprintf("터미널이 너무 작습니다: %d×%d, 최소 %d×%d", w, h, minW, minH)
	}
	return fmt.Sprintf("Terminal too small: %d×%d, need %d×%d", w, h, minW, minH)
}

// NotFound says that no incident has the id.
func NotFound(id string, l data.Lang) string {
	if l == data.KO {
		return fmt.Sprintf("%q: 라이브러리에 없는 사례입니다", id)
	}
	return fmt.Sprintf("%q: %v", id, data.ErrNotFound)
}
