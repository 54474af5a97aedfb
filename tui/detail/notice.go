package detail

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// A key that does nothing says why, in the position line, until the next
// key: `r` on a record without a timeline, `n` and `N` that wrap around the
// record or have nowhere to go, `tab` and `enter` without a related
// incident to open.

// notice is the position line's message about the last key: a word, with
// the record's id where it takes one.
type notice struct {
	w  i18n.Word
	id string
}

// text is the notice in l, "" for none.
func (n notice) text(l data.Lang) string {
	switch {
	case n.w.EN == "":
		return ""
	case n.id != "":
		return fmt.Sprintf(n.w.In(l), n.id)
	}
	return n.w.In(l)
}

// noticeWords are the notices' words.
var noticeWords = i18n.Register("detail.notice", &struct {
	noTimeline, wrappedTop, wrappedBottom, onlyMatch, noSearch i18n.Word
	noRelated, chooseRelated                                   i18n.Word
}{
	noTimeline:    i18n.W("%s has no timeline to replay", "%s에는 재생할 타임라인이 없습니다"),
	wrappedTop:    i18n.W("search wrapped to the top", "끝까지 찾아서 맨 위로 돌아왔습니다"),
	wrappedBottom: i18n.W("search wrapped to the bottom", "처음까지 찾아서 맨 아래로 돌아왔습니다"),
	onlyMatch:     i18n.W("the only match", "일치하는 곳은 여기 하나뿐입니다"),
	noSearch:      i18n.W("no search yet: / searches the record", "검색어가 없습니다. /로 검색합니다"),
	noRelated:     i18n.W("no related incident to open", "열 수 있는 관련 사례가 없습니다"),
	chooseRelated: i18n.W("tab chooses a related incident first", "먼저 tab으로 관련 사례를 고르십시오"),
})

// pressed reports whether msg is one of b's keys, enabled or not.
func pressed(msg tea.KeyMsg, b key.Binding) bool {
	b.SetEnabled(true)
	return key.Matches(msg, b)
}

// silentKey returns the notice for a key that does nothing now, or none.
// It is asked after the keys that act have had their turn.
func (m Model) silentKey(msg tea.KeyMsg) notice {
	if m.opts.Preview || m.rec == nil {
		return notice{}
	}
	k, f := m.keys, m.find
	switch {
	case pressed(msg, k.Replay) && m.opts.Replay && !k.Replay.Enabled():
		return notice{w: noticeWords.noTimeline, id: m.rec.ID}
	case pressed(msg, f.keys.Next) || pressed(msg, f.keys.Prev):
		switch {
		case f.query == "":
			return notice{w: noticeWords.noSearch}
		case len(f.hits) == 1:
			return notice{w: noticeWords.onlyMatch}
		}
		// No match: the count says so already.
	case pressed(msg, k.NextRelated) || pressed(msg, k.PrevRelated) || pressed(msg, k.Open):
		switch {
		case len(m.related) == 0:
			return notice{w: noticeWords.noRelated}
		case m.focus < 0 && pressed(msg, k.Open):
			return notice{w: noticeWords.chooseRelated}
		}
	}
	return notice{}
}
