package replayer

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"golang.org/x/text/unicode/norm"

	"github.com/incidents-dev/incidents/data"
	"github.com/incidents-dev/incidents/replay"
	"github.com/incidents-dev/incidents/tui/i18n"
)

// Finding an event, as less finds a line: `/` types a query, enter moves
// to the first event after the current one that matches it (its title,
// annotation, kind, actor or outcome, in either language), `n` and `N`
// move between the matches and say when they wrap around, esc drops the
// query. In study mode only what the group already knows is searched: the
// events drawn now, before the cursor, never those a stop still hides.

// findWords are the texts of the find and of the jump to a time (jump.go).
var findWords = i18n.Register("replayer.find", &struct {
	findLabel, jumpLabel, keyFind, keyJump, keyNextMatch, keyPrevMatch i18n.Word
	position, wrappedFirst, wrappedLast, onlyMatch, none, noneKnown    i18n.Word
	badTime, outside, outsideStudy, askFirst, jumped, skipped          i18n.Word
}{
	findLabel:    i18n.W("Find event (text, kind, actor, outcome): ", "이벤트 찾기(내용, 종류, 행위자, 결과): "),
	jumpLabel:    i18n.W("Go to (HH:MM, T+mm, YYYY-MM-DD HH:MM): ", "이동할 시각(HH:MM, T+mm, YYYY-MM-DD HH:MM): "),
	keyFind:      i18n.W("find event", "이벤트 찾기"),
	keyJump:      i18n.W("go to time", "시각으로 이동"),
	keyNextMatch: i18n.W("next match", "다음 결과"),
	keyPrevMatch: i18n.W("previous match", "이전 결과"),
	position:     i18n.W("/%s  match %d of %d", "/%s  결과 %d/%d"),
	wrappedFirst: i18n.W("wrapped to the first match", "끝까지 찾아서 첫 결과로 돌아왔습니다"),
	wrappedLast:  i18n.W("wrapped to the last match", "처음까지 찾아서 마지막 결과로 돌아왔습니다"),
	onlyMatch:    i18n.W("the only match", "결과가 하나뿐입니다"),
	none:         i18n.W("no event matches %q", "%q에 맞는 이벤트가 없습니다"),
	noneKnown:    i18n.W("no event known so far matches %q", "지금까지 알려진 이벤트 중 %q에 맞는 것이 없습니다"),
	badTime: i18n.W("%q is not a time: type HH:MM, T+mm (T+1d 2:30) or YYYY-MM-DD HH:MM",
		"시각으로 읽을 수 없습니다: %q. HH:MM, T+mm(T+1d 2:30), YYYY-MM-DD HH:MM 중 하나로 입력하십시오"),
	outside:      i18n.W("%s is outside the timeline (%s to %s)", "타임라인 밖의 시각입니다: %s(%s~%s)"),
	outsideStudy: i18n.W("%s is outside the timeline (it starts at %s)", "타임라인 밖의 시각입니다: %s(시작 %s)"),
	askFirst:     i18n.W("answer study stop %d first: enter reveals it", "먼저 학습 질문 %d에 답하십시오. enter: 공개"),
	jumped:       i18n.W("went to %s", "이동했습니다: %s"),
	skipped:      i18n.W("skipped %s with no events", "이벤트가 없는 %s 구간을 건너뛰었습니다"),
})

// finder is the find's query; its matches are found anew at each step,
// since in study mode what may be searched grows with the cursor.
type finder struct {
	query string
}

// FindKeys are the keys of the find and of the jump to a time.
type FindKeys struct {
	// Find opens the query; Jump opens the time to go to.
	Find, Jump key.Binding
	// NextMatch and PrevMatch move between the events the query matches
	// (enabled while a query is set).
	NextMatch, PrevMatch key.Binding
}

// defaultFindKeys returns the find's keys: `/` and `:` as in less and vi.
func defaultFindKeys() FindKeys {
	return FindKeys{
		Find:      key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "find event")),
		Jump:      key.NewBinding(key.WithKeys(":"), key.WithHelp(":", "go to time")),
		NextMatch: key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "next match"), key.WithDisabled()),
		PrevMatch: key.NewBinding(key.WithKeys("N"), key.WithHelp("N", "previous match"), key.WithDisabled()),
	}
}

// findKeys enables and words the find's keys; while a query is set `n`
// and `N` move between its matches, and `]` stays the next event.
func (m *Model) findKeys() {
	k := &m.keys
	has := m.tl != nil
	set := func(b *key.Binding, keys string, w i18n.Word) { i18n.SetHelp(b, keys, w, m.lang) }
	set(&k.Find.Find, "/", findWords.keyFind)
	set(&k.Find.Jump, ":", findWords.keyJump)
	set(&k.Find.NextMatch, "n", findWords.keyNextMatch)
	set(&k.Find.PrevMatch, "N", findWords.keyPrevMatch)
	k.Find.Find.SetEnabled(has)
	k.Find.Jump.SetEnabled(has)
	on := has && m.find.query != ""
	k.Find.NextMatch.SetEnabled(on)
	k.Find.PrevMatch.SetEnabled(on)
	if on {
		set(&k.Next, "]", helpTexts.next)
		set(&k.Prev, "[", helpTexts.prev)
		if m.study.asking >= 0 {
			set(&k.Prev, "[", helpTexts.prevStop)
		}
	}
}

// Searching reports whether a find query is set: esc and q then drop it
// before they leave the replayer.
func (m Model) Searching() bool { return m.find.query != "" }

// ClearFind drops the find query, reporting whether there was one.
func (m *Model) ClearFind() bool {
	if m.find.query == "" {
		return false
	}
	m.find = finder{}
	m.notice = ""
	m.refresh()
	return true
}

// fold is s as the find compares it: NFC, lower case.
func fold(s string) string { return strings.ToLower(norm.NFC.String(s)) }

// eventText is everything the find reads of e, in both languages.
func eventText(e data.Event) string {
	parts := []string{
		e.Title.EN, e.Title.KO, e.Annotation.EN, e.Annotation.KO,
		e.Actor.EN, e.Actor.KO, string(e.Kind), string(e.Outcome),
	}
	if w, ok := words.kinds[e.Kind]; ok {
		parts = append(parts, w.EN, w.KO)
	}
	if w, ok := words.outcomes[e.Outcome]; ok {
		parts = append(parts, w.EN, w.KO)
	}
	return fold(strings.Join(parts, "\n"))
}

// findable is how many events, from the first, the find may read: all of
// them, or in study mode those drawn now (see study.limit).
func (m Model) findable() int {
	n := len(m.tl.Events)
	return m.study.limit(m.clock.Event(), n)
}

// findHits returns the events, in order, among the findable ones, whose
// text holds every word of q.
func (m Model) findHits(q string) []int {
	if m.tl == nil {
		return nil
	}
	ws := strings.Fields(fold(q))
	if len(ws) == 0 {
		return nil
	}
	var out []int
	for i, e := range m.tl.Events[:m.findable()] {
		t := eventText(e)
		all := true
		for _, w := range ws {
			if !strings.Contains(t, w) {
				all = false
				break
			}
		}
		if all {
			out = append(out, i)
		}
	}
	return out
}

// runFind sets q as the query and moves to its first match after the
// current event.
func (m Model) runFind(q string) (Model, tea.Cmd) {
	m.find = finder{query: q}
	if q == "" {
		m.notice = ""
		m.refresh()
		return m, nil
	}
	return m.findStep(1)
}

// findStep moves to the next (dir 1) or previous (dir -1) match of the
// query, wrapping around with a notice.
func (m Model) findStep(dir int) (Model, tea.Cmd) {
	q := m.find.query
	hits := m.findHits(q)
	if len(hits) == 0 {
		w := findWords.none
		if m.study.on {
			w = findWords.noneKnown
		}
		m.notice = fmt.Sprintf(w.In(m.lang), q)
		m.refresh()
		return m, nil
	}
	cur := m.clock.Event()
	at, wrapped := -1, i18n.Word{}
	if dir > 0 {
		for _, h := range hits {
			if h > cur {
				at = h
				break
			}
		}
		if at < 0 {
			at, wrapped = hits[0], findWords.wrappedFirst
		}
	} else {
		for _, h := range hits {
			if h < cur {
				at = h
			}
		}
		if at < 0 {
			at, wrapped = hits[len(hits)-1], findWords.wrappedLast
		}
	}
	if at == cur && len(hits) == 1 {
		wrapped = findWords.onlyMatch
	}
	c, ok := m.clock.ToEvent(at)
	if !ok {
		return m, nil
	}
	m.notice = ""
	m, cmd := m.leap(m.clock.With(c).Pause())
	pos := 0
	for i, h := range hits {
		if h == at {
			pos = i + 1
		}
	}
	m.notice = fmt.Sprintf(findWords.position.In(m.lang), q, pos, len(hits))
	if wrapped != (i18n.Word{}) {
		m.notice += " · " + wrapped.In(m.lang)
	}
	m.refresh()
	return m, cmd
}

// leap moves the clock by a find or a jump. In study mode the clock's
// Guard holds any move forward at the first stop it reaches, which then
// asks; while a stop asks, a move back to before it leaves the question
// for when the replay reaches it again (as p does), and no move forward is
// made at all: the answer comes first.
func (m Model) leap(c replay.Clock) (Model, tea.Cmd) {
	if k := m.study.asking; m.study.on && k >= 0 {
		first := m.tl.Events[m.study.stops[k].First].At
		if !c.Now().Before(first) {
			m.notice = fmt.Sprintf(findWords.askFirst.In(m.lang), k+1)
			m.refresh()
			return m, nil
		}
		m.study.asking, m.study.revealed = -1, k-1
	}
	return m.setClock(c)
}

// findKey handles the find's and the jump's keys, reporting false for
// another key.
func (m Model) findKey(msg tea.KeyMsg) (Model, tea.Cmd, bool) {
	k := m.keys.Find
	switch {
	case key.Matches(msg, k.Find):
		m, cmd := m.openInput(inputFind)
		return m, cmd, true
	case key.Matches(msg, k.Jump):
		m, cmd := m.openInput(inputJump)
		return m, cmd, true
	case m.find.query == "":
		return m, nil, false
	case key.Matches(msg, k.NextMatch):
		m, cmd := m.findStep(1)
		return m, cmd, true
	case key.Matches(msg, k.PrevMatch):
		m, cmd := m.findStep(-1)
		return m, cmd, true
	case key.Matches(msg, m.keys.Esc):
		m.ClearFind()
		return m, nil, true
	}
	return m, nil, false
}
